//! The hook's line in the decision log (see the `toolgate-audit` crate): built from the
//! hook's outcome, appended, and what a log that cannot be written does to the answer.

use std::time::Instant;

use toolgate_audit::{DecisionLog, Record, surface};
use toolgate_policy::{HookAnswer, Policy};

use super::hook::HookOutcome;

/// The agent the hook answers. `toolgate hook --agent X` (host dialects) sets its own.
pub const DEFAULT_AGENT: &str = "claude";

/// The answer after logging, and a warning for stderr.
pub struct Logged {
    /// The answer to give.
    pub answer: HookAnswer,
    /// Why the log could not be written, under `log.on_failure: warn` (or when the answer was
    /// a deny anyway).
    pub warning: Option<String>,
}

/// Appends the hook's decision to the policy's log, when it is on. A line that cannot be
/// written never turns a deny into anything else; under `log.on_failure: deny` (the default)
/// it turns every other answer into a deny, under `warn` it only adds a warning.
///
/// `agent` names the host (`claude`); the record's `host_answer` is what the hook prints, so a
/// host dialect that changes the answer (an ask sent as a deny) must set it from its own
/// answer.
pub fn log_hook_outcome(
    outcome: &HookOutcome,
    policy: &Policy,
    agent: &str,
    started: Instant,
) -> Logged {
    let unchanged = || Logged {
        answer: outcome.answer.clone(),
        warning: None,
    };
    let Some(log) = DecisionLog::for_policy(policy) else {
        return unchanged();
    };
    let tool = outcome.tool_name.as_deref();
    let record = match &outcome.decision {
        Some(decision) => Record::tool_call(surface::HOOK, tool, decision, policy),
        None => Record::refused(
            surface::HOOK,
            tool,
            outcome.answer.reason().unwrap_or_default(),
            Some(policy),
        ),
    };
    let mut record = record
        .with_ids(
            outcome.session_id.as_deref(),
            outcome.tool_use_id.as_deref(),
        )
        .with_hook_answer(&outcome.answer);
    record.agent = Some(agent.to_string());
    record.latency_us = started.elapsed().as_micros() as u64;
    let call = tool.zip(outcome.tool_input.as_ref());
    let appended = log.append_call(record, call, policy.rules.rules.rules());
    let settled = log.settle(&appended, outcome.answer.clone(), tool);
    Logged {
        answer: settled.answer,
        warning: settled.warning,
    }
}
