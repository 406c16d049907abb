//! toolgate's default constitution.
//!
//! - The governance phrases of acgs-lite's ACGS-001 … ACGS-005 keep their ids and texts, minus
//!   the keywords with known false positives: `no-audit` (`npm install --no-audit`),
//!   `unauthorized` (an HTTP `401 Unauthorized` body) and `auto-approve`
//!   (`terraform apply -auto-approve`).
//! - ACGS-006's keywords (`password`, `api_key`, …) fire on field names and everyday code, and
//!   its patterns miss current key formats; it is replaced by the `TG-SECRET-*` rules, which
//!   look at values.
//! - Destructive shell commands are the `commands` check's job (shell-aware), not keywords.

use super::{RuleSpec, acgs_default, secrets};
use crate::rules::model::{Constitution, MatchFilter, Rule};
use crate::{Severity, WorkflowAction};

/// A `TG-SECRET-*` rule whose patterns are `formats` (its formats in
/// [`secrets::SECRET_FORMATS`]), compiled lazily; placeholders do not count.
fn secret_rule(secret: &secrets::SecretRule, formats: &[secrets::SecretFormat]) -> Rule {
    debug_assert!(formats.iter().all(|f| f.rule == secret.id));
    let mut r = Rule::new(secret.id, secret.text, Severity::Critical);
    r.workflow_action = WorkflowAction::Block;
    r.patterns = formats.iter().map(|f| f.pattern.to_string()).collect();
    r.category = "secrets".into();
    r.subcategory = secret.subcategory.into();
    r.tags = vec!["secrets".into()];
    r.builtin = true;
    r.match_filter = MatchFilter::NotPlaceholder;
    r
}

/// ACGS-001 … ACGS-005 with the false-positive keywords removed.
fn governance() -> Vec<RuleSpec> {
    const DROPPED: &[&str] = &["no-audit", "unauthorized", "auto-approve"];
    acgs_default::RULES
        .iter()
        .filter(|r| r.id != "ACGS-006")
        .map(|r| RuleSpec {
            keywords: match r.id {
                "ACGS-002" => &["skip audit", "disable logging"],
                "ACGS-003" => &["escalate privilege", "admin override"],
                "ACGS-004" => &["self-approve"],
                _ => r.keywords,
            },
            ..*r
        })
        .inspect(|r| debug_assert!(r.keywords.iter().all(|k| !DROPPED.contains(k))))
        .collect()
}

pub(super) fn constitution() -> Constitution {
    let mut rules: Vec<_> = governance().iter().map(RuleSpec::build).collect();
    // The formats are grouped by rule in rule order (a test in `secrets` checks it).
    let groups = secrets::SECRET_FORMATS.chunk_by(|a, b| a.rule == b.rule);
    for (secret, formats) in secrets::SECRET_RULES.iter().zip(groups) {
        rules.push(secret_rule(secret, formats));
    }
    Constitution {
        name: "toolgate".into(),
        version: "1.0.0".into(),
        description: "toolgate's default: secrets by value and governance phrases".into(),
        rules,
        ..Constitution::default()
    }
}
