//! Fixture files: tool calls with the answer expected for each.
//!
//! YAML (`.yaml`, `.yml`): a list of cases, or a mapping with `cases:` and an optional
//! `policy:` (relative to the fixture file). JSONL (`.jsonl`): one case object per line; a
//! line `{"policy": "…"}` names the policy.
//!
//! ```yaml
//! policy: ../.toolgate.yaml
//! cases:
//!   - name: deleting the home directory is denied
//!     tool: Bash
//!     input: {command: "rm -rf ~"}
//!     expect: deny            # deny | ask | allow (deny and ask excluded) | none
//!     rules: [TG-CMD-RM-HOME] # optional: each must be among the rules that spoke
//!     agent: claude           # optional
//!     cwd: /srv/project       # optional: the session's working directory
//! ```
//!
//! Instead of `tool` and `input`, `event:` gives the whole hook event as the host sends it.

use std::path::{Path, PathBuf};

use serde_json::Value as Json;
use toolgate_policy::document::{Format, Node, Value, parse_document};

use super::super::policy_cases::{Call, is_agent};
use toolgate_engine::hosts::Agent;

/// What a case expects the host to receive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// `deny`.
    Deny,
    /// `ask`.
    Ask,
    /// Neither deny nor ask: `allow` or no decision.
    Allow,
    /// No decision at all (`{}`).
    None,
}

impl Expect {
    fn parse(s: &str) -> Option<Expect> {
        Some(match s {
            "deny" => Expect::Deny,
            "ask" => Expect::Ask,
            "allow" => Expect::Allow,
            "none" => Expect::None,
            _ => return None,
        })
    }

    /// As written in fixtures.
    pub fn as_str(&self) -> &'static str {
        match self {
            Expect::Deny => "deny",
            Expect::Ask => "ask",
            Expect::Allow => "allow",
            Expect::None => "none",
        }
    }

    /// Whether the host answer `got` meets the expectation.
    pub fn accepts(&self, got: &str) -> bool {
        match self {
            Expect::Allow => matches!(got, "allow" | "none"),
            other => other.as_str() == got,
        }
    }
}

/// One case.
#[derive(Debug, Clone)]
pub struct Case {
    /// Its name (or `file:line`).
    pub name: String,
    /// `file:line` of the case.
    pub location: String,
    /// The call.
    pub call: Call,
    /// The expected answer.
    pub expect: Expect,
    /// Rule ids that must be among those that spoke.
    pub rules: Vec<String>,
}

/// One fixture file.
#[derive(Debug, Clone)]
pub struct FixtureFile {
    /// The policy it names, resolved.
    pub policy: Option<PathBuf>,
    /// Its cases.
    pub cases: Vec<Case>,
}

/// The keys of a case.
pub const CASE_KEYS: &[&str] = &[
    "name", "tool", "input", "event", "expect", "rules", "agent", "cwd",
];

/// Loads a fixture file. Errors are `file:line:column: message`.
pub fn load(path: &Path) -> Result<FixtureFile, Vec<String>> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        vec![format!(
            "{}: cannot read the fixture file: {}",
            path.display(),
            toolgate_policy::io_reason(&e)
        )]
    })?;
    let mut errors = Vec::new();
    let mut file = FixtureFile {
        policy: None,
        cases: Vec::new(),
    };
    let jsonl = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("jsonl"));
    if jsonl {
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                continue;
            }
            match parse_document(line, Format::Json) {
                Ok(node) => {
                    let node = shift(node, i as u32);
                    // A line holding only `policy` names the file's policy.
                    if let Some([(k, v)]) = node.as_mapping()
                        && k.name == "policy"
                    {
                        match v.as_str() {
                            Some(p) => {
                                file.policy = Some(path.parent().unwrap_or(Path::new("")).join(p));
                            }
                            None => errors.push(at(
                                path,
                                v,
                                "`policy` must be a path (relative to this file)",
                            )),
                        }
                        continue;
                    }
                    if let Some(c) = read_case(&node, path, &mut errors) {
                        file.cases.push(c);
                    }
                }
                Err(e) => errors.push(format!("{}:{}: {}", path.display(), i + 1, e.message)),
            }
        }
    } else {
        let doc = parse_document(&text, Format::Yaml).map_err(|e| {
            vec![format!(
                "{}:{}:{}: YAML syntax error: {}",
                path.display(),
                e.position.line,
                e.position.column,
                e.message
            )]
        })?;
        let list = match &doc.value {
            Value::Sequence(_) => Some(&doc),
            Value::Mapping(entries) => {
                for (k, v) in entries {
                    match k.name.as_str() {
                        "cases" => {}
                        "policy" => match v.as_str() {
                            Some(p) => {
                                let base = path.parent().unwrap_or(Path::new(""));
                                file.policy = Some(base.join(p));
                            }
                            None => errors.push(at(path, v, "`policy` must be a path (relative to this file)")),
                        },
                        other => errors.push(format!(
                            "{}:{}:{}: unknown key `{other}` (a fixture file has `policy` and `cases`)",
                            path.display(),
                            k.position.line,
                            k.position.column
                        )),
                    }
                }
                doc.get("cases")
            }
            _ => None,
        };
        match list.and_then(Node::as_sequence) {
            Some(items) => {
                for item in items {
                    if let Some(c) = read_case(item, path, &mut errors) {
                        file.cases.push(c);
                    }
                }
            }
            None => errors.push(at(
                path,
                &doc,
                "a fixture file is a list of cases, or a mapping with `cases:` (and `policy:`)",
            )),
        }
    }
    if errors.is_empty() {
        Ok(file)
    } else {
        Err(errors)
    }
}

