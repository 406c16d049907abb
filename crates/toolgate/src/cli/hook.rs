//! `toolgate hook`: the Claude Code PreToolUse hook.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `hook` (parsed by hand so that a bad argument still gives a deny).
#[derive(Debug, clap::Args)]
pub struct HookArgs {
    /// Policy file.
    #[arg(long)]
    pub policy: Option<PathBuf>,
}

/// Runs the hook. Every path ends in a decision JSON on stdout and exit 0 or 2.
pub fn main(_args: &[OsString]) -> ExitCode {
    let reason = "toolgate hook is not built yet, so the call was denied.";
    println!(
        "{}",
        serde_json::json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": reason}})
    );
    eprintln!("{reason}");
    ExitCode::from(2)
}
