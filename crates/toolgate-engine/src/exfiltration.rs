//! Secrets flowing to the network from shell commands (`TG-EXFIL-SECRET-UPLOAD`): each flow
//! the shell analysis finds ([`toolgate_shell::secret_flows`]) is refused unless the policy's
//! `exfiltration.allow` opens its source to every destination of its sink. An allowed host
//! can still receive what it should not, so the network policy alone never opens a flow; a
//! destination only known at run time is never opened.

use toolgate_core::egress::canonicalize_host;
use toolgate_core::path_class::SecretSource;
use toolgate_policy::Policy;
use toolgate_shell::{Destination, SecretFlow};

use crate::decision::{CheckKind, CheckOutcome, command_rule_lead};

/// The rule id of a secret flowing to a network sink.
pub const SECRET_UPLOAD_RULE_ID: &str = "TG-EXFIL-SECRET-UPLOAD";

/// The outcome of the secret flows of one analysed command: `None` when the pack is off,
/// the rule disabled, or every flow allowed; one outcome naming the kinds of secret
/// otherwise (never a path or a host).
pub(crate) fn outcome(
    policy: &Policy,
    analysis: &toolgate_shell::CommandAnalysis,
    cx: &toolgate_shell::CommandContext,
) -> Option<CheckOutcome> {
    // The flows first: a command nearly never has one, and then the rule's setting need not
    // be looked up.
    let flows = toolgate_shell::secret_flows(analysis, cx);
    if flows.is_empty() {
        return None;
    }
    let verdict = policy.commands.packs.verdict(SECRET_UPLOAD_RULE_ID)?;
    let refused = refused_sources(policy, &flows);
    if refused.is_empty() {
        return None;
    }
    let text = toolgate_core::packs::rule(SECRET_UPLOAD_RULE_ID).map_or("", |(_, r)| r.text);
    let lead = command_rule_lead(verdict);
    Some(CheckOutcome {
        check: CheckKind::Commands,
        verdict,
        reason: reason(lead, text, &refused),
        rule_ids: vec![SECRET_UPLOAD_RULE_ID.to_string()],
    })
}

/// The sources of the flows the policy does not allow, each once, in order.
fn refused_sources(policy: &Policy, flows: &[SecretFlow]) -> Vec<SecretSource> {
    let mut out: Vec<SecretSource> = Vec::new();
    for flow in flows {
        if !allowed(policy, flow) && !out.contains(&flow.source) {
            out.push(flow.source);
        }
    }
    out
}

/// Whether every destination of `flow` is a host the policy opens its source to.
fn allowed(policy: &Policy, flow: &SecretFlow) -> bool {
    let grants = &policy.exfiltration;
    !flow.destinations.is_empty()
        && flow.destinations.iter().all(|d| match d {
            Destination::Url { url, .. } => {
                let checked = policy.network.egress.check_url(url, None);
                checked
                    .host
                    .as_deref()
                    .and_then(|h| canonicalize_host(h).ok())
                    .is_some_and(|h| grants.allows(flow.source, &h, checked.port))
            }
            Destination::Host { host, port, .. } => {
                canonicalize_host(host).is_ok_and(|h| grants.allows(flow.source, &h, *port))
            }
            Destination::Unknown { .. } => false,
        })
}

/// The reason for refused flows of `sources` (their kinds only, never paths or hosts).
fn reason(lead: &str, text: &str, sources: &[SecretSource]) -> String {
    let kinds: Vec<&str> = sources.iter().map(|s| s.info().describe).collect();
    format!(
        "{lead} {SECRET_UPLOAD_RULE_ID} (pack exfiltration: {text}): {} would reach a network sink; `exfiltration.allow` opens a source to named hosts (sources: {}).",
        kinds.join(", "),
        sources
            .iter()
            .map(|s| format!("`{}`", s.name()))
            .collect::<Vec<_>>()
            .join(", ")
    )
}
