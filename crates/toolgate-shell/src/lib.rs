//! Shell-aware command analysis for toolgate.
//!
//! [`analyze`] parses a command string (with brush-parser) into every simple command it would
//! run: through lists, pipelines, compound commands, functions, command and process
//! substitution, heredocs fed to shells, `bash -c` strings and `eval`, and through wrappers
//! (`sudo`, `env`, `xargs`, `timeout`, …). Words are unquoted, flags normalised into sets, and
//! the destinations (URLs, hosts) the commands would reach are collected. [`CommandRuleSet`]
//! matches command rules (the built-in destructive pack plus a policy's own) against the result.
//!
//! Anything that cannot be analysed with confidence (parse failure, parser panic, input too
//! large or nested too deep, a program name only known at run time) is reported as
//! [`Indeterminate`], which callers must never treat as an allow. Input brush-parser cannot
//! handle safely (nesting deeper than [`MAX_NESTING`], more than [`MAX_PAREN_RUN`] `(` in a row,
//! heredoc operators without a plain word, NUL bytes) is refused before parsing by a linear
//! scan, because a crash or hang of the hook process would let the tool call through.
//!
//! Words are expanded the way bash would before matching: brace expansion (`{rm,-rf,/}`, at
//! most [`MAX_BRACE_WORDS`] words), ANSI-C quoting (`$'\x72m'`), and `((…))` / `$((…))` that
//! is not valid arithmetic is read as nested subshells. Code piped into a shell is analysed
//! when the producer's output is known (`echo 'rm -rf /' | sh`) and indeterminate otherwise.
//!
//! Interpreter one-liners (`python -c`, `perl -e`, `node -e`, `ruby -e`, `php -r`, and code fed
//! on stdin with `python -`): the code is scanned for destructive file APIs (`shutil.rmtree`,
//! `os.remove`, `FileUtils.rm_rf`, `fs.rmSync`, …), and the code itself and every string literal
//! in it are analysed leniently as shell commands (parse failures there are ignored), so that
//! `os.system("rm -rf /")` or `` `rm -rf ~` `` is seen. URL string literals become destinations.
//! Argument-list calls (`subprocess.run(["rm","-rf","/"])`, `system("rm","-rf","/")`,
//! `spawnSync("rm",["-rf","/"])`) become commands. awk strings, sed `e` commands, `vim -c '!…'`
//! and PowerShell `-Command` are followed too.
#![forbid(unsafe_code)]

mod ansi_c;
mod arith;
mod braces;
mod builtin;
mod dest;
mod downloads;
mod exports;
mod flag_specs;
mod flags;
mod inline;
mod interpreters;
mod nested;
mod nesting;
mod options;
mod paths;
mod pipes;
mod programs;
mod redirects;
mod rule;
mod runners;
mod sed;
mod setup;
mod unwrap;
mod walk;
mod words;
mod wrapper_steps;
mod wrappers;
mod writes;

use std::collections::BTreeSet;

use serde::Serialize;

pub use braces::MAX_BRACE_WORDS;
pub use nesting::{MAX_NESTING, MAX_PAREN_RUN};
pub use paths::PathClass;
pub use rule::{CommandContext, CommandMatch, CommandRule, CommandRuleSet};

/// Commands longer than this are not analysed (indeterminate).
pub const MAX_COMMAND_BYTES: usize = 256 * 1024;
/// Deepest nesting of re-parsed strings (`bash -c`, `$(…)`, `eval`, heredocs …).
pub const MAX_DEPTH: usize = 16;
/// Most simple commands one analysis collects before giving up (indeterminate).
pub const MAX_COMMANDS: usize = 20_000;

/// The result of analysing one command string.
#[derive(Debug, Clone, Default, Serialize)]
pub struct CommandAnalysis {
    /// Every simple command that would run, after unwrapping, in execution order.
    pub commands: Vec<SimpleCommand>,
    /// Set when the command could not be analysed with confidence.
    pub indeterminate: Option<Indeterminate>,
    /// URLs and hosts the commands would reach.
    pub destinations: Vec<Destination>,
}

