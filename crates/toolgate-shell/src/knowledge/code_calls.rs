//! Calls in interpreter code that run a command or code given as their first argument
//! (`os.system`, `subprocess.run`, `execSync`, `system`, `exec`, `eval`), by language.

/// The language of interpreter code, as far as its strings and calls are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dialect {
    /// Python.
    Python,
    /// JavaScript (node, deno, bun).
    JavaScript,
    /// Ruby.
    Ruby,
    /// Perl.
    Perl,
    /// PHP.
    Php,
    /// Lua.
    Lua,
    /// awk.
    Awk,
    /// Not known (vim, debugger and expect commands): concatenation by `+`, `.` and `..`.
    Other,
}

impl Dialect {
    /// The dialect of the interpreter `name` (lower case, as run).
    pub(crate) fn of(name: &str) -> Dialect {
        use toolgate_core::inline_network::Language;
        if crate::knowledge::interpreters::is_awk(name) {
            return Dialect::Awk;
        }
        match crate::knowledge::interpreters::language(name) {
            Some(Language::Python) => Dialect::Python,
            Some(Language::JavaScript) => Dialect::JavaScript,
            Some(Language::Ruby) => Dialect::Ruby,
            Some(Language::Perl) => Dialect::Perl,
            Some(Language::Php) => Dialect::Php,
            None if name.starts_with("lua") => Dialect::Lua,
            None => Dialect::Other,
        }
    }
}

/// What a [`Runner`] call runs from its first argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Runs {
    /// A shell command line (`os.system`), or a program and its arguments (`subprocess.run`).
    Command,
    /// Code of the same language (`exec`, `eval`).
    Code,
}

/// A call that runs a command or code given as its first argument.
pub(crate) struct Runner {
    /// The languages it is a call of.
    pub dialects: &'static [Dialect],
    /// Its name (the last segment of `subprocess.run`).
    pub name: &'static str,
    /// What may come before it: `""` for a bare call, else the object or module it is
    /// called on (`os`, `subprocess`); empty for any.
    pub receivers: &'static [&'static str],
    /// What it runs.
    pub runs: Runs,
}

use Dialect::{Awk, JavaScript, Lua, Other, Perl, Php, Python, Ruby};

const PY: &[Dialect] = &[Python];
const JS: &[Dialect] = &[JavaScript];
const RB: &[Dialect] = &[Ruby];
const PL_PHP_RB_AWK: &[Dialect] = &[Perl, Php, Ruby, Awk, Other];
const PL_PHP: &[Dialect] = &[Perl, Php];
const PHP: &[Dialect] = &[Php];
const LUA: &[Dialect] = &[Lua];
const CHILD_PROCESS: &[&str] = &["", "child_process", "cp", "childProcess", ")"];
const RUBY_KERNEL: &[&str] = &["", "Kernel", "Process"];
const SUBPROCESS: &[&str] = &["subprocess", "sp"];

const fn runner(
    dialects: &'static [Dialect],
    receivers: &'static [&'static str],
    name: &'static str,
    runs: Runs,
) -> Runner {
    Runner {
        dialects,
        name,
        receivers,
        runs,
    }
}

const COMMAND: Runs = Runs::Command;
const CODE: Runs = Runs::Code;

