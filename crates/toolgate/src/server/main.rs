//! `toolgate-server`: the long-running servers behind `toolgate mcp`, `toolgate proxy` and `toolgate run`. `toolgate` runs it for
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
mod proxy;
mod run;

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
    /// Enforcing egress proxy: HTTP CONNECT, plain HTTP and SOCKS5 on one port.
    Proxy(proxy::ProxyArgs),
    /// Run a command with its traffic through the egress proxy: `toolgate run -- CMD ARGS…`.
    Run(run::RunArgs),
}

fn main() -> ExitCode {
    match ServerCli::parse().command {
        ServerCommand::Mcp(args) => mcp::run(args),
        ServerCommand::Proxy(args) => proxy::run(args),
        ServerCommand::Run(args) => run::run(args),
    }
}
