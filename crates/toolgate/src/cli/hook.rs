//! `toolgate hook`: the PreToolUse hook of every coding agent toolgate speaks (`--agent`).
//!
//! Hosts run the tool when a hook fails (a crash, a timeout, garbage on stdout, most exit
//! codes). So every path here ends in the host's own deny with exit 2: errors, panics,
//! oversized or malformed input, broken policies, the internal deadline and SIGTERM all deny
//! (exit 2 blocks even if the JSON were lost). Before the host is known (no `--agent`, input
//! not yet read) a deny is the universal one that every host reads as a block.

use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::Value;
use toolgate_engine::hosts::{self, Agent, HostEvent, HostReply};
use toolgate_engine::{CallContext, Guard};
use toolgate_policy::HookAnswer;
use toolgate_policy::hook::denied;

/// Arguments of `hook` (parsed by hand so that a bad argument still gives a deny).
#[derive(Debug, clap::Args)]
pub struct HookArgs {
    /// Policy file.
    #[arg(long)]
    pub policy: Option<PathBuf>,
    /// The coding agent that runs the hook: claude, codex, gemini, cursor, copilot or opencode.
    /// Without it, the agent is recognised from the input's shape.
    #[arg(long)]
    pub agent: Option<String>,
}

/// Largest hook input accepted.
pub const MAX_INPUT_BYTES: usize = 16 * 1024 * 1024;
/// Time the hook may take before it denies on its own (well under the registered timeout).
pub const DEFAULT_DEADLINE: Duration = Duration::from_secs(10);

/// The host whose dialect answers; `None` until `--agent` or the input's shape says.
static AGENT: Mutex<Option<Agent>> = Mutex::new(None);

fn current_agent() -> Option<Agent> {
    *AGENT.lock().unwrap_or_else(|e| e.into_inner())
}

fn set_agent(agent: Agent) {
    *AGENT.lock().unwrap_or_else(|e| e.into_inner()) = Some(agent);
}

/// A deny in the dialect of the host (the universal deny while the host is not known).
fn deny(tool: Option<&str>, why: &str) -> HostReply {
    let reason = denied(tool, why);
    match current_agent() {
        Some(agent) => agent.write_answer(&HookAnswer::deny(reason)),
        None => HostReply::universal_deny(&reason),
    }
}

/// What one hook run did: the reply the host got and, when the engine decided, its decision
/// (for the decision log: `reply.agent`, `reply.host_answer`, `decision`).
#[derive(Debug)]
pub struct HookRun {
    /// The process's answer in the host's dialect.
    pub reply: HostReply,
    /// The engine's decision, when the call got that far.
    #[allow(dead_code)] // for the decision log, which records it beside `reply`
    pub decision: Option<toolgate_engine::ToolCallDecision>,
}

impl HookRun {
    fn reply(reply: HostReply) -> HookRun {
        HookRun {
            reply,
            decision: None,
        }
    }
}

/// Guards the process's single answer: the first caller writes it and exits; later callers
/// (the sentinel thread) block on the lock until the process is gone.
static ANSWERED: Mutex<bool> = Mutex::new(false);

fn answer_and_exit(answer: HostReply) -> ! {
    let mut answered = ANSWERED.lock().unwrap_or_else(|e| e.into_inner());
    if !*answered {
        *answered = true;
        let mut text = answer.stdout.clone();
        if !text.is_empty() {
            text.push('\n');
        }
        let stdout_ok = std::io::stdout()
            .lock()
            .write_all(text.as_bytes())
            .and_then(|()| std::io::stdout().flush())
            .is_ok();
        if let Some(reason) = &answer.stderr {
            let _ = writeln!(std::io::stderr(), "{reason}");
        }
        // A reply that could not be written must not pass for an answer: exit 2 blocks.
        let code = if stdout_ok { answer.exit_code } else { 2 };
        std::process::exit(i32::from(code));
    }
    drop(answered);
    loop {
        std::thread::park();
    }
}

