//! `toolgate hook`: the Claude Code PreToolUse hook.
//!
//! Claude Code runs the tool when a hook fails (any exit code but 0 and 2, a crash, a timeout,
//! garbage on stdout). So every path here ends in exactly one JSON object on stdout and exit 0
//! or 2: errors, panics, oversized or malformed input, broken policies, the internal deadline
//! and SIGTERM all answer deny with exit 2 (which blocks even if the JSON were lost).

use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;
use toolgate_engine::{CallContext, Guard, ToolCallDecision};
use toolgate_policy::hook::denied;
use toolgate_policy::{HookAnswer, PermissionDecision, Policy};

/// Arguments of `hook` (parsed by hand so that a bad argument still gives a deny).
#[derive(Debug, clap::Args)]
pub struct HookArgs {
    /// Policy file.
    #[arg(long)]
    pub policy: Option<PathBuf>,
}

/// Largest hook input accepted.
pub const MAX_INPUT_BYTES: usize = 16 * 1024 * 1024;
/// Time the hook may take before it denies on its own (well under the registered timeout).
pub const DEFAULT_DEADLINE: Duration = Duration::from_secs(10);

/// The one answer the process gives.
struct Answer {
    stdout: Value,
    stderr: Option<String>,
    /// A warning for stderr that does not change the answer (a decision log that failed
    /// under `log.on_failure: warn`).
    warning: Option<String>,
    code: u8,
}

impl Answer {
    fn deny(reason: String) -> Answer {
        Answer::from_hook(HookAnswer::deny(reason))
    }

    /// The process answer for the shared hook answer: a deny exits 2 with the reason on
    /// stderr too; ask and allow exit 0; no decision prints `{}`.
    fn from_hook(answer: HookAnswer) -> Answer {
        let (stderr, code) = match &answer.decision {
            Some((PermissionDecision::Deny, reason)) => (Some(reason.clone()), 2),
            _ => (None, 0),
        };
        Answer {
            stdout: answer.to_json(),
            stderr,
            warning: None,
            code,
        }
    }
}

/// Guards the process's single answer: the first caller writes it and exits; later callers
/// (the sentinel thread) block on the lock until the process is gone.
static ANSWERED: Mutex<bool> = Mutex::new(false);

fn answer_and_exit(answer: Answer) -> ! {
    let mut answered = ANSWERED.lock().unwrap_or_else(|e| e.into_inner());
    if !*answered {
        *answered = true;
        let mut text = answer.stdout.to_string();
        text.push('\n');
        let stdout_ok = std::io::stdout()
            .lock()
            .write_all(text.as_bytes())
            .and_then(|()| std::io::stdout().flush())
            .is_ok();
        if let Some(reason) = &answer.stderr {
            let _ = writeln!(std::io::stderr(), "{reason}");
        }
        if let Some(warning) = &answer.warning {
            let _ = writeln!(std::io::stderr(), "toolgate: warning: {warning}");
        }
        // A reply that could not be written must not pass for an answer: exit 2 blocks.
        let code = if stdout_ok { answer.code } else { 2 };
        std::process::exit(i32::from(code));
    }
    drop(answered);
    loop {
        std::thread::park();
    }
}

/// Runs the hook. Never returns normally: the answer is written and the process exits.
pub fn main(args: &[OsString]) -> ExitCode {
    let started = Instant::now();
    // Panic messages could carry input; the deny reason says what happened instead.
    std::panic::set_hook(Box::new(|_| {}));
    start_sentinel(deadline_from_env());
    let outcome = std::panic::catch_unwind(|| run(args, started));
    let answer = outcome.unwrap_or_else(|_| {
        Answer::deny(denied(
            None,
            "toolgate hit an internal error while checking this tool call, so it was denied.",
        ))
    });
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
        answer_and_exit(Answer::deny(denied(
            None,
            "toolgate could not install its signal handler, so the call was denied.",
        )));
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
                    Ok(n) if n > 0 => answer_and_exit(Answer::deny(denied(
                        None,
                        "toolgate was stopped before it finished checking this tool call, so it was denied.",
                    ))),
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
            answer_and_exit(Answer::deny(denied(
                None,
                "toolgate did not finish checking this tool call in time, so it was denied.",
            )))
        });
    if spawned.is_err() {
        answer_and_exit(Answer::deny(denied(
            None,
            "toolgate could not start its deadline timer, so the call was denied.",
        )));
    }
}

fn parse_args(args: &[OsString]) -> Result<Option<PathBuf>, &'static str> {
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
    Ok(policy)
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

fn run(args: &[OsString], started: Instant) -> Answer {
    let policy_path = match parse_args(args) {
        Ok(p) => p,
        Err(why) => return Answer::deny(denied(None, &format!("{why}, so the call was denied."))),
    };
    let mut loaded: Option<Arc<Policy>> = None;
    let mut load = || {
        loaded
            .get_or_insert_with(|| {
                let source = toolgate_policy::discovery::discover_from_env(policy_path.as_deref());
                Arc::new(toolgate_policy::load(&source))
            })
            .clone()
    };
    let outcome = match read_stdin() {
        Ok(bytes) => decide_event(&bytes, &mut load),
        Err(why) => HookOutcome::refused(denied(None, &format!("{why}, so the call was denied."))),
    };
    if !outcome.pre_tool_use {
        return Answer::from_hook(outcome.answer);
    }
    let policy = outcome.policy.clone().unwrap_or_else(&mut load);
    let logged = super::decision_log::log_hook_outcome(
        &outcome,
        &policy,
        super::decision_log::DEFAULT_AGENT,
        started,
    );
    // The process exits right after answering; freeing the compiled policy is wasted work.
    std::mem::forget(policy);
    std::mem::forget(loaded);
    let mut answer = Answer::from_hook(logged.answer);
    answer.warning = logged.warning;
    answer
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
    /// A deny with `reason` (already in the `denied` form), given before the engine ran.
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
/// `toolgate hook` answers, and what `toolgate test` checks fixtures against. `load` gives the
/// policy the first time it is needed (malformed and other events never load it).
pub fn decide_event(bytes: &[u8], load: &mut dyn FnMut() -> Arc<Policy>) -> HookOutcome {
    // The input's numbers as Python's `json.loads` reads them, so renderings match
    // claude-agent-acgs; the event's own fields are read strictly.
    let parsed = std::str::from_utf8(bytes)
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
    let call = match toolgate_engine::hook::read_event(&event) {
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
    let policy = load();
    let guard = Guard::new(policy.clone());
    let (answer, decision) =
        toolgate_engine::hook::answer_call(&guard, &call, CallContext::from_process());
    outcome.answer = answer;
    outcome.decision = decision;
    outcome.tool_name = Some(call.tool_name.to_string());
    outcome.tool_input = Some(call.tool_input.clone());
    outcome.policy = Some(policy);
    outcome
}