/// One simple command that would run.
#[derive(Debug, Clone, Default, Serialize)]
pub struct SimpleCommand {
    /// The program's basename as written (`/usr/bin/rm` → `rm`). Rules compare it ignoring case.
    pub program: String,
    /// The program word as written, path included.
    pub program_path: String,
    /// The arguments, unquoted. Parts only known at run time keep their source text (`$HOME`).
    pub args: Vec<String>,
    /// Indices into `args` of arguments whose value is only known at run time.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dynamic_args: Vec<usize>,
    /// Indices into `args` of run-time arguments not protected by double quotes (or `"$@"`):
    /// each may expand to several words, or none (a subset of `dynamic_args`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub split_args: Vec<usize>,
    /// The normalised flags.
    pub flags: FlagSet,
    /// The subcommand for programs that have them (`git push` → `push`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subcommand: Option<String>,
    /// The non-option arguments (after the subcommand), values of options removed.
    pub operands: Vec<String>,
    /// Unwrapping steps that led here, outermost first: `sudo`, `bash -c`, `$(…)` ….
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub via: Vec<String>,
    /// Environment assignments given to the command (`FOO=1 cmd`, `env FOO=1 cmd`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub env: Vec<(String, String)>,
    /// Files the command's output is redirected to (`>`, `>>`, `&>`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub writes: Vec<String>,
    /// Further arguments come from input at run time (`xargs`, `parallel` without `:::`,
    /// `find -exec … {}`).
    #[serde(skip_serializing_if = "is_false")]
    pub args_from_input: bool,
    /// The command runs code that was just downloaded (`curl … | sh`, `bash <(curl …)`).
    #[serde(skip_serializing_if = "is_false")]
    pub runs_downloaded_code: bool,
    /// The command reads code to run from stdin (`sh`, `bash -s`, `python -`).
    #[serde(skip_serializing_if = "is_false")]
    pub reads_code_from_stdin: bool,
    /// An earlier command in the same string changed directory (`cd ..`), so relative paths
    /// are not relative to the known working directory.
    #[serde(skip_serializing_if = "is_false")]
    pub cwd_changed: bool,
    /// The command is part of a pipeline of two or more commands.
    #[serde(skip_serializing_if = "is_false")]
    pub in_pipeline: bool,
    /// The command calls the function it is defined in through a pipe (a fork bomb shape).
    #[serde(skip_serializing_if = "is_false")]
    pub self_piping_recursion: bool,
    /// Destructive file APIs found in interpreter one-liner code (`shutil.rmtree`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub inline_code_hits: Vec<&'static str>,
    /// The files and trees those APIs delete, one per call found: the path when the call
    /// names a string literal (`shutil.rmtree('build')`), `None` when it is only known at
    /// run time. Rules judge them by their path class, as they judge `rm -rf`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub inline_deletes: Vec<Option<String>>,
    /// Arguments that come from input are paths at or under these roots: `find ROOT … |
    /// xargs rm`, `find ROOT … -exec rm {} +` (the `{}` operand stands for them too). Empty
    /// when not known (input arguments are then paths only known at run time).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub input_roots: Vec<String>,
    /// Indices into `args` of arguments with glob characters outside quotes, which the shell
    /// expands to file names (`*.json`; not `'*.json'`, which is the text itself).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub glob_args: Vec<usize>,
    /// Indices into `args` of arguments that stand for paths under `input_roots` (the `{}` of
    /// `find -exec`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rooted_args: Vec<usize>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl SimpleCommand {
    /// The program name in lower case, as rules compare it.
    pub fn program_lower(&self) -> String {
        self.program.to_ascii_lowercase()
    }

    /// Whether argument `i` is only known at run time.
    pub fn is_dynamic(&self, i: usize) -> bool {
        self.dynamic_args.contains(&i)
    }
}

/// A set of normalised flag names: long names without dashes (`recursive`, `force`), short
/// flags that have no long name as `-x`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct FlagSet(pub BTreeSet<String>);

impl FlagSet {
    /// Whether the set holds `name` (already normalised).
    pub fn contains(&self, name: &str) -> bool {
        self.0.contains(name)
    }

    /// Adds a normalised name.
    pub fn insert(&mut self, name: impl Into<String>) {
        self.0.insert(name.into());
    }

    /// The names, sorted.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|s| s.as_str())
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Why a command could not be analysed with confidence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Indeterminate {
    /// The kind.
    pub kind: IndeterminateKind,
    /// A fixed explanation; never contains input text.
    pub reason: &'static str,
}

/// The kinds of [`Indeterminate`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum IndeterminateKind {
    /// The shell parser rejected the command.
    ParseError,
    /// The shell parser panicked (caught).
    ParserPanic,
    /// The command is larger than [`MAX_COMMAND_BYTES`] or yields more than [`MAX_COMMANDS`].
    TooLarge,
    /// Strings are nested deeper than [`MAX_DEPTH`].
    TooDeep,
    /// The program name is only known at run time (`$CMD`, `$(echo rm)`).
    DynamicProgram,
    /// A script given to a shell or `eval` is only known at run time.
    DynamicScript,
}

/// A destination a command would reach.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Destination {
    /// A URL (`curl https://…`, `git clone https://…`).
    Url {
        /// The URL as written.
        url: String,
        /// The program that would reach it: its name in the program table, `None` for a
        /// program the table does not list (its own word may be anything, a secret too).
        #[serde(skip_serializing_if = "Option::is_none")]
        program: Option<&'static str>,
    },
    /// A host without a URL (`ssh host`, `git@host:path`, `nc host 80`, a registry host).
    Host {
        /// The host name or address.
        host: String,
        /// The port, when given.
        port: Option<u16>,
        /// The program that would reach it (as for [`Destination::Url`]).
        #[serde(skip_serializing_if = "Option::is_none")]
        program: Option<&'static str>,
    },
    /// A destination that exists but is only known at run time (`curl "$URL"`, `ssh $HOST`,
    /// `curl -K file`, `ssh -o ProxyCommand=…`): it cannot be checked, so callers deny it.
    Unknown {
        /// The program that would reach it (as for [`Destination::Url`]).
        #[serde(skip_serializing_if = "Option::is_none")]
        program: Option<&'static str>,
    },
}

impl Destination {
    /// The program that would reach it, by its name in the program table (`None`: a program
    /// the table does not list).
    pub fn program(&self) -> Option<&'static str> {
        match self {
            Destination::Url { program, .. }
            | Destination::Host { program, .. }
            | Destination::Unknown { program } => *program,
        }
    }
}

/// Analyses a shell command. A panic inside the shell parser (brush-parser) is caught where
/// the parser is called and reported as [`IndeterminateKind::ParserPanic`]; a panic in
/// toolgate's own code is not caught here (it is a bug: tests and fuzzing must see it, and the
/// hook answers it with a deny).
pub fn analyze(command: &str) -> CommandAnalysis {
    if command.len() > MAX_COMMAND_BYTES {
        return CommandAnalysis {
            indeterminate: Some(Indeterminate {
                kind: IndeterminateKind::TooLarge,
                reason: "the command is too large to analyse",
            }),
            ..CommandAnalysis::default()
        };
    }
    let mut walker = walk::Walker::new();
    walker.script(command, &walk::Scope::top());
    walker.finish()
}
