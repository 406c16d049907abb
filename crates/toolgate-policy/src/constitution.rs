//! acgs-lite's constitution schema (reference: acgs.md §3), read from positioned nodes: an
//! external constitution file, and the rule objects of a policy's inline `rules:`.
//!
//! In a constitution file unknown keys are warnings (acgs-lite ignores them); in a policy's
//! inline `rules:` they are errors, like every other unknown key of a toolgate policy.

use std::path::{Path, PathBuf};

use toolgate_core::rules::{Constitution, Rule, RuleTime};
use toolgate_core::{Severity, WorkflowAction};

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::document::{Format, Node, Position, Value, parse_document_all};
use crate::reader::{MapReader, closest, expect_string, expect_string_list};

/// Every key of an acgs-lite rule object.
pub const RULE_KEYS: &[&str] = &[
    "id",
    "text",
    "severity",
    "keywords",
    "patterns",
    "category",
    "subcategory",
    "depends_on",
    "enabled",
    "workflow_action",
    "hardcoded",
    "tags",
    "priority",
    "condition",
    "deprecated",
    "replaced_by",
    "valid_from",
    "valid_until",
    "embedding",
    "provenance",
    "metadata",
];

/// Every top-level key of an acgs-lite constitution.
pub const CONSTITUTION_KEYS: &[&str] = &[
    "name",
    "version",
    "description",
    "metadata",
    "permission_ceiling",
    "version_name",
    "rules",
    "rule_history",
    "changelog",
];

/// Where a rule's parts are written, for diagnostics found when the set is compiled.
#[derive(Debug, Clone, Default)]
pub struct RulePositions {
    /// The rule object.
    pub rule: Position,
    /// `id`.
    pub id: Position,
    /// `text`.
    pub text: Position,
    /// `keywords` and each item.
    pub keywords: (Position, Vec<Position>),
    /// `patterns` and each item.
    pub patterns: (Position, Vec<Position>),
    /// `depends_on` and each item.
    pub depends_on: (Position, Vec<Position>),
    /// `condition`.
    pub condition: Position,
    /// The file, for rules of an external constitution.
    pub file: Option<PathBuf>,
}

impl RulePositions {
    /// The position of `field` (item `item`).
    pub fn of(&self, field: &str, item: Option<usize>) -> Position {
        let list = |(p, items): &(Position, Vec<Position>)| {
            item.and_then(|i| items.get(i).copied()).unwrap_or(*p)
        };
        let p = match field {
            "id" => self.id,
            "text" => self.text,
            "keywords" => list(&self.keywords),
            "patterns" => list(&self.patterns),
            "depends_on" => list(&self.depends_on),
            "condition" => self.condition,
            _ => self.rule,
        };
        if p.is_known() { p } else { self.rule }
    }
}

/// Reads a constitution file. Diagnostics carry `.in_file(path)`; `None` on a fatal error.
pub fn load_constitution_file(
    path: &Path,
    diags: &mut Diagnostics,
) -> Option<(Constitution, Vec<RulePositions>)> {
    let mut local = Diagnostics::new();
    let result = load_inner(path, &mut local);
    for d in local.items() {
        diags.push(d.clone().in_file(path));
    }
    result.map(|(c, mut pos)| {
        for p in &mut pos {
            p.file = Some(path.to_path_buf());
        }
        (c, pos)
    })
}

fn load_inner(path: &Path, diags: &mut Diagnostics) -> Option<(Constitution, Vec<RulePositions>)> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            diags.error_hint(
                "unreadable-constitution",
                Position::UNKNOWN,
                format!("cannot read the constitution file: {}", crate::io_reason(&e)),
                "give a path relative to the policy file, or a built-in name: toolgate, acgs-default, none",
            );
            return None;
        }
    };
    let format = Format::from_path(path);
    let (doc, duplicates) = match parse_document_all(&text, format) {
        Ok(parsed) => parsed,
        Err(e) => {
            diags.push(crate::syntax::syntax_diagnostic(&e, format, &text));
            return None;
        }
    };
    for d in &duplicates {
        diags.push(crate::syntax::duplicate_diagnostic(d));
    }
    let read = read_constitution(&doc, diags);
    if duplicates.is_empty() { read } else { None }
}

