//! The `constitution:` and `rules:` sections.

use crate::ReadContext;
use crate::document::Node;

/// The constitution and extra rules as read from a policy file.
#[derive(Debug, Clone, Default)]
pub struct RulesSection {}

impl RulesSection {
    /// The built-in default: the `toolgate` constitution and no extra rules.
    pub fn builtin() -> Self {
        RulesSection {}
    }
}

/// Reads `constitution:` and `rules:` (either may be absent).
pub fn read_rules(
    _constitution: Option<&Node>,
    _rules: Option<&Node>,
    _cx: &mut ReadContext,
) -> RulesSection {
    RulesSection {}
}
