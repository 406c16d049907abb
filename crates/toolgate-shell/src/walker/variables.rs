//! The variables the command line set so far, as the walker follows it: what later words
//! expand (`d=build; rm -rf "$d"`) and what later commands' environment holds (`export
//! HTTPS_PROXY=…; curl …`).
//!
//! A value is *known* where it was set on every path to the command: a subshell, a pipeline
//! element or another process drops what it set when it ends (the walker restores a copy);
//! after a branch or a loop body that may not run, a variable set differently on two paths is
//! "maybe set" and no longer known (`if x; then d=build; fi`: `d` may be unset, and `"$d/"*`
//! is then `/*`). `unset`, `read`, a loop variable and a run-time value end what was known.
//! The environment checks (proxies, `GIT_*`, pagers) still see the last value given on any
//! path: a value that may be set can only add checks.
//!
//! Another process (`bash -c '…'`, an interpreter, `ssh`) sees only the exported variables:
//! the ones `export`ed, `declare -x`ed, set under `set -a`, or given by the environment the
//! shell started with (`HOME`); every other one is unset there ([`Variables::enter_process`]).

use crate::knowledge::variables::{ENVIRONMENT_GIVEN, SYSTEM_DIRECTORIES};
use crate::model::SimpleCommand;

/// Most variables remembered; past them every variable not remembered counts as not known.
const MAX_VARIABLES: usize = 256;

/// One variable the command line set, emptied or ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Variable {
    name: String,
    /// The last value given on any path so far; `None`: none was.
    value: Option<String>,
    /// `value` is surely the variable's value here.
    known: bool,
    /// It is a loop's variable, holding each value listed (the loop's placeholders stand
    /// for them), and nothing set it since.
    bound: bool,
}

/// A variable as it was before a function made it its own (`local`).
#[derive(Debug, Clone)]
pub(crate) struct SavedVariable {
    /// The variable.
    pub(crate) name: String,
    /// Its state then; `None`: never set.
    state: Option<Variable>,
}

/// The variables set so far (see the module documentation).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Variables {
    entries: Vec<Variable>,
    /// More variables were set than are remembered: one not remembered is not known either.
    overflowed: bool,
    /// The names exported on every path so far (`export d`, `declare -x`, `set -a`); past
    /// [`MAX_VARIABLES`] a name is not added, so it counts as not exported.
    exported: Vec<String>,
    /// `set -a` holds on every path: a variable set from here on is exported.
    all_export: bool,
}

impl Variables {
    /// `name` is `value` from here on (`NAME=value`, `export NAME=value`).
    pub(crate) fn set(&mut self, name: &str, value: &str) {
        if let Some(v) = self.entry(name) {
            v.value = Some(value.to_string());
            v.known = true;
            v.bound = false;
        }
        if self.all_export {
            self.export(name, true);
        }
    }

    /// `name` is exported from here on (`export d`), or no more (`export -n d`).
    pub(crate) fn export(&mut self, name: &str, exported: bool) {
        let at = self.exported.iter().position(|n| n == name);
        match (at, exported) {
            (None, true) if self.exported.len() < MAX_VARIABLES => {
                self.exported.push(name.to_string());
            }
            (Some(i), false) => {
                self.exported.swap_remove(i);
            }
            _ => {}
        }
    }

    /// `set -a` (true) or `set +a` (false) from here on.
    pub(crate) fn set_all_export(&mut self, on: bool) {
        self.all_export = on;
    }

    /// Whether `name` is in the environment of a process started here.
    fn is_exported(&self, name: &str) -> bool {
        ENVIRONMENT_GIVEN.contains(&name) || self.exported.iter().any(|n| n == name)
    }

    /// The variables as a script another process runs starts with: a variable not exported
    /// is unset there (neither known nor given to its environment), `set -a` does not hold;
    /// on another host (`clean`: `ssh`) none of this shell's variables is set.
    pub(crate) fn enter_process(&mut self, clean: bool) {
        let exported: Vec<bool> = self
            .entries
            .iter()
            .map(|v| !clean && self.is_exported(&v.name))
            .collect();
        for (v, exported) in self.entries.iter_mut().zip(exported) {
            if !exported {
                v.value = None;
                v.known = false;
                v.bound = false;
            }
        }
        if clean {
            self.exported.clear();
        }
        self.all_export = false;
    }

    /// `name`'s value is not known from here on: unset, read at run time, a loop's turn.
    /// The last value given stays for the environment checks.
    pub(crate) fn forget(&mut self, name: &str) {
        if let Some(v) = self.entry(name) {
            v.known = false;
            v.bound = false;
        }
    }

    /// `name` holds each value a loop lists from here, until something sets it.
    pub(crate) fn bind(&mut self, name: &str) {
        if let Some(v) = self.entry(name) {
            v.known = false;
            v.bound = true;
        }
    }

    /// Whether `name` still holds the values its loop lists ([`Variables::bind`]).
    pub(crate) fn bound(&self, name: &str) -> bool {
        self.state(name).is_some_and(|v| v.bound)
    }

    /// The state of one variable (`None`: never set, emptied or ended here).
    /// `name`'s value where it is surely that here (`None`: not known, or never set here).
    pub(crate) fn known_value(&self, name: &str) -> Option<&str> {
        self.state(name)
            .filter(|v| v.known)
            .and_then(|v| v.value.as_deref())
    }

