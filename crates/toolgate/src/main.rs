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
    let cli = cli::Cli::parse();
    cli::run(cli)
}
