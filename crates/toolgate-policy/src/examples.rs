//! Inline examples on a rule: tool calls the rule must catch and calls it must let through.
//!
//! ```yaml
//! commands:
//!   - id: NO-FORCE-PUSH
//!     text: Force pushes need a person
//!     program: git
//!     subcommand: push
//!     flags_any: [force]
//!     examples:
//!       deny: ["git push --force origin main", "git push -f"]
//!       allow:
//!         - git push origin main
//!         - {tool: Write, input: {file_path: notes.md, content: "git push --force"}}
//! ```
//!
//! A string is a `Bash` call with that command; a mapping names the `tool` and its `input`.
//! The policy crate only reads them; `toolgate validate` decides each through the hook's code
//! path: a `deny` example must be denied (or asked) with this rule among the deciding rules,
//! an `allow` example must not be denied or asked.

use serde_json::Value as Json;

use crate::diagnostic::Diagnostics;
use crate::document::{Key, Node, Position, Value};
use crate::reader::{MapReader, expect_string};

/// Which kind of rule carries the examples.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleKind {
    /// An acgs-lite rule of the inline `rules:` list.
    Constitution,
    /// A shell command rule of `commands:`.
    Command,
}

/// One example tool call.
#[derive(Debug, Clone, PartialEq)]
pub struct Example {
    /// The tool name.
    pub tool: String,
    /// The tool input.
    pub input: Json,
    /// Where the example is written.
    pub position: Position,
}

/// The examples of one rule.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleExamples {
    /// The rule's id.
    pub rule_id: String,
    /// The kind of rule.
    pub kind: RuleKind,
    /// Where `examples:` is written.
    pub position: Position,
    /// Calls the rule must deny (or send to review).
    pub deny: Vec<Example>,
    /// Calls the policy must let through.
    pub allow: Vec<Example>,
}

/// The keys of `examples:`.
pub const EXAMPLES_KEYS: &[&str] = &["deny", "allow"];
/// The keys of one example given as a mapping.
pub const EXAMPLE_KEYS: &[&str] = &["tool", "input"];

/// Takes every rule's `examples:` out of a policy document (from `rules:`, `commands:` and
/// `commands.rules:`), so that the section readers, which report unknown keys, never see them.
/// Returns the document without them and the examples read.
pub fn extract(doc: &Node, diags: &mut Diagnostics) -> (Node, Vec<RuleExamples>) {
    let mut found = Vec::new();
    let Value::Mapping(entries) = &doc.value else {
        return (doc.clone(), found);
    };
    let mut top: Vec<(Key, Node)> = Vec::with_capacity(entries.len());
    for (k, v) in entries {
        let v = match (k.name.as_str(), &v.value) {
            ("rules", Value::Sequence(_)) => {
                strip_list(v, "rules", RuleKind::Constitution, diags, &mut found)
            }
            ("commands", Value::Sequence(_)) => {
                strip_list(v, "commands", RuleKind::Command, diags, &mut found)
            }
            ("commands", Value::Mapping(inner)) => {
                let inner = inner
                    .iter()
                    .map(|(ik, iv)| {
                        let iv = if ik.name == "rules" && matches!(iv.value, Value::Sequence(_)) {
                            strip_list(iv, "commands.rules", RuleKind::Command, diags, &mut found)
                        } else {
                            iv.clone()
                        };
                        (ik.clone(), iv)
                    })
                    .collect();
                Node {
                    value: Value::Mapping(inner),
                    position: v.position,
                }
            }
            _ => v.clone(),
        };
        top.push((k.clone(), v));
    }
    (
        Node {
            value: Value::Mapping(top),
            position: doc.position,
        },
        found,
    )
}

fn strip_list(
    list: &Node,
    path: &str,
    kind: RuleKind,
    diags: &mut Diagnostics,
    found: &mut Vec<RuleExamples>,
) -> Node {
    let Value::Sequence(items) = &list.value else {
        return list.clone();
    };
    let items = items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let (kept, examples) = split_examples(item);
            if let Some(examples) = examples {
                let id = item.get("id").and_then(Node::as_str).unwrap_or_default();
                if let Some(e) = read_examples(&examples, &format!("{path}[{i}]"), id, kind, diags)
                {
                    found.push(e);
                }
            }
            kept
        })
        .collect();
    Node {
        value: Value::Sequence(items),
        position: list.position,
    }
}

/// `item` without its `examples` entry, and that entry.
pub fn split_examples(item: &Node) -> (Node, Option<Node>) {
    let Value::Mapping(entries) = &item.value else {
        return (item.clone(), None);
    };
    let mut kept: Vec<(Key, Node)> = Vec::with_capacity(entries.len());
    let mut examples = None;
    for (k, v) in entries {
        if k.name == "examples" {
            examples = Some(v.clone());
        } else {
            kept.push((k.clone(), v.clone()));
        }
    }
    (
        Node {
            value: Value::Mapping(kept),
            position: item.position,
        },
        examples,
    )
}

/// Reads `examples:` of the rule at `path` with id `rule_id`.
pub fn read_examples(
    node: &Node,
    path: &str,
    rule_id: &str,
    kind: RuleKind,
    diags: &mut Diagnostics,
) -> Option<RuleExamples> {
    let path = format!("{path}.examples");
    let mut map = MapReader::new(node, &path, diags)?;
    let mut out = RuleExamples {
        rule_id: rule_id.to_string(),
        kind,
        position: node.position,
        deny: Vec::new(),
        allow: Vec::new(),
    };
    for key in EXAMPLES_KEYS {
        let Some(list) = map.take(key) else { continue };
        let list_path = format!("{path}.{key}");
        let items = match &list.value {
            Value::Sequence(items) => items.as_slice(),
            Value::Null => &[],
            _ => {
                diags.error_hint(
                    "wrong-type",
                    list.position,
                    format!("`{list_path}` must be a list, found {}", list.type_name()),
                    "write a list of commands or `{tool: …, input: {…}}` calls",
                );
                continue;
            }
        };
        for (i, item) in items.iter().enumerate() {
            if let Some(example) = read_example(item, &format!("{list_path}[{i}]"), diags) {
                if *key == "deny" {
                    out.deny.push(example);
                } else {
                    out.allow.push(example);
                }
            }
        }
    }
    map.finish(EXAMPLES_KEYS, diags);
    Some(out)
}

