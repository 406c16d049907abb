//! `toolgate check-url` and `toolgate check-urls`.

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `check-url`.
#[derive(Debug, clap::Args)]
pub struct CheckUrlArgs {
    /// The URL to check.
    pub url: String,
    /// HTTP method (default GET).
    #[arg(long)]
    pub method: Option<String>,
    /// Policy file (default: discovery, then the built-in default).
    #[arg(long)]
    pub policy: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `check-urls`.
#[derive(Debug, clap::Args)]
pub struct CheckUrlsArgs {
    /// URLs to check; read from stdin, one per line, when none are given.
    pub urls: Vec<String>,
    /// HTTP method applied to all URLs.
    #[arg(long)]
    pub method: Option<String>,
    /// Policy file.
    #[arg(long)]
    pub policy: Option<PathBuf>,
}

/// Runs `check-url`.
pub fn run_check_url(_args: CheckUrlArgs) -> ExitCode {
    eprintln!("toolgate: check-url is not built yet");
    ExitCode::from(2)
}

/// Runs `check-urls`.
pub fn run_check_urls(_args: CheckUrlsArgs) -> ExitCode {
    eprintln!("toolgate: check-urls is not built yet");
    ExitCode::from(2)
}
