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
mod decision;
mod exfiltration;
pub mod hook;
pub mod hosts;
mod persistence;
mod protected;
mod sql_arguments;
mod targets;

use std::borrow::Cow;
use std::sync::Arc;

use serde_json::Value;
use toolgate_core::Verdict;
use toolgate_policy::Policy;

pub use context::CallContext;
pub use decision::{
    CheckKind, CheckOutcome, DestinationCheck, DestinationSource, LOCAL_DEV_PORT, ToolCallDecision,
    UNKNOWN_DESTINATION,
};
use decision::{DecisionBuilder, command_rule_lead, display_program, pack_rule_outcome};
pub use exfiltration::SECRET_UPLOAD_RULE_ID;
pub use toolgate_shell::ProcessDir;

pub use persistence::{PERSISTENCE_RULE_ID, PersistenceWrite, persistence_writes};
pub use protected::{ProtectedKind, protected_kind};
pub use targets::UrlSource;

/// File names of toolgate policies, protected from the agent's writes.
pub const PROTECTED_POLICY_NAMES: &[&str] = toolgate_policy::discovery::PROJECT_FILE_NAMES;

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
        if let Some(verdict) = persistence::package_config_write(&self.policy, tool_name, input) {
            d.add(pack_rule_outcome(
                CheckKind::Files,
                toolgate_shell::TOOL_CONFIG_RULE,
                verdict,
            ));
        }
        let written = targets::written_paths(tool_name, input);
        if let Some(outcome) = credentials::credential_loss(&self.policy, &written, cx) {
            d.add(outcome);
        }
        let read = targets::read_paths(tool_name, input);
        if let Some(outcome) = credentials::credential_read(&self.policy, &read, cx)
            .or_else(|| credentials::credential_search(&self.policy, tool_name, input, cx))
        {
            d.add(outcome);
        }
        self.check_sql_arguments(tool_name, input, &mut d);
        self.check_resource_deletes(tool_name, input, &mut d);
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
            if !toolgate_shell::credentials_shown(&analysis, &command_cx).is_empty()
                && let Some(o) = credentials::shown_outcome(&self.policy)
            {
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

    /// MCP tools that destroy a whole store of data or a hosted resource by name
    /// (`delete_repository`, `drop-database`), against the packs their shell commands meet.
    fn check_resource_deletes(&self, tool_name: &str, input: &Value, d: &mut DecisionBuilder) {
        if !targets::is_other_tool(tool_name) {
            return;
        }
        let packs = &self.policy.commands.packs;
        for rule in targets::resource_delete_rules(tool_name, input) {
            if let Some(verdict) = packs.verdict(rule) {
                d.add(pack_rule_outcome(CheckKind::Commands, rule, verdict));
            }
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
        let home = cx.home.as_deref();
        let binary = cx.binary.as_deref();
        // By its name, then by where it really leads on this machine: a link made in an
        // earlier call (`ln -s .claude/settings.json notes.json`) leads a write elsewhere.
        let kind = protected_kind(path, cx.working_dir(), home, binary).or_else(|| {
            let lexical = toolgate_core::protected::resolve(path, cx.working_dir(), home);
            let real = real_path(&lexical)?;
            protected_kind(&real.to_string_lossy(), None, home, binary)
        });
        if let Some(kind) = kind {
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

/// Where an absolute `path` leads on this machine when links are followed, if that differs:
/// its longest existing part resolved by the file system, the rest appended. `None` when
/// nothing of it exists or it leads to itself.
fn real_path(path: &std::path::Path) -> Option<std::path::PathBuf> {
    if !path.is_absolute() {
        return None;
    }
    let mut existing = path.to_path_buf();
    let mut rest: Vec<std::ffi::OsString> = Vec::new();
    loop {
        if let Ok(mut real) = std::fs::canonicalize(&existing) {
            real.extend(rest.iter().rev());
            return (real != path).then_some(real);
        }
        rest.push(existing.file_name()?.to_os_string());
        if !existing.pop() {
            return None;
        }
    }
}

/// The rule id reported when a file tool would write a protected file.
pub const PROTECTED_FILE_RULE_ID: &str = "TG-FILE-PROTECTED";
