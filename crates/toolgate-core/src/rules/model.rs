//! acgs-lite's `Rule` and `Constitution`, every field with its default and validation.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::{Severity, WorkflowAction};

/// The most keywords one rule may have (acgs-lite rejects more).
pub const MAX_KEYWORDS: usize = 50;

/// One constitution rule, with every acgs-lite field.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rule {
    /// 1–50 characters, unique in a constitution.
    pub id: String,
    /// 1–1000 characters; named in reasons.
    pub text: String,
    /// Chooses the default `workflow_action` only.
    pub severity: Severity,
    /// Case-insensitive literal substrings.
    pub keywords: Vec<String>,
    /// Rust `regex` patterns, compiled case-insensitively.
    pub patterns: Vec<String>,
    /// No effect on matching (`general`).
    pub category: String,
    /// No effect on matching.
    pub subcategory: String,
    /// Ids that must exist in the same rule set; no runtime effect.
    pub depends_on: Vec<String>,
    /// A disabled rule never matches.
    pub enabled: bool,
    /// What a match does.
    pub workflow_action: WorkflowAction,
    /// No effect on matching.
    pub hardcoded: bool,
    /// No effect on matching.
    pub tags: Vec<String>,
    /// No effect on matching (acgs-lite never reads it either).
    pub priority: i64,
    /// Context conditions. The hook and the engine pass no context, so a rule applies only if
    /// every key passes on a missing value: `missing: match`, or `op` `not_equals` / `not_in`.
    pub condition: Map<String, Value>,
    /// A deprecated rule is not enforced.
    pub deprecated: bool,
    /// No effect on matching.
    pub replaced_by: String,
    /// The rule is active from this instant (UTC) on.
    pub valid_from: Option<RuleTime>,
    /// The rule is active until this instant (UTC); a bare date means its midnight.
    pub valid_until: Option<RuleTime>,
    /// No effect.
    pub embedding: Vec<f64>,
    /// No effect.
    pub provenance: Vec<String>,
    /// No effect.
    pub metadata: Map<String, Value>,
    /// Set on built-in rules: their patterns are known to compile, so they are compiled
    /// lazily. A user rule's patterns are compiled (and so checked) when the set is built.
    #[serde(skip)]
    pub builtin: bool,
    /// An extra check on each pattern match (built-in secret rules skip placeholders).
    #[serde(skip)]
    pub match_filter: MatchFilter,
}

/// An extra check a pattern match must pass to count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MatchFilter {
    /// Every match counts.
    #[default]
    Any,
    /// Documentation placeholders do not count: `EXAMPLE`, or a run of six or more `x`/`X`/`*`.
    NotPlaceholder,
}

impl MatchFilter {
    /// Whether the matched text passes.
    pub fn accepts(&self, matched: &str) -> bool {
        match self {
            MatchFilter::Any => true,
            MatchFilter::NotPlaceholder => {
                if matched.contains("EXAMPLE") {
                    return false;
                }
                let mut run = 0;
                for b in matched.bytes() {
                    if matches!(b, b'x' | b'X' | b'*') {
                        run += 1;
                        if run >= 6 {
                            return false;
                        }
                    } else {
                        run = 0;
                    }
                }
                true
            }
        }
    }
}

impl Rule {
    /// A rule with acgs-lite's defaults: no keywords or patterns, category `general`, enabled,
    /// and the severity's default workflow action.
    pub fn new(id: impl Into<String>, text: impl Into<String>, severity: Severity) -> Rule {
        Rule {
            id: id.into(),
            text: text.into(),
            severity,
            keywords: Vec::new(),
            patterns: Vec::new(),
            category: "general".into(),
            subcategory: String::new(),
            depends_on: Vec::new(),
            enabled: true,
            workflow_action: severity.default_action(),
            hardcoded: false,
            tags: Vec::new(),
            priority: 0,
            condition: Map::new(),
            deprecated: false,
            replaced_by: String::new(),
            valid_from: None,
            valid_until: None,
            embedding: Vec::new(),
            provenance: Vec::new(),
            metadata: Map::new(),
            builtin: false,
            match_filter: MatchFilter::Any,
        }
    }

