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
#[derive(Debug, Clone)]
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

/// How many compiled `policy` arguments the server keeps (least recently used out first).
pub const POLICY_CACHE_ENTRIES: usize = 32;

/// Compiled `policy` arguments by their canonical JSON text, so that a client that sends the
/// same policy with every call (as agentguard's callers do) pays for parsing and compiling it
/// once. Bounded: at most [`POLICY_CACHE_ENTRIES`] entries; the least recently used goes first.
#[derive(Debug, Default)]
pub struct PolicyCache {
    entries: std::collections::HashMap<String, (ResolvedPolicy, u64)>,
    clock: u64,
}

impl PolicyCache {
    /// An empty cache.
    pub fn new() -> PolicyCache {
        PolicyCache::default()
    }

    /// [`resolve_policy`], from the cache when the same policy was resolved before.
    pub fn resolve(&mut self, policy: Option<&Value>) -> ResolvedPolicy {
        let Some(value) = policy else {
            return ResolvedPolicy::Server;
        };
        // Equal text is an equal policy (a different key order only costs a second entry).
        let key = value.to_string();
        self.clock += 1;
        if let Some((resolved, used)) = self.entries.get_mut(&key) {
            *used = self.clock;
            return resolved.clone();
        }
        let resolved = resolve_policy(Some(value));
        if self.entries.len() >= POLICY_CACHE_ENTRIES
            && let Some(oldest) = self
                .entries
                .iter()
                .min_by_key(|(_, (_, used))| *used)
                .map(|(k, _)| k.clone())
        {
            self.entries.remove(&oldest);
        }
        self.entries.insert(key, (resolved.clone(), self.clock));
        resolved
    }

    /// How many policies are cached.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the cache is empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_cache_returns_the_same_answer_and_stays_bounded() {
        let mut cache = PolicyCache::new();
        let strict = json!({"allow": ["api.example.com"]});
        let broken = json!({"allow": "api.example.com"});
        for _ in 0..3 {
            let ResolvedPolicy::Given(p) = cache.resolve(Some(&strict)) else {
                panic!("a valid policy");
            };
            assert!(p.check_url("https://api.example.com/", None).allowed);
            assert!(!p.check_url("https://example.org/", None).allowed);
            assert!(matches!(
                cache.resolve(Some(&broken)),
                ResolvedPolicy::Invalid { .. }
            ));
            assert!(matches!(cache.resolve(None), ResolvedPolicy::Server));
        }
        assert_eq!(cache.len(), 2);
        for i in 0..(POLICY_CACHE_ENTRIES * 2) {
            let host = format!("h{i}.example.com");
            let ResolvedPolicy::Given(p) = cache.resolve(Some(&json!({"allow": [host]}))) else {
                panic!("a valid policy");
            };
            assert!(
                p.check_url(&format!("https://h{i}.example.com/"), None)
                    .allowed
            );
            assert!(cache.len() <= POLICY_CACHE_ENTRIES);
        }
        // Evicted entries are compiled again, with the same answer.
        assert!(matches!(
            cache.resolve(Some(&broken)),
            ResolvedPolicy::Invalid { .. }
        ));
    }
}
