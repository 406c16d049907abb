//! The MCP server: the tools, their schemas, and the decisions behind them.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::schema_for_output;
use rmcp::model::{CallToolResult, ContentBlock, JsonObject};
use rmcp::{tool, tool_router};
use serde::Serialize;
use serde_json::Value;
use toolgate_core::egress::{EgressDecision, EgressPolicy};
use toolgate_engine::CallContext;
use toolgate_policy::hook::denied;
use toolgate_policy::{HookAnswer, Policy};

use crate::args::{
    CheckToolCallArgs, CheckUrlArgs, CheckUrlsBatchArgs, ExplainCommandArgs, MAX_BATCH_URLS,
    MAX_COMMAND_BYTES, MAX_URL_BYTES, ValidatePolicyArgs, check_arguments, input_schema,
};
use crate::policy_arg::{PolicyCache, ResolvedPolicy, resolve_policy, validate};
use crate::replies::{
    BatchEntry, BatchReply, BatchSummary, CommandReply, HookAnswerReply, ToolCallReply,
    UrlDecision, ValidationReply,
};
use crate::tool_call::ToolCallChecker;

/// The server's name in `initialize` (`serverInfo.name`).
pub const SERVER_NAME: &str = "toolgate";
/// The server's version in `initialize` (`serverInfo.version`): the crate version.
pub const SERVER_VERSION: &str = env!("CARGO_PKG_VERSION");

const CHECK_URL_DESCRIPTION: &str = "Check whether a URL is allowed under a network policy. \
Returns { allowed, reason, detail } (plus the checked scheme, host and port) without making any \
actual request. Use this to gate tool calls before they execute. Strict semantics: without an \
allow list every URL is denied; only http, https, ws and wss pass unless the policy lists \
`schemes`; credentials, control characters and backslashes in a URL are denied; loopback, \
private, link-local and metadata addresses and local names are denied unless allowed exactly; \
an invalid policy denies with reason invalid_policy. Omit `policy` to use the server's policy file.";

const CHECK_URLS_BATCH_DESCRIPTION: &str = "Batch-check multiple URLs (at most 1,000) against \
the same policy. Returns per-URL decisions plus an allowed/denied summary. Useful for vetting a \
list of pending tool fetches. Same strict semantics as check_url; omit `policy` to use the \
server's policy file.";

const VALIDATE_POLICY_DESCRIPTION: &str = "Sanity-check a policy spec without making any \
decision. Reports errors (unknown keys, wrong types, malformed patterns containing schemes, \
paths, queries, whitespace or misplaced wildcards: an invalid policy denies every URL) and \
warnings (empty or missing allow list, overly broad \"*\" or public-suffix wildcards, empty \
methods), each with a code, a hint and where it is. `valid` is true when there are no issues at \
all (as agentguard); `usable` is true when there are no errors (warnings allowed).";

const CHECK_TOOL_CALL_DESCRIPTION: &str = "Decide an agent tool call the way the toolgate \
PreToolUse hook would, without running it: rules over the rendered call, shell-aware analysis of \
commands, protected files, and the egress policy for every destination. Returns { decision \
(deny|review|allow|no_decision), reason, rule_ids, warning_ids, destinations, hook_answer \
{ permissionDecision (allow|ask|deny|null), permissionDecisionReason }, checks }. Uses the \
server's policy file; `cwd` is the session's working directory (default: the server's).";

const EXPLAIN_COMMAND_DESCRIPTION: &str = "Explain how toolgate reads a shell command, without \
running it: the simple commands after unwrapping sudo, env, xargs, bash -c and substitutions, \
their normalised flags, and the destinations they would reach.";

/// What every tool call shares: the server's policy and the engine built from it.
struct ServerState {
    /// The network policy used when a call gives none.
    egress: EgressPolicy,
    /// Why the server's policy cannot be used, if it cannot.
    policy_error: Option<String>,
    /// The engine for `check_tool_call`.
    guard: ToolCallChecker,
    /// Compiled `policy` arguments, by their text.
    policies: std::sync::Mutex<PolicyCache>,
}

/// The tools in `tools/list` order: agentguard-mcp's three in its order, then toolgate's own.
pub const TOOL_ORDER: &[&str] = &[
    "check_url",
    "check_urls_batch",
    "validate_policy",
    "check_tool_call",
    "explain_command",
];

/// toolgate's MCP server. Cheap to clone: the state is shared.
#[derive(Clone)]
pub struct ToolgateServer {
    state: Arc<ServerState>,
    /// The tools (routed by `handler.rs`).
    pub(crate) tool_router: ToolRouter<Self>,
}

impl std::fmt::Debug for ToolgateServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ToolgateServer").finish_non_exhaustive()
    }
}

impl ToolgateServer {
    /// A server for `policy`. An unusable policy is kept: every check then denies
    /// (`invalid_policy` for URLs, the engine's deny for tool calls).
    ///
    /// `check_tool_call` resolves paths in the context of this process (its working
    /// directory, `$HOME` and executable), exactly as `toolgate hook` does.
    pub fn new(policy: Policy) -> ToolgateServer {
        ToolgateServer::with_context(policy, CallContext::from_process())
    }

