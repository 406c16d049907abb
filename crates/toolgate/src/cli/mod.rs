//! Subcommands. Each module owns one subcommand's arguments and output.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub mod audit;
pub mod check_url;
pub mod decision_log;
pub mod eval;
pub mod explain;
pub mod hook;
pub mod init;
pub mod lint;
pub mod mcp;
pub mod policy_cases;
pub mod policy_test;
pub mod proxy;
pub mod run;
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
    Hook(hook::HookArgs),
    /// Write a starter policy and register the hook with Claude Code.
    Init(init::InitArgs),
    /// Serve the MCP tools over stdio.
    Mcp(mcp::McpArgs),
    /// Read, verify and export the decision log.
    Audit(audit::AuditArgs),
    /// Run policy tests: fixture cases through the hook's code path, with rule coverage.
    Test(policy_test::TestArgs),
    /// Enforcing egress proxy: HTTP CONNECT, plain HTTP and SOCKS5 on one port.
    Proxy(proxy::ProxyArgs),
    /// Run a command with its traffic through the egress proxy: `toolgate run -- CMD ARGS…`.
    Run(run::RunArgs),
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
        Command::Mcp(a) => mcp::run(a),
        Command::Audit(a) => audit::run(a),
        Command::Test(a) => policy_test::run(a),
        Command::Proxy(a) => proxy::run(a),
        Command::Run(a) => run::run(a),
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
