//! Option grammars of code runners: interpreters (`python -c`, `node -e`, `perl -e`), deno,
//! awk, vim and PowerShell.

use super::{Grammar, Spec};

/// How one interpreter is read: its option grammar (code options end option reading).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Interpreter {
    /// The basename without a version (`python` for `python3.12`).
    pub(crate) name: &'static str,
    /// Its options; [`Grammar::ends`] are its code options and `-m`-like module options.
    pub(crate) grammar: Grammar,
    /// Options whose value names a module or file to run, not code (`python -m`).
    pub(crate) modules: &'static [&'static str],
    /// The words after its code are the code's arguments (`python -c CODE ARG…`). Without
    /// this, options are read on after a code option and every further code option's value
    /// is code too (perl, ruby and osascript join them; lua, sbcl and racket run each), the
    /// worse reading where an interpreter's rule is not known.
    pub(crate) code_ends_options: bool,
}

const fn interpreter(name: &'static str, grammar: Grammar) -> Interpreter {
    Interpreter {
        name,
        grammar,
        modules: &[],
        code_ends_options: false,
    }
}

/// An interpreter whose code option ends its options (`python -c CODE ARG…`).
const fn ending_interpreter(name: &'static str, grammar: Grammar) -> Interpreter {
    Interpreter {
        code_ends_options: true,
        ..interpreter(name, grammar)
    }
}

/// python's (and pypy's) options: those that take a value, and `-c CODE` and `-m MODULE`,
/// which end its options (the words after them are the code's or the module's arguments).
pub(crate) const PYTHON: Grammar =
    Grammar::plain(Spec::values("cmWXQ", &["check-hash-based-pycs"])).ending(&["-c", "-m"]);
const PERL: Grammar = Grammar::plain(crate::knowledge::specs::PERL)
    .ending(&["-e", "-E"])
    .glued("iMmxCdDF", "l0");
const RUBY: Grammar = Grammar::plain(Spec::values("eIrEC", &[]))
    .ending(&["-e"])
    .glued("FxWKT", "0");
const NODE: Grammar = Grammar::plain(Spec::values(
    "epr",
    &[
        "eval",
        "print",
        "require",
        "import",
        "loader",
        "experimental-loader",
        "input-type",
    ],
))
.ending(&["-e", "--eval", "-p", "--print"]);
const PHP: Grammar = Grammar::plain(Spec::values("rdczf", &[])).ending(&["-r"]);
const LUA: Grammar = Grammar::plain(Spec::values("el", &[])).ending(&["-e"]);
const OSASCRIPT: Grammar = Grammar::plain(Spec::values("els", &[])).ending(&["-e"]);
const DASH_E: Grammar = Grammar::plain(Spec::values("e", &[])).ending(&["-e"]);
const DASH_E_EVAL: Grammar = Grammar::plain(Spec::values("e", &["eval"])).ending(&["-e", "--eval"]);
const JULIA: Grammar = Grammar::plain(Spec::values("eEL", &["eval", "print", "load"]))
    .ending(&["-e", "--eval", "-E", "--print"]);
const QJS: Grammar =
    Grammar::plain(Spec::values("eI", &["eval", "include"])).ending(&["-e", "--eval"]);
/// SBCL (Common Lisp): `--eval FORM`, any number, run in order.
const SBCL: Grammar = Grammar::plain(Spec::values(
    "",
    &[
        "eval",
        "load",
        "core",
        "dynamic-space-size",
        "control-stack-size",
        "tls-limit",
    ],
))
.ending(&["--eval"]);
const GUILE: Grammar = Grammar::plain(Spec::values("cLlx", &[])).ending(&["-c"]);
const GJS: Grammar =
    Grammar::plain(Spec::values("cI", &["command", "include-path"])).ending(&["-c", "--command"]);

/// The interpreters whose code options the walker reads.
pub(crate) const INTERPRETERS: &[Interpreter] = &[
    Interpreter {
        modules: &["-m"],
        ..ending_interpreter("python", PYTHON)
    },
    Interpreter {
        modules: &["-m"],
        ..ending_interpreter("pypy", PYTHON)
    },
    // IPython: `ipython -c CODE`, `-m MODULE` as python's (its other options are written
    // `--name=value`).
    Interpreter {
        modules: &["-m"],
        ..ending_interpreter("ipython", PYTHON)
    },
    interpreter("perl", PERL),
    interpreter("ruby", RUBY),
    interpreter("node", NODE),
    interpreter("nodejs", NODE),
    interpreter("bun", NODE),
    interpreter("ts-node", NODE),
    interpreter("tsx", NODE),
    interpreter("php", PHP),
    interpreter("lua", LUA),
    interpreter("luajit", LUA),
    interpreter("osascript", OSASCRIPT),
    interpreter("rscript", DASH_E),
    interpreter("r", DASH_E),
    interpreter("raku", DASH_E),
    interpreter("groovy", DASH_E),
    interpreter("scala", DASH_E),
    interpreter("julia", JULIA),
    interpreter("elixir", DASH_E_EVAL),
    interpreter("sbcl", SBCL),
    // babashka (Clojure scripting): `bb -e EXPR`.
    interpreter("bb", DASH_E_EVAL),
    interpreter("racket", DASH_E_EVAL),
    interpreter("clojure", DASH_E_EVAL),
    interpreter("clj", DASH_E_EVAL),
    interpreter("qjs", QJS),
    ending_interpreter("guile", GUILE),
    ending_interpreter("gjs", GJS),
];