/// Reads an acgs-lite constitution document (lenient about unknown keys, like acgs-lite).
pub fn read_constitution(
    doc: &Node,
    diags: &mut Diagnostics,
) -> Option<(Constitution, Vec<RulePositions>)> {
    let mut top = MapReader::new(doc, "", diags)?;
    let mut c = Constitution::default();
    for (key, field) in [
        ("name", &mut c.name),
        ("version", &mut c.version),
        ("description", &mut c.description),
        ("version_name", &mut c.version_name),
    ] {
        if let Some(node) = top.take(key) {
            match scalar_text(node) {
                Some(s) => *field = s,
                None => wrong_type(diags, node, key, "a string"),
            }
        }
    }
    if let Some(node) = top.take("permission_ceiling") {
        match scalar_text(node) {
            Some(s) => c.permission_ceiling = s.to_lowercase(),
            None => wrong_type(diags, node, "permission_ceiling", "a string"),
        }
    }
    if let Some(node) = top.take("metadata") {
        c.metadata = json_map(node, "metadata", diags);
    }
    top.take("rule_history");
    top.take("changelog");
    let mut positions = Vec::new();
    if let Some(node) = top.take("rules") {
        match node.as_sequence() {
            Some(items) => {
                for (i, item) in items.iter().enumerate() {
                    if let Some((r, p)) = read_rule(item, &format!("rules[{i}]"), false, diags) {
                        c.rules.push(r);
                        positions.push(p);
                    }
                }
            }
            None if matches!(node.value, Value::Null) => {}
            None => diags.error_hint(
                "wrong-type",
                node.position,
                "constitution `rules` must be a list of rule objects",
                "write `rules:` followed by `- id: ...` items",
            ),
        }
    }
    lenient_finish(doc, CONSTITUTION_KEYS, "", diags);
    Some((c, positions))
}

fn lenient_finish(node: &Node, known: &[&str], path: &str, diags: &mut Diagnostics) {
    for (key, _) in node.as_mapping().unwrap_or(&[]) {
        if known.contains(&key.name.as_str()) {
            continue;
        }
        let hint = match closest(&key.name, known) {
            Some(s) => format!("did you mean `{s}`? acgs-lite ignores unknown keys"),
            None => "acgs-lite ignores unknown keys; remove it".to_string(),
        };
        let place = if path.is_empty() {
            "at the top level".to_string()
        } else {
            format!("in `{path}`")
        };
        diags.push(
            Diagnostic::warning(
                "unknown-key",
                key.position,
                format!("unknown key `{}` {place} is ignored", key.name),
            )
            .with_hint(hint),
        );
    }
}

fn wrong_type(diags: &mut Diagnostics, node: &Node, path: &str, want: &str) {
    diags.error_hint(
        "wrong-type",
        node.position,
        format!("`{path}` must be {want}, found {}", node.type_name()),
        format!("write {want} here"),
    );
}

/// A string, or a number written where acgs-lite applies `str()`.
fn scalar_text(node: &Node) -> Option<String> {
    match &node.value {
        Value::String(s) => Some(s.clone()),
        Value::Integer(i) => Some(i.to_string()),
        Value::Float(f) => Some(f.to_string()),
        _ => None,
    }
}

fn json_map(
    node: &Node,
    path: &str,
    diags: &mut Diagnostics,
) -> serde_json::Map<String, serde_json::Value> {
    match node.to_json() {
        serde_json::Value::Object(m) => m,
        serde_json::Value::Null => serde_json::Map::new(),
        _ => {
            wrong_type(diags, node, path, "a mapping");
            serde_json::Map::new()
        }
    }
}