    /// A server for `policy` whose `check_tool_call` decides in `context` (a call's `cwd`
    /// argument still replaces the working directory).
    pub fn with_context(policy: Policy, context: CallContext) -> ToolgateServer {
        let policy_error = if policy.is_usable() {
            None
        } else {
            Some(match policy.diagnostics.errors().next() {
                Some(d) => format!("the server's policy file has errors: {}", d.message),
                None => "the server's policy file has errors".to_string(),
            })
        };
        let egress = if policy_error.is_none() {
            policy.network.egress.clone()
        } else {
            EgressPolicy::invalid()
        };
        let guard = ToolCallChecker::new(Arc::new(policy), context);
        ToolgateServer {
            state: Arc::new(ServerState {
                egress,
                policy_error,
                guard,
                policies: std::sync::Mutex::new(PolicyCache::new()),
            }),
            tool_router: Self::tool_router(),
        }
    }

    /// The policy a call's `policy` argument names, compiled once per distinct policy (a
    /// poisoned cache is bypassed, never trusted).
    fn resolve(&self, policy: Option<&Value>) -> Arc<ResolvedPolicy> {
        match self.state.policies.lock() {
            Ok(mut cache) => cache.resolve(policy),
            Err(_) => Arc::new(resolve_policy(policy)),
        }
    }

    /// Checks one URL under the policy named by a call's `policy` argument.
    fn decide(&self, policy: &ResolvedPolicy, url: &str, method: Option<&str>) -> UrlDecision {
        let method = method.filter(|m| !m.is_empty());
        let (egress, policy_error) = match policy {
            ResolvedPolicy::Server => (&self.state.egress, self.state.policy_error.as_deref()),
            ResolvedPolicy::Given(p) => (p, None),
            ResolvedPolicy::Invalid {
                policy,
                first_error,
            } => (policy, Some(first_error.as_str())),
        };
        // The policy is judged first: an unusable policy is the answer for every URL, long or
        // short, so the reason never depends on what the URL looks like.
        if let Some(detail) = policy_error {
            return UrlDecision {
                allowed: false,
                reason: "invalid_policy".into(),
                detail: Some(detail.to_string()),
                scheme: None,
                host: None,
                port: None,
            };
        }
        if url.len() > MAX_URL_BYTES {
            return UrlDecision {
                allowed: false,
                reason: "invalid_url".into(),
                detail: Some(format!("the URL is longer than {MAX_URL_BYTES} bytes")),
                scheme: None,
                host: None,
                port: None,
            };
        }
        let checked = catch_unwind(AssertUnwindSafe(|| egress.check_url(url, method)));
        match checked {
            Ok(d) => url_decision(&d),
            Err(_) => UrlDecision {
                allowed: false,
                reason: "invalid_url".into(),
                detail: Some("the URL could not be checked (internal error); denied".into()),
                scheme: None,
                host: None,
                port: None,
            },
        }
    }
}

fn url_decision(d: &EgressDecision) -> UrlDecision {
    UrlDecision {
        allowed: d.allowed,
        reason: d.reason.as_str().to_string(),
        detail: d.detail.clone(),
        scheme: d.scheme.clone(),
        host: d.host.clone(),
        port: d.port,
    }
}

/// A tool result carrying `value` both as pretty-printed text (agentguard-mcp's shape) and as
/// `structuredContent`.
///
/// The text is written from the typed reply, not from the `Value`, which sorts its keys: the
/// text keeps agentguard's key order (`allowed`, `reason`, `detail`, then toolgate's extras).
fn reply<T: Serialize>(reply: &T) -> Result<CallToolResult, String> {
    let failed = |_| "internal error: the reply could not be serialised".to_string();
    let text = serde_json::to_string_pretty(reply).map_err(failed)?;
    let value = serde_json::to_value(reply).map_err(failed)?;
    // As `CallToolResult::structured(value)`, without rendering a text that is replaced.
    let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
    result.structured_content = Some(value);
    Ok(result)
}

/// Takes the `policy` argument out of a call's arguments before they are read into their type.
/// The typed field would hold the same value (`present`: any value, `null` included, is
/// `Some`), but reading it there rebuilds the whole object, once per call.
fn without_policy(mut args: JsonObject) -> (JsonObject, Option<Value>) {
    let policy = args.remove("policy");
    (args, policy)
}

/// Splits a serialised engine value into the named fields and the rest.
fn take_field(map: &mut serde_json::Map<String, Value>, key: &str) -> Value {
    map.remove(key).unwrap_or(Value::Null)
}

fn strings(value: Value) -> Vec<String> {
    match value {
        Value::Array(items) => items
            .into_iter()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect(),
        _ => Vec::new(),
    }
}

