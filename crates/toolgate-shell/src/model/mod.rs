//! The model: what an analysis is made of. Every other layer of the crate builds on these
//! types and nothing here depends on another layer.
//!
//! Layers, lowest first (imports point down only): the model; syntax guards and word
//! expansion (`syntax`); knowledge tables (`knowledge`); the option reader (`options`);
//! facts about one command (`facts`); the walker, the only recursion (`walker`); the rule
//! packs (`rules`).

mod destination;
mod input;
mod network;

use std::borrow::Cow;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde::Serialize;
use toolgate_core::datastore::DataLoss;

pub use destination::{Destination, METHOD_AT_RUN_TIME};
pub use input::{Arg, MixedWord, RawCommand, Stdin};
pub use network::InlineNetwork;

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
    /// Environment assignments given to the command (`FOO=1 cmd`, `env FOO=1 cmd`), then the
    /// variables set before it (`FOO=1; cmd`, `export FOO=1; cmd`) that it does not set.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub env: Vec<(String, String)>,
    /// How many of [`SimpleCommand::env`] are the command's own assignments: those are in
    /// its environment but not in its words (`HOME=/tmp/x rm -rf $HOME` expands the HOME
    /// it had before).
    #[serde(skip)]
    pub own_env: usize,
    /// Variables the command line set, emptied or ended before the command whose value is
    /// not known where it runs: maybe set (in a branch or a loop body that may not run),
    /// unset, read at run time, a loop's variable. Its words expand them as run-time values.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unknown_variables: Vec<String>,
    /// Files the command's output is redirected to (`>`, `>>`, `&>`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub writes: Vec<String>,
    /// The command's standard output goes to a file (`> f`, `>> f`, `&> f`, `1> f`, also
    /// through a redirection of the compound command or simple command around it), not to
    /// the terminal. `2> f`, `>&2` and `> /dev/stdout` leave it where it was.
    #[serde(skip_serializing_if = "is_false")]
    pub stdout_redirected: bool,
    /// The file the command's stdin is redirected from (`< file`), as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stdin_file: Option<String>,
    /// Indices into [`CommandAnalysis::commands`] of the commands of the pipeline element
    /// before this one: what they print is this command's stdin.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stdin_from: Option<Range<usize>>,
    /// Indices into [`CommandAnalysis::commands`] of the commands whose output the shell puts
    /// into this command's words (`$(…)`, backticks, `<(…)`, in its words or assignments,
    /// and through a variable set from one earlier: `K=$(cat f); curl -d "$K" …`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub words_from: Vec<Range<usize>>,
    /// What the command's inline interpreter code (`python -c …`) does with the network and
    /// with secrets; `None` when it has none or it does neither.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inline_network: Option<InlineNetwork>,
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
    /// Every directory change before the command was a descent into a subdirectory named
    /// outright (`cd app`, `cd packages/web`: no `..`, `-` or run-time part, no `CDPATH`) or a
    /// jump to a whole path (`cwd_jumps`), so the command runs in the working directory or
    /// below it (the jumps permitting), whether each `cd` succeeded or not.
    #[serde(skip_serializing_if = "is_false")]
    pub cwd_descended: bool,
    /// The whole paths directory changes before the command went to (`cd /home/me/proj/web`,
    /// `cd ~/proj`), when every change was a descent or one of these: each is a descent
    /// when it is at or under the working directory.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cwd_jumps: Vec<String>,
    /// Where the directory changes before the command lead when each succeeds, when every
    /// one was a descent or a jump: relative to the starting directory (`app/web`), or a
    /// whole path (`/home/me/proj/web`, `~/proj`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cwd_path: Option<String>,
    /// Where the directory changes before the command lead when each succeeds, when every
    /// one is written out (`cd /etc`, `cd ..`, `cd ~`, `cd build`; not `cd "$d"`, `cd -` or
    /// `popd`): a whole path, `~` or `~/…`, or relative to the starting directory (`./..`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cwd_target: Option<String>,
    /// Every directory change before the command is known to have happened when it runs:
    /// each was a plain `cd` joined to the command by `&&` alone (`cd build && rm -rf *`;
    /// not `cd build; …`, `(cd build) && …` or `cd build || …`). Otherwise a change may have
    /// failed and the command runs where the one before it left off.
    #[serde(skip_serializing_if = "is_false")]
    pub cwd_certain: bool,
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
    /// Files interpreter one-liner code writes (`open('f', 'w')`, `fs.writeFileSync("f", …)`),
    /// and files guarding the agent it names at all.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub inline_writes: Vec<String>,
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
    /// What the command reads on stdin when the command string says it: a heredoc, a
    /// here-string, or the known output of the pipeline element before it (`echo …`,
    /// `printf …`). Run-time parts keep their source text. `None` for a file, a download or
    /// output only known at run time. Not serialised: it may be long, and it is input.
    #[serde(skip)]
    pub stdin_text: Option<String>,
    /// What a database client would destroy with the statements or commands it is given
    /// (`psql -c 'DROP TABLE t'`, `redis-cli FLUSHALL`, a heredoc fed to `mysql`).
    #[serde(
        skip_serializing_if = "Vec::is_empty",
        serialize_with = "data_loss_names"
    )]
    pub data_losses: Vec<DataLoss>,
}

fn data_loss_names<S: serde::Serializer>(losses: &[DataLoss], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(losses.iter().map(|l| l.name()))
}

