//! `toolgate hook`: the PreToolUse hook of every coding agent toolgate speaks (`--agent`).
//!
//! Hosts run the tool when a hook fails (a crash, a timeout, garbage on stdout, most exit
//! codes). So every path here ends in the host's own answer and exit 0 or 2: errors, panics,
//! oversized or malformed input, broken policies, the internal deadline and SIGTERM all deny
//! with exit 2 (which blocks even if the JSON were lost). Before the host is known (no
//! `--agent`, input not yet read) a deny is the universal one that every host reads as a block.

use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use toolgate::hook::{HookCommand, HookReply, MAX_INPUT_BYTES, decide_event, load_policy};
use toolgate_engine::hosts::Agent;
use toolgate_policy::Policy;
use toolgate_policy::environment::read_process_environment;

/// Arguments of `hook`: parsed by hand ([`toolgate::hook::parse_args`]) so that a bad argument
/// still gets a deny; this struct gives `toolgate hook --help` its text.
#[derive(Debug, clap::Args)]
pub struct HookArgs {
    /// Policy file (default: $TOOLGATE_POLICY, then .toolgate.yaml upwards from the working
    /// directory, then ~/.config/toolgate/policy.yaml, then the built-in default).
    #[arg(long)]
    pub policy: Option<PathBuf>,
    /// The coding agent that runs the hook: claude, codex, gemini, cursor, copilot or opencode.
    /// Without it, the agent is recognised from the input's shape.
    #[arg(long)]
    pub agent: Option<String>,
}

/// Time the hook may take before it denies on its own (well under the registered timeout).
pub const DEFAULT_DEADLINE: Duration = Duration::from_secs(10);
/// The variable that overrides [`DEFAULT_DEADLINE`], in milliseconds.
pub const DEADLINE_VAR: &str = "TOOLGATE_HOOK_DEADLINE_MS";

/// Memory the hook may hold at its peak before it denies on its own: a 16 MiB input (the
/// largest read) peaks under 100 MB, while a parser that allocates without end would be killed
/// by the system, and a killed hook lets the call run.
pub const DEFAULT_MEMORY_LIMIT: u64 = 1 << 30;
/// The variable that overrides [`DEFAULT_MEMORY_LIMIT`], in MiB.
pub const MEMORY_VAR: &str = "TOOLGATE_HOOK_MEMORY_MB";
/// How often the sentinel looks at the memory held while a call is being checked. A call that
/// ends sooner (nearly all) is never looked at.
const MEMORY_WATCH: Duration = Duration::from_millis(20);
const MEMORY_REASON: &str =
    "toolgate needed more memory than its limit to check this tool call, so it was denied.";

/// The host whose dialect answers; `None` until `--agent` or the input's shape says (the
/// sentinel's denies read it).
static AGENT: Mutex<Option<Agent>> = Mutex::new(None);

fn current_agent() -> Option<Agent> {
    *AGENT.lock().unwrap_or_else(|e| e.into_inner())
}

fn set_agent(agent: Option<Agent>) {
    *AGENT.lock().unwrap_or_else(|e| e.into_inner()) = agent;
}

/// A deny in the dialect of the current host.
fn deny(why: &str) -> HookReply {
    HookReply::deny_because(current_agent(), why)
}

/// Guards the process's single answer: the first caller writes it and exits; later callers
/// (the sentinel thread) block on the lock until the process is gone.
static ANSWERED: Mutex<bool> = Mutex::new(false);

fn answer_and_exit(answer: HookReply) -> ! {
    let mut answered = ANSWERED.lock().unwrap_or_else(|e| e.into_inner());
    if !*answered {
        *answered = true;
        let text = answer.stdout_line();
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

/// Runs the hook. Never returns normally: the answer is written and the process exits (a
/// lone `-h`/`--help` prints the help and exits 0).
pub fn main(args: &[OsString]) -> ExitCode {
    let started = Instant::now();
    if let Ok(HookCommand::Help) = toolgate::hook::parse_args(args) {
        return super::print_subcommand_help("hook");
    }
    // Panic messages could carry input; the deny reason says what happened instead.
    std::panic::set_hook(Box::new(|_| {}));
    // An `--agent` given anywhere sets the dialect even when another argument is bad.
    set_agent(toolgate::hook::agent_in_args(args));
    let (deadline, memory_limit) = match (deadline_from_env(), memory_limit_from_env()) {
        (Ok(d), Ok(m)) => (d, m),
        (Err(why), _) | (_, Err(why)) => answer_and_exit(deny(why)),
    };
    start_sentinel(deadline, memory_limit);
    let outcome = std::panic::catch_unwind(|| run(args, started, memory_limit));
    let answer = outcome.unwrap_or_else(|_| {
        deny("toolgate hit an internal error while checking this tool call, so it was denied.")
    });
    answer_and_exit(answer)
}

/// The deadline: [`DEFAULT_DEADLINE`], or `$TOOLGATE_HOOK_DEADLINE_MS` when set. A value that is
/// set but not a whole number of milliseconds is an error (the hook denies), not a quiet
/// fall-back.
fn deadline_from_env() -> Result<Duration, &'static str> {
    whole_number_from_env(DEADLINE_VAR).map_or(Ok(DEFAULT_DEADLINE), |ms| {
        ms.map(Duration::from_millis).ok_or(
            "TOOLGATE_HOOK_DEADLINE_MS is set but is not a whole number of milliseconds, so the call was denied.",
        )
    })
}

/// The memory limit: [`DEFAULT_MEMORY_LIMIT`], or `$TOOLGATE_HOOK_MEMORY_MB` when set (a value
/// that is not a whole number of MiB denies).
fn memory_limit_from_env() -> Result<u64, &'static str> {
    whole_number_from_env(MEMORY_VAR).map_or(Ok(DEFAULT_MEMORY_LIMIT), |mib| {
        mib.map(|mib| mib.saturating_mul(1 << 20)).ok_or(
            "TOOLGATE_HOOK_MEMORY_MB is set but is not a whole number of MiB, so the call was denied.",
        )
    })
}