/// Runs the hook. Never returns normally: the answer is written and the process exits.
pub fn main(args: &[OsString]) -> ExitCode {
    // Panic messages could carry input; the deny reason says what happened instead.
    std::panic::set_hook(Box::new(|_| {}));
    start_sentinel(deadline_from_env());
    let outcome = std::panic::catch_unwind(|| run(args));
    let answer = match outcome {
        Ok(run) => run.reply,
        Err(_) => deny(
            None,
            "toolgate hit an internal error while checking this tool call, so it was denied.",
        ),
    };
    answer_and_exit(answer)
}

fn deadline_from_env() -> Duration {
    std::env::var("TOOLGATE_HOOK_DEADLINE_MS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .map_or(DEFAULT_DEADLINE, Duration::from_millis)
}

/// One thread watches both the deadline and SIGTERM / SIGINT / SIGHUP: the signal handlers
/// write a byte to a socket that the thread reads with the deadline as its timeout. (A second
/// thread cost more than the whole check of a typical call.)
fn start_sentinel(deadline: Duration) {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use std::os::unix::net::UnixStream;
    let registered = (|| -> std::io::Result<UnixStream> {
        let (wake, write) = UnixStream::pair()?;
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            signal_hook::low_level::pipe::register(signal, write.try_clone()?)?;
        }
        // A zero timeout would mean "none"; the shortest deadline is one millisecond.
        wake.set_read_timeout(Some(deadline.max(Duration::from_millis(1))))?;
        Ok(wake)
    })();
    let Ok(mut wake) = registered else {
        answer_and_exit(deny(
            None,
            "toolgate could not install its signal handler, so the call was denied.",
        ));
    };
    let spawned = std::thread::Builder::new()
        .name("sentinel".into())
        .stack_size(256 * 1024)
        .spawn(move || {
            let since = std::time::Instant::now();
            let mut byte = [0u8; 1];
            loop {
                let rest = deadline.saturating_sub(since.elapsed());
                match wake.read(&mut byte) {
                    // A signal arrived.
                    Ok(n) if n > 0 => answer_and_exit(deny(
                        None,
                        "toolgate was stopped before it finished checking this tool call, so it was denied.",
                    )),
                    // The write ends are gone (cannot happen while the handlers hold them).
                    Ok(_) => {
                        std::thread::sleep(rest);
                        break;
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted && !rest.is_zero() => {
                        if wake.set_read_timeout(Some(rest)).is_err() {
                            break;
                        }
                    }
                    // The timeout: the deadline has passed.
                    Err(_) => break,
                }
            }
            answer_and_exit(deny(
                None,
                "toolgate did not finish checking this tool call in time, so it was denied.",
            ))
        });
    if spawned.is_err() {
        answer_and_exit(deny(
            None,
            "toolgate could not start its deadline timer, so the call was denied.",
        ));
    }
}

/// The `hook` arguments: `--policy FILE` and `--agent NAME` (each also as `--x=value`).
struct Parsed {
    policy: Option<PathBuf>,
    agent: Option<Agent>,
}

fn parse_args(args: &[OsString]) -> Result<Parsed, String> {
    let mut parsed = Parsed {
        policy: None,
        agent: None,
    };
    let mut i = 0;
    while i < args.len() {
        let arg = args[i]
            .to_str()
            .ok_or("a `toolgate hook` argument is not valid UTF-8")?;
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(value)),
            _ => (arg, None),
        };
        let value = |i: &mut usize| -> Result<std::ffi::OsString, String> {
            if let Some(v) = inline {
                *i += 1;
                return Ok(v.into());
            }
            let v = args
                .get(*i + 1)
                .ok_or(format!("`{name}` needs a value"))?
                .clone();
            *i += 2;
            Ok(v)
        };
        match name {
            "--policy" => parsed.policy = Some(PathBuf::from(value(&mut i)?)),
            "--agent" => {
                let v = value(&mut i)?;
                let agent = v
                    .to_str()
                    .and_then(Agent::from_name)
                    .ok_or(format!("`--agent` must be one of {}", Agent::names()))?;
                set_agent(agent);
                parsed.agent = Some(agent);
            }
            _ => {
                return Err(
                    "`toolgate hook` got an argument it does not know (only `--policy FILE` and `--agent NAME`)"
                        .into(),
                );
            }
        }
    }
    Ok(parsed)
}

