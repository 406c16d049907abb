//! What the shell tests share: the built-in pack's verdict on a command.

use std::path::Path;

use toolgate_shell::{CommandContext, CommandRuleSet, IndeterminateKind, analyze};

/// The ids of the built-in rules that match `cmd`, with working directory `cwd` and home
/// `/home/me`.
pub fn rules_in(cmd: &str, cwd: Option<&str>) -> Vec<String> {
    let cx = CommandContext::new(cwd.map(Path::new), Some(Path::new("/home/me")));
    CommandRuleSet::builtin()
        .evaluate(&analyze(cmd), &cx)
        .into_iter()
        .map(|m| m.rule_id)
        .collect()
}

/// [`rules_in`] with `$TMPDIR` set to `tmpdir` in the command's environment (`rules_in`
/// leaves it unset: the test runner's own never counts).
#[allow(dead_code)] // not every test file asks
pub fn rules_with_tmpdir(cmd: &str, cwd: Option<&str>, tmpdir: &str) -> Vec<String> {
    let cx = CommandContext::new(cwd.map(Path::new), Some(Path::new("/home/me")))
        .with_tmpdir(Some(Path::new(tmpdir)));
    CommandRuleSet::builtin()
        .evaluate(&analyze(cmd), &cx)
        .into_iter()
        .map(|m| m.rule_id)
        .collect()
}

/// Why `cmd` is indeterminate, if it is.
#[allow(dead_code)] // not every test file asks
pub fn kind(cmd: &str) -> Option<IndeterminateKind> {
    analyze(cmd).indeterminate.map(|i| i.kind)
}

/// The working directory of the precision tests: a project inside the home `/home/me`.
pub const PROJECT: Option<&str> = Some("/home/me/proj");

/// Denied in the project: a built-in rule matched or the analysis is indeterminate.
pub fn denied_in_project(cmd: &str) -> bool {
    !rules_in(cmd, PROJECT).is_empty() || kind(cmd).is_some()
}

/// Every `pass` command passes in the project (no rule, not indeterminate; the message names
/// what objected), and every `deny` command is denied.
#[track_caller]
pub fn check_in_project(pass: &[&str], deny: &[&str]) {
    for cmd in pass {
        assert!(
            !denied_in_project(cmd),
            "{cmd}: {:?} {:?}",
            rules_in(cmd, PROJECT),
            kind(cmd)
        );
    }
    for cmd in deny {
        assert!(denied_in_project(cmd), "{cmd} must be denied");
    }
}
