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

fn describe(rules: &[&Rule]) -> String {
    let mut out = String::with_capacity(rules.iter().map(|r| r.id.len() + r.text.len() + 10).sum());
    for (i, r) in rules.iter().enumerate() {
        if i > 0 {
            out.push_str("; ");
        }
        out.push_str("rule ");
        out.push_str(&r.id);
        out.push_str(" (");
        out.push_str(&r.text);
        out.push(')');
    }
    out
}

/// Decides from the matched rules (in match order, each once).
pub fn decide(matched: &[&Rule]) -> RuleEvaluation {
    let (warnings, violations): (Vec<&Rule>, Vec<&Rule>) = matched
        .iter()
        .partition(|r| r.workflow_action == WorkflowAction::Warn);
    let warning_ids: Vec<String> = warnings.iter().map(|r| r.id.clone()).collect();
    if violations.is_empty() {
        return RuleEvaluation {
            verdict: Verdict::NoDecision,
            rule_ids: Vec::new(),
            warning_ids,
            reason: "No blocking rule matched.".into(),
            error: None,
        };
    }
    // acgs-lite raises for a HALT primary action, even when not strict: only that rule is named.
    if let Some(halt) = violations
        .iter()
        .find(|r| r.workflow_action == WorkflowAction::HaltAndAlert)
    {
        return RuleEvaluation {
            verdict: Verdict::Deny,
            rule_ids: vec![halt.id.clone()],
            warning_ids: Vec::new(),
            reason: format!("Rule {} ({}) halted the call.", halt.id, halt.text),
            error: None,
        };
    }
    let rule_ids: Vec<String> = violations.iter().map(|r| r.id.clone()).collect();
    let (review, blocking): (Vec<&Rule>, Vec<&Rule>) = violations
        .iter()
        .partition(|r| r.workflow_action.is_review());
    if blocking.is_empty() {
        return RuleEvaluation {
            verdict: Verdict::Review,
            rule_ids,
            warning_ids,
            reason: format!("Human review required by {}.", describe(&review)),
            error: None,
        };
    }
    let mut reason = format!("Blocked by {}.", describe(&blocking));
    if !review.is_empty() {
        reason.push_str(&format!(
            " Review rules that also matched: {}.",
            describe(&review)
        ));
    }
    RuleEvaluation {
        verdict: Verdict::Deny,
        rule_ids,
        warning_ids,
        reason,
        error: None,
    }
}
