//! `toolgate eval`.

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `eval`.
#[derive(Debug, clap::Args)]
pub struct EvalArgs {
    /// The tool name (e.g. `Bash`, `Write`, `mcp__server__tool`).
    pub tool_name: String,
    /// The tool input as JSON, or `-` for stdin (default `{}`).
    pub input: Option<String>,
    /// Policy file.
    #[arg(long)]
    pub policy: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Print the rendered text the rules are matched against.
    #[arg(long)]
    pub render: bool,
}

/// Runs `eval`.
pub fn run(_args: EvalArgs) -> ExitCode {
    eprintln!("toolgate: eval is not built yet");
    ExitCode::from(2)
}
