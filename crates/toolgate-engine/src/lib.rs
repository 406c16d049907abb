//! One decision for one tool call, from toolgate's three checks:
//!
//! 1. **rules** over the rendered call (acgs-lite compatible constitution rules);
//! 2. **commands**: shell analysis of the commands the call would run, against command rules;
//! 3. **egress**: every destination the call would reach, against the network policy.
//!
//! The most restrictive answer wins (deny > review > allow > no decision). Reasons name rule
//! ids, rule texts and destination classes, never input values.
#![forbid(unsafe_code)]

mod context;
mod credentials;
mod exfiltration;
pub mod hook;
pub mod hosts;
mod persistence;
mod protected;
mod sql_arguments;
mod targets;

use std::borrow::Cow;
use std::sync::Arc;

use serde::Serialize;
use serde_json::Value;
use toolgate_core::Verdict;
use toolgate_policy::Policy;

pub use context::CallContext;
pub use exfiltration::SECRET_UPLOAD_RULE_ID;
pub use toolgate_shell::ProcessDir;

/// How a reason names a command rule's verdict: a person must decide, or the call is blocked.
/// The outcome of pack rule `rule_id` answering `verdict`: its id, pack and text, never the
/// call's values.
fn pack_rule_outcome(check: CheckKind, rule_id: &str, verdict: Verdict) -> CheckOutcome {
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

fn command_rule_lead(verdict: Verdict) -> &'static str {
    if verdict == Verdict::Review {
        "Human review required by command rule"
    } else {
        "Blocked by command rule"
    }
}
pub use persistence::{PERSISTENCE_RULE_ID, PersistenceWrite, persistence_writes};
pub use protected::{ProtectedKind, protected_kind};
pub use targets::UrlSource;

/// File names of toolgate policies, protected from the agent's writes.
pub const PROTECTED_POLICY_NAMES: &[&str] = toolgate_policy::discovery::PROJECT_FILE_NAMES;

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

/// The three checks under one policy.
#[derive(Debug, Clone)]
pub struct Guard {
    policy: Arc<Policy>,
}

impl Guard {
    /// A guard over `policy`. An unusable policy denies every call.
    pub fn new(policy: Arc<Policy>) -> Guard {
        Guard { policy }
    }

    /// The policy.
    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    /// Decides `tool_name` with `input`, with no environment context (paths are not resolved
    /// against a working directory).
    pub fn check_tool_call(&self, tool_name: &str, input: &Value) -> ToolCallDecision {
        self.check_tool_call_in(tool_name, input, &CallContext::default())
    }

    /// Decides `tool_name` with `input` in `cx`.
    pub fn check_tool_call_in(
        &self,
        tool_name: &str,
        input: &Value,
        cx: &CallContext,
    ) -> ToolCallDecision {
        let mut d = DecisionBuilder::default();
        if !self.policy.is_usable() {
            d.add(CheckOutcome {
                check: CheckKind::Policy,
                verdict: Verdict::Deny,
                reason: "The toolgate policy has errors (run `toolgate validate`), so every call is denied.".into(),
                rule_ids: Vec::new(),
            });
            return d.finish();
        }
        self.check_rules(tool_name, input, &mut d);
        self.check_commands(tool_name, input, cx, &mut d);
        check_files(tool_name, input, cx, &mut d);
        self.check_persistence(persistence::written_paths(tool_name, input), cx, &mut d);
        let written = targets::written_paths(tool_name, input);
        if let Some(outcome) = credentials::credential_loss(&self.policy, &written, cx) {
            d.add(outcome);
        }
        self.check_sql_arguments(tool_name, input, &mut d);
        self.check_egress(tool_name, input, &mut d);
        d.finish()
    }

    /// Decides every call of one host tool call (a patch that touches three files is three
    /// calls) through [`Guard::check_tool_call_in`]; the most restrictive answer wins. A part
    /// that cannot be analysed (`indeterminate`) is answered as an indeterminate command.
    pub fn check_host_calls(&self, calls: &hosts::HostCalls, cx: &CallContext) -> ToolCallDecision {
        let mut combined: Option<ToolCallDecision> = None;
        if let Some(why) = calls.indeterminate {
            let mut d = DecisionBuilder::default();
            d.add(CheckOutcome {
                check: CheckKind::Commands,
                verdict: if self.policy.is_usable() {
                    self.policy.commands.on_indeterminate
                } else {
                    Verdict::Deny
                },
                reason: format!("The command could not be analysed with certainty ({why})."),
                rule_ids: Vec::new(),
            });
            combined = Some(d.finish());
        }
        for call in &calls.calls {
            let decision = self.check_tool_call_in(&call.tool_name, &call.input, cx);
            combined = Some(match combined {
                Some(before) => before.merge(decision),
                None => decision,
            });
        }
        combined.unwrap_or_else(|| DecisionBuilder::default().finish())
    }

