//! The credentials of the home directory: losing them (the `host` pack's
//! `TG-HOST-CREDENTIAL-LOSS`, for the files a file tool writes and for the deletes and writes
//! of a shell command, `toolgate_shell::loses_credentials`) and showing them to the model
//! (the `exfiltration` pack's `TG-EXFIL-CREDENTIAL-READ`, for the files a file tool reads and
//! what a shell command prints, `toolgate_shell::credentials_shown`).

use toolgate_core::path_class::secrets::{is_home_credential, kept_from_model};
use toolgate_policy::Policy;

use crate::CallContext;
use crate::decision::{CheckKind, CheckOutcome, pack_rule_outcome};

/// The pack rule of a credential lost.
const LOSS_RULE: &str = toolgate_shell::CREDENTIAL_LOSS;

/// The pack rule of a credential shown.
const READ_RULE: &str = toolgate_shell::CREDENTIAL_READ;

/// The outcome when one of `paths` (the files a Write, Edit or notebook edit changes) is a
/// credential file of the home directory and the rule is on; the reason names no path.
pub(crate) fn credential_loss(
    policy: &Policy,
    paths: &[&str],
    cx: &CallContext,
) -> Option<CheckOutcome> {
    file_tool_outcome(policy, LOSS_RULE, paths, cx, is_home_credential)
}

/// `rule`'s outcome for a file tool when one of `paths` is what `holds` says (the paths are
/// resolved against the call's working directory and home); nothing when the rule is off.
fn file_tool_outcome(
    policy: &Policy,
    rule: &str,
    paths: &[&str],
    cx: &CallContext,
    holds: impl Fn(&str, Option<&std::path::Path>, Option<&std::path::Path>) -> bool,
) -> Option<CheckOutcome> {
    if paths.is_empty() {
        return None;
    }
    let (cwd, home) = (cx.working_dir(), cx.home.as_deref());
    if !paths.iter().any(|p| holds(p, cwd, home)) {
        return None;
    }
    let verdict = policy.commands.packs.verdict(rule)?;
    Some(pack_rule_outcome(CheckKind::Files, rule, verdict))
}

/// The outcome of the rule for a call that loses a credential file (`check`: the file tool's
/// or the command's), when the policy has the rule on.
pub(crate) fn outcome(policy: &Policy, check: CheckKind) -> Option<CheckOutcome> {
    let verdict = policy.commands.packs.verdict(LOSS_RULE)?;
    Some(pack_rule_outcome(check, LOSS_RULE, verdict))
}

/// The outcome when one of `paths` (the files a Read, a content search or a reading MCP tool
/// shows) is a credential kept from the model and the rule is on; the reason names no path.
pub(crate) fn credential_read(
    policy: &Policy,
    paths: &[&str],
    cx: &CallContext,
) -> Option<CheckOutcome> {
    file_tool_outcome(policy, READ_RULE, paths, cx, |p, cwd, home| {
        kept_from_model(p, cwd, home).is_some()
    })
}

/// The outcome when a content search (Grep with `output_mode: content`) filters the files
/// of its path by a glob aimed at a credential (`**/credentials` under the home): the path
/// alone is a directory, the glob names the files shown.
pub(crate) fn credential_search(
    policy: &Policy,
    tool_name: &str,
    input: &serde_json::Value,
    cx: &CallContext,
) -> Option<CheckOutcome> {
    let text = |k: &str| input.get(k).and_then(serde_json::Value::as_str);
    if tool_name != "Grep" || text("output_mode") != Some("content") {
        return None;
    }
    let dir = text("path").unwrap_or(".");
    let (cwd, home) = (cx.working_dir(), cx.home.as_deref());
    // Without a glob every file below the path is searched.
    let shown = match text("glob") {
        Some(glob) => toolgate_shell::credential_searched(dir, glob, cwd, home),
        None => toolgate_shell::credential_in_tree(dir, cwd, home).is_some(),
    };
    if !shown {
        return None;
    }
    let verdict = policy.commands.packs.verdict(READ_RULE)?;
    Some(pack_rule_outcome(CheckKind::Files, READ_RULE, verdict))
}

/// The outcome of the rule for a shell command that prints a credential, when the policy has
/// the rule on.
pub(crate) fn shown_outcome(policy: &Policy) -> Option<CheckOutcome> {
    let verdict = policy.commands.packs.verdict(READ_RULE)?;
    Some(pack_rule_outcome(CheckKind::Commands, READ_RULE, verdict))
}
