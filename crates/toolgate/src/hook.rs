//! The Claude Code PreToolUse hook as a function: arguments, input bytes and environment in,
//! one [`HookReply`] out. `toolgate hook` adds only the process around it (reading stdin, the
//! deadline and signal sentinel, writing the reply and exiting); the fuzz target calls
//! [`answer`] directly, so what it tests is what the binary runs.
//!
//! Every path ends in exactly one JSON object and exit code 0 or 2: malformed or oversized
//! input, an unknown argument, an unusable environment and a broken policy all answer deny
//! with exit 2 (which blocks even if the JSON were lost).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;
use toolgate_engine::hook::{answer_call, read_event};
use toolgate_engine::{CallContext, Guard};
use toolgate_policy::environment::{EnvironmentError, ProcessEnvironment};
use toolgate_policy::hook::denied;
use toolgate_policy::{HookAnswer, PermissionDecision};

/// Largest hook input accepted.
pub const MAX_INPUT_BYTES: usize = 16 * 1024 * 1024;

/// Exit code of a deny (Claude Code blocks the call on it whatever stdout says).
pub const EXIT_DENY: u8 = 2;

/// The one answer the hook process gives.
#[derive(Debug, Clone, PartialEq)]
pub struct HookReply {
    /// The JSON object written to stdout (one line).
    pub stdout: Value,
    /// The reason repeated on stderr (denies only).
    pub stderr: Option<String>,
    /// The exit code: 0 (no decision, allow, ask) or [`EXIT_DENY`].
    pub code: u8,
}

impl HookReply {
    /// A deny with `reason` (already in the [`denied`] form): exit 2, the reason on stderr too.
    pub fn deny(reason: String) -> HookReply {
        HookReply::from_hook(HookAnswer::deny(reason))
    }

    /// A deny for a failure that has nothing to do with a particular tool.
    pub fn deny_because(why: &str) -> HookReply {
        HookReply::deny(denied(None, why))
    }

    /// The process answer for the shared hook answer ([`HookAnswer::to_json`] on stdout): a
    /// deny exits 2 with its reason on stderr too; ask, allow and no decision (`{}`) exit 0.
    pub fn from_hook(answer: HookAnswer) -> HookReply {
        let stdout = answer.to_json();
        match answer.decision {
            Some((PermissionDecision::Deny, reason)) => HookReply {
                stdout,
                stderr: Some(reason),
                code: EXIT_DENY,
            },
            _ => HookReply {
                stdout,
                stderr: None,
                code: 0,
            },
        }
    }

    /// No decision: `{}` and exit 0 (Claude Code's own permission flow applies).
    pub fn no_decision() -> HookReply {
        HookReply::from_hook(HookAnswer::no_decision())
    }

    /// The stdout text: the JSON object on one line, newline-terminated.
    pub fn stdout_line(&self) -> String {
        let mut text = self.stdout.to_string();
        text.push('\n');
        text
    }
}

/// What the hook's command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HookCommand {
    /// Answer the call on stdin, with `--policy FILE` when given.
    Answer {
        /// `--policy FILE`.
        policy: Option<PathBuf>,
    },
    /// `-h` or `--help` as the only argument: print help and exit 0.
    Help,
}

/// Reads the hook's arguments by hand, so that an argument the hook does not know still gets a
/// deny (clap would print a usage error and exit 2 without the JSON). Help is given only for a
/// lone `-h`/`--help`: anything else around it is a hook command line gone wrong, and denies.
pub fn parse_args(args: &[OsString]) -> Result<HookCommand, &'static str> {
    if let [only] = args
        && (only == "-h" || only == "--help")
    {
        return Ok(HookCommand::Help);
    }
    let mut policy = None;
    let mut i = 0;
    while i < args.len() {
        let arg = args[i]
            .to_str()
            .ok_or("a `toolgate hook` argument is not valid UTF-8")?;
        if arg == "--policy" {
            let value = args.get(i + 1).ok_or("`--policy` needs a file")?;
            policy = Some(PathBuf::from(value));
            i += 2;
        } else if let Some(value) = arg.strip_prefix("--policy=") {
            policy = Some(PathBuf::from(value));
            i += 1;
        } else {
            return Err("`toolgate hook` got an argument it does not know (only `--policy FILE`)");
        }
    }
    Ok(HookCommand::Answer { policy })
}