fn read_stdin() -> Result<Vec<u8>, &'static str> {
    let mut buf = Vec::with_capacity(64 * 1024);
    std::io::stdin()
        .lock()
        .take(MAX_INPUT_BYTES as u64 + 1)
        .read_to_end(&mut buf)
        .map_err(|_| "toolgate could not read the hook input")?;
    if buf.len() > MAX_INPUT_BYTES {
        return Err("the hook input is larger than toolgate's 16 MiB limit");
    }
    Ok(buf)
}

/// Reads, decides and answers one hook event (the answer is not yet written).
pub fn run(args: &[OsString]) -> HookRun {
    // An `--agent` given anywhere sets the dialect even when another argument is bad.
    let parsed = match parse_args(args) {
        Ok(p) => p,
        Err(why) => return HookRun::reply(deny(None, &format!("{why}, so the call was denied."))),
    };
    let bytes = match read_stdin() {
        Ok(b) => b,
        Err(why) => return HookRun::reply(deny(None, &format!("{why}, so the call was denied."))),
    };
    // The input's numbers as Python's `json.loads` reads them, so renderings match
    // claude-agent-acgs; the event's own fields are read strictly. Every host's input field is
    // read that way (`tool_input`, Copilot's `toolArgs`, OpenCode's `args`).
    let parsed_json = std::str::from_utf8(&bytes).ok().and_then(|text| {
        let input_key = match parsed.agent {
            Some(Agent::Copilot) => "toolArgs",
            Some(Agent::OpenCode) => "args",
            _ => "tool_input",
        };
        toolgate_core::rules::parse_with_exact_input(text, input_key).ok()
    });
    let event_value: Value = match parsed_json {
        Some(v) => v,
        None => {
            return HookRun::reply(deny(
                None,
                "The hook input is not valid JSON (or is nested too deeply), so the call was denied.",
            ));
        }
    };
    let Some(event) = event_value.as_object() else {
        return HookRun::reply(deny(
            None,
            "The hook input is not a JSON object, so the call was denied.",
        ));
    };
    let agent = match parsed.agent.or_else(|| hosts::detect(event)) {
        Some(agent) => agent,
        None => {
            return HookRun::reply(deny(
                None,
                &format!(
                    "toolgate cannot tell which coding agent sent this hook input (register the hook with `--agent NAME`, one of {}), so the call was denied.",
                    Agent::names()
                ),
            ));
        }
    };
    set_agent(agent);
    // Malformed events deny and other events get no decision before any policy is loaded.
    let calls = match agent.read_event(&event_value) {
        Ok(HostEvent::Calls(calls)) => calls,
        Ok(HostEvent::NotOurs) => {
            return HookRun::reply(agent.write_answer(&HookAnswer::no_decision()));
        }
        Err(answer) => return HookRun::reply(agent.write_answer(&answer)),
    };
    let source = toolgate_policy::discovery::discover_from_env(parsed.policy.as_deref());
    let guard = Guard::new(Arc::new(toolgate_policy::load(&source)));
    let (answer, decision) = toolgate_engine::hook::answer_host_calls(
        &guard,
        agent,
        &calls,
        CallContext::from_process(),
    );
    // The process exits right after answering; freeing the compiled policy is wasted work.
    std::mem::forget(guard);
    let reply = agent.write_answer(&answer);
    HookRun { reply, decision }
}
