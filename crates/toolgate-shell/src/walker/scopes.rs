//! What stays set after a piece of script ran: a subshell (`( … )`, `$(…)`, a pipeline
//! element, a background job) or another process (`bash -c`, `ssh`) drops the variables and
//! the directory it changed; a branch, an `&&`/`||` operand or a loop body that may not run
//! leaves what it set "maybe set" (`walker::variables`); a loop body's later turns see what an
//! earlier turn set.

use super::Walker;
use super::variables::Variables;
use crate::model::{IndeterminateKind, Stdin};

/// Most extra walks of loop bodies (a later turn seeing what an earlier one set) in one
/// analysis: nested loops would double them at each level. Past it the analysis is refused.
const MAX_LOOP_REWALKS: usize = 64;

/// Whether what a nested script sets (variables, the working directory) is still set after
/// it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Reach {
    /// It may be or not (`trap`, `mapfile -C`, a string some program runs later or not at
    /// all): its variables are "maybe set" after it.
    #[default]
    Maybe,
    /// The same shell runs it (`eval`, `source`, an alias): all of it stays.
    Stays,
    /// A subshell or another process runs it (`$(…)`, `bash -c`, `ssh`): none of it stays.
    Dropped,
}

/// Where a piece of script sits: how it was reached and what is known about its input.
#[derive(Debug, Clone, Default)]
pub struct Scope {
    /// Unwrapping steps so far.
    pub via: Vec<String>,
    /// Nesting depth of re-parsed strings.
    pub depth: usize,
    /// Inline interpreter code: parse failures and dynamic names are not indeterminate.
    pub lenient: bool,
    /// Tokens that stand for input values at run time (`{}` under `xargs -I{}`).
    pub placeholders: Vec<String>,
    /// Commands here get further arguments from input (`xargs`).
    pub input_args: bool,
    /// The start paths of what `find` lists, when input items and placeholders stand for
    /// those paths (`find ROOT -exec … {}`, `find ROOT | xargs …`); `None`: not known.
    pub listed_roots: Option<Vec<String>>,
    /// Inside a pipeline of two or more commands.
    pub in_pipeline: bool,
    /// Run in the background (`cmd &`).
    pub background: bool,
    /// Inside a loop that never ends (`while true`, `while :`, `until false`).
    pub unbounded_loop: bool,
    /// Run in the background from inside a loop that never ends, so that each turn starts
    /// another (`while :; do cmd & done`); a loop that is itself run in the background
    /// (`(while :; do cmd; done &)`) starts one.
    pub spawns_each_turn: bool,
    /// What the previous pipeline element writes to this one's stdin (`echo … | bash`).
    pub pipe_input: Option<Stdin>,
    /// Whether what this nested script sets stays set after it.
    pub reach: Reach,
    /// Which of this shell's variables this nested script sees.
    pub sees: Sees,
    /// The command is run by a wrapper in another process (`sudo export d=x`, `env export
    /// …`): a builtin it names sets nothing in this shell.
    pub wrapped: bool,
    /// The environment the command that starts this nested script's process gives it
    /// besides the exported variables (`d=build bash -c …`, `env d=build sh -c …`).
    pub given: Vec<(String, String)>,
    /// A wrapper starts the command with an environment of its own making (sudo's
    /// `env_reset`, `env -i`, `doas`, `su -l`): a process it starts sees none of this shell's
    /// variables, exported or not, only those its command line gives it.
    pub environment_cleared: bool,
}

/// Which of the running shell's variables a nested script sees.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Sees {
    /// All of them: the same shell or a subshell of it (`eval`, `$(…)`).
    #[default]
    All,
    /// The exported ones: another process on this host (`bash -c '…'`, `python -c`).
    Exported,
    /// None: a process on another host (`ssh HOST '…'`), or one a wrapper starts with an
    /// environment of its own making (`sudo sh -c '…'`).
    Nothing,
}

impl Scope {
    /// The scope of the command string itself.
    pub fn top() -> Scope {
        Scope::default()
    }

    /// A nested string reached through `via`.
    pub fn child(&self, via: &str) -> Scope {
        let mut s = self.clone();
        s.via.push(via.to_string());
        s.depth += 1;
        s.in_pipeline = false;
        s.pipe_input = None;
        s.reach = Reach::Maybe;
        s.sees = Sees::All;
        s.wrapped = false;
        s.given = Vec::new();
        s.environment_cleared = false;
        s
    }

    /// A nested string a subshell runs (`$(…)`, `<(…)`): it sees every variable, and what it
    /// sets does not stay.
    pub fn subshell(&self, via: &str) -> Scope {
        let mut s = self.child(via);
        s.reach = Reach::Dropped;
        s
    }

    /// A nested string another process runs (`bash -c`, `python -c`): it sees only the
    /// exported variables, and what it sets does not stay.
    pub fn process(&self, via: &str) -> Scope {
        let mut s = self.subshell(via);
        s.sees = match self.environment_cleared {
            true => Sees::Nothing,
            false => Sees::Exported,
        };
        s
    }

