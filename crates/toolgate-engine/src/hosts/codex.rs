//! Codex CLI: Claude's `PreToolUse` schema with Codex's tools. `Bash` is the shell (also
//! unified exec), `apply_patch` carries the patch text in `tool_input.command` (checked as the
//! writes and edits it makes), MCP tools are `mcp__server__tool`.
//!
//! Answers (verified on codex-cli 0.171.0): allow is printing nothing; a deny is Claude's
//! `hookSpecificOutput` deny with exit 2. Codex rejects `allow` and `ask` and any unknown
//! field as a failed hook and then runs the call, so neither is ever printed: a review is a
//! deny that says how a person can approve.

use serde_json::Value;
use toolgate_policy::{HookAnswer, PermissionDecision};

use super::{HostCalls, HostEvent, HostReply, ToolCall, claude, patch, refuse, without_ask};

/// Reads a Codex `PreToolUse` event.
pub(super) fn read(value: &Value) -> Result<HostEvent, HookAnswer> {
    let HostEvent::Calls(mut calls) = claude::read(value)? else {
        return Ok(HostEvent::NotOurs);
    };
    if calls.host_tool == "apply_patch" {
        let text = match &calls.calls[0].input {
            Value::Object(map) => map.get("command").or_else(|| map.get("patch")),
            other => Some(other),
        }
        .and_then(Value::as_str)
        .ok_or_else(|| refuse("The apply_patch call has no patch text"))?;
        calls.calls = patch::calls(text).map_err(refuse)?;
    } else if calls.host_tool == "Bash" && !calls.calls[0].input["command"].is_string() {
        // An argument vector (`["bash", "-lc", "…"]`) is quoted into one command.
        let input = &calls.calls[0].input;
        if let Some(words) = input["command"].as_array() {
            let words: Option<Vec<&str>> = words.iter().map(Value::as_str).collect();
            let words =
                words.ok_or_else(|| refuse("The Bash call's command is not a list of strings"))?;
            calls.calls = vec![ToolCall::new(
                "Bash",
                serde_json::json!({"command": quote_words(&words)}),
            )];
        }
    }
    Ok(HostEvent::Calls(HostCalls { ..calls }))
}

fn quote_words(words: &[&str]) -> String {
    words
        .iter()
        .map(|w| format!("'{}'", w.replace('\'', r"'\''")))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A deny as Claude's deny with exit 2; everything else prints nothing.
pub(super) fn write(answer: &HookAnswer) -> HostReply {
    match without_ask(answer, "Codex") {
        Some((PermissionDecision::Deny, reason)) => {
            HostReply::deny(claude::specific(&reason, "deny"), &reason)
        }
        _ => HostReply::silent(),
    }
}

/// Exit 2 blocks (stderr is the reason); exit 0 blocks with a JSON deny or the legacy
/// `decision: "block"`. Any other exit, a crash or a timeout runs the call.
pub(super) fn blocks(exit_code: Option<i32>, stdout: &str, stderr: &str) -> bool {
    claude::blocks(exit_code, stdout, stderr)
}
