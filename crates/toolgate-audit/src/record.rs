//! One line of the decision log (schema version 1; `docs/decision-log.md` documents every
//! field).
//!
//! A record holds what was decided, for whom and why — never an input value, unless the log
//! keeps the input with its secrets replaced (`log.store_input: redacted`). Reasons come from
//! the engine, which never repeats input values; destinations are logged by class (the egress
//! reason code), scheme and port, not by host.

use serde::{Deserialize, Serialize};
use toolgate_engine::ToolCallDecision;
use toolgate_policy::{HookAnswer, Policy};

use crate::digest::sha256_hex;

/// The schema version written as `v`.
pub const SCHEMA_VERSION: u32 = 1;

/// `target_type` of a tool call decided before it runs (OpenTelemetry's `tool_call`).
pub const TARGET_TOOL_CALL: &str = "tool_call";
/// `target_type` of a network request decided by the egress proxy.
pub const TARGET_EGRESS_REQUEST: &str = "egress_request";

/// `surface` values: which part of toolgate decided.
pub mod surface {
    /// `toolgate hook` (any agent).
    pub const HOOK: &str = "hook";
    /// MCP `check_tool_call`.
    pub const MCP: &str = "mcp";
    /// The Python package.
    pub const PYTHON: &str = "python";
    /// The egress proxy.
    pub const PROXY: &str = "proxy";
}

/// `host_answer` when toolgate printed no decision (the host's own permission flow applies).
pub const HOST_ANSWER_NONE: &str = "none";

/// One decision.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Schema version (written first by the log, read back here).
    #[serde(skip_serializing, default)]
    pub v: u32,
    /// Position in the log, from 0, continued across rotated files (set by the log).
    #[serde(skip_serializing, default)]
    pub seq: u64,
    /// When the decision was made: RFC 3339, UTC, milliseconds.
    pub ts: String,
    /// A UUID version 7.
    pub decision_id: String,
    /// Which part of toolgate decided (`hook`, `mcp`, `python`, `proxy`).
    pub surface: String,
    /// What was decided about (`tool_call`, `egress_request`).
    pub target_type: String,
    /// The agent (`claude`, `codex`, `gemini`, `cursor`, `copilot`, `opencode`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent: Option<String>,
    /// The agent's session (conversation) id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_id: Option<String>,
    /// The agent's id for this tool call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_use_id: Option<String>,
    /// The tool name (`Bash`, `Write`, `mcp__srv__tool`; `<unnamed tool>` when it is not a
    /// plain name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool: Option<String>,
    /// toolgate's decision: `deny`, `review`, `allow`, `no_decision`.
    pub decision: String,
    /// What the host received: `deny`, `ask`, `allow`, or `none` (no decision printed). It
    /// differs from `decision` where a host has no ask (a review becomes a deny) or when the
    /// policy sends reviews to a person.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_answer: Option<String>,
    /// Why, in the engine's words (rule ids and texts, destination classes; no input values).
    pub reason: String,
    /// Rule ids that blocked or asked for review.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rule_ids: Vec<String>,
    /// Rule ids that matched with `warn`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warning_ids: Vec<String>,
    /// The checks that spoke.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checks: Vec<CheckRecord>,
    /// Every destination checked, by class.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub destinations: Vec<DestinationRecord>,
    /// The policy that decided.
    pub policy: PolicyRecord,
    /// toolgate itself.
    pub toolgate: ToolgateRecord,
    /// The machine's host name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_name: Option<String>,
    /// The user the decision ran as (`$USER`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user: Option<String>,
    /// Time from the start of the decision to the record, in microseconds.
    pub latency_us: u64,
    /// `hmac-sha256:<hex>` of the canonical JSON of `{"input": …, "tool": …}` under the log's
    /// key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_hash: Option<String>,
    /// The input with every detected secret replaced (`log.store_input: redacted` only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<serde_json::Value>,
    /// How many secrets were replaced in `input`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redactions: Option<u32>,
    /// Why `input` is missing although it was to be stored (`too_large`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_omitted: Option<String>,
    /// SHA-256 of the previous line (without its newline); 64 zeros for the first line.
    #[serde(skip_serializing, default)]
    pub prev_sha256: String,
}

