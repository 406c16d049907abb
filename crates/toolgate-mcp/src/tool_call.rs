//! The link to the engine for `check_tool_call`: the engine's decision and the answer
//! `toolgate hook` would give for it, from the same code the hook uses.

use std::sync::Arc;

use serde_json::Value;
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
            settings: policy.hook.clone(),
            guard: Guard::new(policy),
            context,
            unusable,
        }
    }

    /// Checks `tool_name` with `input`; `cwd` is the session's working directory, as in the
    /// hook event (`None`: the server's own).
    pub fn check(&self, tool_name: &str, input: &Value, cwd: Option<&str>) -> CheckedCall {
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
        CheckedCall {
            decision,
            hook_answer,
        }
    }
}
