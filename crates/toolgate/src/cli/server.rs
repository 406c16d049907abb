//! Subcommands served by the `toolgate-server` binary: `toolgate mcp` (and any other
//! long-running server) runs `toolgate-server` from the same directory as `toolgate`, with the
//! subcommand and its arguments unchanged, in place of this process (`exec` on Unix), so stdio,
//! signals and the exit code are the server's own.
//!
//! Why two binaries: the hook starts once per tool call and must start within twice the time
//! of `/bin/true`. Server code (tokio, rmcp, …) never runs in the hook but still makes its image
//! larger and its start-up slower; kept out, `toolgate` stays a position-independent executable
//! within that budget (figures in BENCHMARKS.md).

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{Command, ExitCode};

use super::EXIT_USAGE;

/// The server binary's file name (installed beside `toolgate`).
pub const SERVER_BINARY: &str = "toolgate-server";

/// The arguments of a server subcommand, handed on unread: `toolgate-server` parses them and
/// gives their help and errors.
#[derive(Debug, clap::Args)]
pub struct ServerArgs {
    /// The server's arguments (see `toolgate <subcommand> --help`).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub args: Vec<OsString>,
}

/// The subcommands `toolgate-server` serves. `main` hands them over before clap parses
/// anything, so their arguments (`toolgate run -- CMD …` included) reach the server as given.
pub const SUBCOMMANDS: &[&str] = &["mcp", "proxy", "run"];

/// Runs `toolgate-server SUBCOMMAND ARGS…` in place of this process.
pub fn run(subcommand: &str, args: &[OsString]) -> ExitCode {
    let server = match server_path() {
        Ok(path) => path,
        Err(why) => {
            eprintln!("toolgate {subcommand}: {why}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let mut command = Command::new(&server);
    command.arg(subcommand).args(args);
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let error = command.exec();
        eprintln!(
            "toolgate {subcommand}: cannot run {SERVER_BINARY}: {}",
            toolgate_policy::io_reason(&error)
        );
        ExitCode::from(EXIT_USAGE)
    }
    #[cfg(not(unix))]
    match command.status() {
        Ok(status) => ExitCode::from(status.code().map_or(EXIT_USAGE, |c| c as u8)),
        Err(error) => {
            eprintln!(
                "toolgate {subcommand}: cannot run {SERVER_BINARY}: {}",
                toolgate_policy::io_reason(&error)
            );
            ExitCode::from(EXIT_USAGE)
        }
    }
}

/// `toolgate-server` in the directory of the running `toolgate` (never looked up on `PATH`,
/// where another program could stand under that name).
fn server_path() -> Result<PathBuf, String> {
    let exe = std::env::current_exe()
        .map_err(|_| "cannot find the path of the running toolgate binary".to_string())?;
    let name = format!("{SERVER_BINARY}{}", std::env::consts::EXE_SUFFIX);
    let path = exe
        .parent()
        .map(|dir| dir.join(&name))
        .ok_or_else(|| "cannot find the directory of the running toolgate binary".to_string())?;
    if path.is_file() {
        Ok(path)
    } else {
        Err(format!(
            "{name} is not installed beside toolgate; `cargo install --locked --path crates/toolgate` installs both"
        ))
    }
}
