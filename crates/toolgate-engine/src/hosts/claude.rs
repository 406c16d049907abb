//! Claude Code: `PreToolUse` events with `tool_name` / `tool_input`, answered with
//! `hookSpecificOutput.permissionDecision`. Its tools are toolgate's model, so calls pass as
//! they are. A deny also exits 2, which blocks even if the JSON were lost.

use serde_json::{Value, json};
use toolgate_policy::{HookAnswer, PermissionDecision};

use super::{HostAnswerKind, HostCalls, HostEvent, HostReply, ToolCall};

/// Reads a Claude-shaped `PreToolUse` event (also what Codex sends) through
/// [`crate::hook::read_event`], the reading the Python package uses too.
pub(super) fn read(event: &Value) -> Result<HostEvent, HookAnswer> {
    match crate::hook::read_event(event) {
        Ok(call) => Ok(HostEvent::Calls(HostCalls::one(
            call.tool_name,
            ToolCall::new(call.tool_name, call.tool_input.clone()),
            call.cwd,
        ))),
        Err(answer) if answer.decision.is_none() => Ok(HostEvent::NotOurs),
        Err(answer) => Err(answer),
    }
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
