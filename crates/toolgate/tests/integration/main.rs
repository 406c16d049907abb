//! The integration tests of this crate, as one test binary (one link instead of one per
//! file). Each module is one former test file.

mod agent_contracts;
mod agents_e2e;
mod audit_export;
mod audit_log;
mod claude_e2e;
mod cli_doctor;
mod cli_egress;
mod cli_eval;
mod cli_explain;
mod cli_init;
mod cli_validate;
mod environment;
mod hook;
mod mcp_parity;
mod mcp_protocol;
mod mcp_raw_stdio;
mod mcp_support;
mod mcp_tool_call;
mod opencode_plugin;
mod plugin_e2e;
mod policy_test;
mod proxy_cli;
mod readme;
mod support;
