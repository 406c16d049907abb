//! Option specs and grammars of launchers: programs that run other code — wrappers with a
//! grammar of their own (`sudo`, `env`, `su`, `xargs`, `parallel`, `watch`, `command`),
//! shells (`bash -c`), interpreters (`python -c`, `node -e`, `perl -e`), awk, vim,
//! PowerShell, `at` and `make`. The walker reads each with the one option reader
//! (`options::read_options` / `options::read_grammar`) and these tables.

use super::Spec;

/// How a launcher (shell, interpreter, wrapper) spells its options: a [`Spec`] and the rules
/// that end option reading.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Grammar {
    /// Which options take values, and their long names.
    pub(crate) spec: Spec,
    /// Options after which no option is read, written `-c` or `--eval`: their value (when the
    /// spec says they take one) is the code or module to run and the words after it are the
    /// program's arguments. In a short cluster made only of such options (`node -pe CODE`)
    /// the value is the next word.
    pub(crate) ends: &'static [&'static str],
    /// Short options whose value is the rest of their cluster only (`perl -i.bak`, `-MFoo`,
    /// `xargs -i{}`); written alone they take none.
    pub(crate) glued: &'static str,
    /// Short options whose value is only the digits glued to them (`perl -l`, `-0777`):
    /// `-le` is `-l` then `-e`.
    pub(crate) glued_digits: &'static str,
    /// Words that start with `+` are options too (`bash +o posix`), spelt `+o`.
    pub(crate) plus: bool,
    /// A lone `-` ends option reading as `--` does (`sh - ARGS`); else it is an operand.
    pub(crate) dash_ends: bool,
}

impl Grammar {
    /// The grammar of a program whose options a [`Spec`] says all about.
    pub(crate) const fn plain(spec: Spec) -> Grammar {
        Grammar {
            spec,
            ends: &[],
            glued: "",
            glued_digits: "",
            plus: false,
            dash_ends: false,
        }
    }

    /// The same grammar with options that end option reading.
    pub(crate) const fn ending(mut self, ends: &'static [&'static str]) -> Grammar {
        self.ends = ends;
        self
    }

    /// The same grammar with glued-only short values (and glued digits).
    pub(crate) const fn glued(mut self, glued: &'static str, digits: &'static str) -> Grammar {
        self.glued = glued;
        self.glued_digits = digits;
        self
    }

    /// The same grammar for a shell: `+x` options, and `-` ends options.
    pub(crate) const fn shell(mut self) -> Grammar {
        self.plus = true;
        self.dash_ends = true;
        self
    }

    /// Whether `name` (`-c`, `+o`, `--eval`) is an option this grammar knows to take a value.
    #[cfg(test)]
    pub(crate) fn takes_value(&self, name: &str) -> bool {
        let short = name.strip_prefix('+').map(|s| format!("-{s}"));
        self.spec.takes_value(short.as_deref().unwrap_or(name))
            || name
                .strip_prefix(['-', '+'])
                .and_then(|s| s.chars().next().filter(|_| s.chars().count() == 1))
                .is_some_and(|c| self.glued.contains(c) || self.glued_digits.contains(c))
    }
}

/// sudo.
pub(crate) const SUDO: Spec = Spec::with_flags(
    "ugChprtTUDR",
    &[
        "user",
        "group",
        "close-from",
        "chdir",
        "host",
        "prompt",
        "role",
        "type",
        "command-timeout",
        "other-user",
        "chroot",
    ],
    &[
        "askpass",
        "background",
        "bell",
        "edit",
        "help",
        "login",
        "list",
        "non-interactive",
        "preserve-env",
        "preserve-groups",
        "remove-timestamp",
        "reset-timestamp",
        "set-home",
        "shell",
        "stdin",
        "validate",
        "version",
    ],
);

/// env (GNU coreutils): `-u NAME`, `-C DIR`, `-S STRING`; `NAME=value` words follow.
pub(crate) const ENV: Spec = Spec::with_flags(
    "uCPS",
    &["unset", "chdir", "split-string", "argv0"],
    &[
        "ignore-environment",
        "null",
        "debug",
        "default-signal",
        "ignore-signal",
        "block-signal",
        "list-signal-handling",
        "help",
        "version",
    ],
);

/// su and runuser.
pub(crate) const SU: Spec = Spec::with_flags(
    "cgGsuwC",
    &[
        "command",
        "session-command",
        "group",
        "supp-group",
        "shell",
        "user",
        "whitelist-environment",
    ],
    &["login", "preserve-environment", "pty", "fast", "help"],
);

/// The shell builtin `command [-pvV]`.
pub(crate) const COMMAND: Spec = Spec::with_flags("", &[], &[]);

/// nice: `-n ADJUSTMENT` (also the old `-5` form, read as a cluster of digits).
pub(crate) const NICE: Spec = Spec::with_flags("n", &["adjustment"], &["help", "version"]);

