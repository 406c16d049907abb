//! Interpreters and tools that run code given on their command line, and how each one takes
//! its code: `python -c`, `perl -e` (also inside short-option clusters like `-Ic`, `-we`),
//! awk programs, `sed` `e` commands, `vim -c '!…'` and PowerShell `-Command`.

use toolgate_core::inline_network::Language;

/// The kind of code runner a program is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Family {
    /// An interpreter with a code option (`-c`, `-e` …).
    Code,
    /// awk: the first operand is the program.
    Awk,
    /// sed: scripts may run commands (`e`, `s///e`).
    Sed,
    /// vim / ex: `-c cmd` and `+cmd` may run shell commands (`!…`).
    Vim,
    /// Emacs and emacsclient: Lisp given with `--eval` (`emacsclient -e EXPR…`).
    Emacs,
    /// PowerShell: `-Command …`.
    PowerShell,
    /// cmd.exe: `/c …`, `/k …`, or a script on stdin.
    Cmd,
    /// expect (Tcl): `-c` scripts, a script on stdin; `spawn`, `exec` and `system` run
    /// programs.
    Expect,
    /// Debuggers (gdb, lldb): commands given on the command line may run shell commands
    /// (`-ex 'shell …'`, `-o 'platform shell …'`) or a program (`gdb --args PROG …`).
    Debugger,
}

/// For a program name (lower case basename): the options that take inline code, if the
/// program runs code from its command line.
pub(crate) fn is_interpreter(name: &str) -> Option<&'static [&'static str]> {
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    match base {
        "python" | "pypy" | "ipython" => Some(&["-c"]),
        "perl" => Some(&["-e", "-E"]),
        "ruby" | "lua" | "luajit" => Some(&["-e"]),
        "node" | "nodejs" | "bun" => Some(&["-e", "--eval", "-p", "--print"]),
        "php" => Some(&["-r"]),
        "osascript" => Some(&["-e"]),
        // `deno eval CODE` is read in the walker; `deno run -` reads code on stdin.
        "deno" => Some(&[]),
        "rscript" | "r" => Some(&["-e"]),
        "julia" => Some(&["-e", "--eval", "-E", "--print"]),
        "raku" => Some(&["-e"]),
        "groovy" | "scala" => Some(&["-e"]),
        "elixir" | "racket" | "clojure" | "clj" | "bb" => Some(&["-e", "--eval"]),
        "sbcl" => Some(&["--eval"]),
        "ts-node" | "tsx" => Some(&["-e", "--eval", "-p", "--print"]),
        "qjs" => Some(&["-e", "--eval"]),
        "guile" => Some(&["-c"]),
        "gjs" => Some(&["-c", "--command"]),
        // Code from a file operand or stdin (`tclsh <<< 'exec rm -rf ~'`).
        "tclsh" | "wish" | "jshell" => Some(&[]),
        _ if family(name) != Family::Code => Some(&[]),
        _ => None,
    }
}

/// Ex commands (vim, neovim) that run the rest of their line as code of another language,
/// with the interpreter whose dialect reads it: `:lua os.execute(…)`, `:py3 os.system(…)`.
pub(crate) const EX_CODE_COMMANDS: &[(&str, &str)] = &[
    ("lua", "lua"),
    ("py", "python"),
    ("py3", "python"),
    ("python", "python"),
    ("python3", "python"),
    ("pyx", "python"),
    ("pythonx", "python"),
    ("perl", "perl"),
    ("ruby", "ruby"),
    ("rub", "ruby"),
];

/// Ex commands that run the rest of their line (after `++options`) as a shell command in a
/// terminal window: `:terminal CMD`.
pub(crate) const EX_TERMINAL_COMMANDS: &[&str] =
    &["ter", "term", "termi", "termin", "termina", "terminal"];

/// Vimscript (and neovim Lua API) calls that start processes: an Ex command naming one is
/// read as code whose strings may be commands (`call jobstart(['rm', '-rf', '/'])`).
pub(crate) const EX_PROCESS_CALLS: &[&str] = &[
    "system",
    "systemlist",
    "jobstart",
    "termopen",
    "job_start",
    "term_start",
    "execute",
    "popen",
    "spawn",
];

/// The languages whose inline code `toolgate_core::inline_network` reads, by interpreter
/// (lower-case basename without a version).
const LANGUAGES: &[(&str, Language)] = &[
    ("python", Language::Python),
    ("pypy", Language::Python),
    ("ipython", Language::Python),
    ("node", Language::JavaScript),
    ("nodejs", Language::JavaScript),
    ("bun", Language::JavaScript),
    ("deno", Language::JavaScript),
    ("tsx", Language::JavaScript),
    ("ts-node", Language::JavaScript),
    ("ruby", Language::Ruby),
    ("perl", Language::Perl),
    ("php", Language::Php),
];

/// The language of an interpreter's inline code (`python3.12` → Python), for the network
/// reading of `toolgate_core::inline_network`.
pub(crate) fn language(name: &str) -> Option<Language> {
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    LANGUAGES
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(base))
        .map(|(_, l)| *l)
}

/// Whether `name` (lower case) is an awk.
pub(crate) fn is_awk(name: &str) -> bool {
    family(name) == Family::Awk
}

pub(crate) fn family(name: &str) -> Family {
    match name {
        "awk" | "gawk" | "mawk" | "nawk" | "busybox-awk" => Family::Awk,
        "sed" | "gsed" => Family::Sed,
        "vim" | "vi" | "nvim" | "ex" | "gvim" | "vimdiff" | "view" | "rvim" => Family::Vim,
        "emacs" | "emacs-nox" | "emacsclient" => Family::Emacs,
        "pwsh" | "powershell" | "pwsh-preview" | "powershell.exe" => Family::PowerShell,
        "cmd" | "cmd.exe" => Family::Cmd,
        "gdb" | "gdb-multiarch" | "lldb" => Family::Debugger,
        "expect" => Family::Expect,
        _ => Family::Code,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_row_is_an_interpreter_with_inline_code() {
        for (name, _) in LANGUAGES {
            let runs_code = is_interpreter(name).is_some_and(|opts| !opts.is_empty())
                || crate::knowledge::programs::in_class(
                    name,
                    crate::knowledge::programs::Class::Runner,
                );
            assert!(runs_code, "{name}");
        }
        assert_eq!(language("python3.12"), Some(Language::Python));
        assert_eq!(language("nodejs"), Some(Language::JavaScript));
        assert_eq!(language("awk"), None);
    }
}
