//! The integration tests of this crate, as one test binary (one link instead of one per
//! file). Each module is one former test file.

mod command_methods;
mod credential_loss;
mod credential_read;
mod database_commands;
mod egress_clients;
mod egress_evasions;
mod exfiltration_allow;
mod file_persistence;
mod homograph_hosts;
mod local_dev_ports;
mod mcp_resource_deletes;
mod pack_cases;
mod process_cwd;
mod protected_links;
mod realworld;
mod shell_persistence;
mod sql_arguments;
mod unknown_destination;