/// watch (procps): `-n SECONDS`, `-q CYCLES`; `-d[=permanent]` takes a glued value only.
pub(crate) const WATCH: Grammar = Grammar::plain(Spec::with_flags(
    "nq",
    &["interval", "equexit"],
    &[
        "beep",
        "color",
        "no-color",
        "differences",
        "errexit",
        "chgexit",
        "exec",
        "precise",
        "no-title",
        "no-wrap",
        "no-linewrap",
        "help",
        "version",
    ],
))
.glued("d", "");

/// xargs (GNU and BSD): `-I R` / `-J R` (BSD) name the replacement string; `-i[R]`,
/// `-e[EOF]` and `-l[N]` take glued values only.
pub(crate) const XARGS: Grammar = Grammar::plain(Spec::with_flags(
    "adELnPsRSIJ",
    &[
        "arg-file",
        "delimiter",
        "max-args",
        "max-procs",
        "max-chars",
        "process-slot-var",
    ],
    &[
        "null",
        "no-run-if-empty",
        "interactive",
        "verbose",
        "exit",
        "open-tty",
        "show-limits",
        "replace",
        "eof",
        "max-lines",
        "help",
        "version",
    ],
))
.glued("eil", "");

/// The options by which xargs names its replacement string (`-i`/`--replace` alone mean
/// `{}`).
pub(crate) const XARGS_REPLACE: &[&str] = &["-I", "-J", "-i", "--replace"];

/// GNU parallel's options that take a value.
pub(crate) const PARALLEL: Spec = Spec::values(
    "jSaIdEnNLsC",
    &[
        "jobs",
        "sshlogin",
        "results",
        "arg-file",
        "colsep",
        "delimiter",
        "joblog",
        "tmpdir",
        "workdir",
        "wd",
        "max-args",
        "timeout",
        "delay",
        "memfree",
        "load",
        "retries",
        "halt",
        "tagstring",
        "basefile",
        "return",
        "env",
        "max-lines",
        "max-replace-args",
        "max-chars",
        "sshloginfile",
        "template",
        "transfer",
        "profile",
        "rpl",
        "plus",
        "termseq",
        "shuf",
    ],
);

/// `at` and `batch`: `-q QUEUE`, `-f FILE`, `-t TIME`.
pub(crate) const AT: Spec = Spec::values("qft", &[]);

/// `at` options that list, show or remove jobs instead of reading one.
pub(crate) const AT_NO_JOB: &[&str] = &["-l", "-r", "-d", "-c", "-V", "--help", "--version"];

/// make (GNU): the options that take a value, so `-C DIR` is no makefile.
pub(crate) const MAKE: Spec = Spec::with_flags(
    "CfIoWE",
    &[
        "directory",
        "file",
        "makefile",
        "include-dir",
        "old-file",
        "assume-old",
        "what-if",
        "new-file",
        "assume-new",
        "eval",
    ],
    &[
        "always-make",
        "environment-overrides",
        "ignore-errors",
        "keep-going",
        "just-print",
        "dry-run",
        "question",
        "silent",
        "touch",
        "jobs",
        "load-average",
        "output-sync",
        "debug",
        "print-directory",
        "no-print-directory",
        "help",
        "version",
    ],
);

/// The options by which make names a makefile.
pub(crate) const MAKE_FILE: &[&str] = &["-f", "--file", "--makefile"];

/// POSIX shells (bash, sh, dash, zsh, ksh, …, csh): `-o OPTION`, `-O SHOPT` (also `+o`),
/// `--rcfile FILE`; `-c` is a flag: the first operand is the script. `-` ends options.
pub(crate) const SH: Grammar = Grammar::plain(Spec::with_flags(
    "oO",
    &["rcfile", "init-file"],
    &[
        "login",
        "noediting",
        "noprofile",
        "norc",
        "posix",
        "restricted",
        "verbose",
        "version",
        "help",
        "debugger",
        "dump-strings",
        "dump-po-strings",
        "pretty-print",
    ],
))
.shell();

/// fish: `-c COMMAND` and `-C INIT` take their value.
pub(crate) const FISH: Grammar = Grammar::plain(Spec::with_flags(
    "cCdDo",
    &[
        "command",
        "init-command",
        "debug",
        "debug-stack-frames",
        "debug-output",
        "features",
        "profile",
        "profile-startup",
    ],
    &[
        "interactive",
        "login",
        "no-execute",
        "no-config",
        "private",
        "print-rusage-self",
        "print-debug-categories",
        "help",
        "version",
    ],
));

/// The shell a (lower-case) shell basename is read as.
pub(crate) fn shell_grammar(name: &str) -> &'static Grammar {
    match name {
        "fish" => &FISH,
        _ => &SH,
    }
}

/// The options by which a shell takes its script from its arguments (`sh -c`, `fish
/// --command`), and those by which it reads it from stdin (`sh -s`).
pub(crate) const SHELL_COMMAND: &[&str] = &["-c", "+c", "--command"];
/// See [`SHELL_COMMAND`].
pub(crate) const SHELL_STDIN: &[&str] = &["-s", "+s"];
/// The options by which a shell only reads its script for syntax (`sh -n`, `fish
/// --no-execute`).
pub(crate) const SHELL_NO_EXEC: &[&str] = &["-n", "--noexec", "--no-execute"];

