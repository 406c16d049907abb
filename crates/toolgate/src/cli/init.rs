//! `toolgate init`.

use std::process::ExitCode;

/// Arguments of `init`.
#[derive(Debug, clap::Args)]
pub struct InitArgs {
    /// Also register the hook in Claude Code's settings.
    #[arg(long)]
    pub claude: bool,
    /// Which Claude Code settings file: project, user or local.
    #[arg(long, default_value = "project")]
    pub scope: String,
    /// Print what would change, change nothing.
    #[arg(long)]
    pub dry_run: bool,
}

/// Runs `init`.
pub fn run(_args: InitArgs) -> ExitCode {
    eprintln!("toolgate: init is not built yet");
    ExitCode::from(2)
}
