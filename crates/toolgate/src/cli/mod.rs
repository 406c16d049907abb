//! Subcommands. Each module owns one subcommand's arguments and output.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

pub mod check_url;
pub mod eval;
pub mod explain;
pub mod hook;
pub mod init;
pub mod server;
pub mod validate;

/// Exit code: the policy or the arguments are unusable.
pub const EXIT_USAGE: u8 = 2;

/// A guard in front of an AI agent's tool calls.
#[derive(Debug, Parser)]
#[command(name = "toolgate", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check one URL against the network egress policy.
    CheckUrl(check_url::CheckUrlArgs),
    /// Check URLs (one per line on stdin, or as arguments); one JSON line each, then a summary.
    CheckUrls(check_url::CheckUrlsArgs),
    /// Validate a policy file: errors and warnings with positions.
    Validate(validate::ValidateArgs),
    /// Evaluate a tool call against the rules check.
    Eval(eval::EvalArgs),
    /// Explain how a shell command is analysed.
    Explain(explain::ExplainArgs),
    /// Claude Code PreToolUse hook: hook JSON on stdin, decision JSON on stdout.
    ///
    /// Exit 0: the call may go on (the JSON allows it, asks the person, or is `{}`: no
    /// decision); exit 2: denied (the reason is also on stderr). Every error, malformed or
    /// oversized input, unusable environment or broken policy denies. Register it as
    /// `toolgate hook` (see `toolgate init --claude`).
    Hook(hook::HookArgs),
    /// Write a starter policy and register the hook with Claude Code.
    Init(init::InitArgs),
    /// Serve the MCP tools over stdio (runs toolgate-server).
    #[command(disable_help_flag = true)]
    Mcp(server::ServerArgs),
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::CheckUrl(a) => check_url::run_check_url(a),
        Command::CheckUrls(a) => check_url::run_check_urls(a),
        Command::Validate(a) => validate::run(a),
        Command::Eval(a) => eval::run(a),
        Command::Explain(a) => explain::run(a),
        Command::Hook(_) => unreachable!("dispatched before clap"),
        Command::Init(a) => init::run(a),
        Command::Mcp(a) => server::run("mcp", a),
    }
}

/// Prints the help of subcommand `name` (for subcommands dispatched before clap) and exits 0.
pub fn print_subcommand_help(name: &str) -> ExitCode {
    let mut command = Cli::command();
    command.build();
    let printed = command
        .find_subcommand_mut(name)
        .is_some_and(|sub| sub.print_long_help().is_ok());
    if printed {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_USAGE)
    }
}

/// Loads the policy named by `--policy`, `$TOOLGATE_POLICY`, or discovery. Prints its
/// diagnostics to stderr and returns `Err(exit code 2)` when it is unusable.
pub fn load_policy_or_exit(
    explicit: Option<&PathBuf>,
) -> Result<toolgate_policy::Policy, ExitCode> {
    let source = toolgate_policy::discovery::discover_from_env(explicit.map(|p| p.as_path()));
    let policy = toolgate_policy::load(&source);
    if !policy.is_usable() {
        eprint!("{}", policy.render_diagnostics());
        eprintln!(
            "toolgate: the policy ({}) has errors; fix them or run `toolgate validate`",
            source.describe()
        );
        return Err(ExitCode::from(EXIT_USAGE));
    }
    Ok(policy)
}