/// The reply for one hook invocation: `policy` is `--policy`, `input` the bytes read from
/// stdin, `env` the process environment as read by
/// [`toolgate_policy::environment::read_process_environment`].
pub fn answer(
    policy: Option<&Path>,
    input: &[u8],
    env: Result<&ProcessEnvironment, EnvironmentError>,
) -> HookReply {
    decide(policy, input, env).0
}

/// [`answer`] for a process that exits right after answering: the compiled policy is never
/// freed (freeing it is wasted work at exit).
pub fn answer_and_keep_policy(
    policy: Option<&Path>,
    input: &[u8],
    env: Result<&ProcessEnvironment, EnvironmentError>,
) -> HookReply {
    let (reply, guard) = decide(policy, input, env);
    std::mem::forget(guard);
    reply
}

fn decide(
    policy: Option<&Path>,
    input: &[u8],
    env: Result<&ProcessEnvironment, EnvironmentError>,
) -> (HookReply, Option<Guard>) {
    if input.len() > MAX_INPUT_BYTES {
        let reply = HookReply::deny_because(
            "The hook input is larger than toolgate's 16 MiB limit, so the call was denied.",
        );
        return (reply, None);
    }
    // The input's numbers as Python's `json.loads` reads them, so renderings match
    // claude-agent-acgs; the event's own fields are read strictly.
    let parsed = std::str::from_utf8(input)
        .ok()
        .and_then(|text| toolgate_core::rules::parse_with_exact_input(text, "tool_input").ok());
    let Some(event) = parsed else {
        let reply = HookReply::deny_because(
            "The hook input is not valid JSON (or is nested too deeply), so the call was denied.",
        );
        return (reply, None);
    };
    // Malformed events deny and other events get no decision before any policy is loaded.
    let call = match read_event(&event) {
        Ok(call) => call,
        Err(answer) => return (HookReply::from_hook(answer), None),
    };
    let env = match env {
        Ok(env) => env,
        Err(e) => {
            let reason = format!("{} (so the call was denied).", capitalised(e.describe()));
            return (HookReply::deny(denied(Some(call.tool_name), &reason)), None);
        }
    };
    let source = toolgate_policy::discovery::discover_in(policy, env);
    let guard = Guard::new(Arc::new(toolgate_policy::load(&source)));
    let (answer, _) = answer_call(&guard, &call, CallContext::from_environment(env));
    (HookReply::from_hook(answer), Some(guard))
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(args: &[&str]) -> Vec<OsString> {
        args.iter().map(OsString::from).collect()
    }

    #[test]
    fn help_only_alone() {
        assert_eq!(parse_args(&os(&["--help"])), Ok(HookCommand::Help));
        assert_eq!(parse_args(&os(&["-h"])), Ok(HookCommand::Help));
        for odd in [
            &["--help", "--policy", "p.yaml"][..],
            &["--policy", "p.yaml", "-h"],
            &["-h", "-h"],
            &["help"],
            &["--HELP"],
            &["-help"],
            &["--policy"],
            &["x"],
        ] {
            assert!(parse_args(&os(odd)).is_err(), "{odd:?}");
        }
        assert_eq!(
            parse_args(&os(&["--policy=p.yaml"])),
            Ok(HookCommand::Answer {
                policy: Some(PathBuf::from("p.yaml"))
            })
        );
    }

    #[test]
    fn an_unusable_environment_denies_a_tool_call() {
        let input = br#"{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"a"}}"#;
        for e in EnvironmentError::ALL {
            let reply = answer(None, input, Err(e));
            assert_eq!(reply.code, EXIT_DENY, "{e:?}");
            let reason = reply.stdout["hookSpecificOutput"]["permissionDecisionReason"]
                .as_str()
                .unwrap();
            assert!(
                reason.contains(e.describe().split(':').next().unwrap()),
                "{reason}"
            );
        }
    }
}
