//! What the shell tests share: the built-in pack's verdict on a command.

use std::path::Path;

use toolgate_shell::{CommandContext, CommandRuleSet, IndeterminateKind, analyze};

/// The ids of the built-in rules that match `cmd`, with working directory `cwd` and home
/// `/home/me`.
pub fn rules_in(cmd: &str, cwd: Option<&str>) -> Vec<String> {
    let cx = CommandContext {
        cwd: cwd.map(Path::new),
        home: Some(Path::new("/home/me")),
    };
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
