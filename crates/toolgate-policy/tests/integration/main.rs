//! The integration tests of this crate, as one test binary (one link instead of one per
//! file). Each module is one former test file.

mod commands_section;
mod network_section;
mod network_validation;
mod policy_fail_closed;
mod rules_policy;