/// The calls that run a command or code given as their first argument.
pub(crate) const RUNNERS: &[Runner] = &[
    runner(PY, &["os"], "system", COMMAND),
    runner(PY, &["os"], "popen", COMMAND),
    runner(PY, SUBPROCESS, "run", COMMAND),
    runner(PY, SUBPROCESS, "call", COMMAND),
    runner(PY, SUBPROCESS, "check_call", COMMAND),
    runner(PY, SUBPROCESS, "check_output", COMMAND),
    runner(PY, SUBPROCESS, "Popen", COMMAND),
    runner(PY, SUBPROCESS, "getoutput", COMMAND),
    runner(PY, SUBPROCESS, "getstatusoutput", COMMAND),
    runner(PY, &["os"], "execvp", COMMAND),
    runner(PY, &["os"], "execv", COMMAND),
    runner(PY, &["os"], "execlp", COMMAND),
    runner(PY, &[""], "exec", CODE),
    runner(PY, &[""], "eval", CODE),
    runner(JS, &[], "execSync", COMMAND),
    runner(JS, CHILD_PROCESS, "exec", COMMAND),
    runner(JS, CHILD_PROCESS, "spawn", COMMAND),
    runner(JS, &[], "spawnSync", COMMAND),
    runner(JS, CHILD_PROCESS, "execFile", COMMAND),
    runner(JS, &[], "execFileSync", COMMAND),
    runner(JS, &[""], "eval", CODE),
    runner(RB, RUBY_KERNEL, "exec", COMMAND),
    runner(RB, RUBY_KERNEL, "spawn", COMMAND),
    runner(RB, &["IO"], "popen", COMMAND),
    runner(RB, &["Open3"], "capture2", COMMAND),
    runner(RB, &["Open3"], "capture2e", COMMAND),
    runner(RB, &["Open3"], "capture3", COMMAND),
    runner(RB, &["Open3"], "popen3", COMMAND),
    runner(RB, &[""], "eval", CODE),
    runner(PL_PHP_RB_AWK, &["", "Kernel"], "system", COMMAND),
    runner(PL_PHP, &[""], "exec", COMMAND),
    runner(PL_PHP, &[""], "eval", CODE),
    runner(PHP, &[""], "shell_exec", COMMAND),
    runner(PHP, &[""], "passthru", COMMAND),
    runner(PHP, &[""], "popen", COMMAND),
    runner(PHP, &[""], "proc_open", COMMAND),
    runner(LUA, &["os"], "execute", COMMAND),
    runner(LUA, &["io"], "popen", COMMAND),
    runner(LUA, &[""], "loadstring", CODE),
    runner(LUA, &[""], "load", CODE),
];

/// Expressions of interpreter code that give the home directory (`os.environ['HOME']`,
/// `process.env.HOME`, `Path.home()`, `Dir.home`, `$ENV{HOME}`): a path built from one and
/// literals (`os.homedir() + '/.aws/credentials'`) is read as the literal `~/…` it names.
/// `homedir()` stands for `os.homedir()` and `require('os').homedir()`.
pub(crate) const HOME_EXPRESSIONS: &[&str] = &[
    "os.environ['HOME']",
    "os.environ[\"HOME\"]",
    "os.environ.get('HOME')",
    "os.environ.get(\"HOME\")",
    "getenv('HOME')",
    "getenv(\"HOME\")",
    "os.path.expanduser('~')",
    "os.path.expanduser(\"~\")",
    "Path.home()",
    "process.env.HOME",
    "process.env['HOME']",
    "process.env[\"HOME\"]",
    "process.env.USERPROFILE",
    "homedir()",
    "Deno.env.get('HOME')",
    "Deno.env.get(\"HOME\")",
    "Dir.home",
    "ENV['HOME']",
    "ENV[\"HOME\"]",
    "ENV.fetch('HOME')",
    "ENV.fetch(\"HOME\")",
    "$ENV{HOME}",
    "$ENV{'HOME'}",
    "$ENV{\"HOME\"}",
    "$_SERVER['HOME']",
    "$_ENV['HOME']",
];

/// Calls that join their arguments into a path (`os.path.join(HOME, '.ssh', 'id_rsa')`,
/// `File.join`, `path.join`, `filepath.Join`): after a home expression given first, the
/// literals separated by commas are the path's segments.
pub(crate) const PATH_JOINS: &[&str] = &["join(", "joinpath(", "Join(", "resolve("];

/// What joins a home expression to a literal after it: concatenation (`+`, `.` in Perl and
/// PHP, `..` in Lua) and pathlib's `/`.
pub(crate) const PATH_CONCATENATIONS: &[&str] = &["..", "+", ".", "/"];

/// A Lisp form that starts a process from its arguments (Emacs Lisp, Clojure, Common Lisp):
/// `(call-process "rm" nil nil nil "-rf" "/")`, `(sh "rm" "-rf" "/")`,
/// `(sb-ext:run-program "/bin/rm" (list "-rf" "/"))`.
pub(crate) struct LispProcessForm {
    /// The form's name, its last segment (`clojure.java.shell/sh` → `sh`,
    /// `sb-ext:run-program` → `run-program`).
    pub name: &'static str,
    /// Which argument is the program.
    pub program: usize,
    /// Which argument its own arguments start at (a list there holds them all).
    pub arguments: usize,
}

