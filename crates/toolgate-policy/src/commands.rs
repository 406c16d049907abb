//! The `commands:` section: shell command rules.

use crate::ReadContext;
use crate::document::Node;

/// The command rules as read from a policy file.
#[derive(Debug, Clone, Default)]
pub struct CommandsSection {}

impl CommandsSection {
    /// The built-in default: the destructive-command pack, indeterminate commands denied.
    pub fn builtin() -> Self {
        CommandsSection {}
    }
}

/// Reads the `commands:` section.
pub fn read_commands(_node: &Node, _cx: &mut ReadContext) -> CommandsSection {
    CommandsSection {}
}
