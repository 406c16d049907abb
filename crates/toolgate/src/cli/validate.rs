//! `toolgate validate`.

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `validate`.
#[derive(Debug, clap::Args)]
pub struct ValidateArgs {
    /// The policy file (default: discovery).
    pub file: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Runs `validate`.
pub fn run(_args: ValidateArgs) -> ExitCode {
    eprintln!("toolgate: validate is not built yet");
    ExitCode::from(2)
}
