//! The PreToolUse hook of every coding agent toolgate speaks, as a function: arguments, input
//! bytes and environment in, one [`HookReply`] out. `toolgate hook` adds only the process around
//! it (reading stdin, the deadline and signal sentinel, the decision log, writing the reply and
//! exiting); the fuzz target calls [`answer`] directly, so what it tests is what the binary runs.
//!
//! Every path ends in the host's own answer and exit code 0 or 2: malformed or oversized input,
//! an unknown argument, an unusable environment and a broken policy all deny with exit 2 (which
//! blocks even if the JSON were lost). Before the host is known (no `--agent`, input not yet
//! read) a deny is the universal one that every host reads as a block.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;
use toolgate_engine::hosts::{self, Agent, HostAnswerKind, HostEvent, HostReply};
use toolgate_engine::{CallContext, Guard, ToolCallDecision};
use toolgate_policy::environment::{EnvironmentError, ProcessEnvironment};
use toolgate_policy::hook::denied;
use toolgate_policy::{HookAnswer, Policy};

/// Largest hook input accepted.
pub const MAX_INPUT_BYTES: usize = 16 * 1024 * 1024;

/// Exit code of a deny (every host blocks the call on it whatever stdout says).
pub const EXIT_DENY: u8 = 2;

/// The one answer the hook process gives, in the host's dialect.
#[derive(Debug, Clone, PartialEq)]
pub struct HookReply {
    /// Exactly what goes to stdout, without the final newline (may be empty: some hosts read
    /// silence as "no objection").
    pub stdout: String,
    /// A line for stderr (the reason of a deny).
    pub stderr: Option<String>,
    /// The exit code: 0 (no decision, allow, ask) or [`EXIT_DENY`].
    pub code: u8,
    /// What the host was told (for the decision log).
    pub host_answer: HostAnswerKind,
    /// A warning for stderr that does not change the answer (a decision log that could not be
    /// written under `log.on_failure: warn`).
    pub warning: Option<String>,
}

impl HookReply {
    /// The reply `host` prints for `answer`; without a known host only a deny can be given,
    /// and it is the universal one.
    pub fn for_host(host: Option<Agent>, answer: &HookAnswer) -> HookReply {
        let reply =
            match host {
                Some(agent) => agent.write_answer(answer),
                None => HostReply::universal_deny(answer.reason().unwrap_or(
                    "toolgate: the tool call was not executed, so the call was denied.",
                )),
            };
        HookReply {
            stdout: reply.stdout,
            stderr: reply.stderr,
            code: reply.exit_code,
            host_answer: reply.host_answer,
            warning: None,
        }
    }

    /// A deny for a failure that has nothing to do with a particular tool, in `host`'s dialect.
    pub fn deny_because(host: Option<Agent>, why: &str) -> HookReply {
        HookReply::for_host(host, &HookAnswer::deny(denied(None, why)))
    }

    /// The stdout text: the reply and a newline, or nothing when the reply is empty.
    pub fn stdout_line(&self) -> String {
        if self.stdout.is_empty() {
            return String::new();
        }
        let mut text = self.stdout.clone();
        text.push('\n');
        text
    }
}

/// What the hook's command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HookCommand {
    /// Answer the call on stdin.
    Answer {
        /// `--policy FILE`.
        policy: Option<PathBuf>,
        /// `--agent NAME`: the host whose dialect is read and written (else recognised from
        /// the input's shape).
        agent: Option<Agent>,
    },
    /// `-h` or `--help` as the only argument: print help and exit 0.
    Help,
}

/// Reads the hook's arguments by hand, so that an argument the hook does not know still gets a
/// deny (clap would print a usage error and exit 2 without the JSON). Help is given only for a
/// lone `-h`/`--help`: anything else around it is a hook command line gone wrong, and denies.
pub fn parse_args(args: &[OsString]) -> Result<HookCommand, String> {
    if let [only] = args
        && (only == "-h" || only == "--help")
    {
        return Ok(HookCommand::Help);
    }
    let mut policy = None;
    let mut agent = None;
    let mut i = 0;
    while i < args.len() {
        let arg = args[i]
            .to_str()
            .ok_or("a `toolgate hook` argument is not valid UTF-8")?;
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(OsString::from(value))),
            _ => (arg, None),
        };
        let value = match (name, inline) {
            ("--policy" | "--agent", Some(v)) => {
                i += 1;
                v
            }
            ("--policy" | "--agent", None) => {
                let v = args
                    .get(i + 1)
                    .ok_or(format!("`{name}` needs a value"))?
                    .clone();
                i += 2;
                v
            }
            _ => {
                return Err(
                    "`toolgate hook` got an argument it does not know (only `--policy FILE` and `--agent NAME`)"
                        .into(),
                );
            }
        };
        if name == "--policy" {
            policy = Some(PathBuf::from(value));
        } else {
            agent = Some(agent_named(&value)?);
        }
    }
    Ok(HookCommand::Answer { policy, agent })
}

fn agent_named(value: &std::ffi::OsStr) -> Result<Agent, String> {
    value
        .to_str()
        .and_then(Agent::from_name)
        .ok_or(format!("`--agent` must be one of {}", Agent::names()))
}

/// The host an `--agent NAME` anywhere in `args` names, even when another argument is bad: a
/// deny for a broken command line is then still in that host's dialect.
pub fn agent_in_args(args: &[OsString]) -> Option<Agent> {
    args.iter().enumerate().find_map(|(i, arg)| {
        let arg = arg.to_str()?;
        match arg.strip_prefix("--agent") {
            Some("") => agent_named(args.get(i + 1)?).ok(),
            Some(rest) => agent_named(std::ffi::OsStr::new(rest.strip_prefix('=')?)).ok(),
            None => None,
        }
    })
}