#[tool_router]
impl ToolgateServer {
    /// `check_url`.
    #[tool(
        description = CHECK_URL_DESCRIPTION,
        input_schema = input_schema::<CheckUrlArgs>(),
        output_schema = schema_for_output::<UrlDecision>()
    )]
    pub async fn check_url(&self, args: JsonObject) -> Result<CallToolResult, String> {
        let (args, policy) = without_policy(args);
        let args: CheckUrlArgs = check_arguments(args)?;
        let policy = self.resolve(policy.as_ref());
        reply(&self.decide(&policy, &args.url, args.method.as_deref()))
    }

    /// `check_urls_batch`.
    #[tool(
        description = CHECK_URLS_BATCH_DESCRIPTION,
        input_schema = input_schema::<CheckUrlsBatchArgs>(),
        output_schema = schema_for_output::<BatchReply>()
    )]
    pub async fn check_urls_batch(&self, args: JsonObject) -> Result<CallToolResult, String> {
        let (args, policy) = without_policy(args);
        let args: CheckUrlsBatchArgs = check_arguments(args)?;
        if args.urls.len() > MAX_BATCH_URLS {
            return Err(format!(
                "too many URLs: {} given, at most {MAX_BATCH_URLS} per call; split the batch",
                args.urls.len()
            ));
        }
        let policy = self.resolve(policy.as_ref());
        let mut results = Vec::with_capacity(args.urls.len());
        for url in args.urls {
            let d = self.decide(&policy, &url, args.method.as_deref());
            results.push(BatchEntry {
                url,
                allowed: d.allowed,
                reason: d.reason,
                detail: d.detail,
                scheme: d.scheme,
                host: d.host,
                port: d.port,
            });
        }
        let allowed_count = results.iter().filter(|r| r.allowed).count();
        let summary = BatchSummary {
            total: results.len(),
            allowed_count,
            denied_count: results.len() - allowed_count,
        };
        reply(&BatchReply { results, summary })
    }

    /// `validate_policy`.
    #[tool(
        description = VALIDATE_POLICY_DESCRIPTION,
        input_schema = input_schema::<ValidatePolicyArgs>(),
        output_schema = schema_for_output::<ValidationReply>()
    )]
    pub async fn validate_policy(&self, args: JsonObject) -> Result<CallToolResult, String> {
        let args: ValidatePolicyArgs = check_arguments(args)?;
        reply(&validate(&args.policy))
    }

    /// `check_tool_call`.
    #[tool(
        description = CHECK_TOOL_CALL_DESCRIPTION,
        input_schema = input_schema::<CheckToolCallArgs>(),
        output_schema = schema_for_output::<ToolCallReply>()
    )]
    pub async fn check_tool_call(&self, args: JsonObject) -> Result<CallToolResult, String> {
        let args: CheckToolCallArgs = check_arguments(args)?;
        let input = Value::Object(args.tool_input);
        let checked = catch_unwind(AssertUnwindSafe(|| {
            let checked = self
                .state
                .guard
                .check(&args.tool_name, &input, args.cwd.as_deref());
            let value = serde_json::to_value(&checked.decision).ok();
            (value, HookAnswerReply::from(&checked.hook_answer))
        }));
        let Ok((Some(Value::Object(mut map)), hook_answer)) = checked else {
            // Fail closed: a check that could not run is a deny, not an error to retry past.
            let reason = "toolgate could not check this call (internal error)";
            return reply(&ToolCallReply {
                decision: "deny".into(),
                reason: reason.into(),
                rule_ids: Vec::new(),
                warning_ids: Vec::new(),
                destinations: Vec::new(),
                hook_answer: HookAnswerReply::from(&HookAnswer::deny(denied(
                    Some(&args.tool_name),
                    "toolgate hit an internal error while checking this tool call, so it was denied.",
                ))),
                more: serde_json::Map::new(),
            });
        };
        let decision = take_field(&mut map, "decision");
        let reason = take_field(&mut map, "reason");
        let rule_ids = strings(take_field(&mut map, "rule_ids"));
        let warning_ids = strings(take_field(&mut map, "warning_ids"));
        let destinations = match take_field(&mut map, "destinations") {
            Value::Array(items) => items,
            _ => Vec::new(),
        };
        reply(&ToolCallReply {
            decision: decision.as_str().unwrap_or("deny").to_string(),
            reason: reason.as_str().unwrap_or_default().to_string(),
            rule_ids,
            warning_ids,
            destinations,
            hook_answer,
            more: map,
        })
    }

    /// `explain_command`.
    #[tool(
        description = EXPLAIN_COMMAND_DESCRIPTION,
        input_schema = input_schema::<ExplainCommandArgs>(),
        output_schema = schema_for_output::<CommandReply>()
    )]
    pub async fn explain_command(&self, args: JsonObject) -> Result<CallToolResult, String> {
        let args: ExplainCommandArgs = check_arguments(args)?;
        if args.command.len() > MAX_COMMAND_BYTES {
            return Err(format!(
                "the command is longer than {MAX_COMMAND_BYTES} bytes; it is not analysed"
            ));
        }
        let analysed = catch_unwind(AssertUnwindSafe(|| {
            serde_json::to_value(toolgate_shell::analyze(&args.command))
        }));
        match analysed {
            Ok(Ok(Value::Object(analysis))) => reply(&CommandReply { analysis }),
            _ => Err("internal error: the command could not be analysed".into()),
        }
    }
}