/// One check that spoke.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CheckRecord {
    /// `policy`, `rules`, `commands`, `files`, `egress`.
    pub check: String,
    /// Its verdict.
    pub verdict: String,
    /// The rule ids it named.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rule_ids: Vec<String>,
}

/// One destination, by class.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DestinationRecord {
    /// Where it was found (`web_fetch`, `tool_argument`, `command`, or `request` for the proxy).
    pub source: String,
    /// The program that would reach it, when toolgate knows the program.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub program: Option<String>,
    /// Allowed by the network policy.
    pub allowed: bool,
    /// The egress reason code (`matched_allowlist`, `private_address`, `not_in_allowlist`, …).
    pub class: String,
    /// Canonical scheme, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scheme: Option<String>,
    /// Port, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<u16>,
    /// The request method (proxy records).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// The canonical host: only in proxy records, where the host is the request itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
}

/// The policy that decided.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PolicyRecord {
    /// `builtin` or `file`.
    pub source: String,
    /// The policy file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// SHA-256 of the policy file's bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sha256: Option<String>,
    /// Whether the policy was usable (an unusable one denies every call).
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub usable: bool,
}

fn yes() -> bool {
    true
}

fn is_true(b: &bool) -> bool {
    *b
}

impl PolicyRecord {
    /// The record of `policy`.
    pub fn of(policy: &Policy) -> PolicyRecord {
        match policy.path() {
            None => PolicyRecord {
                source: "builtin".into(),
                path: None,
                sha256: None,
                usable: policy.is_usable(),
            },
            Some(path) => PolicyRecord {
                source: "file".into(),
                path: Some(path.display().to_string()),
                sha256: policy.text.as_deref().map(|t| sha256_hex(t.as_bytes())),
                usable: policy.is_usable(),
            },
        }
    }

    /// A short id for the policy (OpenTelemetry's `gen_ai.security.policy.id`): `builtin`, or
    /// the file name.
    pub fn id(&self) -> String {
        match &self.path {
            Some(p) => std::path::Path::new(p)
                .file_name()
                .map_or_else(|| p.clone(), |n| n.to_string_lossy().into_owned()),
            None => self.source.clone(),
        }
    }
}

/// toolgate itself.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ToolgateRecord {
    /// The version that decided.
    pub version: String,
}

impl ToolgateRecord {
    /// This build.
    pub fn current() -> ToolgateRecord {
        ToolgateRecord {
            version: env!("CARGO_PKG_VERSION").to_string(),
        }
    }
}

impl Record {
    /// A tool-call record for `decision` by `surface`, for the tool `tool_name`, under
    /// `policy`. Time, id, host and user are filled in; the caller adds the agent, the ids,
    /// the host answer and the latency; the log adds the input hash.
    pub fn tool_call(
        surface: &str,
        tool_name: Option<&str>,
        decision: &ToolCallDecision,
        policy: &Policy,
    ) -> Record {
        let millis = crate::clock::now_millis();
        Record {
            v: SCHEMA_VERSION,
            ts: crate::clock::rfc3339_millis(millis),
            decision_id: crate::clock::uuid_v7(millis),
            surface: surface.to_string(),
            target_type: TARGET_TOOL_CALL.to_string(),
            tool: tool_name.map(|t| toolgate_policy::hook::display_tool_name(Some(t)).to_string()),
            decision: decision.decision.as_str().to_string(),
            reason: decision.reason.clone(),
            rule_ids: decision.rule_ids.clone(),
            warning_ids: decision.warning_ids.clone(),
            checks: decision
                .checks
                .iter()
                .map(|c| CheckRecord {
                    check: enum_name(&c.check),
                    verdict: c.verdict.as_str().to_string(),
                    rule_ids: c.rule_ids.clone(),
                })
                .collect(),
            destinations: decision
                .destinations
                .iter()
                .map(|d| DestinationRecord {
                    source: enum_name(&d.source),
                    program: d.program.clone(),
                    allowed: d.allowed,
                    class: d.reason.to_string(),
                    scheme: d.scheme.clone(),
                    port: d.port,
                    method: None,
                    host: None,
                })
                .collect(),
            policy: PolicyRecord::of(policy),
            toolgate: ToolgateRecord::current(),
            host_name: crate::machine::host_name(),
            user: crate::machine::user(),
            ..Record::default()
        }
    }

