//! The decision for one tool call: what each check said, the destinations checked, and how
//! they combine (the most restrictive verdict wins; reasons never carry input values).

use serde::Serialize;
use toolgate_core::Verdict;

/// The outcome of pack rule `rule_id` answering `verdict`: its id, pack and text, never the
/// call's values.
pub(crate) fn pack_rule_outcome(check: CheckKind, rule_id: &str, verdict: Verdict) -> CheckOutcome {
    let (pack, text) =
        toolgate_core::packs::rule(rule_id).map_or(("", ""), |(p, r)| (p.name, r.text));
    CheckOutcome {
        check,
        verdict,
        reason: format!(
            "{} {rule_id} (pack {pack}: {text}).",
            command_rule_lead(verdict)
        ),
        rule_ids: vec![rule_id.to_string()],
    }
}

/// How a reason names a command rule's verdict: a person must decide, or the call is blocked.
pub(crate) fn command_rule_lead(verdict: Verdict) -> &'static str {
    if verdict == Verdict::Review {
        "Human review required by command rule"
    } else {
        "Blocked by command rule"
    }
}

/// Which check spoke.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckKind {
    /// The policy itself (unusable policy).
    Policy,
    /// Constitution rules over the rendered call.
    Rules,
    /// Shell command analysis.
    Commands,
    /// Protected files (Claude Code settings, toolgate's policy and binary).
    Files,
    /// Network egress.
    Egress,
}

/// What one check said.
#[derive(Debug, Clone, Serialize)]
pub struct CheckOutcome {
    /// Which check.
    pub check: CheckKind,
    /// Its verdict.
    pub verdict: Verdict,
    /// Why (no input values).
    pub reason: String,
    /// Rule ids that matched and block or need review.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rule_ids: Vec<String>,
}

/// One destination and the egress answer for it. `host` is the canonical host that was checked.
#[derive(Debug, Clone, Serialize)]
pub struct DestinationCheck {
    /// Where the destination was found.
    pub source: DestinationSource,
    /// The program that would reach it (commands only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub program: Option<String>,
    /// Allowed by the network policy.
    pub allowed: bool,
    /// The egress reason code.
    pub reason: &'static str,
    /// Canonical scheme, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scheme: Option<String>,
    /// Canonical host, when the destination parsed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
    /// Port, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub port: Option<u16>,
}

/// Where a destination was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DestinationSource {
    /// `WebFetch`'s `url`.
    WebFetch,
    /// A URL-shaped tool argument.
    ToolArgument,
    /// A shell command.
    Command,
}

/// The decision for one tool call.
#[derive(Debug, Clone, Serialize)]
pub struct ToolCallDecision {
    /// The combined verdict.
    pub decision: Verdict,
    /// One sentence per objecting check, or why nothing objected. Never input values.
    pub reason: String,
    /// Rule ids (constitution and command rules) that block or need review, in check order.
    pub rule_ids: Vec<String>,
    /// Rule ids that matched with `warn`.
    pub warning_ids: Vec<String>,
    /// Every destination checked.
    pub destinations: Vec<DestinationCheck>,
    /// What each check that ran said.
    pub checks: Vec<CheckOutcome>,
}

impl ToolCallDecision {
    /// The decision for two calls together: the most restrictive verdict, every reason, rule,
    /// destination and check of both (in order, without repeats).
    pub fn merge(mut self, other: ToolCallDecision) -> ToolCallDecision {
        self.decision = self.decision.combine(other.decision);
        let objects = |d: &ToolCallDecision| d.decision > Verdict::Allow;
        match (objects(&self), objects(&other)) {
            (true, true) if !self.reason.contains(&other.reason) => {
                self.reason = format!("{} {}", self.reason, other.reason);
            }
            (false, true) => self.reason = other.reason,
            _ => {}
        }
        for id in other.rule_ids {
            if !self.rule_ids.contains(&id) {
                self.rule_ids.push(id);
            }
        }
        for id in other.warning_ids {
            if !self.warning_ids.contains(&id) {
                self.warning_ids.push(id);
            }
        }
        self.destinations.extend(other.destinations);
        self.checks.extend(other.checks);
        self
    }
}

