//! Variables a command string sets for the commands after it: `export HTTPS_PROXY=…; curl …`,
//! `declare -x`, and plain assignments (`HTTPS_PROXY=…; curl …` changes the variable if it is
//! already exported, so it is counted as exported). Later commands see them as if given as
//! `NAME=value cmd`, so proxy and `GIT_*` variables are checked wherever they were set.
//! Scopes (subshells, functions) are ignored: a variable counts from where it is first set,
//! which can only add checks.

use crate::SimpleCommand;
use crate::knowledge::specs::DECLARE;
use crate::options::{args_of, read_permuted};

/// Most variables remembered; later ones are ignored (the checks they feed fail closed on
/// run-time values anyway).
const MAX_EXPORTED: usize = 256;

/// Records the assignments `cmd` makes for later commands (`export`, `declare -x`,
/// `typeset -x`, `readonly`, `local`).
pub(crate) fn record(exported: &mut Vec<(String, String)>, cmd: &SimpleCommand) {
    let program = cmd.program_lower();
    if !matches!(
        &*program,
        "export" | "declare" | "typeset" | "readonly" | "local"
    ) {
        return;
    }
    for (name, value) in assignments(cmd) {
        if is_name(name) {
            remember(exported, name, value);
        }
    }
}

/// The `NAME=value` operands of a declaration builtin (`export`, `declare -x`, `typeset`,
/// `readonly`, `local`), read with their spec: their options take no value.
pub(crate) fn assignments(cmd: &SimpleCommand) -> Vec<(&str, &str)> {
    let (_, operands) = read_permuted(&args_of(cmd, 0), 0, &DECLARE);
    operands
        .into_iter()
        .filter_map(|i| cmd.args.get(i)?.split_once('='))
        .collect()
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

/// [`apply`] for the variables in `names` only.
pub(crate) fn apply_named(exported: &[(String, String)], cmd: &mut SimpleCommand, names: &[&str]) {
    if exported.is_empty() {
        return;
    }
    for (name, value) in exported {
        if names.contains(&name.as_str()) && !cmd.env.iter().any(|(n, _)| n == name) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_no_assignments() {
        let cmd = SimpleCommand {
            program: "declare".into(),
            args: ["-x", "A=1", "-r", "--", "-B=2", "C"]
                .iter()
                .map(|a| a.to_string())
                .collect(),
            ..SimpleCommand::default()
        };
        assert_eq!(assignments(&cmd), [("A", "1"), ("-B", "2")]);
        let mut exported = Vec::new();
        record(&mut exported, &cmd);
        assert_eq!(exported, [("A".to_string(), "1".to_string())]);
    }
}
