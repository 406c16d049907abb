//! `toolgate mcp`.

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `mcp`.
#[derive(Debug, clap::Args)]
pub struct McpArgs {
    /// Policy file used when a tool call gives no `policy`.
    #[arg(long)]
    pub policy: Option<PathBuf>,
}

/// Runs `mcp`.
pub fn run(_args: McpArgs) -> ExitCode {
    eprintln!("toolgate: mcp is not built yet");
    ExitCode::from(2)
}