    /// Whether the rule applies when no context is given (the hook's case): every condition
    /// key must pass on a missing value.
    pub fn condition_applies_without_context(&self) -> bool {
        self.condition.values().all(|spec| match spec {
            Value::Object(m) => {
                if m.get("missing").and_then(Value::as_str) == Some("match") {
                    return true;
                }
                matches!(
                    m.get("op").and_then(Value::as_str),
                    Some("not_equals" | "not_in")
                )
            }
            _ => false,
        })
    }

    /// Whether the rule is active at `now` (seconds since the Unix epoch, UTC).
    pub fn valid_at(&self, now: i64) -> bool {
        self.valid_from
            .as_ref()
            .is_none_or(|f| f.epoch_seconds <= now)
            && self
                .valid_until
                .as_ref()
                .is_none_or(|u| now <= u.epoch_seconds)
    }
}

/// The condition operators acgs-lite knows.
pub const CONDITION_OPS: &[&str] = &["equals", "not_equals", "contains", "in", "not_in"];

/// An ISO-8601 date or date-time from `valid_from` / `valid_until`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleTime {
    /// As written.
    pub text: String,
    /// The instant, in seconds since the Unix epoch (UTC; naive times are taken as UTC).
    pub epoch_seconds: i64,
}

impl Serialize for RuleTime {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text)
    }
}

impl RuleTime {
    /// Parses `YYYY-MM-DD` or `YYYY-MM-DD[T ]HH:MM[:SS[.frac]][Z|±HH:MM]`.
    pub fn parse(text: &str) -> Option<RuleTime> {
        let t = text.trim();
        let b = t.as_bytes();
        let num = |s: &[u8]| -> Option<i64> {
            if s.is_empty() || !s.iter().all(u8::is_ascii_digit) {
                return None;
            }
            std::str::from_utf8(s).ok()?.parse().ok()
        };
        if b.len() < 10 || b[4] != b'-' || b[7] != b'-' {
            return None;
        }
        let (y, m, d) = (num(&b[0..4])?, num(&b[5..7])?, num(&b[8..10])?);
        if !(1..=12).contains(&m) || d < 1 || d > days_in_month(y, m) {
            return None;
        }
        let mut secs = days_from_civil(y, m, d) * 86_400;
        let rest = &b[10..];
        if !rest.is_empty() {
            if rest[0] != b'T' && rest[0] != b' ' || rest.len() < 6 || rest[3] != b':' {
                return None;
            }
            let (hh, mm) = (num(&rest[1..3])?, num(&rest[4..6])?);
            if hh > 23 || mm > 59 {
                return None;
            }
            secs += hh * 3600 + mm * 60;
            let mut i = 6;
            if rest.len() > i && rest[i] == b':' {
                let ss = num(rest.get(i + 1..i + 3)?)?;
                if ss > 59 {
                    return None;
                }
                secs += ss;
                i += 3;
                if rest.len() > i && (rest[i] == b'.' || rest[i] == b',') {
                    let start = i + 1;
                    i = start;
                    while i < rest.len() && rest[i].is_ascii_digit() {
                        i += 1;
                    }
                    if i == start {
                        return None;
                    }
                }
            }
            let tz = &rest[i..];
            match tz {
                [] | [b'Z'] => {}
                [sign @ (b'+' | b'-'), h1, h2, b':', m1, m2] => {
                    let off = num(&[*h1, *h2])? * 3600 + num(&[*m1, *m2])? * 60;
                    secs += if *sign == b'+' { -off } else { off };
                }
                _ => return None,
            }
        }
        Some(RuleTime {
            text: text.to_string(),
            epoch_seconds: secs,
        })
    }
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 (Howard Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// A named, versioned list of rules (acgs-lite's `Constitution`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Constitution {
    /// `default` unless given.
    pub name: String,
    /// `1.0.0` unless given.
    pub version: String,
    /// Free text.
    pub description: String,
    /// The rules, in order.
    pub rules: Vec<Rule>,
    /// Free data.
    pub metadata: Map<String, Value>,
    /// `standard` unless given; lower-cased.
    pub permission_ceiling: String,
    /// Free text.
    pub version_name: String,
}

impl Default for Constitution {
    fn default() -> Self {
        Constitution {
            name: "default".into(),
            version: "1.0.0".into(),
            description: String::new(),
            rules: Vec::new(),
            metadata: Map::new(),
            permission_ceiling: "standard".into(),
            version_name: String::new(),
        }
    }
}

/// What is wrong with one rule (or with the set).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RuleProblem {
    /// Index of the rule in the list given.
    pub rule_index: usize,
    /// The field: `id`, `text`, `keywords`, `patterns`, `depends_on`, `condition`.
    pub field: &'static str,
    /// The item of a list field, if the problem is about one.
    pub item: Option<usize>,
    /// What is wrong (never the text being checked, only the rule's own data).
    pub message: String,
    /// What to write instead.
    pub hint: String,
}