/// Reads one acgs-lite rule object at `path`. `strict`: unknown keys are errors (a policy's
/// inline `rules:`), else warnings (a constitution file).
pub fn read_rule(
    node: &Node,
    path: &str,
    strict: bool,
    diags: &mut Diagnostics,
) -> Option<(Rule, RulePositions)> {
    let mut m = MapReader::new(node, path, diags)?;
    let errors_before = diags.errors().count();
    let mut pos = RulePositions {
        rule: node.position,
        ..RulePositions::default()
    };
    let id = match m.take("id") {
        Some(n) => {
            pos.id = n.position;
            expect_string(n, &m.child_path("id"), diags).map(str::to_string)
        }
        None => {
            diags.error_hint(
                "missing-key",
                node.position,
                format!("`{path}` has no `id`"),
                "add `id: MY-RULE`",
            );
            None
        }
    };
    let text = match m.take("text") {
        Some(n) => {
            pos.text = n.position;
            expect_string(n, &m.child_path("text"), diags).map(str::to_string)
        }
        None => {
            diags.error_hint(
                "missing-key",
                node.position,
                format!("`{path}` has no `text`"),
                "add `text: what the rule forbids`",
            );
            None
        }
    };
    let mut severity = Severity::High;
    if let Some(n) = m.take("severity") {
        match n.as_str().and_then(Severity::parse) {
            Some(s) => severity = s,
            None => diags.error_hint(
                "invalid-value",
                n.position,
                format!("`{}` is not a valid severity", m.child_path("severity")),
                "write one of: critical, high, medium, low",
            ),
        }
    }
    let complete = id.is_some() && text.is_some();
    let mut rule = Rule::new(id.unwrap_or_default(), text.unwrap_or_default(), severity);
    let list = |m: &mut MapReader,
                key: &str,
                diags: &mut Diagnostics|
     -> (Vec<String>, (Position, Vec<Position>)) {
        match m.take(key) {
            Some(n) if matches!(n.value, Value::Null) => (Vec::new(), (n.position, Vec::new())),
            Some(n) => match expect_string_list(n, &m.child_path(key), diags) {
                Some(items) => (
                    items.iter().map(|(s, _)| s.to_string()).collect(),
                    (n.position, items.iter().map(|(_, p)| *p).collect()),
                ),
                None => (Vec::new(), (n.position, Vec::new())),
            },
            None => (Vec::new(), Default::default()),
        }
    };
    (rule.keywords, pos.keywords) = list(&mut m, "keywords", diags);
    (rule.patterns, pos.patterns) = list(&mut m, "patterns", diags);
    (rule.depends_on, pos.depends_on) = list(&mut m, "depends_on", diags);
    rule.tags = list(&mut m, "tags", diags).0;
    rule.provenance = list(&mut m, "provenance", diags).0;
    for (key, field) in [
        ("category", &mut rule.category),
        ("subcategory", &mut rule.subcategory),
        ("replaced_by", &mut rule.replaced_by),
    ] {
        if let Some((s, _)) = m.string(key, diags) {
            *field = s.to_string();
        }
    }
    if let Some((b, _)) = m.bool("enabled", diags) {
        rule.enabled = b;
    }
    if let Some((b, _)) = m.bool("hardcoded", diags) {
        rule.hardcoded = b;
    }
    if let Some(n) = m.take("deprecated") {
        match &n.value {
            Value::Bool(b) => rule.deprecated = *b,
            Value::Null => {}
            Value::String(s) => diags.error_hint(
                "wrong-type",
                n.position,
                format!("`{}` must be a boolean, found the string {s:?}", m.child_path("deprecated")),
                "write true or false without quotes (acgs-lite reads any non-empty string, even 'false', as true)",
            ),
            _ => wrong_type(diags, n, &m.child_path("deprecated"), "a boolean"),
        }
    }
    if let Some(n) = m.take("workflow_action") {
        match &n.value {
            Value::Null => rule.workflow_action = WorkflowAction::Block,
            Value::String(s) if s.is_empty() => rule.workflow_action = WorkflowAction::Block,
            Value::String(s) => match WorkflowAction::parse(s) {
                Some(a) => rule.workflow_action = a,
                None => diags.error_hint(
                    "invalid-value",
                    n.position,
                    format!("`{}` is not a valid workflow action", m.child_path("workflow_action")),
                    "write one of: warn, block, block_and_notify, require_human_review, escalate_to_senior, halt_and_alert",
                ),
            },
            _ => wrong_type(diags, n, &m.child_path("workflow_action"), "a string"),
        }
    }
    if let Some(n) = m.take("priority") {
        match &n.value {
            Value::Integer(i) => rule.priority = *i,
            Value::String(s) if s.trim().parse::<i64>().is_ok() => {
                rule.priority = s.trim().parse().unwrap_or(0)
            }
            _ => wrong_type(diags, n, &m.child_path("priority"), "an integer"),
        }
    }
    if let Some(n) = m.take("condition") {
        pos.condition = n.position;
        rule.condition = json_map(n, &m.child_path("condition"), diags);
    }
    if let Some(n) = m.take("metadata") {
        rule.metadata = json_map(n, &m.child_path("metadata"), diags);
    }
    if let Some(n) = m.take("embedding") {
        match n.to_json() {
            serde_json::Value::Array(items) if items.iter().all(|v| v.is_number()) => {
                rule.embedding = items.iter().filter_map(|v| v.as_f64()).collect();
            }
            serde_json::Value::Null => {}
            _ => wrong_type(diags, n, &m.child_path("embedding"), "a list of numbers"),
        }
    }
    for (key, slot) in [
        ("valid_from", &mut rule.valid_from),
        ("valid_until", &mut rule.valid_until),
    ] {
        if let Some(n) = m.take(key) {
            match scalar_text(n) {
                Some(s) if s.is_empty() => {}
                Some(s) => match RuleTime::parse(&s) {
                    Some(t) => *slot = Some(t),
                    None => diags.error_hint(
                        "invalid-value",
                        n.position,
                        format!(
                            "`{}` is not an ISO-8601 date or date-time",
                            m.child_path(key)
                        ),
                        "write a date such as \"2026-12-31\" or \"2026-12-31T18:00:00Z\"",
                    ),
                },
                None if matches!(n.value, Value::Null) => {}
                None => wrong_type(diags, n, &m.child_path(key), "a date string"),
            }
        }
    }
    if strict {
        m.finish(RULE_KEYS, diags);
    } else {
        lenient_finish(node, RULE_KEYS, path, diags);
    }
    let usable = diags.errors().count() == errors_before && complete;
    if !usable {
        // The rule is left out of the rule set, whose compilation checks its patterns; check
        // them here so that a bad regex is reported in the same run as the rule's other errors.
        report_pattern_problems(&rule, &pos, diags);
    }
    usable.then_some((rule, pos))
}

