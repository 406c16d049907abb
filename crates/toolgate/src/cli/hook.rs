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

use toolgate::hook::{HookCommand, HookReply, MAX_INPUT_BYTES, decide_event, load_policy};
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
}

/// Time the hook may take before it denies on its own (well under the registered timeout).
pub const DEFAULT_DEADLINE: Duration = Duration::from_secs(10);
/// The variable that overrides [`DEFAULT_DEADLINE`], in milliseconds.
pub const DEADLINE_VAR: &str = "TOOLGATE_HOOK_DEADLINE_MS";

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
    let deadline = match deadline_from_env() {
        Ok(d) => d,
        Err(why) => answer_and_exit(HookReply::deny_because(why)),
    };
    start_sentinel(deadline);
    let outcome = std::panic::catch_unwind(|| run(args, started));
    let answer = outcome.unwrap_or_else(|_| {
        HookReply::deny_because(
            "toolgate hit an internal error while checking this tool call, so it was denied.",
        )
    });
    answer_and_exit(answer)
}

/// The deadline: [`DEFAULT_DEADLINE`], or `$TOOLGATE_HOOK_DEADLINE_MS` when set. A value that is
/// set but not a whole number of milliseconds is an error (the hook denies), not a quiet
/// fall-back.
fn deadline_from_env() -> Result<Duration, &'static str> {
    match std::env::var_os(DEADLINE_VAR) {
        None => Ok(DEFAULT_DEADLINE),
        Some(v) => v
            .to_str()
            .and_then(|v| v.parse::<u64>().ok())
            .map(Duration::from_millis)
            .ok_or("TOOLGATE_HOOK_DEADLINE_MS is set but is not a whole number of milliseconds, so the call was denied."),
    }
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
        answer_and_exit(HookReply::deny_because(
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
                    Ok(n) if n > 0 => answer_and_exit(HookReply::deny_because(
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
            answer_and_exit(HookReply::deny_because(
                "toolgate did not finish checking this tool call in time, so it was denied.",
            ))
        });
    if spawned.is_err() {
        answer_and_exit(HookReply::deny_because(
            "toolgate could not start its deadline timer, so the call was denied.",
        ));
    }
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

fn run(args: &[OsString], started: Instant) -> HookReply {
    let policy_path = match toolgate::hook::parse_args(args) {
        Ok(HookCommand::Answer { policy }) => policy,
        // `main` answered a lone `--help` before starting the sentinel.
        Ok(HookCommand::Help) => None,
        Err(why) => return HookReply::deny_because(&format!("{why}, so the call was denied.")),
    };
    let bytes = match read_stdin() {
        Ok(b) => b,
        Err(why) => return HookReply::deny_because(&format!("{why}, so the call was denied.")),
    };
    let env = read_process_environment();
    let mut loaded: Option<Arc<Policy>> = None;
    let mut load = |env: &_| {
        loaded
            .get_or_insert_with(|| load_policy(policy_path.as_deref(), env))
            .clone()
    };
    let outcome = decide_event(&bytes, env.as_ref().map_err(|e| *e), &mut load);
    // Other events are not logged; without a readable environment no log can be found.
    let policy = match (&outcome.policy, &env) {
        _ if !outcome.pre_tool_use => return HookReply::from_hook(outcome.answer),
        (Some(policy), _) => policy.clone(),
        (None, Ok(env)) => load(env),
        (None, Err(_)) => return HookReply::from_hook(outcome.answer),
    };
    let logged = super::decision_log::log_hook_outcome(
        &outcome,
        &policy,
        super::decision_log::DEFAULT_AGENT,
        started,
    );
    // The process exits right after answering; freeing the compiled policy is wasted work.
    std::mem::forget(policy);
    std::mem::forget(outcome);
    std::mem::forget(loaded);
    let mut reply = HookReply::from_hook(logged.answer);
    reply.warning = logged.warning;
    reply
}
