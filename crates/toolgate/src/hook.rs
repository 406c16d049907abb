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
use toolgate_engine::{CallContext, Guard, ToolCallDecision};
use toolgate_policy::environment::{EnvironmentError, ProcessEnvironment};
use toolgate_policy::hook::denied;
use toolgate_policy::{HookAnswer, PermissionDecision, Policy};

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
    /// A warning for stderr that does not change the answer (a decision log that could not be
    /// written under `log.on_failure: warn`).
    pub warning: Option<String>,
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
                warning: None,
            },
            _ => HookReply {
                stdout,
                stderr: None,
                code: 0,
                warning: None,
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

/// What the hook decided for one event, with what the decision log records about it.
pub struct HookOutcome {
    /// The answer for the host.
    pub answer: HookAnswer,
    /// Whether the event is a PreToolUse event (or could not be read as any event); other
    /// events are not toolgate's to decide and are not logged.
    pub pre_tool_use: bool,
    /// The policy, when it was loaded.
    pub policy: Option<Arc<Policy>>,
    /// The engine's decision, when the engine ran.
    pub decision: Option<ToolCallDecision>,
    /// The tool name, when the event has one.
    pub tool_name: Option<String>,
    /// The tool input, when the event has one.
    pub tool_input: Option<Value>,
    /// The event's `session_id`.
    pub session_id: Option<String>,
    /// The event's `tool_use_id`.
    pub tool_use_id: Option<String>,
}

impl HookOutcome {
    /// A deny with `reason` (already in the [`denied`] form), given before the engine ran.
    pub fn refused(reason: String) -> HookOutcome {
        HookOutcome {
            answer: HookAnswer::deny(reason),
            pre_tool_use: true,
            policy: None,
            decision: None,
            tool_name: None,
            tool_input: None,
            session_id: None,
            tool_use_id: None,
        }
    }
}

/// The hook's decision for one event (the bytes the host wrote to stdin): exactly what
/// `toolgate hook` answers, and what `toolgate test` checks fixtures against. `env` is the
/// process environment as read by
/// [`toolgate_policy::environment::read_process_environment`]; `load` gives the policy the
/// first time it is needed (malformed and other events never load it).
pub fn decide_event(
    input: &[u8],
    env: Result<&ProcessEnvironment, EnvironmentError>,
    load: &mut dyn FnMut(&ProcessEnvironment) -> Arc<Policy>,
) -> HookOutcome {
    if input.len() > MAX_INPUT_BYTES {
        return HookOutcome::refused(denied(
            None,
            "The hook input is larger than toolgate's 16 MiB limit, so the call was denied.",
        ));
    }
    // The input's numbers as Python's `json.loads` reads them, so renderings match
    // claude-agent-acgs; the event's own fields are read strictly.
    let parsed = std::str::from_utf8(input)
        .ok()
        .and_then(|text| toolgate_core::rules::parse_with_exact_input(text, "tool_input").ok());
    let Some(event) = parsed else {
        return HookOutcome::refused(denied(
            None,
            "The hook input is not valid JSON (or is nested too deeply), so the call was denied.",
        ));
    };
    let text = |key: &str| event.get(key).and_then(Value::as_str).map(str::to_string);
    let mut outcome = HookOutcome::refused(String::new());
    outcome.session_id = text("session_id");
    outcome.tool_use_id = text("tool_use_id");
    // Malformed events deny and other events get no decision before any policy is loaded.
    let call = match read_event(&event) {
        Ok(call) => call,
        Err(answer) => {
            outcome.pre_tool_use = answer.permission().is_some()
                || !matches!(event.get("hook_event_name"), Some(Value::String(_)));
            outcome.tool_name = event
                .get("tool_name")
                .and_then(Value::as_str)
                .filter(|t| !t.trim().is_empty())
                .map(str::to_string);
            outcome.answer = answer;
            return outcome;
        }
    };
    outcome.tool_name = Some(call.tool_name.to_string());
    outcome.tool_input = Some(call.tool_input.clone());
    let env = match env {
        Ok(env) => env,
        Err(e) => {
            let reason = format!("{} (so the call was denied).", capitalised(e.describe()));
            outcome.answer = HookAnswer::deny(denied(Some(call.tool_name), &reason));
            return outcome;
        }
    };
    let policy = load(env);
    let guard = Guard::new(policy.clone());
    let (answer, decision) = answer_call(&guard, &call, CallContext::from_environment(env));
    outcome.answer = answer;
    outcome.decision = decision;
    outcome.policy = Some(policy);
    outcome
}

/// Loads the policy the hook uses: `--policy`, else discovery in `env`.
pub fn load_policy(policy: Option<&Path>, env: &ProcessEnvironment) -> Arc<Policy> {
    let source = toolgate_policy::discovery::discover_in(policy, env);
    Arc::new(toolgate_policy::load(&source))
}

/// The reply for one hook invocation, without the decision log: `policy` is `--policy`,
/// `input` the bytes read from stdin, `env` the process environment as read by
/// [`toolgate_policy::environment::read_process_environment`]. (The fuzz target's entry.)
pub fn answer(
    policy: Option<&Path>,
    input: &[u8],
    env: Result<&ProcessEnvironment, EnvironmentError>,
) -> HookReply {
    let outcome = decide_event(input, env, &mut |env| load_policy(policy, env));
    HookReply::from_hook(outcome.answer)
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
                reason
                    .to_lowercase()
                    .contains(&e.describe().split(':').next().unwrap().to_lowercase()),
                "{reason}"
            );
        }
    }
}
