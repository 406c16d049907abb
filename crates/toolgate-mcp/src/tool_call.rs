//! The link to the engine for `check_tool_call`: the engine's decision and the answer
//! `toolgate hook` would give for it, from the same code the hook uses.

use std::sync::Arc;
use std::time::Instant;

use serde_json::Value;
use toolgate_audit::{DecisionLog, Record, surface};
use toolgate_core::Verdict;
use toolgate_engine::{CallContext, Guard, ToolCallDecision};
use toolgate_policy::{HookAnswer, HookSettings, Policy};

/// Why the server's policy cannot be used: what the hook says about it.
struct Unusable {
    /// The policy file, described as the hook describes it.
    source: String,
    /// The code of its first error.
    first_code: &'static str,
}

/// Decides tool calls with the engine, for the server's policy, in the server's context.
pub struct ToolCallChecker {
    guard: Guard,
    settings: HookSettings,
    context: CallContext,
    unusable: Option<Unusable>,
    /// The policy's decision log (`log:`, `TOOLGATE_LOG`), when it is on.
    log: Option<DecisionLog>,
}

/// One checked call: the engine's decision and the hook's answer for it.
pub struct CheckedCall {
    /// The engine's decision.
    pub decision: ToolCallDecision,
    /// What `toolgate hook` would print for the same call.
    pub hook_answer: HookAnswer,
}

impl ToolCallChecker {
    /// A checker for `policy`, deciding in `context` (as the hook's `CallContext::from_process`).
    pub fn new(policy: Arc<Policy>, context: CallContext) -> ToolCallChecker {
        let unusable = (!policy.is_usable()).then(|| Unusable {
            source: policy.source.describe(),
            first_code: policy
                .diagnostics
                .errors()
                .next()
                .map(|d| d.code)
                .unwrap_or("error"),
        });
        ToolCallChecker {
            log: DecisionLog::for_policy(&policy),
            settings: policy.hook.clone(),
            guard: Guard::new(policy),
            context,
            unusable,
        }
    }

    /// Checks `tool_name` with `input`; `cwd` is the session's working directory, as in the
    /// hook event (`None`: the server's own).
    pub fn check(&self, tool_name: &str, input: &Value, cwd: Option<&str>) -> CheckedCall {
        let started = Instant::now();
        let cx = self.context.clone().with_session_cwd(cwd);
        let mut decision = self.guard.check_tool_call_in(tool_name, input, &cx);
        let hook_answer = if tool_name.trim().is_empty() {
            // The hook refuses such an event before it loads the policy; so does this.
            decision.decision = Verdict::Deny;
            decision.reason = "The call has no tool name, so it was denied.".into();
            HookAnswer::no_tool_name()
        } else if let Some(u) = &self.unusable {
            HookAnswer::unusable_policy(tool_name, &u.source, u.first_code)
        } else {
            self.settings
                .answer(tool_name, decision.decision, &decision.reason)
        };
        let mut checked = CheckedCall {
            decision,
            hook_answer,
        };
        self.log_call(tool_name, input, &mut checked, started);
        checked
    }

    /// Appends the call to the decision log, when it is on. A line that cannot be written
    /// turns the answer into a deny under `log.on_failure: deny` (a deny stays a deny); under
    /// `warn` the answer stands.
    fn log_call(
        &self,
        tool_name: &str,
        input: &Value,
        checked: &mut CheckedCall,
        started: Instant,
    ) {
        let Some(log) = &self.log else { return };
        let policy = self.guard.policy();
        let tool = Some(tool_name).filter(|t| !t.trim().is_empty());
        let mut record = Record::tool_call(surface::MCP, tool, &checked.decision, policy)
            .with_hook_answer(&checked.hook_answer);
        record.latency_us = started.elapsed().as_micros() as u64;
        let call = tool.map(|t| (t, input));
        let appended = log.append_call(record, call, policy.rules.rules.rules());
        let settled = log.settle(&appended, checked.hook_answer.clone(), tool);
        if let Some(why) = settled.denied_because {
            checked.decision.decision = Verdict::Deny;
            checked.decision.reason = why;
        }
        checked.hook_answer = settled.answer;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use toolgate_policy::{Format, PermissionDecision, PolicySource, load_str};

    fn checker(log_section: &str) -> ToolCallChecker {
        let policy = load_str(log_section, Format::Yaml, PolicySource::Builtin);
        assert!(policy.is_usable(), "{}", policy.render_diagnostics());
        ToolCallChecker::new(Arc::new(policy), CallContext::default())
    }

    #[test]
    fn check_tool_call_appends_to_the_policy_log() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("d.jsonl");
        let c = checker(&format!("log:\n  path: {}\n", log.display()));
        let denied = c.check("Bash", &json!({"command": "rm -rf /"}), None);
        assert_eq!(
            denied.hook_answer.permission(),
            Some(PermissionDecision::Deny)
        );
        let quiet = c.check("Read", &json!({"file_path": "a.txt"}), None);
        assert_eq!(quiet.hook_answer.permission(), None);
        let text = std::fs::read_to_string(&log).unwrap();
        assert!(!text.contains("rm -rf"), "{text}");
        let lines: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0]["surface"], "mcp");
        assert_eq!(lines[0]["decision"], "deny");
        assert_eq!(lines[0]["host_answer"], "deny");
        assert!(lines[0].get("agent").is_none());
        assert_eq!(lines[1]["host_answer"], "none");
        assert_eq!(lines[1]["seq"], 1);
        assert!(toolgate_audit::verify(&log).is_ok());
    }

    #[test]
    fn a_log_that_cannot_be_written_denies_unless_it_only_warns() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("file"), "x").unwrap();
        let log = dir.path().join("file/d.jsonl");
        let c = checker(&format!("log:\n  path: {}\n", log.display()));
        let r = c.check("Read", &json!({"file_path": "a.txt"}), None);
        assert_eq!(r.hook_answer.permission(), Some(PermissionDecision::Deny));
        assert_eq!(r.decision.decision, Verdict::Deny);
        assert!(
            r.decision
                .reason
                .contains("decision log could not be written")
        );
        let c = checker(&format!(
            "log:\n  path: {}\n  on_failure: warn\n",
            log.display()
        ));
        let r = c.check("Read", &json!({"file_path": "a.txt"}), None);
        assert_eq!(r.hook_answer.permission(), None);
    }
}
