//! The `toolgate` binary's integration tests, one module per area.

mod audit_export;
mod audit_log;
mod policy_test;
mod support;
