//! Severity and workflow action, shared by constitution rules and command rules
//! (acgs-lite's `Severity` and `ViolationAction`).

use serde::Serialize;

use crate::verdict::Verdict;

/// acgs-lite's rule severity. It only chooses the default workflow action: whether a match
/// blocks is decided by [`WorkflowAction`] alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// Informational.
    Low,
    /// Warns but allows.
    Medium,
    /// Blocks, can be overridden with justification.
    High,
    /// Blocks, no override.
    Critical,
}

impl Severity {
    /// All values, in acgs order of the documentation.
    pub const ALL: [Severity; 4] = [
        Severity::Critical,
        Severity::High,
        Severity::Medium,
        Severity::Low,
    ];

    /// Parses acgs-lite's spelling (stripped and lower-cased first, as acgs-lite does).
    pub fn parse(s: &str) -> Option<Severity> {
        match s.trim().to_lowercase().as_str() {
            "critical" => Some(Severity::Critical),
            "high" => Some(Severity::High),
            "medium" => Some(Severity::Medium),
            "low" => Some(Severity::Low),
            _ => None,
        }
    }

    /// The lower-case name.
    pub fn as_str(&self) -> &'static str {
        match self {
            Severity::Critical => "critical",
            Severity::High => "high",
            Severity::Medium => "medium",
            Severity::Low => "low",
        }
    }

    /// acgs-lite's `blocks()`: true for critical and high.
    pub fn blocks(&self) -> bool {
        matches!(self, Severity::Critical | Severity::High)
    }

    /// The workflow action used when a rule does not name one: `block` for critical/high,
    /// `warn` for medium/low.
    pub fn default_action(&self) -> WorkflowAction {
        if self.blocks() {
            WorkflowAction::Block
        } else {
            WorkflowAction::Warn
        }
    }
}

/// acgs-lite's `ViolationAction`, in its priority order (lowest first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WorkflowAction {
    /// Warning only.
    Warn,
    /// Deny.
    Block,
    /// Deny (and notify, which the hook has no channel for).
    BlockAndNotify,
    /// Review: deny, or ask with `on_review: ask`.
    RequireHumanReview,
    /// Review, as `require_human_review`.
    EscalateToSenior,
    /// Deny.
    HaltAndAlert,
}

impl WorkflowAction {
    /// Every value, in priority order.
    pub const ALL: [WorkflowAction; 6] = [
        WorkflowAction::Warn,
        WorkflowAction::Block,
        WorkflowAction::BlockAndNotify,
        WorkflowAction::RequireHumanReview,
        WorkflowAction::EscalateToSenior,
        WorkflowAction::HaltAndAlert,
    ];

    /// Parses the acgs-lite value (exact, lower case).
    pub fn parse(s: &str) -> Option<WorkflowAction> {
        WorkflowAction::ALL.into_iter().find(|a| a.as_str() == s)
    }

    /// The acgs-lite spelling.
    pub fn as_str(&self) -> &'static str {
        match self {
            WorkflowAction::Warn => "warn",
            WorkflowAction::Block => "block",
            WorkflowAction::BlockAndNotify => "block_and_notify",
            WorkflowAction::RequireHumanReview => "require_human_review",
            WorkflowAction::EscalateToSenior => "escalate_to_senior",
            WorkflowAction::HaltAndAlert => "halt_and_alert",
        }
    }

    /// Everything but `warn` is blocking in acgs-lite's sense (`valid = false`).
    pub fn is_blocking(&self) -> bool {
        !matches!(self, WorkflowAction::Warn)
    }

    /// Review actions: `require_human_review` and `escalate_to_senior`.
    pub fn is_review(&self) -> bool {
        matches!(
            self,
            WorkflowAction::RequireHumanReview | WorkflowAction::EscalateToSenior
        )
    }

    /// The verdict a match of this action gives: warn → no decision (a warning), review
    /// actions → review, the rest → deny.
    pub fn verdict(&self) -> Verdict {
        match self {
            WorkflowAction::Warn => Verdict::NoDecision,
            a if a.is_review() => Verdict::Review,
            _ => Verdict::Deny,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn severity_parses_like_acgs() {
        assert_eq!(Severity::parse("  CRITICAL "), Some(Severity::Critical));
        assert_eq!(Severity::parse("info"), None);
        assert_eq!(Severity::Medium.default_action(), WorkflowAction::Warn);
        assert_eq!(Severity::High.default_action(), WorkflowAction::Block);
    }

    #[test]
    fn actions_map_to_verdicts() {
        assert_eq!(WorkflowAction::Warn.verdict(), Verdict::NoDecision);
        assert_eq!(WorkflowAction::EscalateToSenior.verdict(), Verdict::Review);
        assert_eq!(WorkflowAction::HaltAndAlert.verdict(), Verdict::Deny);
        assert_eq!(
            WorkflowAction::parse("block_and_notify"),
            Some(WorkflowAction::BlockAndNotify)
        );
        assert_eq!(WorkflowAction::parse("Block"), None);
    }
}
