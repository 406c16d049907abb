//! Gemini CLI: `BeforeTool` events (`tool_name`, `tool_input`, `mcp_context` for MCP tools),
//! answered with a top-level `decision`.
//!
//! Read (verified on gemini-cli 0.61.0): Gemini parses stdout as JSON, or stderr when stdout is
//! empty; plain text with exit 0 or 1 allows, with any other exit code denies; a timeout, a
//! kill by a signal or an exit 2 with nothing printed allows. So a deny prints
//! `{"decision":"deny","reason":…}`, puts the reason on stderr and exits 2. The hook never
//! answers `ask` (a review is a deny that says how to approve).

use serde_json::{Value, json};
use toolgate_policy::{HookAnswer, PermissionDecision};

use super::{
    HostAnswerKind, HostCalls, HostEvent, HostReply, ToolCall, ToolMapping, event_object, map_tool,
    refuse, string_field, without_ask,
};

/// Gemini's built-in tools that toolgate's model knows under another name.
const TOOLS: &[ToolMapping] = &[
    ToolMapping {
        host: "run_shell_command",
        model: "Bash",
        renames: &[],
    },
    ToolMapping {
        host: "write_file",
        model: "Write",
        renames: &[],
    },
    ToolMapping {
        host: "replace",
        model: "Edit",
        renames: &[],
    },
    ToolMapping {
        host: "read_file",
        model: "Read",
        renames: &[("absolute_path", "file_path")],
    },
    ToolMapping {
        host: "list_directory",
        model: "LS",
        renames: &[("dir_path", "path")],
    },
    ToolMapping {
        host: "glob",
        model: "Glob",
        renames: &[("dir_path", "path")],
    },
    ToolMapping {
        host: "grep_search",
        model: "Grep",
        renames: &[("dir_path", "path")],
    },
    ToolMapping {
        host: "google_web_search",
        model: "WebSearch",
        renames: &[],
    },
];

/// Reads a `BeforeTool` event.
pub(super) fn read(value: &Value) -> Result<HostEvent, HookAnswer> {
    let event = event_object(value)?;
    match event.get("hook_event_name") {
        Some(Value::String(name)) if name == "BeforeTool" => {}
        Some(Value::String(_)) => return Ok(HostEvent::NotOurs),
        _ => return Err(refuse("The hook input has no `hook_event_name`")),
    }
    let tool = string_field(event, "tool_name")
        .ok_or_else(|| refuse("The hook input has no tool name"))?;
    let input = event
        .get("tool_input")
        .filter(|v| !v.is_null())
        .ok_or_else(|| refuse("The hook input has no `tool_input`"))?;
    let mut cwd = event.get("cwd").and_then(Value::as_str).map(str::to_string);
    let calls = if tool == "web_fetch" {
        web_fetch_calls(input)
    } else if let Some(server) = event
        .get("mcp_context")
        .and_then(|c| c.get("server_name"))
        .and_then(Value::as_str)
    {
        let own = tool
            .strip_prefix(&format!("{server}__"))
            .or_else(|| {
                tool.strip_prefix("mcp__")
                    .and_then(|t| t.split_once("__").map(|x| x.1))
            })
            .unwrap_or(tool);
        vec![ToolCall::new(
            format!("mcp__{server}__{own}"),
            input.clone(),
        )]
    } else {
        if tool == "run_shell_command"
            && let Some(dir) = input.get("dir_path").and_then(Value::as_str)
        {
            cwd = Some(match &cwd {
                Some(base) => std::path::Path::new(base)
                    .join(dir)
                    .to_string_lossy()
                    .into_owned(),
                None => dir.to_string(),
            });
        }
        let mut call = map_tool(TOOLS, tool, input);
        // Gemini's search prints the lines that match (Claude's Grep lists names unless
        // asked for content): what it shows is judged as a content search.
        if tool == "grep_search"
            && let Value::Object(map) = &mut call.input
        {
            map.entry("output_mode")
                .or_insert_with(|| Value::String("content".into()));
        }
        vec![call]
    };
    Ok(HostEvent::Calls(HostCalls {
        host_tool: tool.to_string(),
        calls,
        cwd,
        indeterminate: None,
    }))
}

/// `web_fetch` names its URLs inside `prompt` (or, in some versions, in `url`): each is a
/// `WebFetch`. A prompt without URLs stays a call under Gemini's name (the rules still see it).
fn web_fetch_calls(input: &Value) -> Vec<ToolCall> {
    let prompt = input.get("prompt").and_then(Value::as_str).unwrap_or("");
    let mut urls: Vec<&str> = input
        .get("url")
        .and_then(Value::as_str)
        .into_iter()
        .collect();
    urls.extend(prompt.split_whitespace().filter_map(|word| {
        let start = word.to_ascii_lowercase().find("http")?;
        let url = word[start..].trim_end_matches(|c: char| ",.;:!?)]}>\"'".contains(c));
        let lower = url.to_ascii_lowercase();
        (lower.starts_with("http://") || lower.starts_with("https://")).then_some(url)
    }));
    if urls.is_empty() {
        return vec![ToolCall::new("web_fetch", input.clone())];
    }
    urls.into_iter()
        .map(|url| ToolCall::new("WebFetch", json!({"url": url, "prompt": prompt})))
        .collect()
}

/// `{"decision":"deny","reason":…}` with exit 2; an allow is `{"decision":"allow"}`; no
/// decision prints nothing.
pub(super) fn write(answer: &HookAnswer) -> HostReply {
    match without_ask(answer, "Gemini CLI") {
        Some((PermissionDecision::Deny, reason)) => {
            HostReply::deny(json!({"decision": "deny", "reason": reason}), &reason)
        }
        Some((_, _)) => HostReply::json(HostAnswerKind::Allow, json!({"decision": "allow"})),
        None => HostReply::silent(),
    }
}

/// Gemini's reading: the JSON on stdout (or stderr when stdout is empty) decides; plain text
/// denies unless the exit code is 0 or 1; no output, a kill or a timeout allows.
pub(super) fn blocks(exit_code: Option<i32>, stdout: &str, stderr: &str) -> bool {
    let Some(code) = exit_code else {
        return false;
    };
    let text = if stdout.trim().is_empty() {
        stderr.trim()
    } else {
        stdout.trim()
    };
    if text.is_empty() {
        return false;
    }
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(map)) => {
            matches!(
                map.get("decision").and_then(Value::as_str),
                Some("deny" | "block")
            ) || map.get("continue") == Some(&Value::Bool(false))
        }
        Ok(_) | Err(_) => code != 0 && code != 1,
    }
}
