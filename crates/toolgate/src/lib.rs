//! toolgate as a library: the engine behind the `toolgate` command, for Rust agents.
#![forbid(unsafe_code)]

pub mod command_line;
pub mod hook;

pub use toolgate_core as core;
pub use toolgate_engine as engine;
pub use toolgate_policy as policy;
pub use toolgate_shell as shell;
