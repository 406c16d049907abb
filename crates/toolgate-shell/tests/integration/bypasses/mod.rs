//! Bypasses that must be caught: wrappers, arguments only known at run time, aliases, writes to
//! protected files, block devices and wipe tools, and long wrapper chains.
//!
//! Here: the helpers the topical files share; the tests are in the files named below.

mod aliases_and_variables;
mod data_services;
mod destructive_commands;
mod paths_resolved;
mod protected_writes;
mod system_files;
mod terminals;
mod variable_scopes;
mod wrappers;

use toolgate_shell::analyze;

use crate::support::rules_in;

fn rules(cmd: &str) -> Vec<String> {
    rules_in(cmd, Some("/home/me/proj"))
}

/// Denied: a rule matched or the analysis is indeterminate.
fn denied(cmd: &str) -> bool {
    analyze(cmd).indeterminate.is_some() || !rules(cmd).is_empty()
}

fn has(cmd: &str, id: &str) -> bool {
    rules(cmd).iter().any(|r| r == id)
}
