//! The `policy` argument: agentguard's `{allow, deny, methods}` object (plus `schemes` and
//! toolgate's pattern forms), read strictly.

use std::sync::Arc;

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

/// Compiled `policy` arguments, so that a client that sends the same policy with every call (as
/// agentguard's callers do) pays for reading and compiling it once. An entry is found by a hash
/// of the argument and taken only when its argument is exactly equal ([`same_json`]: numbers
/// equal in kind and bits), so two different policies never share an entry. Bounded: at most
/// [`POLICY_CACHE_ENTRIES`] entries; the least recently used goes first.
#[derive(Debug)]
pub struct PolicyCache {
    entries: Vec<CachedPolicy>,
    /// The answer for an omitted argument, shared.
    server: Arc<ResolvedPolicy>,
    clock: u64,
}

#[derive(Debug)]
struct CachedPolicy {
    hash: u64,
    argument: Value,
    resolved: Arc<ResolvedPolicy>,
    used: u64,
}

impl Default for PolicyCache {
    fn default() -> PolicyCache {
        PolicyCache {
            entries: Vec::new(),
            server: Arc::new(ResolvedPolicy::Server),
            clock: 0,
        }
    }
}

impl PolicyCache {
    /// An empty cache.
    pub fn new() -> PolicyCache {
        PolicyCache::default()
    }

    /// [`resolve_policy`], from the cache when the same policy was resolved before.
    pub fn resolve(&mut self, policy: Option<&Value>) -> Arc<ResolvedPolicy> {
        let Some(value) = policy else {
            return self.server.clone();
        };
        let hash = json_hash(value);
        self.clock += 1;
        if let Some(entry) = self
            .entries
            .iter_mut()
            .find(|e| e.hash == hash && same_json(&e.argument, value))
        {
            entry.used = self.clock;
            return entry.resolved.clone();
        }
        let resolved = Arc::new(resolve_policy(Some(value)));
        let entry = CachedPolicy {
            hash,
            argument: value.clone(),
            resolved: resolved.clone(),
            used: self.clock,
        };
        if self.entries.len() < POLICY_CACHE_ENTRIES {
            self.entries.push(entry);
        } else if let Some(oldest) = self.entries.iter_mut().min_by_key(|e| e.used) {
            *oldest = entry;
        }
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

/// A number as what it exactly is: an unsigned or a negative integer, or a float's bits.
fn number_key(n: &serde_json::Number) -> (u8, u64) {
    if let Some(u) = n.as_u64() {
        (0, u)
    } else if let Some(i) = n.as_i64() {
        (1, i as u64)
    } else {
        (2, n.as_f64().map_or(0, f64::to_bits))
    }
}

/// Whether two JSON values are exactly the same: same kinds, same strings, same keys, and
/// numbers equal in kind and bits (`1` is not `1.0`, `0.0` is not `-0.0`).
pub fn same_json(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Number(x), Value::Number(y)) => number_key(x) == number_key(y),
        (Value::String(x), Value::String(y)) => x == y,
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_json(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|((kx, vx), (ky, vy))| kx == ky && same_json(vx, vy))
        }
        _ => false,
    }
}

/// A hash of a JSON value consistent with [`same_json`] (equal values, equal hashes). It only
/// picks the entry to compare, so it is a fast multiply-rotate hash, not a keyed one: a
/// collision costs one more comparison, never a wrong policy.
fn json_hash(value: &Value) -> u64 {
    let mut h = JsonHasher(0);
    h.feed(value);
    h.0
}

/// The state of [`json_hash`] (the FxHash step, over 8-byte words).
struct JsonHasher(u64);

impl JsonHasher {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

    fn word(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(Self::SEED);
    }

    fn bytes(&mut self, bytes: &[u8]) {
        self.word(bytes.len() as u64);
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.word(u64::from_le_bytes(word));
        }
        let mut last = [0u8; 8];
        last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
        self.word(u64::from_le_bytes(last));
    }

    fn feed(&mut self, value: &Value) {
        match value {
            Value::Null => self.word(0),
            Value::Bool(b) => self.word(1 + u64::from(*b)),
            Value::Number(n) => {
                let (kind, bits) = number_key(n);
                self.word(3 + u64::from(kind));
                self.word(bits);
            }
            Value::String(s) => {
                self.word(6);
                self.bytes(s.as_bytes());
            }
            Value::Array(items) => {
                self.word(7);
                self.word(items.len() as u64);
                items.iter().for_each(|v| self.feed(v));
            }
            Value::Object(map) => {
                self.word(8);
                self.word(map.len() as u64);
                for (k, v) in map {
                    self.bytes(k.as_bytes());
                    self.feed(v);
                }
            }
        }
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
            let ResolvedPolicy::Given(p) = &*cache.resolve(Some(&strict)) else {
                panic!("a valid policy");
            };
            assert!(p.check_url("https://api.example.com/", None).allowed);
            assert!(!p.check_url("https://example.org/", None).allowed);
            assert!(matches!(
                *cache.resolve(Some(&broken)),
                ResolvedPolicy::Invalid { .. }
            ));
            assert!(matches!(*cache.resolve(None), ResolvedPolicy::Server));
        }
        assert_eq!(cache.len(), 2);
        for i in 0..(POLICY_CACHE_ENTRIES * 2) {
            let host = format!("h{i}.example.com");
            let ResolvedPolicy::Given(p) = &*cache.resolve(Some(&json!({"allow": [host]}))) else {
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
            *cache.resolve(Some(&broken)),
            ResolvedPolicy::Invalid { .. }
        ));
    }

    #[test]
    fn policies_that_differ_never_share_an_entry() {
        let mut cache = PolicyCache::new();
        let a = json!({"allow": ["api.example.com"]});
        let b = json!({"allow": ["api.example.co"]});
        let c = json!({"allow": ["api.example.com"], "deny": []});
        for _ in 0..2 {
            for (policy, host, allowed) in [
                (&a, "api.example.com", true),
                (&b, "api.example.com", false),
                (&b, "api.example.co", true),
                (&c, "api.example.com", true),
            ] {
                let ResolvedPolicy::Given(p) = &*cache.resolve(Some(policy)) else {
                    panic!("a valid policy");
                };
                let url = format!("https://{host}/");
                assert_eq!(p.check_url(&url, None).allowed, allowed, "{policy} {host}");
            }
        }
        assert_eq!(cache.len(), 3);
    }

    #[test]
    fn same_json_is_exact() {
        let pairs = [
            (json!(1), json!(1.0), false),
            (json!(0.0), json!(-0.0), false),
            (json!(-1), json!(-1), true),
            (json!(u64::MAX), json!(u64::MAX), true),
            (json!(1.5), json!(1.5), true),
            (json!("a"), json!("a "), false),
            (json!([1, 2]), json!([2, 1]), false),
            (json!([1]), json!([1, 1]), false),
            (json!({"a": 1, "b": 2}), json!({"b": 2, "a": 1}), true),
            (json!({"a": 1}), json!({"a": 1, "b": null}), false),
            (json!({"a": null}), json!({"b": null}), false),
            (json!(null), json!(false), false),
            (
                json!({"x": [true, {"y": "z"}]}),
                json!({"x": [true, {"y": "z"}]}),
                true,
            ),
        ];
        for (a, b, same) in pairs {
            assert_eq!(same_json(&a, &b), same, "{a} {b}");
            assert_eq!(same_json(&b, &a), same, "{b} {a}");
            if same {
                assert_eq!(json_hash(&a), json_hash(&b), "{a}");
            }
        }
    }
}
