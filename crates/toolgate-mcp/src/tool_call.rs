//! The link to the engine for `check_tool_call`.

use std::sync::Arc;

use serde_json::Value;
use toolgate_engine::Guard;
use toolgate_policy::Policy;

/// Decides tool calls with the engine, for the server's policy.
pub struct ToolCallChecker {
    guard: Guard,
}

impl ToolCallChecker {
    /// A checker for `policy`.
    pub fn new(policy: Arc<Policy>) -> ToolCallChecker {
        ToolCallChecker {
            guard: Guard::new(policy),
        }
    }

    /// The engine's decision as JSON; `None` when it cannot be serialised.
    pub fn check(&self, tool_name: &str, input: &Value) -> Option<Value> {
        serde_json::to_value(self.guard.check_tool_call(tool_name, input)).ok()
    }
}
