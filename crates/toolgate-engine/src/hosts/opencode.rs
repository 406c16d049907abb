//! OpenCode, through toolgate's JS plugin (`plugins/opencode/toolgate.js`): the plugin's
//! `tool.execute.before` sends `{"tool", "sessionID", "callID", "args", "cwd"}` and throws (which
//! blocks the tool) unless toolgate exits 0 with a JSON answer that is not a deny.

use serde_json::{Value, json};
use toolgate_policy::{HookAnswer, PermissionDecision};

use super::{
    HostAnswerKind, HostCalls, HostEvent, HostReply, ToolMapping, event_object, map_tool, patch,
    refuse, string_field, without_ask,
};

/// OpenCode's built-in tools that toolgate's model knows under another name.
const TOOLS: &[ToolMapping] = &[
    ToolMapping {
        host: "bash",
        model: "Bash",
        renames: &[],
    },
    ToolMapping {
        host: "write",
        model: "Write",
        renames: &[("filePath", "file_path")],
    },
    ToolMapping {
        host: "edit",
        model: "Edit",
        renames: &[
            ("filePath", "file_path"),
            ("oldString", "old_string"),
            ("newString", "new_string"),
        ],
    },
    ToolMapping {
        host: "read",
        model: "Read",
        renames: &[("filePath", "file_path")],
    },
    ToolMapping {
        host: "webfetch",
        model: "WebFetch",
        renames: &[],
    },
];

/// Reads the plugin's event.
pub(super) fn read(value: &Value) -> Result<HostEvent, HookAnswer> {
    let event = event_object(value)?;
    let tool =
        string_field(event, "tool").ok_or_else(|| refuse("The hook input has no tool name"))?;
    let args = event
        .get("args")
        .filter(|v| !v.is_null())
        .ok_or_else(|| refuse("The hook input has no `args`"))?;
    let mut cwd = event.get("cwd").and_then(Value::as_str).map(str::to_string);
    if let Some(dir) = args.get("workdir").and_then(Value::as_str) {
        cwd = Some(dir.to_string());
    }
    let calls = if tool == "apply_patch" || tool == "patch" {
        let text = args
            .get("patchText")
            .or_else(|| args.get("patch"))
            .and_then(Value::as_str)
            .ok_or_else(|| refuse("The patch call has no patch text"))?;
        patch::calls(text).map_err(refuse)?
    } else {
        vec![map_tool(TOOLS, tool, args)]
    };
    Ok(HostEvent::Calls(HostCalls {
        host_tool: tool.to_string(),
        calls,
        cwd,
        indeterminate: None,
    }))
}

/// `{"decision":"deny","reason":…}` with exit 2, or `{"decision":"allow"}` (the plugin lets the
/// call run); no decision is `{}`.
pub(super) fn write(answer: &HookAnswer) -> HostReply {
    match without_ask(answer, "OpenCode") {
        Some((PermissionDecision::Deny, reason)) => {
            HostReply::deny(json!({"decision": "deny", "reason": reason}), &reason)
        }
        Some(_) => HostReply::json(HostAnswerKind::Allow, json!({"decision": "allow"})),
        None => HostReply::json(HostAnswerKind::NoDecision, json!({})),
    }
}

/// The plugin's reading: anything but exit 0 with a JSON object that is not a deny throws.
pub(super) fn blocks(exit_code: Option<i32>, stdout: &str, _stderr: &str) -> bool {
    exit_code != Some(0)
        || !serde_json::from_str::<Value>(stdout.trim())
            .is_ok_and(|v| v.is_object() && v["decision"] != "deny")
}
