//! The `policy` argument: agentguard's `{allow, deny, methods}` object (plus `schemes` and
//! toolgate's pattern forms), read strictly.

use serde_json::Value;
use toolgate_core::egress::EgressPolicy;
use toolgate_policy::document::{Format, Node, Position, Value as DocValue, parse_document};
use toolgate_policy::network::{network_from_json, read_network};
use toolgate_policy::{Diagnostic, Diagnostics, Level, ReadContext};

use crate::replies::{PolicyIssue, ValidationReply};

/// The longest policy error text put into a decision's `detail`.
const MAX_DETAIL_CHARS: usize = 200;

/// The policy a call is checked under.
#[derive(Debug)]
pub enum ResolvedPolicy {
    /// No `policy` argument: the server's own.
    Server,
    /// A usable policy from the argument.
    Given(EgressPolicy),
    /// A policy argument with errors: every check denies with `invalid_policy`.
    Invalid {
        /// The deny-everything policy.
        policy: EgressPolicy,
        /// A short description of the first error (for `detail`).
        first_error: String,
    },
}

/// Reads a call's `policy` argument (`None`: the argument was omitted).
pub fn resolve_policy(policy: Option<&Value>) -> ResolvedPolicy {
    let Some(value) = policy else {
        return ResolvedPolicy::Server;
    };
    let (egress, diags) = network_from_json(value);
    match diags.errors().next() {
        None => ResolvedPolicy::Given(egress),
        Some(first) => ResolvedPolicy::Invalid {
            policy: EgressPolicy::invalid(),
            first_error: short(&format!("invalid policy: {}", first.message)),
        },
    }
}

fn short(text: &str) -> String {
    if text.chars().count() <= MAX_DETAIL_CHARS {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(MAX_DETAIL_CHARS - 1).collect();
    cut.push('…');
    cut
}

/// `validate_policy`: every finding, errors first. `valid` means no finding at all (as
/// agentguard-mcp); `usable` means no errors (warnings leave a policy usable).
pub fn validate(policy: &Value) -> ValidationReply {
    let (diags, paths) = read_with_paths(policy);
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    for d in diags.items() {
        let path = paths
            .iter()
            .find(|(p, _)| d.line.is_known() && *p == d.line)
            .map(|(_, path)| path.clone());
        match d.level {
            Level::Error => errors.push(issue(d, path)),
            Level::Warning => warnings.push(issue(d, path)),
        }
    }
    let issues = errors
        .iter()
        .chain(warnings.iter())
        .map(|i| i.message.clone())
        .collect();
    ValidationReply {
        valid: errors.is_empty() && warnings.is_empty(),
        usable: errors.is_empty(),
        issues,
        errors,
        warnings,
    }
}

fn issue(d: &Diagnostic, path: Option<String>) -> PolicyIssue {
    PolicyIssue {
        code: d.code.to_string(),
        message: d.message.clone(),
        hint: d.hint.clone(),
        path,
    }
}

/// Reads the policy the way [`network_from_json`] does, but from a pretty-printed copy parsed
/// with positions, so that each diagnostic can be traced back to a path in the object
/// (`allow[2]`). The positions themselves mean nothing to the caller and are not shown.
fn read_with_paths(policy: &Value) -> (Diagnostics, Vec<(Position, String)>) {
    let positioned = serde_json::to_string_pretty(policy)
        .ok()
        .and_then(|text| parse_document(&text, Format::Json).ok());
    let Some(node) = positioned else {
        return (network_from_json(policy).1, Vec::new());
    };
    let mut cx = ReadContext {
        diags: Diagnostics::new(),
        base_dir: None,
    };
    read_network(&node, "", &mut cx);
    let mut paths = Vec::new();
    collect_paths(&node, String::new(), &mut paths);
    (cx.diags, paths)
}

/// Every key and value position under `node` with its path; the first entry for a position
/// wins (a key, before the value that starts on the same spot).
fn collect_paths(node: &Node, path: String, out: &mut Vec<(Position, String)>) {
    if !path.is_empty() && !out.iter().any(|(p, _)| *p == node.position) {
        out.push((node.position, path.clone()));
    }
    match &node.value {
        DocValue::Sequence(items) => {
            for (i, item) in items.iter().enumerate() {
                collect_paths(item, format!("{path}[{i}]"), out);
            }
        }
        DocValue::Mapping(entries) => {
            for (key, value) in entries {
                let child = if path.is_empty() {
                    key.name.clone()
                } else {
                    format!("{path}.{}", key.name)
                };
                if !out.iter().any(|(p, _)| *p == key.position) {
                    out.push((key.position, child.clone()));
                }
                collect_paths(value, child, out);
            }
        }
        _ => {}
    }
}