pub(crate) fn is_false(b: &bool) -> bool {
    !*b
}

impl SimpleCommand {
    /// The program name in lower case, as rules compare it: borrowed when it has no ASCII
    /// capital (nearly always), so asking costs no allocation.
    pub fn program_lower(&self) -> std::borrow::Cow<'_, str> {
        if self.program.bytes().any(|b| b.is_ascii_uppercase()) {
            std::borrow::Cow::Owned(self.program.to_ascii_lowercase())
        } else {
            std::borrow::Cow::Borrowed(&self.program)
        }
    }

    /// Whether the command or the command line before it gives the variable `name` a value
    /// of its own or ends it (its environment, [`SimpleCommand::unknown_variables`]): the
    /// value the system gives it (`HOME`, `PWD`) may not be what it expands to.
    pub fn script_sets(&self, name: &str) -> bool {
        self.env.iter().any(|(n, _)| n == name) || self.unknown_variables.iter().any(|n| n == name)
    }

    /// Whether argument `i` is only known at run time.
    pub fn is_dynamic(&self, i: usize) -> bool {
        self.dynamic_args.contains(&i)
    }
}

/// A set of normalised flag names: long names without dashes (`recursive`, `force`), short
/// flags that have no long name as `-x`.
///
/// Kept as a sorted vector without duplicates: a command has a handful of flags, so a
/// binary search over one small allocation costs less to fill, ask and drop than a tree.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct FlagSet(Vec<Cow<'static, str>>);

impl FlagSet {
    /// Where `name` is, or would go to keep the names sorted.
    fn find(&self, name: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|f| (**f).cmp(name))
    }

    /// Whether the set holds `name` (already normalised).
    pub fn contains(&self, name: &str) -> bool {
        self.find(name).is_ok()
    }

    /// Adds a normalised name (names from the option tables are borrowed, not copied).
    pub fn insert(&mut self, name: impl Into<Cow<'static, str>>) {
        let name = name.into();
        if let Err(at) = self.find(&name) {
            self.0.insert(at, name);
        }
    }

    /// The names, sorted.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|s| &**s)
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
    /// Parsing took more work than its budget (`PARSE_WORK_BASE` plus `PARSE_WORK_PER_BYTE`
    /// for each byte of the command): brush-parser backtracked or looped.
    TooComplex,
    /// The program name is only known at run time (`$CMD`, `$(echo rm)`).
    DynamicProgram,
    /// A script given to a shell or `eval` is only known at run time.
    DynamicScript,
}

/// What is known about where the command runs.
#[derive(Debug, Clone, Copy, Default)]
pub struct CommandContext<'a> {
    cwd: WorkingDir<'a>,
    /// The user's home directory, when known.
    pub home: Option<&'a Path>,
    /// The temporary directory `$TMPDIR` names in the environment the command runs in, when
    /// it is set and absolute. `None`: unset or not known, so `$TMPDIR` may be empty
    /// (`rm -rf "$TMPDIR"/*` is then `rm -rf /*`).
    pub tmpdir: Option<&'a Path>,
}

impl<'a> CommandContext<'a> {
    /// A command run in `cwd` (`None`: not known).
    pub fn new(cwd: Option<&'a Path>, home: Option<&'a Path>) -> CommandContext<'a> {
        CommandContext {
            cwd: cwd.map_or(WorkingDir::Unknown, WorkingDir::Known),
            home,
            tmpdir: None,
        }
    }

    /// This context with `$TMPDIR` set to `tmpdir` (`None`: unset or not known); a relative
    /// value is no directory the command can rely on, and counts as unset.
    pub fn with_tmpdir(mut self, tmpdir: Option<&'a Path>) -> CommandContext<'a> {
        self.tmpdir = tmpdir.filter(|t| t.is_absolute());
        self
    }

    /// A command run in this process's working directory, read the first time a check needs
    /// it.
    pub fn in_process_dir(cwd: &'a ProcessDir, home: Option<&'a Path>) -> CommandContext<'a> {
        CommandContext {
            cwd: WorkingDir::Process(cwd),
            home,
            tmpdir: None,
        }
    }

    /// The working directory, when known (relative paths inside it are not "outside").
    pub fn cwd(&self) -> Option<&'a Path> {
        match self.cwd {
            WorkingDir::Unknown => None,
            WorkingDir::Known(cwd) => Some(cwd),
            WorkingDir::Process(cwd) => cwd.get(),
        }
    }
}

/// Where a command's working directory comes from.
#[derive(Debug, Clone, Copy, Default)]
enum WorkingDir<'a> {
    #[default]
    Unknown,
    Known(&'a Path),
    Process(&'a ProcessDir),
}

/// This process's working directory, read once, the first time it is asked for. Reading it
/// is a system call (about half a microsecond on a VM) that most tool calls never need: a
/// command without path operands, a call without paths.
#[derive(Debug, Clone, Default)]
pub struct ProcessDir(OnceLock<Option<PathBuf>>);

impl ProcessDir {
    /// The directory, read now if it has not been (`None` when it cannot be read).
    pub fn get(&self) -> Option<&Path> {
        self.0
            .get_or_init(|| std::env::current_dir().ok())
            .as_deref()
    }

    /// Whether the directory has been read (a check asked for it).
    pub fn is_read(&self) -> bool {
        self.0.get().is_some()
    }
}
