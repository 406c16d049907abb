//! Claude Code: `PreToolUse` events with `tool_name` / `tool_input`, answered with
//! `hookSpecificOutput.permissionDecision`. Its tools are toolgate's model, so calls pass as
//! they are. A deny also exits 2, which blocks even if the JSON were lost.

use serde_json::{Map, Value, json};
use toolgate_policy::{HookAnswer, PermissionDecision};

use super::{HostAnswerKind, HostCalls, HostEvent, HostReply, ToolCall, string_field};

/// Reads a Claude-shaped `PreToolUse` event (also what Codex sends).
pub(super) fn read(event: &Map<String, Value>) -> Result<HostEvent, &'static str> {
    read_pre_tool_use(event, "PreToolUse")
}

/// Reads an event whose `hook_event_name` must be `pre_tool_use`; other names are not ours.
pub(super) fn read_pre_tool_use(
    event: &Map<String, Value>,
    pre_tool_use: &str,
) -> Result<HostEvent, &'static str> {
    match event.get("hook_event_name") {
        Some(Value::String(name)) if name == pre_tool_use => {}
        Some(Value::String(_)) => return Ok(HostEvent::NotOurs),
        _ => return Err("The hook input has no `hook_event_name`"),
    }
    let tool = string_field(event, "tool_name").ok_or("The hook input has no tool name")?;
    let input = event
        .get("tool_input")
        .filter(|v| !v.is_null())
        .ok_or("The hook input has no `tool_input`")?;
    Ok(HostEvent::Calls(HostCalls::one(
        tool,
        ToolCall::new(tool, input.clone()),
        event.get("cwd").and_then(Value::as_str),
    )))
}

/// `{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": …}}`.
pub(super) fn write(answer: &HookAnswer) -> HostReply {
    match &answer.decision {
        Some((PermissionDecision::Deny, reason)) => {
            HostReply::deny(specific(reason, "deny"), reason)
        }
        Some((PermissionDecision::Ask, reason)) => {
            HostReply::json(HostAnswerKind::Ask, specific(reason, "ask"))
        }
        Some((PermissionDecision::Allow, reason)) => {
            HostReply::json(HostAnswerKind::Allow, specific(reason, "allow"))
        }
        // `{}`: no decision, Claude Code's own permission flow applies.
        None => HostReply::json(HostAnswerKind::NoDecision, json!({})),
    }
}

/// The `hookSpecificOutput` object with `decision` and `reason`.
pub(super) fn specific(reason: &str, decision: &str) -> Value {
    json!({"hookSpecificOutput": {
        "hookEventName": "PreToolUse",
        "permissionDecision": decision,
        "permissionDecisionReason": reason,
    }})
}

/// Exit 2 blocks; exit 0 blocks with a JSON deny (or the legacy `decision: "block"`) that is
/// the whole of stdout. Anything else lets the call run (unless `onFailure: "block"`).
pub(super) fn blocks(exit_code: Option<i32>, stdout: &str, _stderr: &str) -> bool {
    match exit_code {
        Some(2) => true,
        Some(0) => serde_json::from_str::<Value>(stdout.trim()).is_ok_and(|v| {
            v["hookSpecificOutput"]["permissionDecision"] == "deny" || v["decision"] == "block"
        }),
        _ => false,
    }
}