const NO_CODE: Interpreter = interpreter("", Grammar::plain(super::super::NONE));

/// The row of an interpreter basename (lower case, a version suffix ignored); a program
/// with no row reads no options (its first word is its script).
pub(crate) fn interpreter_for(name: &str) -> &'static Interpreter {
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    INTERPRETERS
        .iter()
        .find(|i| i.name == base)
        .unwrap_or(&NO_CODE)
}

/// `rails runner`: `-e ENVIRONMENT`.
pub(crate) const RAILS_RUNNER: Spec = Spec::values("e", &["environment"]);

/// Django's `shell`: `-c CODE`, `-i INTERFACE` and the common options that take a value.
pub(crate) const DJANGO_SHELL: Spec = Spec::values(
    "civ",
    &[
        "command",
        "interface",
        "settings",
        "pythonpath",
        "verbosity",
    ],
);

/// deno's subcommand options that take a value (`deno eval --ext ts CODE`).
pub(crate) const DENO: Spec = Spec::values(
    "c",
    &["ext", "config", "import-map", "location", "env-file"],
);

/// vim and its relatives: the options that take a separate value (`-c CMD`, `--cmd CMD`,
/// `-u VIMRC`); `+CMD` words are commands too. `-s` is no value option here: in Ex mode
/// (`vim -es`) it is a flag, and reading it as one never hides a `-c` after it.
pub(crate) const VIM: Spec = Spec::values(
    "cuUiTWt",
    &["cmd", "servername", "startuptime", "log", "socketid"],
);
/// The vim options whose value is an Ex command.
pub(crate) const VIM_COMMAND: &[&str] = &["-c", "--cmd"];

/// Emacs (its long options read with two dashes: it writes them with one or two): the
/// options that take a value.
pub(crate) const EMACS: Spec = Spec::values(
    "lfLdtuTg",
    &[
        "eval",
        "execute",
        "load",
        "funcall",
        "directory",
        "script",
        "chdir",
        "insert",
        "visit",
        "file",
        "find-file",
        "display",
        "terminal",
        "user",
        "name",
        "title",
        "xrm",
        "geometry",
        "font",
        "foreground-color",
        "background-color",
        "border-color",
        "cursor-color",
        "mouse-color",
        "fg",
        "bg",
        "bd",
        "cr",
        "ms",
        "fn",
        "dump-file",
        "init-directory",
        "color",
    ],
);
/// The Emacs options whose value is Lisp to evaluate.
pub(crate) const EMACS_CODE: &[&str] = &["--eval", "--execute"];

/// emacsclient: the options that take a value; with `-e` every operand is an expression.
pub(crate) const EMACSCLIENT: Spec = Spec::values(
    "asfdFTw",
    &[
        "alternate-editor",
        "socket-name",
        "server-file",
        "display",
        "frame-parameters",
        "tramp",
        "timeout",
        "parent-id",
    ],
);
/// The emacsclient options after which the operands are expressions.
pub(crate) const EMACSCLIENT_EVAL: &[&str] = &["-e", "--eval"];

/// gdb's and lldb's options, gdb's long ones read with two dashes (it writes them with
/// one or two): those that take a value, and `--args`, after which the words are the program
/// to debug.
pub(crate) const DEBUGGER: Spec = Spec::with_flags(
    "oOkKsSacfnpl",
    &[
        "ex",
        "eval-command",
        "iex",
        "init-eval-command",
        "x",
        "command",
        "ix",
        "init-command",
        "pid",
        "cd",
        "directory",
        "symbols",
        "exec",
        "se",
        "core",
        "tty",
        "data-directory",
        "interpreter",
        "one-line",
        "one-line-before-file",
        "one-line-on-crash",
        "source",
        "arch",
        "file",
        "attach-pid",
        "attach-name",
    ],
    &[
        "args", "batch", "quiet", "silent", "nx", "nh", "readnow", "write", "version", "help",
    ],
);
/// The [`DEBUGGER`] options whose value is a debugger command: gdb's `-ex`/`--eval-command`
/// and `-iex`/`--init-eval-command`, lldb's `-o`/`--one-line`, `-O`/`--one-line-before-file`
/// and `-k`/`--one-line-on-crash`.
pub(crate) const DEBUGGER_COMMAND: &[&str] = &[
    "--ex",
    "--eval-command",
    "--iex",
    "--init-eval-command",
    "-o",
    "--one-line",
    "-O",
    "--one-line-before-file",
    "-k",
    "--one-line-on-crash",
];
/// How a debugger command runs a shell command: gdb's `shell CMD` and `!CMD`, lldb's
/// `platform shell CMD`.
pub(crate) const DEBUGGER_SHELL_PREFIXES: &[&str] = &["platform shell ", "shell ", "!"];