    /// A record for a call the hook refused before the engine ran (malformed input, an
    /// unusable policy): decision `deny` with `reason`.
    pub fn refused(
        surface: &str,
        tool_name: Option<&str>,
        reason: &str,
        policy: Option<&Policy>,
    ) -> Record {
        let millis = crate::clock::now_millis();
        Record {
            v: SCHEMA_VERSION,
            ts: crate::clock::rfc3339_millis(millis),
            decision_id: crate::clock::uuid_v7(millis),
            surface: surface.to_string(),
            target_type: TARGET_TOOL_CALL.to_string(),
            tool: tool_name.map(|t| toolgate_policy::hook::display_tool_name(Some(t)).to_string()),
            decision: toolgate_core::Verdict::Deny.as_str().to_string(),
            reason: reason.to_string(),
            policy: policy.map(PolicyRecord::of).unwrap_or_default(),
            toolgate: ToolgateRecord::current(),
            host_name: crate::machine::host_name(),
            user: crate::machine::user(),
            ..Record::default()
        }
    }

    /// A record for a network request the egress proxy decided: `destination` carries the
    /// request (its `host` and `method` included), `allowed` the answer, `reason` why.
    pub fn egress_request(
        policy: &Policy,
        destination: DestinationRecord,
        allowed: bool,
        reason: &str,
    ) -> Record {
        let millis = crate::clock::now_millis();
        let verdict = if allowed {
            toolgate_core::Verdict::Allow
        } else {
            toolgate_core::Verdict::Deny
        };
        Record {
            v: SCHEMA_VERSION,
            ts: crate::clock::rfc3339_millis(millis),
            decision_id: crate::clock::uuid_v7(millis),
            surface: surface::PROXY.to_string(),
            target_type: TARGET_EGRESS_REQUEST.to_string(),
            decision: verdict.as_str().to_string(),
            host_answer: Some(verdict.as_str().to_string()),
            reason: reason.to_string(),
            checks: vec![CheckRecord {
                check: "egress".into(),
                verdict: verdict.as_str().to_string(),
                rule_ids: Vec::new(),
            }],
            destinations: vec![destination],
            policy: PolicyRecord::of(policy),
            toolgate: ToolgateRecord::current(),
            host_name: crate::machine::host_name(),
            user: crate::machine::user(),
            ..Record::default()
        }
    }

    /// Sets `host_answer` from the answer the hook gives (`allow`, `ask`, `deny`, `none`).
    pub fn with_hook_answer(mut self, answer: &HookAnswer) -> Record {
        self.host_answer = Some(
            answer
                .permission()
                .map_or(HOST_ANSWER_NONE, |p| p.as_str())
                .to_string(),
        );
        self
    }

    /// Sets the agent's ids, keeping only plain identifiers (an id that is not one is
    /// dropped rather than logged: it could be anything the caller put there).
    pub fn with_ids(mut self, session_id: Option<&str>, tool_use_id: Option<&str>) -> Record {
        self.session_id = session_id.filter(|s| is_plain_id(s)).map(str::to_string);
        self.tool_use_id = tool_use_id.filter(|s| is_plain_id(s)).map(str::to_string);
        self
    }
}

/// An id of at most 200 characters of letters, digits and `-_.:@/+=`.
pub fn is_plain_id(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 200
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.:@/+=".contains(&b))
}

/// The snake_case name serde gives a unit enum variant.
fn enum_name<T: Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(serde_json::Value::String(s)) => s,
        _ => "unknown".into(),
    }
}