    fn state(&self, name: &str) -> Option<&Variable> {
        self.entries.iter().find(|v| v.name == name)
    }

    /// Puts back a variable as it was before a function made it its own (`local`).
    pub(crate) fn restore(&mut self, saved: SavedVariable) {
        self.entries.retain(|v| v.name != saved.name);
        self.entries.extend(saved.state);
    }

    /// The entry of `name`, added when new; `None` when no more fit.
    fn entry(&mut self, name: &str) -> Option<&mut Variable> {
        match self.entries.iter().position(|v| v.name == name) {
            Some(i) => Some(&mut self.entries[i]),
            None if self.entries.len() < MAX_VARIABLES => {
                self.entries.push(Variable {
                    name: name.to_string(),
                    value: None,
                    known: false,
                    bound: false,
                });
                self.entries.last_mut()
            }
            None => {
                self.overflowed = true;
                None
            }
        }
    }

    /// Where two paths meet (a branch taken or not, a loop body run or not): a variable is
    /// known only when both paths left it known with the same value; the last value given
    /// on either stays for the environment checks (`other`'s first).
    pub(crate) fn join(&mut self, other: &Variables) {
        for v in &mut self.entries {
            match other.state(&v.name) {
                Some(o) => {
                    v.known &= o.known && o.value == v.value;
                    v.bound &= o.bound;
                    if o.value.is_some() {
                        v.value.clone_from(&o.value);
                    }
                }
                None => {
                    v.known = false;
                    v.bound = false;
                }
            }
        }
        for o in &other.entries {
            if self.state(&o.name).is_none()
                && let Some(v) = self.entry(&o.name)
            {
                v.value.clone_from(&o.value);
            }
        }
        self.overflowed |= other.overflowed;
        // Exported only where exported on both paths: a variable that may not be is unset
        // in another process, the worse reading.
        self.exported.retain(|n| other.exported.contains(n));
        self.all_export &= other.all_export;
    }

    /// The state of `name` now, to put back when a function that makes it its own ends.
    pub(crate) fn saved(&self, name: &str) -> SavedVariable {
        SavedVariable {
            name: name.to_string(),
            state: self.state(name).cloned(),
        }
    }

    /// Gives `cmd` the variables set before it that it does not set itself, and names the
    /// ones whose value is not known there ([`SimpleCommand::unknown_variables`]); only
    /// those in `names` when given.
    pub(crate) fn apply(&self, cmd: &mut SimpleCommand, names: Option<&[&str]>) {
        if self.entries.is_empty() && !self.overflowed {
            return;
        }
        for v in &self.entries {
            if names.is_some_and(|n| !n.contains(&v.name.as_str())) {
                continue;
            }
            let own = cmd.env[..cmd.own_env.min(cmd.env.len())]
                .iter()
                .any(|(n, _)| *n == v.name);
            let given = own
                || cmd
                    .env
                    .get(cmd.own_env..)
                    .unwrap_or_default()
                    .iter()
                    .any(|(n, _)| *n == v.name);
            // `HOME=/x rm $HOME` expands the HOME set before, which its own hides from
            // the environment: not known to the words either.
            if !v.known || own {
                add_name(&mut cmd.unknown_variables, &v.name);
            }
            if let Some(value) = v.value.as_ref().filter(|_| !given) {
                cmd.env.push((v.name.clone(), value.clone()));
            }
        }
        if self.overflowed {
            for name in SYSTEM_DIRECTORIES {
                if self.state(name).is_none() {
                    add_name(&mut cmd.unknown_variables, name);
                }
            }
        }
    }
}

fn add_name(names: &mut Vec<String>, name: &str) {
    if !names.iter().any(|n| n == name) {
        names.push(name.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known(vars: &Variables, name: &str) -> Option<String> {
        vars.state(name)
            .filter(|v| v.known)
            .and_then(|v| v.value.clone())
    }

    #[test]
    fn a_join_keeps_only_what_both_paths_know_alike() {
        let mut before = Variables::default();
        before.set("a", "1");
        before.set("b", "1");
        let mut after = before.clone();
        after.set("b", "2");
        after.set("c", "3");
        let mut joined = before.clone();
        joined.join(&after);
        assert_eq!(known(&joined, "a").as_deref(), Some("1"));
        assert_eq!(known(&joined, "b"), None);
        assert_eq!(known(&joined, "c"), None);
        // The environment checks see the last value given on either path.
        let mut cmd = SimpleCommand::default();
        joined.apply(&mut cmd, None);
        assert!(cmd.env.contains(&("c".to_string(), "3".to_string())));
        assert_eq!(cmd.unknown_variables, ["b", "c"]);
    }

    #[test]
    fn past_the_limit_nothing_unremembered_is_known() {
        let mut vars = Variables::default();
        for i in 0..=MAX_VARIABLES {
            vars.set(&format!("v{i}"), "x");
        }
        vars.forget("HOME");
        let mut cmd = SimpleCommand::default();
        vars.apply(&mut cmd, Some(SYSTEM_DIRECTORIES));
        assert!(cmd.unknown_variables.iter().any(|n| n == "HOME"));
    }
}
