//! `toolgate-server`: the long-running servers behind `toolgate mcp`. `toolgate` runs it for
//! those subcommands (see `cli/server.rs`), so the hook's binary carries no server code. Its
//! command line is `toolgate`'s own for these subcommands: `toolgate-server mcp --policy FILE`
//! is `toolgate mcp --policy FILE`.
//!
//! A new server subcommand is a variant of [`ServerCommand`] here and a `ServerArgs` variant
//! in `toolgate`'s own subcommand list.
#![forbid(unsafe_code)]

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod mcp;

/// The servers of toolgate, run by `toolgate` for its server subcommands.
#[derive(Debug, Parser)]
#[command(name = "toolgate", bin_name = "toolgate", version, about, long_about = None)]
struct ServerCli {
    #[command(subcommand)]
    command: ServerCommand,
}

#[derive(Debug, Subcommand)]
enum ServerCommand {
    /// Serve the MCP tools over stdio.
    Mcp(mcp::McpArgs),
}

fn main() -> ExitCode {
    match ServerCli::parse().command {
        ServerCommand::Mcp(args) => mcp::run(args),
    }
}
