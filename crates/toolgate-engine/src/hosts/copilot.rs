//! GitHub Copilot CLI: `preToolUse` with camelCase fields (`toolName`, `toolArgs`), where
//! `toolArgs` is an object, a JSON string, or (for `apply_patch`) the raw patch text; a
//! hook configured under the VS Code-compatible `PreToolUse` name gets Claude's shape instead.
//! Answered with `permissionDecision` / `permissionDecisionReason`.
//!
//! Read (verified on Copilot CLI 1.0.102): a JSON deny blocks, exit 2 blocks, and so do exit 1,
//! any other non-zero exit and a kill ("hook errored"); plain text with exit 0 and a timeout
//! let the call run. `powershell` commands are not analysed (toolgate reads POSIX shell), so
//! they are indeterminate.

use serde_json::{Value, json};
use toolgate_policy::{HookAnswer, PermissionDecision};

use super::{
    HostAnswerKind, HostCalls, HostEvent, HostReply, ToolCall, ToolMapping, claude, cursor,
    event_object, map_tool, patch, refuse, string_field, without_ask,
};

/// Copilot's tools that toolgate's model knows under another name.
const TOOLS: &[ToolMapping] = &[
    ToolMapping {
        host: "bash",
        model: "Bash",
        renames: &[],
    },
    ToolMapping {
        host: "edit",
        model: "Edit",
        renames: &[
            ("path", "file_path"),
            ("old_str", "old_string"),
            ("new_str", "new_string"),
        ],
    },
    ToolMapping {
        host: "create",
        model: "Write",
        renames: &[("path", "file_path"), ("file_text", "content")],
    },
    ToolMapping {
        host: "view",
        model: "Read",
        renames: &[("path", "file_path")],
    },
    ToolMapping {
        host: "web_fetch",
        model: "WebFetch",
        renames: &[],
    },
];

/// Why a PowerShell command is not decided by analysis.
const POWERSHELL: &str = "PowerShell commands are not analysed by toolgate";

/// Reads a Copilot hook event.
pub(super) fn read(value: &Value) -> Result<HostEvent, HookAnswer> {
    let event = event_object(value)?;
    if !event.contains_key("toolName") && event.contains_key("hook_event_name") {
        // The VS Code-compatible form (`PreToolUse` in the config) is Claude's shape.
        return claude::read(value);
    }
    let tool =
        string_field(event, "toolName").ok_or_else(|| refuse("The hook input has no tool name"))?;
    let args = event
        .get("toolArgs")
        .filter(|v| !v.is_null())
        .ok_or_else(|| refuse("The hook input has no `toolArgs`"))?;
    let cwd = event.get("cwd").and_then(Value::as_str);
    let mut calls = HostCalls::one(tool, ToolCall::new(tool, Value::Null), cwd);
    if tool == "apply_patch" {
        let text = match args {
            Value::String(text) => match serde_json::from_str::<Value>(text) {
                Ok(Value::Object(map)) => map
                    .get("patch")
                    .or_else(|| map.get("input"))
                    .and_then(Value::as_str)
                    .map(str::to_string),
                _ => Some(text.clone()),
            },
            Value::Object(map) => map
                .get("patch")
                .or_else(|| map.get("input"))
                .and_then(Value::as_str)
                .map(str::to_string),
            _ => None,
        }
        .ok_or_else(|| refuse("The apply_patch call has no patch text"))?;
        calls.calls = patch::calls(&text).map_err(refuse)?;
        return Ok(HostEvent::Calls(calls));
    }
    let args = cursor::json_or_string(args);
    if tool == "powershell" {
        calls.indeterminate = Some(POWERSHELL);
    }
    calls.calls = vec![map_tool(TOOLS, tool, &args)];
    Ok(HostEvent::Calls(calls))
}

/// `{"permissionDecision":"deny","permissionDecisionReason":…}` with exit 2; no decision prints
/// nothing. Copilot auto-approves asks under `--allow-all-tools`, so a review is a deny.
pub(super) fn write(answer: &HookAnswer) -> HostReply {
    match without_ask(answer, "Copilot CLI") {
        Some((PermissionDecision::Deny, reason)) => HostReply::deny(
            json!({"permissionDecision": "deny", "permissionDecisionReason": reason}),
            &reason,
        ),
        Some((_, reason)) => HostReply::json(
            HostAnswerKind::Allow,
            json!({"permissionDecision": "allow", "permissionDecisionReason": reason}),
        ),
        None => HostReply::silent(),
    }
}

/// Any non-zero exit or a kill blocks; exit 0 blocks with a JSON deny.
pub(super) fn blocks(exit_code: Option<i32>, stdout: &str, _stderr: &str) -> bool {
    match exit_code {
        Some(0) => serde_json::from_str::<Value>(stdout.trim())
            .is_ok_and(|v| v["permissionDecision"] == "deny"),
        _ => true,
    }
}