/// A program name as reasons show it: its name in the shell crate's program table, or "a
/// program" for one the table does not list (its own word may be a secret the agent put where a
/// program belongs: `HTTPS_PROXY=$P sk-ant-…`).
pub(crate) fn display_program(program: Option<&'static str>) -> &'static str {
    program.unwrap_or("a program")
}

/// The egress reason code of a command's loopback URL on a port the network policy's
/// `local_dev_ports` opens (the user's own development server).
pub const LOCAL_DEV_PORT: &str = "local_dev_port";

/// The egress reason code of a command destination that is only known at run time.
pub const UNKNOWN_DESTINATION: &str = "unknown_destination";

/// The outcomes and destinations of one call's checks, combined into its decision by
/// [`DecisionBuilder::finish`].
#[derive(Default)]
pub(crate) struct DecisionBuilder {
    checks: Vec<CheckOutcome>,
    pub(crate) warning_ids: Vec<String>,
    destinations: Vec<DestinationCheck>,
}

impl DecisionBuilder {
    /// Adds what one check said.
    pub(crate) fn add(&mut self, outcome: CheckOutcome) {
        self.checks.push(outcome);
    }

    /// One destination and the network policy's answer (a deny adds an egress outcome).
    pub(crate) fn destination(
        &mut self,
        source: DestinationSource,
        program: Option<&'static str>,
        decision: toolgate_core::egress::EgressDecision,
    ) {
        if !decision.allowed {
            let place = match source {
                DestinationSource::WebFetch => "The WebFetch URL".to_string(),
                DestinationSource::ToolArgument => "A URL in the tool's arguments".to_string(),
                DestinationSource::Command => match program {
                    Some(p) => format!("A destination of `{p}` in the command"),
                    None => "A destination in the command".to_string(),
                },
            };
            self.add(CheckOutcome {
                check: CheckKind::Egress,
                verdict: Verdict::Deny,
                reason: format!(
                    "{place} is denied by the network policy: {} ({}).",
                    decision.describe(),
                    decision.reason.as_str()
                ),
                rule_ids: Vec::new(),
            });
        }
        self.destinations.push(DestinationCheck {
            source,
            program: program.map(str::to_string),
            allowed: decision.allowed,
            reason: decision.reason.as_str(),
            scheme: decision.scheme,
            host: decision.host,
            port: decision.port,
        });
    }

    /// A loopback URL on a development port that `local_dev_ports` opens: allowed.
    pub(crate) fn local_dev_port(
        &mut self,
        program: &'static str,
        decision: toolgate_core::egress::EgressDecision,
    ) {
        self.destinations.push(DestinationCheck {
            source: DestinationSource::Command,
            program: Some(program.to_string()),
            allowed: true,
            reason: LOCAL_DEV_PORT,
            scheme: decision.scheme,
            host: decision.host,
            port: decision.port,
        });
    }

    /// A destination only known at run time: it cannot be checked, so it is answered like an
    /// indeterminate command (deny, or review when the policy says so).
    pub(crate) fn unknown_destination(&mut self, program: Option<&'static str>, verdict: Verdict) {
        self.add(CheckOutcome {
            check: CheckKind::Egress,
            verdict,
            reason: format!(
                "A destination of `{}` in the command is only known at run time, so the network policy cannot check it ({UNKNOWN_DESTINATION}).",
                display_program(program)
            ),
            rule_ids: Vec::new(),
        });
        self.destinations.push(DestinationCheck {
            source: DestinationSource::Command,
            program: Some(display_program(program).to_string()),
            allowed: false,
            reason: UNKNOWN_DESTINATION,
            scheme: None,
            host: None,
            port: None,
        });
    }

    /// The decision: the most restrictive verdict, the objecting reasons, every rule id.
    pub(crate) fn finish(self) -> ToolCallDecision {
        let decision = self
            .checks
            .iter()
            .map(|c| c.verdict)
            .fold(Verdict::NoDecision, Verdict::combine);
        let mut rule_ids: Vec<String> = Vec::new();
        for c in &self.checks {
            for id in &c.rule_ids {
                if !rule_ids.contains(id) {
                    rule_ids.push(id.clone());
                }
            }
        }
        let mut reasons: Vec<&str> = Vec::new();
        for c in self.checks.iter().filter(|c| c.verdict > Verdict::Allow) {
            if !reasons.contains(&c.reason.as_str()) {
                reasons.push(&c.reason);
            }
        }
        let reason = if reasons.is_empty() {
            "No toolgate check objects to this tool call.".to_string()
        } else {
            reasons.join(" ")
        };
        ToolCallDecision {
            decision,
            reason,
            rule_ids,
            warning_ids: self.warning_ids,
            destinations: self.destinations,
            checks: self.checks,
        }
    }
}
