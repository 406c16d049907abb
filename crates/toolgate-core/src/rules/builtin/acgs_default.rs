//! acgs-lite 3.0.1's `Constitution.default()`, exactly (reference: acgs.md §4).

use super::RuleSpec;
use crate::rules::model::Constitution;
use crate::{Severity::*, WorkflowAction::*};

pub(super) const RULES: &[RuleSpec] = &[
    RuleSpec {
        id: "ACGS-001",
        text: "Agents must not modify their own validation logic",
        severity: Critical,
        action: Block,
        keywords: &["self-validate", "bypass validation", "skip check"],
        patterns: &[],
        category: "integrity",
        subcategory: "self-modification",
        depends_on: &[],
        tags: &["compliance", "eu-ai-act"],
    },
    RuleSpec {
        id: "ACGS-002",
        text: "All actions must produce an audit trail entry",
        severity: High,
        action: RequireHumanReview,
        keywords: &["no-audit", "skip audit", "disable logging"],
        patterns: &[],
        category: "audit",
        subcategory: "trail-completeness",
        depends_on: &[],
        tags: &["compliance", "sox", "eu-ai-act"],
    },
    RuleSpec {
        id: "ACGS-003",
        text: "Agents must not access data outside their authorized scope",
        severity: Critical,
        action: Block,
        keywords: &["unauthorized", "escalate privilege", "admin override"],
        patterns: &[],
        category: "access",
        subcategory: "scope-violation",
        depends_on: &["ACGS-002"],
        tags: &["compliance", "gdpr", "eu-ai-act"],
    },
    RuleSpec {
        id: "ACGS-004",
        text: "Proposers cannot validate their own proposals (MACI)",
        severity: Critical,
        action: Block,
        keywords: &["self-approve", "auto-approve"],
        patterns: &[],
        category: "maci",
        subcategory: "separation-of-powers",
        depends_on: &["ACGS-001"],
        tags: &["compliance", "eu-ai-act"],
    },
    RuleSpec {
        id: "ACGS-005",
        text: "All governance changes require constitutional hash verification",
        severity: High,
        action: RequireHumanReview,
        keywords: &["skip hash", "ignore constitution"],
        patterns: &[],
        category: "integrity",
        subcategory: "hash-verification",
        depends_on: &["ACGS-001"],
        tags: &["compliance", "eu-ai-act"],
    },
    RuleSpec {
        id: "ACGS-006",
        text: "Agents must not expose sensitive data in responses",
        severity: Critical,
        action: BlockAndNotify,
        keywords: &["password", "secret key", "api_key", "private key"],
        patterns: &[
            r"(?i)(sk-[a-zA-Z0-9]{20,})",
            r"(?i)(ghp_[a-zA-Z0-9]{36})",
            r"\b\d{3}-\d{2}-\d{4}\b",
        ],
        category: "data-protection",
        subcategory: "credential-exposure",
        depends_on: &[],
        tags: &["gdpr", "pci-dss", "hipaa"],
    },
];

pub(super) fn constitution() -> Constitution {
    Constitution {
        name: "acgs-default".into(),
        version: "1.0.0".into(),
        description: "acgs-lite's default constitution".into(),
        rules: RULES.iter().map(RuleSpec::build).collect(),
        ..Constitution::default()
    }
}
