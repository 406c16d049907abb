//! The link to the engine for `check_tool_call`.

use std::sync::Arc;

use serde_json::Value;
use toolgate_policy::Policy;

/// Decides tool calls with the engine, for the server's policy.
pub struct ToolCallChecker {
    _policy: Arc<Policy>,
}

impl ToolCallChecker {
    /// A checker for `policy`.
    pub fn new(policy: Arc<Policy>) -> ToolCallChecker {
        ToolCallChecker { _policy: policy }
    }

    /// The engine's decision as JSON; `None` when it is not available.
    // TODO(mcp): call `toolgate_engine::Guard::check_tool_call` once the engine lands.
    pub fn check(&self, _tool_name: &str, _input: &Value) -> Option<Value> {
        None
    }
}