fn read_example(node: &Node, path: &str, diags: &mut Diagnostics) -> Option<Example> {
    match &node.value {
        Value::String(command) => Some(Example {
            tool: "Bash".into(),
            input: serde_json::json!({ "command": command }),
            position: node.position,
        }),
        Value::Mapping(_) => {
            let mut map = MapReader::new(node, path, diags)?;
            let tool = map
                .take("tool")
                .and_then(|n| expect_string(n, &format!("{path}.tool"), diags))
                .map(str::to_string);
            let input = map.take("input");
            map.finish(EXAMPLE_KEYS, diags);
            let Some(tool) = tool.filter(|t| !t.trim().is_empty()) else {
                diags.error_hint(
                    "missing-key",
                    node.position,
                    format!("`{path}` has no `tool`"),
                    "add `tool: Bash` (or Write, WebFetch, an MCP tool name, …)",
                );
                return None;
            };
            match input {
                Some(n) if matches!(n.value, Value::Mapping(_)) => Some(Example {
                    tool,
                    input: n.to_json(),
                    position: node.position,
                }),
                Some(n) => {
                    diags.error_hint(
                        "wrong-type",
                        n.position,
                        format!("`{path}.input` must be a mapping, found {}", n.type_name()),
                        "write the tool's input, such as `input: {command: \"ls\"}`",
                    );
                    None
                }
                None => {
                    diags.error_hint(
                        "missing-key",
                        node.position,
                        format!("`{path}` has no `input`"),
                        "add the tool's input, such as `input: {file_path: a.txt, content: x}`",
                    );
                    None
                }
            }
        }
        _ => {
            diags.error_hint(
                "wrong-type",
                node.position,
                format!(
                    "`{path}` must be a command or a tool call, found {}",
                    node.type_name()
                ),
                "write a command string, or `{tool: Bash, input: {command: \"…\"}}`",
            );
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Format, PolicySource, load_str};

    fn load(text: &str) -> crate::Policy {
        load_str(text, Format::Yaml, PolicySource::Builtin)
    }

    #[test]
    fn examples_are_read_from_both_rule_kinds_and_hidden_from_the_readers() {
        let p = load(
            "rules:\n  - id: NO-PROD\n    text: no prod\n    keywords: [prod-db]\n    examples:\n      deny: [\"psql prod-db\"]\n      allow:\n        - {tool: Read, input: {file_path: a.txt}}\ncommands:\n  rules:\n    - id: NO-FP\n      text: no force push\n      program: git\n      subcommand: push\n      flags_any: [force]\n      examples: {deny: [git push -f]}\n",
        );
        assert!(p.is_usable(), "{}", p.render_diagnostics());
        assert_eq!(p.examples.len(), 2);
        let e = &p.examples[0];
        assert_eq!(
            (e.rule_id.as_str(), e.kind),
            ("NO-PROD", RuleKind::Constitution)
        );
        assert_eq!(e.deny[0].tool, "Bash");
        assert_eq!(
            e.deny[0].input,
            serde_json::json!({"command": "psql prod-db"})
        );
        assert_eq!(
            e.deny[0].position,
            Position {
                line: 6,
                column: 14
            }
        );
        assert_eq!(e.allow[0].tool, "Read");
        let c = &p.examples[1];
        assert_eq!((c.rule_id.as_str(), c.kind), ("NO-FP", RuleKind::Command));
        assert_eq!(c.deny.len(), 1);
        // The list form of `commands:` too.
        let p = load(
            "commands:\n  - id: NO-FP\n    text: t\n    program: git\n    examples: {allow: [ls]}\n",
        );
        assert!(p.is_usable(), "{}", p.render_diagnostics());
        assert_eq!(p.examples[0].allow[0].input["command"], "ls");
    }

    #[test]
    fn malformed_examples_are_positioned_errors() {
        for (text, line, column) in [
            (
                "rules:\n  - id: R\n    text: t\n    keywords: [x]\n    examples: [ls]\n",
                5,
                15,
            ),
            (
                "rules:\n  - id: R\n    text: t\n    keywords: [x]\n    examples: {deny: ls}\n",
                5,
                22,
            ),
            (
                "rules:\n  - id: R\n    text: t\n    keywords: [x]\n    examples: {block: [ls]}\n",
                5,
                16,
            ),
            (
                "rules:\n  - id: R\n    text: t\n    keywords: [x]\n    examples: {deny: [{input: {}}]}\n",
                5,
                23,
            ),
            (
                "rules:\n  - id: R\n    text: t\n    keywords: [x]\n    examples: {deny: [{tool: Bash, input: ls}]}\n",
                5,
                43,
            ),
            (
                "rules:\n  - id: R\n    text: t\n    keywords: [x]\n    examples: {deny: [3]}\n",
                5,
                23,
            ),
        ] {
            let p = load(text);
            assert!(!p.is_usable(), "{text}");
            let d = p.diagnostics.errors().next().unwrap();
            assert_eq!(d.position(), Position { line, column }, "{text}: {d:?}");
            assert!(d.hint.is_some(), "{text}");
        }
    }
}