const fn lisp(name: &'static str, program: usize, arguments: usize) -> LispProcessForm {
    LispProcessForm {
        name,
        program,
        arguments,
    }
}

/// The Lisp forms that start a process.
pub(crate) const LISP_PROCESS_FORMS: &[LispProcessForm] = &[
    // Emacs Lisp: `(call-process PROGRAM INFILE DESTINATION DISPLAY ARGS…)`,
    // `(start-process NAME BUFFER PROGRAM ARGS…)`, `(process-lines PROGRAM ARGS…)`.
    lisp("call-process", 0, 4),
    lisp("process-file", 0, 4),
    lisp("call-process-region", 2, 6),
    lisp("start-process", 2, 3),
    lisp("start-file-process", 2, 3),
    lisp("process-lines", 0, 1),
    lisp("process-lines-ignore-status", 0, 1),
    // Clojure's `clojure.java.shell/sh`, babashka's `process`/`shell`.
    lisp("sh", 0, 1),
    lisp("shell", 0, 1),
    lisp("process", 0, 1),
    // Common Lisp: `(sb-ext:run-program PROGRAM ARGS-LIST)`, `(uiop:run-program LIST)`.
    lisp("run-program", 0, 1),
];

/// How code given to a [`Runs::Code`] call starts when it is a file's code, run as running
/// that file would (`exec(open('setup.py').read())`).
pub(crate) const CODE_FILE_READS: &[&str] = &[
    "open(",
    "compile(open(",
    "Path(",
    "pathlib.Path(",
    "fs.readFileSync(",
    "require('fs').readFileSync(",
    "require(\"fs\").readFileSync(",
    "File.read(",
    "IO.read(",
    "file_get_contents(",
];

/// Values that name a program without being literals: the interpreter itself.
pub(crate) const KNOWN_PROGRAMS: &[&str] =
    &["sys.executable", "process.execPath", "$^X", "PHP_BINARY"];

/// Whether a backquoted literal runs its text as a shell command in `dialect`.
pub(crate) fn backquote_runs(dialect: Dialect) -> bool {
    matches!(dialect, Ruby | Perl | Php)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_runner_row_is_one_call_of_its_languages() {
        for (i, r) in RUNNERS.iter().enumerate() {
            assert!(!r.dialects.is_empty() && !r.name.is_empty(), "{}", r.name);
            assert!(
                r.name.chars().all(|c| c.is_alphanumeric() || c == '_'),
                "{}",
                r.name
            );
            // No two rows for the same call of the same language.
            for other in &RUNNERS[i + 1..] {
                let shared = r.dialects.iter().any(|d| other.dialects.contains(d));
                let receivers = r.receivers.is_empty()
                    || other.receivers.is_empty()
                    || r.receivers.iter().any(|x| other.receivers.contains(x));
                assert!(
                    !(r.name == other.name && shared && receivers),
                    "{} twice",
                    r.name
                );
            }
        }
    }

    #[test]
    fn lisp_forms_name_their_program_before_its_arguments() {
        for (i, f) in LISP_PROCESS_FORMS.iter().enumerate() {
            assert!(f.program < f.arguments, "{}", f.name);
            assert!(
                LISP_PROCESS_FORMS[i + 1..].iter().all(|o| o.name != f.name),
                "{} twice",
                f.name
            );
        }
    }

    #[test]
    fn interpreters_have_their_dialect() {
        for (name, dialect) in [
            ("python3", Dialect::Python),
            ("node", Dialect::JavaScript),
            ("ruby", Dialect::Ruby),
            ("perl", Dialect::Perl),
            ("php", Dialect::Php),
            ("lua5.4", Dialect::Lua),
            ("gawk", Dialect::Awk),
            ("vim", Dialect::Other),
        ] {
            assert_eq!(Dialect::of(name), dialect, "{name}");
        }
    }
}
