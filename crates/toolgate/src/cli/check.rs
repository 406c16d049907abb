//! `toolgate check TOOL [INPUT_JSON|-] [--cwd DIR]`: one tool call decided exactly as the hook
//! decides it (the same code path, policy discovery and reason), without writing hook JSON.
//!
//! Exit 0: allowed (or no decision); 1: denied or asked; 2: unusable arguments.

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::Value;
use toolgate_policy::PermissionDecision;

/// Arguments of `check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// The tool's name: `Bash`, `Write`, `WebFetch`, `mcp__server__tool` …
    pub tool: String,
    /// The tool input as a JSON object (`{"command": "ls"}`), or `-` (the default) to read it
    /// from stdin.
    pub input: Option<String>,
    /// The session's working directory (the hook event's `cwd`); default: this directory.
    #[arg(long)]
    pub cwd: Option<PathBuf>,
    /// Policy file (default: discovered as the hook discovers it).
    #[arg(long)]
    pub policy: Option<PathBuf>,
    /// Print the hook's JSON answer instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `check`.
pub fn run(args: CheckArgs) -> ExitCode {
    let text = match args.input.as_deref() {
        None | Some("-") => {
            let mut buf = String::new();
            if std::io::stdin().read_to_string(&mut buf).is_err() {
                eprintln!("toolgate check: stdin is not readable UTF-8 text");
                return ExitCode::from(super::EXIT_USAGE);
            }
            buf
        }
        Some(t) => t.to_string(),
    };
    let input: Value = match serde_json::from_str(&text) {
        Ok(v @ Value::Object(_)) => v,
        _ => {
            eprintln!(
                "toolgate check: the tool input must be a JSON object, e.g. '{{\"command\": \"ls\"}}'"
            );
            return ExitCode::from(super::EXIT_USAGE);
        }
    };
    let cwd = args.cwd.as_ref().map(|p| p.to_string_lossy().into_owned());
    // The hook's own path: the same policy discovery, engine call and answer mapping.
    let call = toolgate_engine::hook::PreToolUse {
        tool_name: &args.tool,
        tool_input: &input,
        cwd: cwd.as_deref(),
    };
    let source = toolgate_policy::discovery::discover_from_env(args.policy.as_deref());
    let guard = toolgate_engine::Guard::new(std::sync::Arc::new(toolgate_policy::load(&source)));
    let (answer, _) = toolgate_engine::hook::answer_call(
        &guard,
        &call,
        toolgate_engine::CallContext::from_process(),
    );
    let (word, reason) = match &answer.decision {
        Some((p, reason)) => (p.as_str(), reason.as_str()),
        None => ("none", "toolgate makes no decision on this call."),
    };
    if args.json {
        let out = match &answer.decision {
            Some((p, reason)) => serde_json::json!({"hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": p.as_str(),
                "permissionDecisionReason": reason,
            }}),
            None => serde_json::json!({}),
        };
        println!("{out}");
    } else {
        println!("{word}: {reason}");
    }
    match answer.permission() {
        Some(PermissionDecision::Deny | PermissionDecision::Ask) => ExitCode::from(1),
        _ => ExitCode::SUCCESS,
    }
}