/// expect's options: `-c CMDS` (any number), `-f FILE` / `-b FILE` (the script), `-D N`.
pub(crate) const EXPECT: Spec = Spec::values("cfbD", &[]);
/// The Tcl commands of an expect script that run a program.
pub(crate) const EXPECT_RUNS: &[&str] = &["spawn", "exec", "system"];
/// Tcl `spawn`'s options (one dash, read with two), before the program it runs.
pub(crate) const EXPECT_SPAWN: Spec = Spec::with_flags(
    "",
    &["open", "leaveopen", "ignore"],
    &["noecho", "console", "nottycopy", "nottyinit", "pty"],
);

/// PowerShell (`pwsh`, `powershell.exe`): parameters are written with one dash, in any
/// case, abbreviated to any unambiguous prefix; the reader reads them as `--name`.
pub(crate) const PWSH: Grammar = Grammar::plain(Spec::with_flags(
    "",
    &[
        "command",
        "file",
        "encodedcommand",
        "executionpolicy",
        "workingdirectory",
        "configurationname",
        "inputformat",
        "outputformat",
        "windowstyle",
        "version",
        "settingsfile",
        "custompipename",
        "encodedarguments",
    ],
    &[
        "noprofile",
        "nologo",
        "noninteractive",
        "noexit",
        "sta",
        "mta",
        "login",
        "interactive",
        "noprofileloadtime",
        "help",
    ],
))
.ending(&["--command", "--file", "--encodedcommand"]);

/// PowerShell's documented short names that are no unique prefix (`-c` is `-Command`
/// although `-configurationname` also starts with `c`; `-e` is `-EncodedCommand`).
pub(crate) const PWSH_ALIASES: &[(&str, &str)] = &[
    ("c", "command"),
    ("f", "file"),
    ("e", "encodedcommand"),
    ("ec", "encodedcommand"),
    ("enc", "encodedcommand"),
    ("ex", "executionpolicy"),
    ("ep", "executionpolicy"),
    ("wd", "workingdirectory"),
    ("o", "outputformat"),
    ("of", "outputformat"),
    ("if", "inputformat"),
    ("w", "windowstyle"),
    ("v", "version"),
];
/// A prefix PowerShell could read as more than one parameter is read as the worst one
/// these name, in order (an encoded command is not analysed; a command string is).
pub(crate) const PWSH_WORST: &[&str] = &["encodedcommand", "command", "file"];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::interpreters::is_interpreter;
    use crate::knowledge::specs::{AWK, AWK_PROGRAM_FILE, AWK_SOURCE};

    #[test]
    fn every_code_option_an_interpreter_has_ends_its_options_and_takes_a_value() {
        for i in INTERPRETERS {
            let code = is_interpreter(i.name).expect("an interpreter row is an interpreter");
            for opt in code.iter().chain(i.modules) {
                assert!(i.grammar.ends.contains(opt), "{}: {opt}", i.name);
                assert!(i.grammar.takes_value(opt), "{}: {opt}", i.name);
            }
            for end in i.grammar.ends {
                assert!(
                    code.contains(end) || i.modules.contains(end),
                    "{}: {end} ends options but is neither code nor a module",
                    i.name
                );
            }
        }
        // Every interpreter with code options has a row.
        for p in crate::knowledge::programs::PROGRAMS {
            let name = p.name.to_ascii_lowercase();
            if is_interpreter(&name).is_some_and(|c| !c.is_empty()) {
                assert_eq!(interpreter_for(&name).name, name, "{name} has no row");
            }
        }
        assert_eq!(interpreter_for("python3.12").name, "python");
    }

    #[test]
    fn every_option_a_code_handler_reads_is_in_its_spec() {
        let known = |spec: &Spec, name: &str| {
            spec.takes_value(name)
                || name
                    .strip_prefix("--")
                    .is_some_and(|l| spec.long_flags.contains(&l))
        };
        for name in AWK_PROGRAM_FILE.iter().chain(AWK_SOURCE) {
            assert!(known(&AWK, name), "{name}");
        }
        for name in VIM_COMMAND {
            assert!(known(&VIM, name), "{name}");
        }
        for (_, full) in PWSH_ALIASES {
            assert!(
                PWSH.spec.long_val.contains(full) || PWSH.spec.long_flags.contains(full),
                "{full}"
            );
        }
        for name in PWSH_WORST.iter().map(|n| format!("--{n}")) {
            assert!(PWSH.ends.contains(&name.as_str()), "{name}");
        }
    }
}