/// Compiles `rule`'s patterns alone and reports each that does not compile.
fn report_pattern_problems(rule: &Rule, pos: &RulePositions, diags: &mut Diagnostics) {
    if rule.patterns.is_empty() {
        return;
    }
    let mut alone = Rule::new("PATTERN-CHECK", "pattern check", rule.severity);
    alone.patterns = rule.patterns.clone();
    if let Err(e) = toolgate_core::rules::RuleSet::new(vec![alone]) {
        let problems = e.problems.into_iter().filter(|p| p.field == "patterns");
        push_rule_problems(problems, std::slice::from_ref(pos), diags);
    }
}

/// Reports rule-set compilation problems at the positions of the rules they are about.
pub fn push_rule_problems(
    problems: impl IntoIterator<Item = toolgate_core::rules::RuleProblem>,
    positions: &[RulePositions],
    diags: &mut Diagnostics,
) {
    for problem in problems {
        let pos = positions.get(problem.rule_index);
        let at = pos.map_or(Position::UNKNOWN, |p| p.of(problem.field, problem.item));
        let mut d = Diagnostic::error(rule_code(problem.field), at, problem.message)
            .with_hint(problem.hint);
        if let Some(f) = pos.and_then(|p| p.file.clone()) {
            d = d.in_file(f);
        }
        diags.push(d);
    }
}

fn rule_code(field: &str) -> &'static str {
    match field {
        "patterns" => "invalid-pattern",
        "id" => "invalid-rule-id",
        "depends_on" => "unknown-dependency",
        "keywords" => "invalid-keywords",
        _ => "invalid-rule",
    }
}
