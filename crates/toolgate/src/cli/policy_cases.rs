//! Tool calls decided exactly as `toolgate hook` decides them, for `toolgate test` (fixtures,
//! replays) and `toolgate validate` (inline examples): each call becomes a hook event and goes
//! through [`toolgate::hook::decide_event`].

use std::sync::Arc;

use serde_json::{Value, json};
use toolgate_policy::Policy;

use toolgate::hook::{HookOutcome, decide_event};
use toolgate_engine::hosts::{Agent, answer_for};
use toolgate_policy::environment::read_process_environment;

/// Whether `name` is an agent this build answers for (`claude`, `codex`, …).
pub fn is_agent(name: &str) -> bool {
    Agent::from_name(name).is_some()
}

/// One tool call to decide.
#[derive(Debug, Clone)]
pub struct Call {
    /// The agent (`claude`, `codex`, …): its dialect decides what the host receives.
    pub agent: String,
    /// The hook event, when a fixture gives it whole; else built from `tool` and `input`.
    pub event: Option<Value>,
    /// The tool name.
    pub tool: String,
    /// The tool input.
    pub input: Value,
    /// The session's working directory.
    pub cwd: Option<String>,
}

impl Call {
    /// A call of `tool` with `input` by the default agent.
    pub fn new(tool: &str, input: Value) -> Call {
        Call {
            agent: super::decision_log::DEFAULT_AGENT.to_string(),
            event: None,
            tool: tool.to_string(),
            input,
            cwd: None,
        }
    }

    /// The hook event the host would send for this call.
    pub fn event(&self) -> Value {
        if let Some(e) = &self.event {
            return e.clone();
        }
        let mut e = json!({
            "session_id": "toolgate-test",
            "hook_event_name": "PreToolUse",
            "tool_name": self.tool,
            "tool_input": self.input,
            "tool_use_id": "toolgate-test",
        });
        if let Some(cwd) = &self.cwd {
            e["cwd"] = Value::String(cwd.clone());
        }
        e
    }
}

/// Decides `call` under `policy` through the hook's code path. Cases are written as Claude
/// Code events; for another agent the engine decides the same, and the answer is the one that
/// host receives (a review on a host that cannot ask is a deny that says how to approve).
pub fn decide(call: &Call, policy: &Arc<Policy>) -> HookOutcome {
    // serde_json always serialises a Value.
    let bytes = serde_json::to_vec(&call.event()).unwrap_or_default();
    let env = read_process_environment();
    let mut outcome = decide_event(
        &bytes,
        Some(Agent::Claude),
        env.as_ref().map_err(|e| *e),
        &mut |_| policy.clone(),
    );
    if let Some(agent) = Agent::from_name(&call.agent).filter(|a| *a != Agent::Claude) {
        outcome.agent = Some(agent);
        if let (Some(decision), Some(tool)) = (&outcome.decision, outcome.tool_name.as_deref()) {
            outcome.answer = answer_for(
                agent,
                &policy.hook,
                tool,
                decision.decision,
                &decision.reason,
            );
        }
    }
    outcome
}

/// What the host received: `deny`, `ask`, `allow`, or `none`.
pub fn host_answer(outcome: &HookOutcome) -> &'static str {
    outcome
        .answer
        .permission()
        .map_or(toolgate_audit::record::HOST_ANSWER_NONE, |p| p.as_str())
}

/// The rule ids that spoke (blocking, review and warn).
pub fn rules_of(outcome: &HookOutcome) -> Vec<String> {
    let mut ids = Vec::new();
    if let Some(d) = &outcome.decision {
        for id in d.rule_ids.iter().chain(&d.warning_ids) {
            if !ids.contains(id) {
                ids.push(id.clone());
            }
        }
    }
    ids
}

/// Whether the host was stopped from running the call without a person (deny) or asked one.
pub fn stopped(outcome: &HookOutcome) -> bool {
    matches!(host_answer(outcome), "deny" | "ask")
}
