//! Coding agents ("hosts") and their hook dialects: how each one sends a tool call, how it must
//! be answered, and how it reads an answer.
//!
//! Each host has one module that reads its event into toolgate's tool-call model (Claude Code's
//! tool names: `Bash`, `Write`, `Edit`, `Read`, `WebFetch`, `mcp__server__tool`, …) and writes
//! the hook's answer in its dialect. The decision itself is the engine's one code path for every
//! host; only reading and writing differ. [`AGENTS`] is the table of what toolgate knows about
//! each host.

mod claude;
mod codex;
mod copilot;
mod cursor;
mod gemini;
mod opencode;
pub mod patch;

use serde_json::{Map, Value};
use toolgate_policy::{HookAnswer, PermissionDecision};

/// A coding agent whose hook toolgate speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Agent {
    /// Claude Code (`PreToolUse` command hooks).
    Claude,
    /// OpenAI Codex CLI (`PreToolUse` hooks in `hooks.json` or `config.toml`).
    Codex,
    /// Google Gemini CLI (`BeforeTool` hooks in `settings.json`).
    Gemini,
    /// Cursor (`preToolUse`, `beforeShellExecution`, `beforeMCPExecution` in `hooks.json`).
    Cursor,
    /// GitHub Copilot CLI (`preToolUse` in `hooks/*.json`).
    Copilot,
    /// OpenCode, through toolgate's plugin (`tool.execute.before`).
    OpenCode,
}

/// How a host reads a hook's process result: whether the call is blocked.
pub type BlocksFn = fn(exit_code: Option<i32>, stdout: &str, stderr: &str) -> bool;

/// What toolgate knows about one host.
#[derive(Debug, Clone, Copy)]
pub struct AgentSpec {
    /// Which host.
    pub agent: Agent,
    /// The `--agent` value.
    pub name: &'static str,
    /// The product name people know.
    pub display: &'static str,
    /// Whether the host can ask a person (`ask`); where it cannot, a review is a deny.
    pub can_ask: bool,
    /// Reads a hook event into tool calls.
    pub read: fn(&Value) -> Result<HostEvent, HookAnswer>,
    /// Writes the answer in the host's dialect.
    pub write: fn(&HookAnswer) -> HostReply,
    /// How the host reads a hook's exit code and output (used by `toolgate doctor` and tests).
    pub blocks: BlocksFn,
}

/// Every host, in `--agent` order.
pub const AGENTS: &[AgentSpec] = &[
    AgentSpec {
        agent: Agent::Claude,
        name: "claude",
        display: "Claude Code",
        can_ask: true,
        read: claude::read,
        write: claude::write,
        blocks: claude::blocks,
    },
    AgentSpec {
        agent: Agent::Codex,
        name: "codex",
        display: "Codex CLI",
        can_ask: false,
        read: codex::read,
        write: codex::write,
        blocks: codex::blocks,
    },
    AgentSpec {
        agent: Agent::Gemini,
        name: "gemini",
        display: "Gemini CLI",
        can_ask: false,
        read: gemini::read,
        write: gemini::write,
        blocks: gemini::blocks,
    },
    AgentSpec {
        agent: Agent::Cursor,
        name: "cursor",
        display: "Cursor",
        can_ask: true,
        read: cursor::read,
        write: cursor::write,
        blocks: cursor::blocks,
    },
    AgentSpec {
        agent: Agent::Copilot,
        name: "copilot",
        display: "Copilot CLI",
        can_ask: false,
        read: copilot::read,
        write: copilot::write,
        blocks: copilot::blocks,
    },
    AgentSpec {
        agent: Agent::OpenCode,
        name: "opencode",
        display: "OpenCode",
        can_ask: false,
        read: opencode::read,
        write: opencode::write,
        blocks: opencode::blocks,
    },
];

