//! `toolgate explain`.

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `explain`.
#[derive(Debug, clap::Args)]
pub struct ExplainArgs {
    /// The shell command.
    pub command: String,
    /// Policy file.
    #[arg(long)]
    pub policy: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Runs `explain`.
pub fn run(_args: ExplainArgs) -> ExitCode {
    eprintln!("toolgate: explain is not built yet");
    ExitCode::from(2)
}
