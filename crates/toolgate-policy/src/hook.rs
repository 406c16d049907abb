//! The `hook:` section: how the Claude Code hook answers.

use crate::diagnostic::Diagnostics;
use crate::document::Node;
use crate::reader::MapReader;

/// What the hook answers for a review verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OnReview {
    /// Deny (the default: nobody may be there to answer).
    Deny,
    /// Ask the person (`permissionDecision: "ask"`).
    Ask,
}

/// The `hook:` section.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct HookSettings {
    /// `on_review`: deny (default) or ask.
    pub on_review: OnReview,
    /// `grant_allowed`: answer `allow` (instead of no decision) when nothing objects.
    pub grant_allowed: bool,
}

impl Default for HookSettings {
    fn default() -> Self {
        HookSettings {
            on_review: OnReview::Deny,
            grant_allowed: false,
        }
    }
}

/// The keys of the `hook:` section.
pub const HOOK_KEYS: &[&str] = &["on_review", "grant_allowed"];

/// Reads the `hook:` section.
pub fn read_hook(node: &Node, diags: &mut Diagnostics) -> HookSettings {
    let mut settings = HookSettings::default();
    let Some(mut map) = MapReader::new(node, "hook", diags) else {
        return settings;
    };
    if let Some((value, position)) = map.string("on_review", diags) {
        match value {
            "deny" => settings.on_review = OnReview::Deny,
            "ask" => settings.on_review = OnReview::Ask,
            _ => diags.error_hint(
                "invalid-value",
                position,
                "`hook.on_review` must be `deny` or `ask`",
                "write `on_review: deny` or `on_review: ask`",
            ),
        }
    }
    if let Some((value, _)) = map.bool("grant_allowed", diags) {
        settings.grant_allowed = value;
    }
    map.finish(HOOK_KEYS, diags);
    settings
}