impl Agent {
    /// What toolgate knows about this host.
    pub fn spec(self) -> &'static AgentSpec {
        AGENTS
            .iter()
            .find(|s| s.agent == self)
            .expect("every agent has a row in AGENTS")
    }

    /// The `--agent` value (`claude`, `codex`, …), also the name a decision log records.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// The agent named `name` (`--agent` values).
    pub fn from_name(name: &str) -> Option<Agent> {
        AGENTS.iter().find(|s| s.name == name).map(|s| s.agent)
    }

    /// The `--agent` values, comma separated (for messages).
    pub fn names() -> String {
        AGENTS.iter().map(|s| s.name).collect::<Vec<_>>().join(", ")
    }

    /// Reads the host's hook event. `Err`: the event's whole answer without deciding anything
    /// (a deny for a malformed event).
    pub fn read_event(self, event: &Value) -> Result<HostEvent, HookAnswer> {
        (self.spec().read)(event)
    }

    /// Writes `answer` as this host expects it.
    pub fn write_answer(self, answer: &HookAnswer) -> HostReply {
        let mut reply = (self.spec().write)(answer);
        reply.agent = Some(self);
        reply
    }

    /// Whether this host blocks the call when the hook process ended with `exit_code` (`None`:
    /// killed by a signal) and printed `stdout` and `stderr`.
    pub fn blocks(self, exit_code: Option<i32>, stdout: &str, stderr: &str) -> bool {
        (self.spec().blocks)(exit_code, stdout, stderr)
    }
}

/// One tool call in toolgate's model (Claude Code's tool names and input shapes).
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCall {
    /// Tool name as the engine knows it (`Bash`, `Write`, `Edit`, `Read`, `WebFetch`, an MCP
    /// name, or the host's own name for a tool toolgate does not model).
    pub tool_name: String,
    /// Tool input in that tool's shape.
    pub input: Value,
}

impl ToolCall {
    /// A call of `tool_name` with `input`.
    pub fn new(tool_name: impl Into<String>, input: Value) -> ToolCall {
        ToolCall {
            tool_name: tool_name.into(),
            input,
        }
    }
}

/// What a host's hook event asks.
#[derive(Debug, Clone, PartialEq)]
pub enum HostEvent {
    /// An event this hook does not decide (another event type): answered with no decision.
    NotOurs,
    /// One tool call of the host, as one or more calls in toolgate's model (a patch that
    /// touches three files is three calls).
    Calls(HostCalls),
}

/// The calls of one host tool call.
#[derive(Debug, Clone, PartialEq)]
pub struct HostCalls {
    /// The host's own tool name (shown in reasons when it is a plain name).
    pub host_tool: String,
    /// The calls in toolgate's model; every one is decided, the most restrictive answer wins.
    pub calls: Vec<ToolCall>,
    /// The session's working directory, when the event names it.
    pub cwd: Option<String>,
    /// Set when part of the call cannot be analysed (a PowerShell command): the call is then
    /// answered as an indeterminate command (deny, or review when the policy says so).
    pub indeterminate: Option<&'static str>,
}

impl HostCalls {
    /// One call, no other facts.
    pub fn one(host_tool: &str, call: ToolCall, cwd: Option<&str>) -> HostCalls {
        HostCalls {
            host_tool: host_tool.to_string(),
            calls: vec![call],
            cwd: cwd.map(str::to_string),
            indeterminate: None,
        }
    }
}

/// The answer a host received, as a decision log records it (`host_answer`). Hosts downgrade:
/// a review is an `ask` on Claude Code but a deny on Codex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HostAnswerKind {
    /// The host was told to block the call.
    Deny,
    /// The host was told to ask a person.
    Ask,
    /// The host was told to run the call without asking.
    Allow,
    /// The host got no decision (its own permission flow applies).
    NoDecision,
}

impl HostAnswerKind {
    /// `deny`, `ask`, `allow` or `no_decision`.
    pub fn as_str(self) -> &'static str {
        match self {
            HostAnswerKind::Deny => "deny",
            HostAnswerKind::Ask => "ask",
            HostAnswerKind::Allow => "allow",
            HostAnswerKind::NoDecision => "no_decision",
        }
    }
}

/// The hook process's whole answer: what it prints and how it exits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostReply {
    /// The host it was written for (`None`: the host is not known, see [`HostReply::universal_deny`]).
    pub agent: Option<Agent>,
    /// What the host was told (for the decision log).
    pub host_answer: HostAnswerKind,
    /// Exactly what goes to stdout (may be empty).
    pub stdout: String,
    /// A line for stderr (the reason of a deny).
    pub stderr: Option<String>,
    /// The exit code: 2 for every deny (it blocks wherever a host honours exit codes).
    pub exit_code: u8,
}