    fn check_rules(&self, tool_name: &str, input: &Value, d: &mut DecisionBuilder) {
        let eval = self.policy.rules.rules.evaluate_tool_call(tool_name, input);
        d.warning_ids.extend(eval.warning_ids);
        if eval.verdict > Verdict::Allow {
            d.add(CheckOutcome {
                check: CheckKind::Rules,
                verdict: eval.verdict,
                reason: eval.reason,
                rule_ids: eval.rule_ids,
            });
        }
    }

    fn check_commands(
        &self,
        tool_name: &str,
        input: &Value,
        cx: &CallContext,
        d: &mut DecisionBuilder,
    ) {
        // A Bash call's one command needs no list.
        let bash_command: Option<Cow<'_, str>>;
        let listed: Vec<Cow<'_, str>>;
        let commands: &[Cow<'_, str>] = if tool_name == "Bash" {
            bash_command = targets::bash_command(input);
            bash_command.as_slice()
        } else {
            listed = targets::shell_commands(tool_name, input);
            &listed
        };
        if tool_name == "Bash" && commands.is_empty() {
            d.add(CheckOutcome {
                check: CheckKind::Commands,
                verdict: Verdict::Deny,
                reason: "The Bash call has no command string, so it cannot be analysed.".into(),
                rule_ids: Vec::new(),
            });
            return;
        }
        let section = &self.policy.commands;
        let command_cx = cx.command_context();
        for command in commands {
            let analysis = toolgate_shell::analyze(command);
            if let Some(why) = &analysis.indeterminate {
                d.add(CheckOutcome {
                    check: CheckKind::Commands,
                    verdict: section.on_indeterminate,
                    reason: format!(
                        "The shell command could not be analysed with certainty ({}).",
                        why.reason
                    ),
                    rule_ids: Vec::new(),
                });
            }
            let matches = section.rules.evaluate(&analysis, &command_cx);
            let mut blocking: Vec<&toolgate_shell::CommandMatch> = Vec::new();
            for m in &matches {
                if m.action.is_blocking() {
                    blocking.push(m);
                } else if !d.warning_ids.contains(&m.rule_id) {
                    d.warning_ids.push(m.rule_id.clone());
                }
            }
            if !blocking.is_empty() {
                let verdict = blocking
                    .iter()
                    .map(|m| m.action.verdict())
                    .max()
                    .unwrap_or(Verdict::Deny);
                let named: Vec<String> = blocking
                    .iter()
                    .map(|m| format!("{} ({})", m.rule_id, m.text))
                    .collect();
                let lead = command_rule_lead(verdict);
                d.add(CheckOutcome {
                    check: CheckKind::Commands,
                    verdict,
                    reason: format!(
                        "{lead}{} {}.",
                        if named.len() > 1 { "s" } else { "" },
                        named.join("; ")
                    ),
                    rule_ids: blocking.iter().map(|m| m.rule_id.clone()).collect(),
                });
            }
            self.check_pack_matches(&analysis, &command_cx, d);
            if let Some(o) = exfiltration::outcome(&self.policy, &analysis, &command_cx) {
                d.add(o);
            }
            let planted = toolgate_shell::planted_files(&analysis, &command_cx);
            self.check_persistence(planted.iter().map(String::as_str), cx, d);
            // The rule's setting is looked up only for a command that loses a credential (a
            // scan of the catalog); most commands are refused by their words first.
            if toolgate_shell::loses_credentials(&analysis, &command_cx)
                && let Some(o) = credentials::outcome(&self.policy, CheckKind::Commands)
            {
                d.add(o);
            }
            for destination in &analysis.destinations {
                let decision = match destination {
                    toolgate_shell::Destination::Url { url, method, .. } => {
                        // A method only known at run time cannot be checked against a
                        // policy that names its methods; without such a list it is checked
                        // as the default (GET).
                        let method = match method.as_deref() {
                            Some(toolgate_shell::METHOD_AT_RUN_TIME) => {
                                if self.policy.network.egress.methods().is_some() {
                                    d.unknown_destination(
                                        destination.program(),
                                        section.on_indeterminate,
                                    );
                                    continue;
                                }
                                None
                            }
                            other => other,
                        };
                        let decision = self.policy.network.egress.check_url(url, method);
                        let network = &self.policy.network;
                        if !decision.allowed
                            && decision.reason
                                == toolgate_core::egress::EgressReason::PrivateAddress
                            && network.is_local_dev_port(
                                decision.scheme.as_deref(),
                                decision.host.as_deref(),
                                decision.port,
                            )
                        {
                            d.local_dev_port(display_program(destination.program()), decision);
                            continue;
                        }
                        decision
                    }
                    toolgate_shell::Destination::Host { host, port, .. } => {
                        self.policy.network.egress.check_host(host, *port)
                    }
                    toolgate_shell::Destination::Unknown { program } => {
                        d.unknown_destination(*program, section.on_indeterminate);
                        continue;
                    }
                };
                d.destination(
                    DestinationSource::Command,
                    Some(display_program(destination.program())),
                    decision,
                );
            }
        }
    }