    /// A nested string a process on another host runs (`ssh HOST '…'`): it sees none of
    /// this shell's variables, and what it sets does not stay.
    pub fn remote(&self, via: &str) -> Scope {
        let mut s = self.subshell(via);
        s.sees = Sees::Nothing;
        s
    }

    /// A nested string the same shell runs (`eval`, `source`, an alias): what it sets stays.
    pub fn same_shell(&self, via: &str) -> Scope {
        let mut s = self.child(via);
        s.reach = Reach::Stays;
        s
    }
}

/// The shell state a subshell may change and drops at its end.
pub(super) struct Saved {
    variables: Variables,
    cwd_changed: bool,
    cwd_descends: bool,
    cwd_jumps: Vec<String>,
    cwd_path: Option<String>,
    cwd_target: Option<String>,
    cwd_changes: usize,
    cwd_confirmed: Option<usize>,
}

impl Walker {
    /// The state a subshell starting here would drop at its end.
    pub(super) fn save(&self) -> Saved {
        Saved {
            variables: self.variables.clone(),
            cwd_changed: self.cwd_changed,
            cwd_descends: self.cwd_descends,
            cwd_jumps: self.cwd_jumps.clone(),
            cwd_path: self.cwd_path.clone(),
            cwd_target: self.cwd_target.clone(),
            cwd_changes: self.cwd_changes,
            cwd_confirmed: self.cwd_confirmed,
        }
    }

    /// Ends what was walked since `saved` as `reach` says: dropped, kept, or its variables
    /// maybe set (the directory changes are followed as ones that may have failed already).
    pub(super) fn end(&mut self, saved: Saved, reach: Reach) {
        match reach {
            Reach::Stays => {}
            Reach::Maybe => {
                let mut joined = saved.variables;
                joined.join(&self.variables);
                self.variables = joined;
            }
            Reach::Dropped => {
                self.variables = saved.variables;
                self.cwd_changed = saved.cwd_changed;
                self.cwd_descends = saved.cwd_descends;
                self.cwd_jumps = saved.cwd_jumps;
                self.cwd_path = saved.cwd_path;
                self.cwd_target = saved.cwd_target;
                self.cwd_changes = saved.cwd_changes;
                self.cwd_confirmed = saved.cwd_confirmed;
            }
        }
    }

    /// Gives a nested script the variables it starts with: another process sees the
    /// exported ones and those its command gives it (`d=build bash -c …`).
    pub(super) fn enter(&mut self, scope: &Scope) {
        match scope.sees {
            Sees::All => {}
            Sees::Exported => self.variables.enter_process(false),
            Sees::Nothing => self.variables.enter_process(true),
        }
        for (name, value) in &scope.given {
            // A value with a run-time part (`d=$x bash -c …`) is not known.
            if value.contains(['$', '`']) {
                self.variables.forget(name);
            } else {
                self.variables.set(name, value);
            }
            self.variables.export(name, true);
        }
    }

    /// Walks a subshell: what it sets is dropped at its end.
    pub(super) fn subshell(&mut self, walk: impl FnOnce(&mut Walker)) {
        let saved = self.save();
        walk(self);
        self.end(saved, Reach::Dropped);
    }

    /// Walks a loop body, which may run any number of times: walked once more from what
    /// the first turn left when that changed a variable, and its variables maybe set after.
    pub(super) fn loop_body(&mut self, mut walk: impl FnMut(&mut Walker)) {
        let before = self.variables.clone();
        walk(self);
        let mut joined = before.clone();
        joined.join(&self.variables);
        if joined != before {
            if self.loop_rewalks >= MAX_LOOP_REWALKS {
                self.indeterminate(
                    &super::Scope::top(),
                    IndeterminateKind::TooComplex,
                    "the command nests too many loops that set variables",
                );
            } else {
                self.loop_rewalks += 1;
                self.variables = joined.clone();
                walk(self);
                joined.join(&self.variables);
            }
        }
        self.variables = joined;
    }

    /// Follows what `cmd` does to the shell's variables (`export`, `local`, `unset`, `read`
    /// …); a function's own variables are put back when it ends ([`Walker::run_function`]).
    pub(super) fn record_variables(&mut self, cmd: &crate::model::SimpleCommand) {
        let changes = crate::facts::exports::changes(cmd, !self.local_frames.is_empty());
        if let Some(on) = crate::facts::exports::all_export(cmd) {
            self.variables.set_all_export(on);
        }
        for change in changes {
            if change.local
                && let Some(frame) = self.local_frames.last_mut()
                && !frame.iter().any(|s| s.name == change.name)
            {
                frame.push(self.variables.saved(change.name));
            }
            match change.value {
                Some(v) => self.variables.set(change.name, v),
                None => self.variables.forget(change.name),
            }
        }
        for (name, exported) in crate::facts::exports::exports(cmd) {
            self.variables.export(name, exported);
        }
    }

    /// Walks a function's body as it runs when called: the variables it makes its own end
    /// with it.
    pub(super) fn run_function(&mut self, walk: impl FnOnce(&mut Walker)) {
        self.local_frames.push(Vec::new());
        walk(self);
        for saved in self
            .local_frames
            .pop()
            .unwrap_or_default()
            .into_iter()
            .rev()
        {
            self.variables.restore(saved);
        }
    }
}