/// How one interpreter is read: its option grammar (code options end option reading).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Interpreter {
    /// The basename without a version (`python` for `python3.12`).
    pub(crate) name: &'static str,
    /// Its options; [`Grammar::ends`] are its code options and `-m`-like module options.
    pub(crate) grammar: Grammar,
    /// Options whose value names a module or file to run, not code (`python -m`).
    pub(crate) modules: &'static [&'static str],
}

const fn interpreter(name: &'static str, grammar: Grammar) -> Interpreter {
    Interpreter {
        name,
        grammar,
        modules: &[],
    }
}

const PYTHON: Grammar =
    Grammar::plain(Spec::values("cmWXQ", &["check-hash-based-pycs"])).ending(&["-c", "-m"]);
const PERL: Grammar = Grammar::plain(Spec::values("eEI", &[]))
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
const GUILE: Grammar = Grammar::plain(Spec::values("cLlx", &[])).ending(&["-c"]);
const GJS: Grammar =
    Grammar::plain(Spec::values("cI", &["command", "include-path"])).ending(&["-c", "--command"]);

/// The interpreters whose code options the walker reads.
pub(crate) const INTERPRETERS: &[Interpreter] = &[
    Interpreter {
        modules: &["-m"],
        ..interpreter("python", PYTHON)
    },
    Interpreter {
        modules: &["-m"],
        ..interpreter("pypy", PYTHON)
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
    interpreter("racket", DASH_E_EVAL),
    interpreter("clojure", DASH_E_EVAL),
    interpreter("clj", DASH_E_EVAL),
    interpreter("qjs", QJS),
    interpreter("guile", GUILE),
    interpreter("gjs", GJS),
];

const NO_CODE: Interpreter = interpreter("", Grammar::plain(super::NONE));

/// The row of an interpreter basename (lower case, a version suffix ignored); a program
/// with no row reads no options (its first word is its script).
pub(crate) fn interpreter_for(name: &str) -> &'static Interpreter {
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    INTERPRETERS
        .iter()
        .find(|i| i.name == base)
        .unwrap_or(&NO_CODE)
}

/// deno's subcommand options that take a value (`deno eval --ext ts CODE`).
pub(crate) const DENO: Spec = Spec::values(
    "c",
    &["ext", "config", "import-map", "location", "env-file"],
);

/// awk (POSIX, gawk, mawk): `-f PROGFILE`, `-F FS`, `-v VAR=VALUE`, gawk's `-e TEXT`,
/// `-i`/`-l` libraries and `-E FILE`; mawk's `-W OPTION`.
pub(crate) const AWK: Spec = Spec::values(
    "fFveilEW",
    &[
        "file",
        "field-separator",
        "assign",
        "source",
        "include",
        "load",
        "exec",
    ],
);
/// The awk options whose value is program text.
pub(crate) const AWK_SOURCE: &[&str] = &["-e", "--source"];
/// The awk options whose value is a program file.
pub(crate) const AWK_FILE: &[&str] = &["-f", "--file", "-E", "--exec"];

/// vim and its relatives: the options that take a separate value (`-c CMD`, `--cmd CMD`,
/// `-u VIMRC`); `+CMD` words are commands too. `-s` is no value option here: in Ex mode
/// (`vim -es`) it is a flag, and reading it as one never hides a `-c` after it.
pub(crate) const VIM: Spec = Spec::values(
    "cuUiTWt",
    &["cmd", "servername", "startuptime", "log", "socketid"],
);
/// The vim options whose value is an Ex command.
pub(crate) const VIM_COMMAND: &[&str] = &["-c", "--cmd"];

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
    fn every_option_a_launcher_handler_reads_is_in_its_spec() {
        let known = |spec: &Spec, name: &str| {
            spec.takes_value(name)
                || name
                    .strip_prefix("--")
                    .is_some_and(|l| spec.long_flags.contains(&l))
        };
        for name in XARGS_REPLACE {
            assert!(
                XARGS.takes_value(name) || known(&XARGS.spec, name),
                "{name}"
            );
        }
        for name in ["-u", "-c", "--command", "--session-command"] {
            assert!(known(&SU, name), "{name}");
        }
        for name in [
            "-D", "--chdir", "-R", "--chroot", "--edit", "--shell", "--login",
        ] {
            assert!(known(&SUDO, name), "{name}");
        }
        for name in ["-C", "--chdir", "-S", "--split-string"] {
            assert!(known(&ENV, name), "{name}");
        }
        for name in MAKE_FILE {
            assert!(known(&MAKE, name), "{name}");
        }
        for name in AWK_FILE.iter().chain(AWK_SOURCE) {
            assert!(known(&AWK, name), "{name}");
        }
        for name in VIM_COMMAND {
            assert!(known(&VIM, name), "{name}");
        }
        assert!(known(&AT, "-f"));
        assert!(known(&FISH.spec, "--command") && FISH.takes_value("-c"));
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