impl HostReply {
    /// A deny that every host reads as a block, for when the host is not known (no `--agent`
    /// and an input of no known shape): exit 2 with the reason on stderr, and on stdout a JSON
    /// object that carries both Claude Code's deny and the top-level `decision: "block"` that
    /// Codex, Gemini CLI and Claude Code's legacy form read.
    pub fn universal_deny(reason: &str) -> HostReply {
        let stdout = serde_json::json!({
            "decision": "block",
            "reason": reason,
            "hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": "deny",
                "permissionDecisionReason": reason,
            },
        })
        .to_string();
        HostReply {
            agent: None,
            host_answer: HostAnswerKind::Deny,
            stdout,
            stderr: Some(reason.to_string()),
            exit_code: 2,
        }
    }

    /// A reply with `stdout` (a JSON value) and no stderr, exit 0.
    fn json(host_answer: HostAnswerKind, stdout: Value) -> HostReply {
        HostReply {
            agent: None,
            host_answer,
            stdout: stdout.to_string(),
            stderr: None,
            exit_code: 0,
        }
    }

    /// A deny: `stdout` (the dialect's deny JSON), the reason on stderr, exit 2.
    fn deny(stdout: Value, reason: &str) -> HostReply {
        HostReply {
            agent: None,
            host_answer: HostAnswerKind::Deny,
            stdout: stdout.to_string(),
            stderr: Some(reason.to_string()),
            exit_code: 2,
        }
    }

    /// Nothing on stdout or stderr, exit 0.
    fn silent() -> HostReply {
        HostReply {
            agent: None,
            host_answer: HostAnswerKind::NoDecision,
            stdout: String::new(),
            stderr: None,
            exit_code: 0,
        }
    }
}

/// The hook's answer for the engine's `verdict` and `reason` on `tool`, for `agent`: the
/// policy's `hook:` settings decide, except that a review on a host that cannot ask is a deny
/// that says how a person can approve the call.
pub fn answer_for(
    agent: Agent,
    settings: &toolgate_policy::HookSettings,
    tool: &str,
    verdict: toolgate_core::Verdict,
    reason: &str,
) -> HookAnswer {
    let answer = settings.answer(tool, verdict, reason);
    if agent.spec().can_ask || answer.permission() != Some(PermissionDecision::Ask) {
        return answer;
    }
    HookAnswer::deny(toolgate_policy::hook::denied(
        Some(tool),
        &format!("{reason} {}", cannot_ask(agent.spec().display)),
    ))
}

/// What a deny says on a host that cannot ask a person.
fn cannot_ask(host: &str) -> String {
    format!(
        "{host} cannot ask a person from a hook, so the call was denied. A person can approve it by running it themselves, or by allowing it in the toolgate policy (`toolgate explain` names the rule)."
    )
}

/// The permission and reason of `answer`, with a review (`ask`) turned into a deny that says
/// how a person can approve, for hosts that cannot ask.
fn without_ask(answer: &HookAnswer, host: &str) -> Option<(PermissionDecision, String)> {
    match &answer.decision {
        Some((PermissionDecision::Ask, reason)) => Some((
            PermissionDecision::Deny,
            format!("{reason} {}", cannot_ask(host)),
        )),
        other => other.clone(),
    }
}

/// Recognises the host from the shape of its event (used when `toolgate hook` has no
/// `--agent`). `None`: the shape is not one toolgate knows.
pub fn detect(event: &Map<String, Value>) -> Option<Agent> {
    let event_name = event.get("hook_event_name").and_then(Value::as_str);
    if event.contains_key("toolName") || event.contains_key("toolArgs") {
        return Some(Agent::Copilot);
    }
    match event_name {
        Some("BeforeTool") => return Some(Agent::Gemini),
        Some("preToolUse" | "beforeShellExecution" | "beforeMCPExecution" | "beforeReadFile") => {
            return Some(Agent::Cursor);
        }
        _ => {}
    }
    if event.contains_key("conversation_id") || event.contains_key("workspace_roots") {
        return Some(Agent::Cursor);
    }
    if event.contains_key("callID") && event.contains_key("tool") {
        return Some(Agent::OpenCode);
    }
    if event_name.is_some() {
        let transcript = event
            .get("transcript_path")
            .and_then(Value::as_str)
            .unwrap_or("");
        let codex_tool = matches!(
            event.get("tool_name").and_then(Value::as_str),
            Some("apply_patch")
        );
        if event.contains_key("turn_id") || transcript.contains("/.codex/") || codex_tool {
            return Some(Agent::Codex);
        }
        if transcript.contains("/.copilot/") {
            return Some(Agent::Copilot);
        }
        return Some(Agent::Claude);
    }
    None
}

