//! Cursor: `preToolUse` (every tool: `Shell`, `Write`, `StrReplace`, `Delete`, `Read`, …),
//! `beforeShellExecution` (`command`, `cwd`) and `beforeMCPExecution` (`tool_name`, and
//! `tool_input` as a JSON string), answered with `permission` / `user_message` /
//! `agent_message`. From Cursor's documentation (the Cursor agent is not installable here):
//! exit 2 denies, and with `failClosed: true` a crash, a timeout or invalid JSON blocks.

use serde_json::{Value, json};
use toolgate_policy::{HookAnswer, PermissionDecision};

use super::{
    HostAnswerKind, HostCalls, HostEvent, HostReply, ToolCall, ToolMapping, event_object, map_tool,
    refuse, string_field,
};

/// Cursor's agent tools that toolgate's model knows under another name.
const TOOLS: &[ToolMapping] = &[
    ToolMapping {
        host: "Shell",
        model: "Bash",
        renames: &[],
    },
    ToolMapping {
        host: "Write",
        model: "Write",
        renames: &[("path", "file_path"), ("contents", "content")],
    },
    ToolMapping {
        host: "StrReplace",
        model: "Edit",
        renames: &[("path", "file_path")],
    },
    ToolMapping {
        host: "Delete",
        model: "Write",
        renames: &[("path", "file_path")],
    },
    ToolMapping {
        host: "Read",
        model: "Read",
        renames: &[("path", "file_path")],
    },
];

/// Reads a Cursor hook event.
pub(super) fn read(value: &Value) -> Result<HostEvent, HookAnswer> {
    let event = event_object(value)?;
    let name = event
        .get("hook_event_name")
        .and_then(Value::as_str)
        .ok_or_else(|| refuse("The hook input has no `hook_event_name`"))?;
    let cwd = event
        .get("cwd")
        .and_then(Value::as_str)
        .or_else(|| {
            event
                .get("workspace_roots")
                .and_then(|r| r.get(0))
                .and_then(Value::as_str)
        })
        .map(str::to_string);
    let calls = match name {
        "preToolUse" => {
            let tool = string_field(event, "tool_name")
                .ok_or_else(|| refuse("The hook input has no tool name"))?;
            let input = event
                .get("tool_input")
                .filter(|v| !v.is_null())
                .ok_or_else(|| refuse("The hook input has no `tool_input`"))?;
            let input = json_or_string(input);
            let mut cwd = cwd;
            if let Some(dir) = input.get("working_directory").and_then(Value::as_str) {
                cwd = Some(dir.to_string());
            }
            let mut call = map_tool(TOOLS, tool, &input);
            if tool == "Delete" {
                call.input["content"] = json!("");
            }
            HostCalls {
                host_tool: tool.to_string(),
                calls: vec![call],
                cwd,
                indeterminate: None,
            }
        }
        "beforeShellExecution" => {
            let command = event
                .get("command")
                .and_then(Value::as_str)
                .ok_or_else(|| refuse("The shell event has no `command`"))?;
            HostCalls::one(
                "Shell",
                ToolCall::new("Bash", json!({"command": command})),
                cwd.as_deref(),
            )
        }
        "beforeMCPExecution" => {
            let tool = string_field(event, "tool_name")
                .ok_or_else(|| refuse("The hook input has no tool name"))?;
            let input = event.get("tool_input").map_or(json!({}), json_or_string);
            let server = ["server_name", "server"]
                .iter()
                .find_map(|k| string_field(event, k))
                .unwrap_or("cursor");
            HostCalls::one(
                tool,
                ToolCall::new(format!("mcp__{server}__{tool}"), input),
                cwd.as_deref(),
            )
        }
        "beforeReadFile" => {
            let path = event
                .get("file_path")
                .and_then(Value::as_str)
                .ok_or_else(|| refuse("The read event has no `file_path`"))?;
            HostCalls::one(
                "Read",
                ToolCall::new("Read", json!({"file_path": path})),
                cwd.as_deref(),
            )
        }
        _ => return Ok(HostEvent::NotOurs),
    };
    Ok(HostEvent::Calls(calls))
}

/// A JSON string is its parsed value; another string is `{"input": text}` so every check still
/// sees it; any other value is itself.
pub(super) fn json_or_string(value: &Value) -> Value {
    match value {
        Value::String(text) => serde_json::from_str::<Value>(text)
            .ok()
            .filter(Value::is_object)
            .unwrap_or_else(|| json!({"input": text})),
        other => other.clone(),
    }
}

/// `{"permission": …, "user_message": …, "agent_message": …}`; a deny also exits 2. No decision
/// is `{}` (Cursor's own approval flow applies).
pub(super) fn write(answer: &HookAnswer) -> HostReply {
    let body = |permission: &str, reason: &str| json!({"permission": permission, "user_message": reason, "agent_message": reason});
    match &answer.decision {
        Some((PermissionDecision::Deny, reason)) => HostReply::deny(body("deny", reason), reason),
        Some((PermissionDecision::Ask, reason)) => {
            HostReply::json(HostAnswerKind::Ask, body("ask", reason))
        }
        Some((PermissionDecision::Allow, _)) => {
            HostReply::json(HostAnswerKind::Allow, json!({"permission": "allow"}))
        }
        None => HostReply::json(HostAnswerKind::NoDecision, json!({})),
    }
}

/// Exit 2 denies; exit 0 with `permission: "deny"` denies. (With `failClosed: true` every
/// other failure blocks too; this is the reading of the answer itself.)
pub(super) fn blocks(exit_code: Option<i32>, stdout: &str, _stderr: &str) -> bool {
    match exit_code {
        Some(2) => true,
        Some(0) => {
            serde_json::from_str::<Value>(stdout.trim()).is_ok_and(|v| v["permission"] == "deny")
        }
        _ => false,
    }
}
