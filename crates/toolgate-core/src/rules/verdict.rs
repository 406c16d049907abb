//! From matched rules to a verdict, as claude-agent-acgs's `ToolCallGovernor._decide` does.

use serde::Serialize;

use super::model::Rule;
use crate::{Verdict, WorkflowAction};

/// The rules check's answer for one text or tool call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RuleEvaluation {
    /// `Deny`, `Review`, or `NoDecision` (nothing blocks; warnings may be listed).
    pub verdict: Verdict,
    /// Ids of the blocking and review rules that matched, in match order.
    pub rule_ids: Vec<String>,
    /// Ids of the `warn` rules that matched.
    pub warning_ids: Vec<String>,
    /// Names rule ids and texts, never input values.
    pub reason: String,
    /// Set when the call could not be evaluated (it is then denied). Never input values.
    pub error: Option<String>,
}

impl RuleEvaluation {
    /// A deny because the call could not be evaluated.
    pub fn failed(error: impl Into<String>) -> RuleEvaluation {
        RuleEvaluation {
            verdict: Verdict::Deny,
            rule_ids: Vec::new(),
            warning_ids: Vec::new(),
            reason: "The rules could not evaluate this tool call, so it was denied.".into(),
            error: Some(error.into()),
        }
    }
}

/// Appends `rule ID (TEXT)` for each of `rules`, separated by `; `.
fn describe<'r>(out: &mut String, rules: impl Iterator<Item = &'r Rule>) {
    for (i, r) in rules.enumerate() {
        if i > 0 {
            out.push_str("; ");
        }
        out.push_str("rule ");
        out.push_str(&r.id);
        out.push_str(" (");
        out.push_str(&r.text);
        out.push(')');
    }
}

/// Decides from the matched rules (in match order, each once).
pub fn decide(matched: &[&Rule]) -> RuleEvaluation {
    // The rules are filtered in place, in match order, rather than copied into lists.
    let warns = |r: &&&Rule| r.workflow_action == WorkflowAction::Warn;
    let violations = || matched.iter().copied().filter(|r| !warns(&r));
    let warning_ids: Vec<String> = matched.iter().filter(warns).map(|r| r.id.clone()).collect();
    if violations().next().is_none() {
        return RuleEvaluation {
            verdict: Verdict::NoDecision,
            rule_ids: Vec::new(),
            warning_ids,
            reason: "No blocking rule matched.".into(),
            error: None,
        };
    }
    // acgs-lite raises for a HALT primary action, even when not strict: only that rule is named.
    if let Some(halt) = violations().find(|r| r.workflow_action == WorkflowAction::HaltAndAlert) {
        return RuleEvaluation {
            verdict: Verdict::Deny,
            rule_ids: vec![halt.id.clone()],
            warning_ids: Vec::new(),
            reason: format!("Rule {} ({}) halted the call.", halt.id, halt.text),
            error: None,
        };
    }
    let rule_ids: Vec<String> = violations().map(|r| r.id.clone()).collect();
    let review = || violations().filter(|r| r.workflow_action.is_review());
    let blocking = || violations().filter(|r| !r.workflow_action.is_review());
    // One allocation: the words around the rules are under 64 bytes.
    let described: usize = violations().map(|r| r.id.len() + r.text.len() + 10).sum();
    let mut reason = String::with_capacity(64 + described);
    if blocking().next().is_none() {
        reason.push_str("Human review required by ");
        describe(&mut reason, review());
        reason.push('.');
        return RuleEvaluation {
            verdict: Verdict::Review,
            rule_ids,
            warning_ids,
            reason,
            error: None,
        };
    }
    reason.push_str("Blocked by ");
    describe(&mut reason, blocking());
    reason.push('.');
    if review().next().is_some() {
        reason.push_str(" Review rules that also matched: ");
        describe(&mut reason, review());
        reason.push('.');
    }
    RuleEvaluation {
        verdict: Verdict::Deny,
        rule_ids,
        warning_ids,
        reason,
        error: None,
    }
}
