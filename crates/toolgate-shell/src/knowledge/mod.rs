//! Knowledge tables: what toolgate knows about programs, as typed const data with consistency
//! tests. The program table ([`programs`]) has one row per program; the other tables
//! (option specs, wrappers, runners, interpreters, setup programs, git configuration) are
//! checked against it.

pub(crate) mod cloud_clis;
pub(crate) mod code_calls;
pub(crate) mod daemons;
pub(crate) mod datastores;
pub(crate) mod exfiltration;
pub(crate) mod git_config;
pub(crate) mod history;
pub(crate) mod http_apis;
pub(crate) mod interpreters;
pub(crate) mod name_shapes;
pub(crate) mod network_env;
pub(crate) mod package_config;
pub(crate) mod programs;
pub(crate) mod runners;
pub(crate) mod secret_variables;
pub(crate) mod setup;
pub(crate) mod specs;
pub(crate) mod system_files;
pub(crate) mod variables;
pub(crate) mod windows;
pub(crate) mod wrappers;
