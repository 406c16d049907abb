//! Tool replies. Field order follows agentguard-mcp (its keys first, toolgate's extras after),
//! because clients that print the text block show the keys in this order.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value};

/// The reply of `check_url`.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct UrlDecision {
    /// Whether the request may be made.
    pub allowed: bool,
    /// A stable reason code (`matched_allowlist`, `not_in_allowlist`, `denylist_match`,
    /// `method_blocked`, `invalid_url`, `invalid_policy`, `no_allowlist`, `scheme_blocked`,
    /// `userinfo_present`, `ambiguous_url`, `invalid_host`, `invalid_method`, `private_address`,
    /// `port_not_allowed`, `homograph_host`).
    pub reason: String,
    /// What matched or what is wrong; `null` for an allow.
    pub detail: Option<String>,
    /// The URL's scheme, when it parsed.
    pub scheme: Option<String>,
    /// The canonical host that was checked, when it parsed.
    pub host: Option<String>,
    /// The port (explicit or the scheme's default), when known.
    pub port: Option<u16>,
}

/// One entry of a `check_urls_batch` reply.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BatchEntry {
    /// The URL as given.
    pub url: String,
    /// Whether the request may be made.
    pub allowed: bool,
    /// A stable reason code, as in `check_url`.
    pub reason: String,
    /// What matched or what is wrong; `null` for an allow.
    pub detail: Option<String>,
    /// The URL's scheme, when it parsed.
    pub scheme: Option<String>,
    /// The canonical host that was checked, when it parsed.
    pub host: Option<String>,
    /// The port (explicit or the scheme's default), when known.
    pub port: Option<u16>,
}

/// The counts of a `check_urls_batch` reply.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BatchSummary {
    /// URLs checked.
    pub total: usize,
    /// URLs allowed.
    pub allowed_count: usize,
    /// URLs denied.
    pub denied_count: usize,
}

/// The reply of `check_urls_batch`.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BatchReply {
    /// One decision per URL, in input order.
    pub results: Vec<BatchEntry>,
    /// The counts.
    pub summary: BatchSummary,
}

/// One finding of `validate_policy`.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PolicyIssue {
    /// A stable, kebab-case code (`unknown-key`, `wrong-type`, `invalid-pattern`, …).
    pub code: String,
    /// What is wrong.
    pub message: String,
    /// What to write instead, when known.
    pub hint: Option<String>,
    /// Where in the policy object (`allow[2]`, `methods`), when known.
    pub path: Option<String>,
}

/// The reply of `validate_policy`.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ValidationReply {
    /// No issues at all, warnings included (agentguard-mcp's meaning).
    pub valid: bool,
    /// No errors: the policy can be used (warnings allowed). An unusable policy denies every
    /// URL with `invalid_policy`.
    pub usable: bool,
    /// Every message, errors first, as plain strings (agentguard-mcp's shape).
    pub issues: Vec<String>,
    /// The errors: each makes every check deny with `invalid_policy`.
    pub errors: Vec<PolicyIssue>,
    /// The warnings: usable, but probably not what was meant.
    pub warnings: Vec<PolicyIssue>,
}

/// The hook's answer inside a `check_tool_call` reply, with the hook's own key names. Both are
/// `null` when the hook gives no decision (it prints `{}`: Claude Code's permission flow applies).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct HookAnswerReply {
    /// `allow`, `ask` or `deny`; `null`: no decision.
    #[serde(rename = "permissionDecision")]
    #[schemars(schema_with = "permission_schema")]
    pub permission_decision: Option<&'static str>,
    /// The reason the hook gives; `null`: no decision.
    #[serde(rename = "permissionDecisionReason")]
    pub permission_decision_reason: Option<String>,
}

fn permission_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": ["string", "null"],
        "enum": ["allow", "ask", "deny", null],
        "description": "`allow`, `ask` or `deny`; `null`: no decision."
    })
}

fn decision_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "string",
        "enum": ["deny", "review", "allow", "no_decision"],
        "description": "`deny`, `review`, `allow` or `no_decision`."
    })
}

impl From<&toolgate_policy::HookAnswer> for HookAnswerReply {
    fn from(answer: &toolgate_policy::HookAnswer) -> HookAnswerReply {
        HookAnswerReply {
            permission_decision: answer.permission().map(|p| p.as_str()),
            permission_decision_reason: answer.reason().map(str::to_string),
        }
    }
}

/// The reply of `check_tool_call`: the decision `toolgate hook` would make.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ToolCallReply {
    /// `deny`, `review`, `allow` or `no_decision`.
    #[schemars(schema_with = "decision_schema")]
    pub decision: String,
    /// Why, naming rules and destination classes, never input values.
    pub reason: String,
    /// The rules that decided.
    pub rule_ids: Vec<String>,
    /// The rules that only warned.
    pub warning_ids: Vec<String>,
    /// The destinations the call would reach and their egress decisions.
    pub destinations: Vec<Value>,
    /// What `toolgate hook` would print for this call under the server's policy.
    pub hook_answer: HookAnswerReply,
    /// Every other field of the engine's decision (the checks that ran, …).
    #[serde(flatten)]
    pub more: Map<String, Value>,
}

/// The reply of `explain_command`: the shell analysis, as the engine sees the command.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct CommandReply {
    /// The analysis fields (simple commands, unwrapped programs, flags, destinations, …).
    #[serde(flatten)]
    pub analysis: Map<String, Value>,
}
