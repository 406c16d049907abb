//! Losing a credential file of the home directory: the `host` pack's
//! `TG-HOST-CREDENTIAL-LOSS`, for the files a file tool writes and for the deletes and writes
//! of a shell command (`toolgate_shell::loses_credentials`).

use toolgate_core::path_class::secrets::is_home_credential;
use toolgate_policy::Policy;

use crate::CallContext;
use crate::decision::{CheckKind, CheckOutcome, pack_rule_outcome};

/// The pack rule.
const RULE: &str = toolgate_shell::CREDENTIAL_LOSS;

/// The outcome when one of `paths` (the files a Write, Edit or notebook edit changes) is a
/// credential file of the home directory and the rule is on; the reason names no path.
pub(crate) fn credential_loss(
    policy: &Policy,
    paths: &[&str],
    cx: &CallContext,
) -> Option<CheckOutcome> {
    if paths.is_empty() {
        return None;
    }
    let verdict = policy.commands.packs.verdict(RULE)?;
    let (cwd, home) = (cx.working_dir(), cx.home.as_deref());
    paths
        .iter()
        .any(|p| is_home_credential(p, cwd, home))
        .then(|| pack_rule_outcome(CheckKind::Files, RULE, verdict))
}

/// The outcome of the rule for a call that loses a credential file (`check`: the file tool's
/// or the command's), when the policy has the rule on.
pub(crate) fn outcome(policy: &Policy, check: CheckKind) -> Option<CheckOutcome> {
    let verdict = policy.commands.packs.verdict(RULE)?;
    Some(pack_rule_outcome(check, RULE, verdict))
}
