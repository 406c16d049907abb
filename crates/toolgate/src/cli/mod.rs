//! Subcommands. Each module owns one subcommand's arguments and output.

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

pub mod audit;
pub mod check;
pub mod check_url;
pub mod decision_log;
pub mod doctor;
pub mod eval;
pub mod explain;
pub mod hook;
pub mod init;
pub mod lint;
pub mod policy_cases;
pub mod policy_test;
pub mod registration;
pub mod server;
pub mod validate;

pub use toolgate::command_line::{EXIT_USAGE, load_policy_or_exit};

/// A guard in front of an AI agent's tool calls.
#[derive(Debug, Parser)]
#[command(name = "toolgate", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Decide one tool call exactly as the hook does: exit 0 allow, 1 deny or ask.
    Check(check::CheckArgs),
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
    /// The PreToolUse hook of a coding agent (`--agent claude|codex|gemini|cursor|copilot|opencode`):
    /// the agent's event on stdin, its answer on stdout.
    ///
    /// Exit 0: the call may go on (the answer allows it, asks the person, or gives no
    /// decision); exit 2: denied (the reason is also on stderr). Every error, malformed or
    /// oversized input, unusable environment or broken policy denies. Register it with
    /// `toolgate init --claude` or `toolgate init --agent NAME`.
    Hook(hook::HookArgs),
    /// Write a starter policy and register the hook with coding agents.
    Init(init::InitArgs),
    /// Read, verify and export the decision log.
    Audit(audit::AuditArgs),
    /// Run policy tests: fixture cases through the hook's code path, with rule coverage.
    Test(policy_test::TestArgs),
    /// Serve the MCP tools over stdio (runs toolgate-server).
    #[command(disable_help_flag = true)]
    Mcp(server::ServerArgs),
    /// Enforcing egress proxy: HTTP CONNECT, plain HTTP and SOCKS5 on one port (runs
    /// toolgate-server).
    #[command(disable_help_flag = true)]
    Proxy(server::ServerArgs),
    /// Run a command with its traffic through the egress proxy: `toolgate run -- CMD ARGS…`
    /// (runs toolgate-server).
    #[command(disable_help_flag = true)]
    Run(server::ServerArgs),
    /// Check every coding agent's toolgate hook: registered, runnable, fail-closed, denying.
    Doctor(doctor::DoctorArgs),
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::Check(a) => check::run(a),
        Command::CheckUrl(a) => check_url::run_check_url(a),
        Command::CheckUrls(a) => check_url::run_check_urls(a),
        Command::Validate(a) => validate::run(a),
        Command::Eval(a) => eval::run(a),
        Command::Explain(a) => explain::run(a),
        Command::Hook(_) => unreachable!("dispatched before clap"),
        Command::Init(a) => init::run(a),
        Command::Audit(a) => audit::run(a),
        Command::Test(a) => policy_test::run(a),
        // Server subcommands are dispatched before clap (`main`), with their arguments as
        // given; these arms only serve a command line clap was handed anyway.
        Command::Mcp(a) => server::run("mcp", &a.args),
        Command::Proxy(a) => server::run("proxy", &a.args),
        Command::Run(a) => server::run("run", &a.args),
        Command::Doctor(a) => doctor::run(a),
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