/// What the hook decided for one event, with what the decision log records about it.
pub struct HookOutcome {
    /// The host whose dialect the answer is written in (`None`: not known, the answer is a
    /// deny given before the host could be told).
    pub agent: Option<Agent>,
    /// The answer for the host (a review on a host that cannot ask is already a deny).
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
            agent: None,
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
/// `toolgate hook` answers, and what `toolgate test` checks fixtures against. `agent` is the
/// host of `--agent` (else recognised from the input's shape); `env` is the process
/// environment as read by [`toolgate_policy::environment::read_process_environment`]; `load`
/// gives the policy the first time it is needed (malformed and other events never load it).
pub fn decide_event(
    input: &[u8],
    agent: Option<Agent>,
    env: Result<&ProcessEnvironment, EnvironmentError>,
    load: &mut dyn FnMut(&ProcessEnvironment) -> Arc<Policy>,
) -> HookOutcome {
    let refused = |why: &str| {
        let mut outcome = HookOutcome::refused(denied(None, why));
        outcome.agent = agent;
        outcome
    };
    if input.len() > MAX_INPUT_BYTES {
        return refused(
            "The hook input is larger than toolgate's 16 MiB limit, so the call was denied.",
        );
    }
    // The input's numbers as Python's `json.loads` reads them, so renderings match
    // claude-agent-acgs; the event's own fields are read strictly. Every host's input field is
    // read that way (`tool_input`, Copilot's `toolArgs`, OpenCode's `args`).
    let input_key = match agent {
        Some(Agent::Copilot) => "toolArgs",
        Some(Agent::OpenCode) => "args",
        _ => "tool_input",
    };
    let parsed = std::str::from_utf8(input)
        .ok()
        .and_then(|text| toolgate_core::rules::parse_with_exact_input(text, input_key).ok());
    let Some(event) = parsed else {
        return refused(
            "The hook input is not valid JSON (or is nested too deeply), so the call was denied.",
        );
    };
    let Some(fields) = event.as_object() else {
        return refused("The hook input is not a JSON object, so the call was denied.");
    };
    let Some(agent) = agent.or_else(|| hosts::detect(fields)) else {
        return refused(&format!(
            "toolgate cannot tell which coding agent sent this hook input (register the hook with `--agent NAME`, one of {}), so the call was denied.",
            Agent::names()
        ));
    };
    let text = |key: &str| event.get(key).and_then(Value::as_str).map(str::to_string);
    let mut outcome = HookOutcome::refused(String::new());
    outcome.agent = Some(agent);
    outcome.session_id = text("session_id");
    outcome.tool_use_id = text("tool_use_id");
    // Malformed events deny and other events get no decision before any policy is loaded.
    let calls = match agent.read_event(&event) {
        Ok(HostEvent::Calls(calls)) => calls,
        Ok(HostEvent::NotOurs) => {
            outcome.pre_tool_use = false;
            outcome.answer = HookAnswer::no_decision();
            return outcome;
        }
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
    outcome.tool_name = Some(calls.host_tool.clone());
    outcome.tool_input = match calls.calls.as_slice() {
        [one] => Some(one.input.clone()),
        _ => None,
    };
    let env = match env {
        Ok(env) => env,
        Err(e) => {
            let reason = format!("{} (so the call was denied).", capitalised(e.describe()));
            outcome.answer = HookAnswer::deny(denied(Some(&calls.host_tool), &reason));
            return outcome;
        }
    };
    let policy = load(env);
    let guard = Guard::new(policy.clone());
    let (answer, decision) = toolgate_engine::hook::answer_host_calls(
        &guard,
        agent,
        &calls,
        CallContext::from_environment(env),
    );
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
/// `agent` is `--agent`, `input` the bytes read from stdin, `env` the process environment as
/// read by [`toolgate_policy::environment::read_process_environment`]. (The fuzz target's
/// entry.)
pub fn answer(
    policy: Option<&Path>,
    agent: Option<Agent>,
    input: &[u8],
    env: Result<&ProcessEnvironment, EnvironmentError>,
) -> HookReply {
    let outcome = decide_event(input, agent, env, &mut |env| load_policy(policy, env));
    HookReply::for_host(outcome.agent, &outcome.answer)
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
                policy: Some(PathBuf::from("p.yaml")),
                agent: None,
            })
        );
        assert_eq!(
            parse_args(&os(&["--agent", "codex", "--policy", "p.yaml"])),
            Ok(HookCommand::Answer {
                policy: Some(PathBuf::from("p.yaml")),
                agent: Some(Agent::Codex),
            })
        );
        assert!(parse_args(&os(&["--agent", "vim"])).is_err());
        assert!(parse_args(&os(&["--agent"])).is_err());
    }

    #[test]
    fn an_agent_named_next_to_a_bad_argument_still_sets_the_dialect() {
        let args = os(&["--agent=gemini", "--bogus"]);
        assert!(parse_args(&args).is_err());
        assert_eq!(agent_in_args(&args), Some(Agent::Gemini));
        assert_eq!(
            agent_in_args(&os(&["--agent", "cursor"])),
            Some(Agent::Cursor)
        );
        assert_eq!(agent_in_args(&os(&["--agent", "vim"])), None);
        assert_eq!(agent_in_args(&os(&["--agentx=codex"])), None);
    }

    #[test]
    fn an_unusable_environment_denies_a_tool_call() {
        let input = br#"{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"a"}}"#;
        for e in EnvironmentError::ALL {
            let reply = answer(None, Some(Agent::Claude), input, Err(e));
            assert_eq!(reply.code, EXIT_DENY, "{e:?}");
            let stdout: Value = serde_json::from_str(&reply.stdout).unwrap();
            let reason = stdout["hookSpecificOutput"]["permissionDecisionReason"]
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
