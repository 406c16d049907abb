//! `toolgate run -- CMD ARGS…`: runs a command whose network traffic goes through the
//! enforcing proxy, started for it on an ephemeral loopback port.

use std::ffi::OsString;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::{Command, ExitCode};

use super::proxy::ProxyOptions;
use toolgate::command_line::{EXIT_USAGE, load_policy_or_exit};

/// Arguments of `run`.
#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// Policy file (default: discovery, then the built-in default).
    #[arg(long)]
    pub policy: Option<PathBuf>,
    #[command(flatten)]
    pub options: ProxyOptions,
    /// The command to run and its arguments (after `--`).
    #[arg(last = true, required = true, value_name = "CMD")]
    pub command: Vec<OsString>,
}

/// Proxy variables set for the child: (names, URL scheme). `socks5h` makes clients send the
/// name, not an address they resolved themselves.
pub const PROXY_VARIABLES: &[(&[&str], &str)] = &[
    (&["HTTP_PROXY", "http_proxy"], "http"),
    (&["HTTPS_PROXY", "https_proxy"], "http"),
    (&["ALL_PROXY", "all_proxy"], "socks5h"),
];

/// Variables emptied for the child, so no destination bypasses the proxy.
pub const EMPTIED_VARIABLES: &[&str] = &["NO_PROXY", "no_proxy"];

/// Exit code when the command cannot be started (as shells use for "not found").
const EXIT_NOT_FOUND: u8 = 127;
/// Exit code when the command exists but cannot be run.
const EXIT_CANNOT_RUN: u8 = 126;

/// Runs `run`: exits with the command's status (128 + N when signal N ended it); 2 for a
/// broken policy; 1 when the proxy cannot start.
pub fn run(args: RunArgs) -> ExitCode {
    let policy = match load_policy_or_exit(args.policy.as_ref()) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let mut config = args.options.config(&policy);
    config.listen = SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 0);
    config.limits.drain_timeout = std::time::Duration::from_secs(2);
    let proxy = match toolgate_proxy::start(config) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("toolgate: {e}");
            return ExitCode::from(1);
        }
    };
    let addr = proxy.local_addr();
    let Some((program, rest)) = args.command.split_first() else {
        return ExitCode::from(EXIT_USAGE);
    };
    let mut child = Command::new(program);
    child.args(rest);
    for (names, scheme) in PROXY_VARIABLES {
        for name in *names {
            child.env(name, format!("{scheme}://{addr}"));
        }
    }
    for name in EMPTIED_VARIABLES {
        child.env(name, "");
    }
    let mut child = match child.spawn() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("toolgate: cannot run the command: {}", spawn_reason(&e));
            return ExitCode::from(match e.kind() {
                std::io::ErrorKind::NotFound => EXIT_NOT_FOUND,
                _ => EXIT_CANNOT_RUN,
            });
        }
    };
    let forwarding = signals::forward_to(&child);
    let status = child.wait();
    drop(forwarding);
    proxy.shutdown();
    match status {
        Ok(s) => ExitCode::from(exit_code(s)),
        Err(_) => ExitCode::from(1),
    }
}

fn spawn_reason(e: &std::io::Error) -> &'static str {
    match e.kind() {
        std::io::ErrorKind::NotFound => "command not found",
        std::io::ErrorKind::PermissionDenied => "permission denied",
        _ => "it could not be started",
    }
}

fn exit_code(status: std::process::ExitStatus) -> u8 {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(c), _) => c as u8,
        (None, Some(sig)) => 128u8.saturating_add(sig as u8),
        (None, None) => 1,
    }
}

mod signals {
    //! While the child runs: SIGTERM and SIGHUP sent to toolgate are passed on to it, and
    //! SIGINT and SIGQUIT (which a terminal sends to the whole foreground group, child
    //! included) do not end toolgate before the child has decided what to do.

    use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
    use signal_hook::iterator::{Handle, Signals};

    /// Stops forwarding when dropped.
    pub struct Forwarding(Option<(Handle, std::thread::JoinHandle<()>)>);

    impl Drop for Forwarding {
        fn drop(&mut self) {
            if let Some((handle, thread)) = self.0.take() {
                handle.close();
                let _ = thread.join();
            }
        }
    }

    pub fn forward_to(child: &std::process::Child) -> Forwarding {
        let pid = rustix::process::Pid::from_child(child);
        let Ok(mut signals) = Signals::new([SIGTERM, SIGHUP, SIGINT, SIGQUIT]) else {
            return Forwarding(None);
        };
        let handle = signals.handle();
        let thread = std::thread::spawn(move || {
            for sig in signals.forever() {
                let to = match sig {
                    SIGTERM => rustix::process::Signal::TERM,
                    SIGHUP => rustix::process::Signal::HUP,
                    _ => continue,
                };
                let _ = rustix::process::kill_process(pid, to);
            }
        });
        Forwarding(Some((handle, thread)))
    }
}