    /// The rule packs' command matchers, through `commands.packs` (off: no match; deny or
    /// review per the policy, else the catalog's verdict) and `commands.disable`. One
    /// outcome per rule; the reason names the pack and rule, never the command.
    fn check_pack_matches(
        &self,
        analysis: &toolgate_shell::CommandAnalysis,
        cx: &toolgate_shell::CommandContext,
        d: &mut DecisionBuilder,
    ) {
        let packs = &self.policy.commands.packs;
        for m in toolgate_shell::evaluate_packs(analysis, cx) {
            let Some(verdict) = packs.verdict(m.rule_id) else {
                continue;
            };
            d.add(pack_rule_outcome(CheckKind::Commands, m.rule_id, verdict));
        }
    }

    /// Writes of startup, hook and scheduling files (the `persistence` pack).
    fn check_persistence<'a>(
        &self,
        paths: impl IntoIterator<Item = &'a str>,
        cx: &CallContext,
        d: &mut DecisionBuilder,
    ) {
        let mut paths = paths.into_iter().peekable();
        if paths.peek().is_none() {
            // Nothing written: the working directory is not needed (nor read).
            return;
        }
        for w in persistence_writes(&self.policy, paths, cx.working_dir(), cx.home.as_deref()) {
            d.add(CheckOutcome {
                check: CheckKind::Files,
                verdict: w.verdict,
                reason: persistence::persistence_reason(&w),
                rule_ids: vec![PERSISTENCE_RULE_ID.to_string()],
            });
        }
    }

    /// SQL carried by MCP tool arguments, against the `databases` pack.
    fn check_sql_arguments(&self, tool_name: &str, input: &Value, d: &mut DecisionBuilder) {
        let packs = &self.policy.commands.packs;
        for loss in sql_arguments::sql_losses(tool_name, input) {
            let Some(verdict) = packs.verdict(loss.rule()) else {
                continue;
            };
            let text = toolgate_core::packs::rule(loss.rule()).map_or("", |(_, r)| r.text);
            let lead = command_rule_lead(verdict);
            d.add(CheckOutcome {
                check: CheckKind::Commands,
                verdict,
                reason: format!(
                    "{lead} {} ({text}): the SQL in the tool's arguments {}.",
                    loss.rule(),
                    loss.describe()
                ),
                rule_ids: vec![loss.rule().to_string()],
            });
        }
    }

    fn check_egress(&self, tool_name: &str, input: &Value, d: &mut DecisionBuilder) {
        if targets::web_fetch_url_malformed(tool_name, input) {
            d.add(CheckOutcome {
                check: CheckKind::Egress,
                verdict: Verdict::Deny,
                reason:
                    "The WebFetch call has no URL string, so its destination cannot be checked."
                        .into(),
                rule_ids: Vec::new(),
            });
            return;
        }
        for (url, source) in targets::urls(tool_name, input) {
            let decision = self.policy.network.egress.check_url(url, None);
            let source = match source {
                UrlSource::WebFetch => DestinationSource::WebFetch,
                UrlSource::ToolArgument => DestinationSource::ToolArgument,
            };
            d.destination(source, None, decision);
        }
    }
}

fn check_files(tool_name: &str, input: &Value, cx: &CallContext, d: &mut DecisionBuilder) {
    for path in targets::written_paths(tool_name, input) {
        if let Some(kind) = protected_kind(
            path,
            cx.working_dir(),
            cx.home.as_deref(),
            cx.binary.as_deref(),
        ) {
            d.add(CheckOutcome {
                check: CheckKind::Files,
                verdict: Verdict::Deny,
                reason: format!(
                    "Blocked by rule {} (the agent must not write {}).",
                    PROTECTED_FILE_RULE_ID,
                    kind.describe()
                ),
                rule_ids: vec![PROTECTED_FILE_RULE_ID.to_string()],
            });
        }
    }
}

/// A program name as reasons show it: its name in the shell crate's program table, or "a
/// program" for one the table does not list (its own word may be a secret the agent put where a
/// program belongs: `HTTPS_PROXY=$P sk-ant-…`).
fn display_program(program: Option<&'static str>) -> &'static str {
    program.unwrap_or("a program")
}

/// The egress reason code of a command's loopback URL on a port the network policy's
/// `local_dev_ports` opens (the user's own development server).
pub const LOCAL_DEV_PORT: &str = "local_dev_port";

/// The egress reason code of a command destination that is only known at run time.
pub const UNKNOWN_DESTINATION: &str = "unknown_destination";

/// The rule id reported when a file tool would write a protected file.
pub const PROTECTED_FILE_RULE_ID: &str = "TG-FILE-PROTECTED";

#[derive(Default)]
struct DecisionBuilder {
    checks: Vec<CheckOutcome>,
    warning_ids: Vec<String>,
    destinations: Vec<DestinationCheck>,
}

impl DecisionBuilder {
    fn add(&mut self, outcome: CheckOutcome) {
        self.checks.push(outcome);
    }

    fn destination(
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
    fn local_dev_port(
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
    fn unknown_destination(&mut self, program: Option<&'static str>, verdict: Verdict) {
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

    fn finish(self) -> ToolCallDecision {
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
