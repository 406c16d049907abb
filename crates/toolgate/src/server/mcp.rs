//! `toolgate mcp`: the MCP stdio server (see the `toolgate-mcp` crate).

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `mcp`.
#[derive(Debug, clap::Args)]
pub struct McpArgs {
    /// Policy file used when a tool call gives no `policy`, and for `check_tool_call`.
    #[arg(long)]
    pub policy: Option<PathBuf>,
}

/// Runs `mcp`: serves until the client closes stdin. A policy with errors does not stop the
/// server (an MCP client would only see it vanish); every check then denies.
pub fn run(args: McpArgs) -> ExitCode {
    let source = toolgate_policy::discovery::discover_from_env(args.policy.as_deref());
    let policy = toolgate_policy::load(&source);
    match toolgate_mcp::run_stdio(policy) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("toolgate: {e}");
            ExitCode::from(1)
        }
    }
}
