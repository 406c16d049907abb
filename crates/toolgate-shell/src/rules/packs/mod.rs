//! The rule packs' command matchers: how each rule of the catalog
//! (`toolgate_core::packs`) matches a parsed command, keyed by the catalog's rule ids.
//!
//! A matcher is data: the programs, the subcommand path after the program's global options
//! (`kubectl --context CTX delete ns`, `terraform -chdir=DIR destroy`, `aws --profile P s3
//! rm`), options that must, may or must not be given, and a pattern over the operands after
//! the path. Conditions a table cannot say are a [`Check`], written in the pack's own file.
//! Arguments are read by the one option reader with the program's option spec (knowledge
//! layer), so option values are never taken for path words or operands.
//!
//! The matchers say only whether a rule matches; what a match answers (deny, review, or
//! nothing when its pack is off) is the policy's (`commands.packs`), applied by the engine.
//! A command whose program no matcher names walks no pack.
//!
//! Each pack's matchers and checks are in the pack's own file (`cloud.rs` …); the matcher
//! type and its builders in `matcher.rs`, the checks' dispatch in `check.rs`, the reading
//! of a command's arguments in `view.rs`, and the walk that tries them in `evaluation.rs`.

mod agents;
mod backups;
mod check;
mod cloud;
mod clusters;
mod containers;
mod databases;
mod evaluation;
pub(crate) mod exfiltration;
mod host;
mod hosting;
mod iac;
mod matcher;
mod messaging;
mod persistence;
mod requests;
mod secrets;
mod view;

use serde::Serialize;

use check::{Check, Seen};
use matcher::{Matcher, Operands, Words};
use view::View;

pub use evaluation::evaluate_packs;
pub use exfiltration::{
    CREDENTIAL_READ, SECRET_UPLOAD, SecretFlow, credential_in_tree, credential_searched,
    credentials_shown, secret_flows,
};
pub use host::{CREDENTIAL_LOSS, loses_credentials};
pub use persistence::{
    PERSIST_WRITE, TOOL_CONFIG_RULE, package_config_sets_program, planted_files,
};

/// A pack rule that matched a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PackMatch {
    /// The pack's name (`iac`).
    pub pack: &'static str,
    /// The rule's id (`TG-IAC-DESTROY`).
    pub rule_id: &'static str,
}

/// Every matcher, by pack family.
const FAMILIES: &[&[Matcher]] = &[
    cloud::MATCHERS,
    cloud::PLATFORM_MATCHERS,
    cloud::STORAGE_MATCHERS,
    iac::MATCHERS,
    clusters::MATCHERS,
    containers::MATCHERS,
    host::MATCHERS,
    host::MACHINE_MATCHERS,
    host::DAEMON_MATCHERS,
    host::MOUNT_MATCHERS,
    hosting::MATCHERS,
    secrets::MATCHERS,
    messaging::MATCHERS,
    backups::MATCHERS,
    databases::MATCHERS,
    exfiltration::MATCHERS,
    persistence::MATCHERS,
    agents::MATCHERS,
];

/// The packs whose rules have command matchers here (the others are matched elsewhere or
/// not yet).
pub const PACKS_WITH_COMMAND_MATCHERS: &[&str] = &[
    "cloud",
    "iac",
    "clusters",
    "containers",
    "host",
    "hosting",
    "secrets",
    "messaging",
    "backups",
    "databases",
    "exfiltration",
    "persistence",
    "agents",
];

/// Pack rules whose matches the policy weighs, so the engine reports them from facts this
/// crate gives: secret flows ([`secret_flows`], against `exfiltration.allow`), the files
/// commands write ([`planted_files`], against `persistence:`), credentials lost
/// ([`loses_credentials`]) and credentials printed ([`credentials_shown`]), which file tools
/// do as well.
pub const RULES_MATCHED_BY_THE_ENGINE: &[&str] = &[
    SECRET_UPLOAD,
    PERSIST_WRITE,
    CREDENTIAL_LOSS,
    CREDENTIAL_READ,
];

fn all_matchers() -> impl Iterator<Item = &'static Matcher> {
    FAMILIES.iter().flat_map(|f| f.iter())
}

#[cfg(test)]
use crate::{analyze, knowledge::programs::lookup, model::CommandContext, options::resolve_long};
#[cfg(test)]
use evaluation::{INDEX, evaluate_packs_with};

#[cfg(test)]
mod tests;
