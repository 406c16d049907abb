//! The answer a check gives, and how answers combine.

use serde::Serialize;

/// What a check (or all of them together) says about a tool call.
///
/// Ordered by restrictiveness: `NoDecision < Allow < Review < Deny`, so the most restrictive
/// answer of several checks is their maximum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Nothing objects, and nothing positively allows.
    NoDecision,
    /// Positively allowed.
    Allow,
    /// A person must review the call (deny by default, `ask` with `hook.on_review: ask`).
    Review,
    /// Must not run.
    Deny,
}

impl Verdict {
    /// The most restrictive of the two.
    pub fn combine(self, other: Verdict) -> Verdict {
        self.max(other)
    }

    /// The lower-case name (`no_decision`, `allow`, `review`, `deny`).
    pub fn as_str(&self) -> &'static str {
        match self {
            Verdict::NoDecision => "no_decision",
            Verdict::Allow => "allow",
            Verdict::Review => "review",
            Verdict::Deny => "deny",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Verdict::*;

    #[test]
    fn most_restrictive_wins() {
        assert_eq!(NoDecision.combine(Allow), Allow);
        assert_eq!(Allow.combine(Review), Review);
        assert_eq!(Deny.combine(Review), Deny);
        assert_eq!(Review.combine(Deny), Deny);
        assert_eq!(NoDecision.combine(NoDecision), NoDecision);
    }
}
