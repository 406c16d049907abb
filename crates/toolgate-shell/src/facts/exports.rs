//! Variables a command string sets for the commands after it: `export HTTPS_PROXY=…; curl …`,
//! `declare -x`, and plain assignments (`HTTPS_PROXY=…; curl …` changes the variable if it is
//! already exported, so it is counted as exported). Later commands see them as if given as
//! `NAME=value cmd`, so proxy and `GIT_*` variables are checked wherever they were set.
//! Scopes (subshells, functions) are ignored: a variable counts from where it is first set,
//! which can only add checks.

use crate::SimpleCommand;

/// Most variables remembered; later ones are ignored (the checks they feed fail closed on
/// run-time values anyway).
const MAX_EXPORTED: usize = 256;

/// Records the assignments `cmd` makes for later commands (`export`, `declare -x`,
/// `typeset -x`, `readonly`, `local`).
pub(crate) fn record(exported: &mut Vec<(String, String)>, cmd: &SimpleCommand) {
    let program = cmd.program_lower();
    if !matches!(
        program.as_str(),
        "export" | "declare" | "typeset" | "readonly" | "local"
    ) {
        return;
    }
    for a in cmd.args.iter().filter(|a| !a.starts_with('-')) {
        if let Some((name, value)) = a.split_once('=')
            && is_name(name)
        {
            remember(exported, name, value);
        }
    }
}

/// Records plain assignments (`NAME=value` with no command).
pub(crate) fn record_assignments(exported: &mut Vec<(String, String)>, env: &[(String, String)]) {
    for (name, value) in env {
        remember(exported, name, value);
    }
}

/// Gives `cmd` the variables set earlier, unless it sets them itself.
pub(crate) fn apply(exported: &[(String, String)], cmd: &mut SimpleCommand) {
    for (name, value) in exported {
        if !cmd.env.iter().any(|(n, _)| n == name) {
            cmd.env.push((name.clone(), value.clone()));
        }
    }
}

fn remember(exported: &mut Vec<(String, String)>, name: &str, value: &str) {
    if let Some(entry) = exported.iter_mut().find(|(n, _)| n == name) {
        entry.1 = value.to_string();
    } else if exported.len() < MAX_EXPORTED {
        exported.push((name.to_string(), value.to_string()));
    }
}

fn is_name(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with(|c: char| c.is_ascii_digit())
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}
