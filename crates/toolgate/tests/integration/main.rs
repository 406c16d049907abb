//! The integration tests of this crate, as one test binary (one link instead of one per
//! file). Each module is one former test file.

mod audit_export;
mod audit_log;
mod claude_e2e;
mod cli_egress;
mod cli_eval;
mod cli_explain;
mod cli_init;
mod cli_validate;
mod hook;
mod mcp_parity;
mod mcp_protocol;
mod mcp_raw_stdio;
mod mcp_support;
mod mcp_tool_call;
mod policy_test;
mod proxy_cli;
mod support;
