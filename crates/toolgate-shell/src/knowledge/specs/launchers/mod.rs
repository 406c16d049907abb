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
    /// Short options whose value is always the next word, wherever they stand in their
    /// cluster, the cluster's other letters staying options (`bash -oc pipefail CMD`: `-o
    /// pipefail` and `-c`). Listed in the spec's values too.
    pub(crate) next_word: &'static str,
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
            next_word: "",
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

    /// The same grammar with short options that take the next word anywhere in a cluster.
    pub(crate) const fn next_word(mut self, letters: &'static str) -> Grammar {
        self.next_word = letters;
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
                .is_some_and(|c| {
                    self.glued.contains(c)
                        || self.glued_digits.contains(c)
                        || self.next_word.contains(c)
                })
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

/// The sudo options that change directory (`-D DIR`, `-R ROOT`).
pub(crate) const SUDO_CHDIR: &[&str] = &["-D", "--chdir", "-R", "--chroot"];
/// The sudo options that make it sudoedit: the operands are files written.
pub(crate) const SUDO_EDIT: &[&str] = &["-e", "--edit"];
/// The sudo options that hand the command to a shell's `-c`.
pub(crate) const SUDO_SHELL: &[&str] = &["-s", "--shell", "-i", "--login"];
/// The sudo options that keep the caller's environment (without a value: all of it).
pub(crate) const SUDO_PRESERVE_ENV: &[&str] = &["-E", "--preserve-env"];
/// The su / runuser options that make a login, which starts from a fresh environment.
pub(crate) const SU_LOGIN: &[&str] = &["-l", "--login"];
/// The su / runuser options that keep the caller's environment even for a login.
pub(crate) const SU_PRESERVE_ENV: &[&str] = &["-m", "-p", "--preserve-environment"];
/// The env options that change directory.
pub(crate) const ENV_CHDIR: &[&str] = &["-C", "--chdir"];
/// The env options that run the command with an empty environment.
pub(crate) const ENV_IGNORE: &[&str] = &["-i", "--ignore-environment"];
/// The env options that remove one variable from the command's environment.
pub(crate) const ENV_UNSET: &[&str] = &["-u", "--unset"];
/// The env options whose value is split into the command's words.
pub(crate) const ENV_SPLIT: &[&str] = &["-S", "--split-string"];
/// The su / runuser options whose value is a shell command string.
pub(crate) const SU_COMMAND: &[&str] = &["-c", "--command", "--session-command"];
/// The runuser options that name the user of a command given as words (`runuser -u U CMD`).
pub(crate) const SU_USER: &[&str] = &["-u", "--user"];

/// The shell builtin `command [-pvV]`.
pub(crate) const COMMAND: Spec = Spec::with_flags("", &[], &[]);

/// bash's `trap`: `-l` and `-p` are flags; the action and the signals follow.
pub(crate) const TRAP: Spec = Spec::with_flags("", &[], &[]);
/// The `command` options that look a name up instead of running it.
pub(crate) const COMMAND_LOOKUP: &[&str] = &["-v", "-V"];

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
pub(crate) const AT: Spec = Spec::with_flags("qft", &[], &["help", "version"]);

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

/// POSIX shells (bash, sh, dash, zsh, ksh, …, csh): `-o OPTION`, `-O SHOPT` (also `+o`; the
/// next word even inside a cluster, as bash and dash read them), `--rcfile FILE`; `-c` is a
/// flag: the first operand is the script. `-` ends options.
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
        "noexec",
    ],
))
.shell()
.next_word("oO");

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

/// Nushell: `-c`/`--commands COMMANDS` takes its value, as do its other options with one.
pub(crate) const NU: Grammar = Grammar::plain(Spec::with_flags(
    "cCeIm",
    &[
        "commands",
        "config",
        "env-config",
        "execute",
        "include-path",
        "log-level",
        "log-target",
        "plugin-config",
        "table-mode",
        "error-style",
        "testbin",
    ],
    &[
        "interactive",
        "login",
        "no-config-file",
        "no-std-lib",
        "no-history",
        "stdin",
        "help",
        "version",
    ],
));

/// The shell a (lower-case) shell basename is read as.
pub(crate) fn shell_grammar(name: &str) -> &'static Grammar {
    match name {
        "fish" => &FISH,
        "nu" => &NU,
        _ => &SH,
    }
}

/// The options by which a shell takes its script from its arguments (`sh -c`, `fish
/// --command`), and those by which it reads it from stdin (`sh -s`).
pub(crate) const SHELL_COMMAND: &[&str] = &["-c", "+c", "--command", "--commands", "--execute"];
/// See [`SHELL_COMMAND`].
pub(crate) const SHELL_STDIN: &[&str] = &["-s", "+s"];
/// The options by which a shell only reads its script for syntax (`sh -n`, `fish
/// --no-execute`).
pub(crate) const SHELL_NO_EXEC: &[&str] = &["-n", "--noexec", "--no-execute"];

mod code;
pub(crate) use code::*;

#[cfg(test)]
mod tests {
    use super::*;

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
        let read: &[(&Spec, &[&str])] = &[
            (&SUDO, SUDO_CHDIR),
            (&SUDO, SUDO_EDIT),
            (&SUDO, SUDO_SHELL),
            (&SUDO, SUDO_PRESERVE_ENV),
            (&ENV, ENV_CHDIR),
            (&ENV, ENV_SPLIT),
            (&SU, SU_COMMAND),
            (&SU, SU_USER),
            (&SU, SU_LOGIN),
            (&SU, SU_PRESERVE_ENV),
            (&MAKE, MAKE_FILE),
            (&AT, &["-f"]),
            (&AT, AT_NO_JOB),
        ];
        // A short flag is any letter the spec does not read a value for.
        let flag_or_known = |spec: &Spec, name: &str| {
            known(spec, name) || (name.len() == 2 && !spec.takes_value(name))
        };
        for (spec, names) in read {
            for name in *names {
                assert!(flag_or_known(spec, name), "{name}");
            }
        }
        // The shell lists serve every shell: each name is an option of one of them (`+x`
        // spelt as its `-x`).
        for name in SHELL_COMMAND.iter().chain(SHELL_STDIN).chain(SHELL_NO_EXEC) {
            let name = name.replacen('+', "-", 1);
            assert!(
                [&SH, &FISH, &NU]
                    .iter()
                    .any(|g| flag_or_known(&g.spec, &name)),
                "{name}"
            );
        }
        assert!(known(&FISH.spec, "--command") && FISH.takes_value("-c"));
    }
}