/// The event `agent` sends for a shell command `command` run in `cwd`: what `toolgate doctor`
/// feeds a registered hook to see it deny a destructive call, and what tests start from.
pub fn shell_event(agent: Agent, command: &str, cwd: &str) -> Value {
    match agent {
        Agent::Claude => serde_json::json!({
            "session_id": "toolgate-doctor", "transcript_path": "", "cwd": cwd,
            "permission_mode": "default", "hook_event_name": "PreToolUse",
            "tool_name": "Bash", "tool_input": {"command": command}, "tool_use_id": "toolu_doctor",
        }),
        Agent::Codex => serde_json::json!({
            "session_id": "toolgate-doctor", "turn_id": "doctor", "transcript_path": null,
            "cwd": cwd, "hook_event_name": "PreToolUse", "model": "doctor",
            "permission_mode": "bypassPermissions", "tool_name": "Bash",
            "tool_input": {"command": command}, "tool_use_id": "call_doctor",
        }),
        Agent::Gemini => serde_json::json!({
            "session_id": "toolgate-doctor", "transcript_path": "", "cwd": cwd,
            "hook_event_name": "BeforeTool", "timestamp": "2026-01-01T00:00:00.000Z",
            "tool_name": "run_shell_command", "tool_input": {"command": command},
        }),
        Agent::Cursor => serde_json::json!({
            "conversation_id": "toolgate-doctor", "generation_id": "doctor",
            "hook_event_name": "beforeShellExecution", "workspace_roots": [cwd],
            "command": command, "cwd": cwd,
        }),
        Agent::Copilot => serde_json::json!({
            "sessionId": "toolgate-doctor", "timestamp": 0, "cwd": cwd,
            "toolName": "bash", "toolArgs": {"command": command, "description": "doctor"},
        }),
        Agent::OpenCode => serde_json::json!({
            "tool": "bash", "sessionID": "toolgate-doctor", "callID": "doctor",
            "args": {"command": command, "description": "doctor"}, "cwd": cwd,
        }),
    }
}

/// The deny for an event that cannot be read: `why` names what is missing or wrong.
pub(crate) fn refuse(why: &str) -> HookAnswer {
    HookAnswer::deny(toolgate_policy::hook::denied(
        None,
        &format!("{why}, so the call was denied."),
    ))
}

/// The event as an object, or the deny for one that is not.
fn event_object(event: &Value) -> Result<&Map<String, Value>, HookAnswer> {
    event
        .as_object()
        .ok_or_else(|| refuse("The hook input is not a JSON object"))
}

/// A non-empty string field.
fn string_field<'a>(map: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    map.get(key)
        .and_then(Value::as_str)
        .filter(|s| !s.trim().is_empty())
}

/// `input` with its keys renamed (`from` → `to`) where present; other keys kept.
fn renamed(input: &Map<String, Value>, renames: &[(&str, &str)]) -> Value {
    let mut out = Map::new();
    for (key, value) in input {
        let key = renames
            .iter()
            .find(|(from, _)| from == key)
            .map_or(key.as_str(), |(_, to)| to);
        out.entry(key.to_string()).or_insert_with(|| value.clone());
    }
    Value::Object(out)
}

/// A host tool that toolgate maps onto one of its model's tools.
#[derive(Debug, Clone, Copy)]
struct ToolMapping {
    /// The host's tool name.
    host: &'static str,
    /// The tool in toolgate's model.
    model: &'static str,
    /// Input keys renamed from the host's names to the model's.
    renames: &'static [(&'static str, &'static str)],
}

/// The model call for `host_tool` from `mappings`, or the host's call under its own name.
fn map_tool(mappings: &[ToolMapping], host_tool: &str, input: &Value) -> ToolCall {
    match (mappings.iter().find(|m| m.host == host_tool), input) {
        (Some(m), Value::Object(map)) => ToolCall::new(m.model, renamed(map, m.renames)),
        (Some(m), _) => ToolCall::new(m.model, input.clone()),
        (None, _) => ToolCall::new(host_tool, input.clone()),
    }
}

#[cfg(test)]
mod tests;
