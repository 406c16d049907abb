//! The `network:` section (agentguard's `{allow, deny, methods}`, extended).

use crate::ReadContext;
use crate::document::Node;

/// The network section as read from a policy file.
#[derive(Debug, Clone, Default)]
pub struct NetworkSection {}

impl NetworkSection {
    /// The built-in default: `allow: ["*"]` with the SSRF protections.
    pub fn builtin() -> Self {
        NetworkSection {}
    }
}

/// The keys of the `network:` section.
pub const NETWORK_KEYS: &[&str] = &["allow", "deny", "methods", "schemes"];

/// Reads a `network:` section (or an agentguard-shaped top level).
pub fn read_network(_node: &Node, _path: &str, _cx: &mut ReadContext) -> NetworkSection {
    NetworkSection {}
}