fn shift(mut node: Node, lines: u32) -> Node {
    if node.position.is_known() {
        node.position.line += lines;
    }
    node.value = match node.value {
        Value::Sequence(items) => {
            Value::Sequence(items.into_iter().map(|n| shift(n, lines)).collect())
        }
        Value::Mapping(entries) => Value::Mapping(
            entries
                .into_iter()
                .map(|(mut k, v)| {
                    if k.position.is_known() {
                        k.position.line += lines;
                    }
                    (k, shift(v, lines))
                })
                .collect(),
        ),
        other => other,
    };
    node
}

fn at(path: &Path, node: &Node, message: &str) -> String {
    format!(
        "{}:{}:{}: {message}",
        path.display(),
        node.position.line,
        node.position.column
    )
}

fn read_case(node: &Node, path: &Path, errors: &mut Vec<String>) -> Option<Case> {
    let Some(entries) = node.as_mapping() else {
        errors.push(at(
            path,
            node,
            "a case must be a mapping (`tool`, `input`, `expect`, …)",
        ));
        return None;
    };
    let before = errors.len();
    for (k, _) in entries {
        if !CASE_KEYS.contains(&k.name.as_str()) {
            errors.push(format!(
                "{}:{}:{}: unknown key `{}` in a case (known: {})",
                path.display(),
                k.position.line,
                k.position.column,
                k.name,
                CASE_KEYS.join(", ")
            ));
        }
    }
    let string = |key: &str, errors: &mut Vec<String>| -> Option<String> {
        let n = node.get(key)?;
        match n.as_str() {
            Some(s) => Some(s.to_string()),
            None => {
                errors.push(at(path, n, &format!("`{key}` must be a string")));
                None
            }
        }
    };
    let location = format!("{}:{}", path.display(), node.position.line);
    let name = string("name", errors).unwrap_or_else(|| location.clone());
    let agent = string("agent", errors).unwrap_or_else(|| Agent::Claude.name().to_string());
    if !is_agent(&agent) {
        let n = node.get("agent").unwrap_or(node);
        errors.push(at(
            path,
            n,
            &format!("`agent` must be one of {}", Agent::names()),
        ));
    }
    let expect = match node.get("expect") {
        Some(n) => match n.as_str().and_then(Expect::parse) {
            Some(e) => Some(e),
            None => {
                errors.push(at(
                    path,
                    n,
                    "`expect` must be one of: deny, ask, allow, none",
                ));
                None
            }
        },
        None => {
            errors.push(at(
                path,
                node,
                "the case has no `expect` (deny, ask, allow or none)",
            ));
            None
        }
    };
    let rules = match node.get("rules") {
        Some(n) => match n.as_sequence() {
            Some(items) if items.iter().all(|i| i.as_str().is_some()) => items
                .iter()
                .filter_map(|i| i.as_str().map(str::to_string))
                .collect(),
            _ => {
                errors.push(at(path, n, "`rules` must be a list of rule ids"));
                Vec::new()
            }
        },
        None => Vec::new(),
    };
    let cwd = string("cwd", errors);
    let mut call = Call {
        agent,
        event: None,
        tool: String::new(),
        input: Json::Null,
        cwd,
    };
    match (node.get("event"), node.get("tool")) {
        (Some(e), None) if e.as_mapping().is_some() => {
            let event = e.to_json();
            call.tool = event
                .get("tool_name")
                .and_then(Json::as_str)
                .unwrap_or_default()
                .to_string();
            call.event = Some(event);
        }
        (Some(e), None) => errors.push(at(path, e, "`event` must be the hook event (a mapping)")),
        (Some(_), Some(t)) => errors.push(at(
            path,
            t,
            "give either `event` or `tool` and `input`, not both",
        )),
        (None, _) => {
            call.tool = string("tool", errors).unwrap_or_default();
            if call.tool.is_empty() {
                errors.push(at(path, node, "the case has no `tool` (or `event`)"));
            }
            match node.get("input") {
                Some(n) if n.as_mapping().is_some() => call.input = n.to_json(),
                Some(n) => errors.push(at(path, n, "`input` must be a mapping (the tool's input)")),
                None => errors.push(at(path, node, "the case has no `input`")),
            }
        }
    }
    if errors.len() > before {
        return None;
    }
    Some(Case {
        name,
        location,
        call,
        expect: expect?,
        rules,
    })
}
