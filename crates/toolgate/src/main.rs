//! The `toolgate` command.
#![forbid(unsafe_code)]

use std::process::ExitCode;

use clap::Parser;

mod cli;

fn main() -> ExitCode {
    // The hook must answer even when argument parsing goes wrong, so it is dispatched before
    // clap sees anything (see `cli::hook`).
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == "hook") {
        return cli::hook::main(&args[2..]);
    }
    // Server subcommands run in `toolgate-server`, with their arguments as given.
    if let Some(sub) = args.get(1).and_then(|a| a.to_str())
        && cli::server::SUBCOMMANDS.contains(&sub)
    {
        return cli::server::run(sub, &args[2..]);
    }
    let cli = cli::Cli::parse();
    cli::run(cli)
}