/// Why a rule set could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
#[error("invalid rules: {}", .problems.iter().map(|p| p.message.as_str()).collect::<Vec<_>>().join("; "))]
pub struct RuleError {
    /// Every problem found.
    pub problems: Vec<RuleProblem>,
}

/// Checks a rule list as acgs-lite's `Rule` and `Constitution` validators do (patterns are
/// checked separately, when they are compiled).
pub fn validate_rules(rules: &[Rule]) -> Vec<RuleProblem> {
    let mut out = Vec::new();
    let mut problem = |i: usize, field, item, message: String, hint: &str| {
        out.push(RuleProblem {
            rule_index: i,
            field,
            item,
            message,
            hint: hint.into(),
        })
    };
    for (i, r) in rules.iter().enumerate() {
        let n = r.id.chars().count();
        if n == 0 || n > 50 {
            problem(
                i,
                "id",
                None,
                format!("rule id must be 1-50 characters, found {n}"),
                "write a short id such as NO-PROD-DB",
            );
        }
        let n = r.text.chars().count();
        if n == 0 || n > 1000 {
            problem(
                i,
                "text",
                None,
                format!("rule `{}`: text must be 1-1000 characters, found {n}", r.id),
                "describe the rule in one sentence",
            );
        }
        if r.keywords.len() > MAX_KEYWORDS {
            problem(
                i,
                "keywords",
                None,
                format!(
                    "rule `{}` has {} keywords; at most {MAX_KEYWORDS} are allowed",
                    r.id,
                    r.keywords.len()
                ),
                "split the rule into several rules",
            );
        }
        for (k, kw) in r.keywords.iter().enumerate() {
            if kw.trim().is_empty() {
                problem(
                    i,
                    "keywords",
                    Some(k),
                    format!(
                        "rule `{}`: an empty keyword would match every tool call",
                        r.id
                    ),
                    "remove the empty keyword",
                );
            }
        }
        for (k, spec) in r.condition.iter() {
            if let Value::Object(m) = spec
                && let Some(op) = m.get("op")
                && !op.as_str().is_some_and(|o| CONDITION_OPS.contains(&o))
            {
                problem(
                    i,
                    "condition",
                    None,
                    format!("rule `{}`: condition `{k}` has an unknown op", r.id),
                    "use one of: equals, not_equals, contains, in, not_in",
                );
            }
        }
        if rules[..i].iter().any(|o| o.id == r.id) {
            problem(
                i,
                "id",
                None,
                format!("duplicate rule id `{}`", r.id),
                "give every rule its own id",
            );
        }
        for (k, dep) in r.depends_on.iter().enumerate() {
            if !rules.iter().any(|o| &o.id == dep) {
                problem(
                    i,
                    "depends_on",
                    Some(k),
                    format!(
                        "rule `{}` depends on `{dep}`, which is not a rule here",
                        r.id
                    ),
                    "name an existing rule id or remove the entry",
                );
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_parse_and_reject() {
        assert_eq!(RuleTime::parse("1970-01-02").unwrap().epoch_seconds, 86_400);
        assert_eq!(
            RuleTime::parse("2000-03-01T00:00:00Z")
                .unwrap()
                .epoch_seconds,
            951_868_800
        );
        assert_eq!(
            RuleTime::parse("2000-03-01T01:00:00+01:00")
                .unwrap()
                .epoch_seconds,
            951_868_800
        );
        assert!(RuleTime::parse("2025-02-30").is_none());
        assert!(RuleTime::parse("tomorrow").is_none());
        assert!(RuleTime::parse("2025-01-01T25:00").is_none());
    }

    #[test]
    fn placeholders_are_filtered() {
        let f = MatchFilter::NotPlaceholder;
        assert!(!f.accepts("AKIAIOSFODNN7EXAMPLE"));
        assert!(!f.accepts("ghp_xxxxxxxxxxxxxxxxxxxx"));
        assert!(f.accepts("ghp_1a2B3c4D5e6F7g8H9i0JkLmNoPqRsTuVwXyZ"));
    }
}
