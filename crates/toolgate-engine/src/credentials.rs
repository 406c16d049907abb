//! File tools writing over a credential file of the home directory: the `host` pack's
//! `TG-HOST-CREDENTIAL-LOSS`, which the shell analysis applies to deletes and redirects.

use toolgate_core::path_class::secrets::is_home_credential;
use toolgate_policy::Policy;

use crate::{CallContext, CheckKind, CheckOutcome, command_rule_lead};

/// The pack rule.
const RULE: &str = "TG-HOST-CREDENTIAL-LOSS";

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
    if !paths.iter().any(|p| is_home_credential(p, cwd, home)) {
        return None;
    }
    let text = toolgate_core::packs::rule(RULE).map_or("", |(_, r)| r.text);
    Some(CheckOutcome {
        check: CheckKind::Files,
        verdict,
        reason: format!("{} {RULE} (pack host: {text}).", command_rule_lead(verdict)),
        rule_ids: vec![RULE.to_string()],
    })
}