/// `None` when `var` is not set; when it is, its value as a whole number, or `None` inside
/// when it is not one.
fn whole_number_from_env(var: &str) -> Option<Option<u64>> {
    std::env::var_os(var).map(|v| v.to_str().and_then(|v| v.parse::<u64>().ok()))
}

/// Whether this process's peak resident memory has passed `limit` (`VmHWM` in
/// `/proc/self/status`). Where that cannot be read (not Linux) only the deadline guards.
fn memory_exceeded(limit: u64) -> bool {
    let Ok(status) = std::fs::read_to_string("/proc/self/status") else {
        return false;
    };
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().strip_suffix("kB"))
        .and_then(|kib| kib.trim().parse::<u64>().ok())
        .is_some_and(|kib| kib.saturating_mul(1024) > limit)
}

/// One thread watches the deadline, the memory held and SIGTERM / SIGINT / SIGHUP: the signal
/// handlers write a byte to a socket that the thread reads with the deadline, or the next look
/// at memory, as its timeout. (A second thread cost more than the whole check of a typical
/// call.)
fn start_sentinel(deadline: Duration, memory_limit: u64) {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use std::os::unix::net::UnixStream;
    let registered = (|| -> std::io::Result<UnixStream> {
        let (wake, write) = UnixStream::pair()?;
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            signal_hook::low_level::pipe::register(signal, write.try_clone()?)?;
        }
        // A zero timeout would mean "none"; the shortest wait is one millisecond.
        wake.set_read_timeout(Some(
            deadline.min(MEMORY_WATCH).max(Duration::from_millis(1)),
        ))?;
        Ok(wake)
    })();
    let Ok(mut wake) = registered else {
        answer_and_exit(deny(
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
                        "toolgate was stopped before it finished checking this tool call, so it was denied.",
                    )),
                    // The write ends are gone (cannot happen while the handlers hold them).
                    Ok(_) => {
                        std::thread::sleep(rest);
                        break;
                    }
                    Err(e) if rest.is_zero() || !is_timeout_or_interrupt(&e) => break,
                    // A signal interrupted the read, or it is time to look at memory.
                    Err(e) => {
                        if e.kind() != std::io::ErrorKind::Interrupted && memory_exceeded(memory_limit) {
                            answer_and_exit(deny(MEMORY_REASON));
                        }
                        let wait = rest.min(MEMORY_WATCH).max(Duration::from_millis(1));
                        if wake.set_read_timeout(Some(wait)).is_err() {
                            break;
                        }
                    }
                }
            }
            answer_and_exit(deny(
                "toolgate did not finish checking this tool call in time, so it was denied.",
            ))
        });
    if spawned.is_err() {
        answer_and_exit(deny(
            "toolgate could not start its deadline timer, so the call was denied.",
        ));
    }
}

/// A read that ended because its timeout passed (`WouldBlock` on Unix) or a signal came.
fn is_timeout_or_interrupt(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::WouldBlock
            | std::io::ErrorKind::TimedOut
            | std::io::ErrorKind::Interrupted
    )
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

fn run(args: &[OsString], started: Instant, memory_limit: u64) -> HookReply {
    let (policy_path, agent) = match toolgate::hook::parse_args(args) {
        Ok(HookCommand::Answer { policy, agent }) => (policy, agent),
        // `main` answered a lone `--help` before starting the sentinel.
        Ok(HookCommand::Help) => (None, None),
        Err(why) => return deny(&format!("{why}, so the call was denied.")),
    };
    let bytes = match read_stdin() {
        Ok(b) => b,
        Err(why) => return deny(&format!("{why}, so the call was denied.")),
    };
    let env = read_process_environment();
    let mut loaded: Option<Arc<Policy>> = None;
    let mut load = |env: &_| {
        loaded
            .get_or_insert_with(|| load_policy(policy_path.as_deref(), env))
            .clone()
    };
    let outcome = decide_event(&bytes, agent, env.as_ref().map_err(|e| *e), &mut load);
    set_agent(outcome.agent);
    // A call long enough for the sentinel to look at memory is looked at once more before it
    // is answered, so a peak between two looks still denies.
    if started.elapsed() >= MEMORY_WATCH && memory_exceeded(memory_limit) {
        return deny(MEMORY_REASON);
    }
    let host = outcome.agent;
    // Other events are not logged; without a readable environment no log can be found.
    let policy = match (&outcome.policy, &env) {
        _ if !outcome.pre_tool_use => return HookReply::for_host(host, &outcome.answer),
        (Some(policy), _) => policy.clone(),
        (None, Ok(env)) => load(env),
        (None, Err(_)) => return HookReply::for_host(host, &outcome.answer),
    };
    let agent_name = host.map_or(super::decision_log::DEFAULT_AGENT, Agent::name);
    let logged = super::decision_log::log_hook_outcome(&outcome, &policy, agent_name, started);
    // The process exits right after answering; freeing the compiled policy is wasted work.
    std::mem::forget(policy);
    std::mem::forget(outcome);
    std::mem::forget(loaded);
    let mut reply = HookReply::for_host(host, &logged.answer);
    reply.warning = logged.warning;
    reply
}
