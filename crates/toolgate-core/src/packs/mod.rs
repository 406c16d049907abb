//! The rule packs: named, documented groups of command rules that a policy turns on or off.
//!
//! This is the catalog (names, ids, texts, severities, default verdicts, what each rule
//! stops); the shell analysis holds how each rule matches a parsed command, keyed by the same
//! ids, and the engine applies the database rules to MCP tools that carry SQL. A rule denies
//! irreversible destruction and asks for review of risky but routine work.
//!
//! Each pack's entry is in its own file (`cloud.rs` …), as the shell analysis keeps each
//! pack's matchers in one file; [`PACKS`] lists them in documentation order, which the
//! README's table and the order of reported matches follow.

mod agents;
mod backups;
mod cloud;
mod clusters;
mod containers;
mod databases;
mod exfiltration;
mod host;
mod hosting;
mod iac;
mod messaging;
mod persistence;
mod secrets;

use crate::action::{Severity, WorkflowAction};
use crate::verdict::Verdict;

/// What a pack rule answers unless the policy says otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PackVerdict {
    /// Must not run: irreversible destruction.
    Deny,
    /// A person decides (`hook.on_review`): risky but routine work.
    Review,
}

impl PackVerdict {
    /// The verdict a match gives.
    pub fn verdict(self) -> Verdict {
        match self {
            PackVerdict::Deny => Verdict::Deny,
            PackVerdict::Review => Verdict::Review,
        }
    }

    /// The acgs-lite workflow action with the same effect.
    pub fn workflow_action(self) -> WorkflowAction {
        match self {
            PackVerdict::Deny => WorkflowAction::Block,
            PackVerdict::Review => WorkflowAction::RequireHumanReview,
        }
    }

    /// `deny` or `review`.
    pub fn as_str(self) -> &'static str {
        match self {
            PackVerdict::Deny => "deny",
            PackVerdict::Review => "review",
        }
    }
}

/// One rule of a pack.
#[derive(Debug)]
pub struct PackRule {
    /// Unique id (`TG-IAC-DESTROY`).
    pub id: &'static str,
    /// Why a match is refused (shown in reasons; holds no input).
    pub text: &'static str,
    /// Severity.
    pub severity: Severity,
    /// The default verdict.
    pub verdict: PackVerdict,
    /// What it stops, as commands (documentation).
    pub stops: &'static str,
}

/// A named group of rules.
#[derive(Debug)]
pub struct Pack {
    /// The name a policy uses (`cloud`).
    pub name: &'static str,
    /// One line on what the pack covers.
    pub summary: &'static str,
    /// Its rules.
    pub rules: &'static [PackRule],
}

const fn deny(id: &'static str, text: &'static str, stops: &'static str) -> PackRule {
    PackRule {
        id,
        text,
        severity: Severity::Critical,
        verdict: PackVerdict::Deny,
        stops,
    }
}

const fn review(id: &'static str, text: &'static str, stops: &'static str) -> PackRule {
    PackRule {
        id,
        text,
        severity: Severity::High,
        verdict: PackVerdict::Review,
        stops,
    }
}

/// Every pack, in documentation order.
pub const PACKS: &[Pack] = &[
    cloud::PACK,
    iac::PACK,
    clusters::PACK,
    databases::PACK,
    containers::PACK,
    host::PACK,
    hosting::PACK,
    secrets::PACK,
    messaging::PACK,
    backups::PACK,
    exfiltration::PACK,
    persistence::PACK,
    agents::PACK,
];

/// Rule ids that a pack rule replaced: `(old, new)`. A policy that disables the old id
/// disables the new one (with a warning), so it keeps its meaning.
pub const RENAMED_RULES: &[(&str, &str)] = &[
    // Storing a program in git config was a built-in rule before the persistence pack.
    ("TG-CMD-GIT-CONFIG-PROGRAM", "TG-PERSIST-GIT-CONFIG"),
];

/// The pack rule id that replaced `old`, if one did.
pub fn renamed(old: &str) -> Option<&'static str> {
    RENAMED_RULES
        .iter()
        .find(|(o, _)| *o == old)
        .map(|(_, new)| *new)
}

/// The pack named `name`.
pub fn pack(name: &str) -> Option<&'static Pack> {
    PACKS.iter().find(|p| p.name == name)
}

/// Every pack name, for suggestions.
pub fn pack_names() -> Vec<&'static str> {
    PACKS.iter().map(|p| p.name).collect()
}

/// The rule with id `id` and the pack holding it.
pub fn rule(id: &str) -> Option<(&'static Pack, &'static PackRule)> {
    PACKS
        .iter()
        .find_map(|p| p.rules.iter().find(|r| r.id == id).map(|r| (p, r)))
}

/// The README's table of packs and rules (between the `packs-table` markers), generated from
/// [`PACKS`] so the two never disagree.
pub fn markdown_table() -> String {
    let mut out = String::from(
        "| pack | rule | what it stops | default | turn it off |\n|---|---|---|---|---|\n",
    );
    for p in PACKS {
        for r in p.rules {
            out.push_str(&format!(
                "| `{}` | `{}` | {} | {} | `packs: {{{}: off}}` or `disable: [{}]` |\n",
                p.name,
                r.id,
                r.stops.replace('|', "\\|"),
                r.verdict.as_str(),
                p.name,
                r.id
            ));
        }
    }
    out
}

#[cfg(test)]
mod readme_tests;

#[cfg(test)]
mod tests;
