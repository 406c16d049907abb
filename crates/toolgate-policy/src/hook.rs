//! The `hook:` section: how the Claude Code hook answers.

use toolgate_core::Verdict;

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

/// The permission a hook answer grants, as Claude Code spells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PermissionDecision {
    /// Let the call run without asking.
    Allow,
    /// Ask the person.
    Ask,
    /// Block the call.
    Deny,
}

impl PermissionDecision {
    /// The value of `permissionDecision`.
    pub fn as_str(&self) -> &'static str {
        match self {
            PermissionDecision::Allow => "allow",
            PermissionDecision::Ask => "ask",
            PermissionDecision::Deny => "deny",
        }
    }
}

/// What the PreToolUse hook answers for one call: a permission and its reason, or no decision
/// at all (the hook then prints `{}` and Claude Code's own permission flow applies).
///
/// The hook and the MCP server's `check_tool_call` both build their answer with
/// [`HookSettings::answer`], so the two cannot drift apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HookAnswer {
    /// The permission and its reason; `None`: no decision.
    pub decision: Option<(PermissionDecision, String)>,
}

impl HookAnswer {
    /// A deny with `reason` (already in the `denied` form).
    pub fn deny(reason: String) -> HookAnswer {
        HookAnswer {
            decision: Some((PermissionDecision::Deny, reason)),
        }
    }

    /// No decision.
    pub fn no_decision() -> HookAnswer {
        HookAnswer { decision: None }
    }

    /// The deny for a policy that cannot be used: every call is denied. `source` describes the
    /// policy file, `first_code` is the code of its first error.
    pub fn unusable_policy(tool_name: &str, source: &str, first_code: &str) -> HookAnswer {
        HookAnswer::deny(denied(
            Some(tool_name),
            &format!(
                "The toolgate policy ({source}) is unusable ({first_code}; run `toolgate validate`), so every call is denied."
            ),
        ))
    }

    /// The deny for a call without a usable tool name.
    pub fn no_tool_name() -> HookAnswer {
        HookAnswer::deny(denied(
            None,
            "The hook input has no tool name, so the call was denied.",
        ))
    }

    /// `permissionDecision`, if there is a decision.
    pub fn permission(&self) -> Option<PermissionDecision> {
        self.decision.as_ref().map(|(p, _)| *p)
    }

    /// `permissionDecisionReason`, if there is a decision.
    pub fn reason(&self) -> Option<&str> {
        self.decision.as_ref().map(|(_, r)| r.as_str())
    }

    /// The answer as Claude Code reads it: `{"hookSpecificOutput": {"hookEventName":
    /// "PreToolUse", "permissionDecision": …, "permissionDecisionReason": …}}`, or `{}` for no
    /// decision.
    pub fn to_json(&self) -> serde_json::Value {
        match &self.decision {
            Some((permission, reason)) => serde_json::json!({"hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": permission.as_str(),
                "permissionDecisionReason": reason,
            }}),
            None => serde_json::json!({}),
        }
    }
}

impl HookSettings {
    /// The hook's answer for the engine's `verdict` on `tool_name`, with the engine's `reason`
    /// (which already names the deciding rules): deny as is; review by `on_review`; allow or no
    /// decision by `grant_allowed`.
    pub fn answer(&self, tool_name: &str, verdict: Verdict, reason: &str) -> HookAnswer {
        match verdict {
            Verdict::Deny => HookAnswer::deny(denied(Some(tool_name), reason)),
            Verdict::Review => match self.on_review {
                OnReview::Ask => HookAnswer {
                    decision: Some((
                        PermissionDecision::Ask,
                        format!(
                            "toolgate asks a person to review the tool call '{}'. {reason} Approve this call?",
                            display_tool_name(Some(tool_name)),
                        ),
                    )),
                },
                OnReview::Deny => HookAnswer::deny(denied(
                    Some(tool_name),
                    &format!(
                        "{reason} No reviewer is configured for this agent, so it was denied."
                    ),
                )),
            },
            Verdict::Allow | Verdict::NoDecision => {
                if self.grant_allowed {
                    HookAnswer {
                        decision: Some((
                            PermissionDecision::Allow,
                            "No toolgate check objects to this tool call.".into(),
                        )),
                    }
                } else {
                    HookAnswer::no_decision()
                }
            }
        }
    }
}

/// `toolgate: Tool call '<name>' was not executed. <reason>`; the name only if it is a plain
/// tool name.
pub fn denied(tool_name: Option<&str>, reason: &str) -> String {
    // Every deny is written here: one allocation of the summed length, not `format!`.
    [
        "toolgate: Tool call '",
        display_tool_name(tool_name),
        "' was not executed. ",
        reason,
    ]
    .concat()
}

/// Tool names are shown only when they look like tool names (no input smuggled through them).
pub fn display_tool_name(tool_name: Option<&str>) -> &str {
    match tool_name {
        Some(name)
            if !name.is_empty()
                && name.len() <= 128
                && name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"_-.:".contains(&b)) =>
        {
            name
        }
        Some(_) => "<unnamed tool>",
        None => "<unknown>",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deny_names_plain_tool_names_only() {
        assert_eq!(
            denied(Some("Bash"), "Blocked by rule X (y)."),
            "toolgate: Tool call 'Bash' was not executed. Blocked by rule X (y)."
        );
        assert_eq!(
            denied(Some("rm -rf ~"), "Why."),
            "toolgate: Tool call '<unnamed tool>' was not executed. Why."
        );
        assert_eq!(
            denied(None, ""),
            "toolgate: Tool call '<unknown>' was not executed. "
        );
    }

    #[test]
    fn review_follows_on_review() {
        let deny = HookSettings::default();
        let a = deny.answer("Bash", Verdict::Review, "Needs a person.");
        assert_eq!(a.permission(), Some(PermissionDecision::Deny));
        assert!(a.reason().unwrap().contains("No reviewer"), "{a:?}");
        let ask = HookSettings {
            on_review: OnReview::Ask,
            ..HookSettings::default()
        };
        let a = ask.answer("Bash", Verdict::Review, "Rule R1 needs a person.");
        assert_eq!(a.permission(), Some(PermissionDecision::Ask));
        assert!(
            a.reason()
                .unwrap()
                .starts_with("toolgate asks a person to review")
                && a.reason().unwrap().matches("R1").count() == 1,
            "{a:?}"
        );
    }

    #[test]
    fn allow_follows_grant_allowed_and_deny_always_denies() {
        let quiet = HookSettings::default();
        assert_eq!(
            quiet.answer("Read", Verdict::Allow, "x"),
            HookAnswer::no_decision()
        );
        let grant = HookSettings {
            grant_allowed: true,
            ..HookSettings::default()
        };
        let a = grant.answer("Read", Verdict::NoDecision, "x");
        assert_eq!(a.permission(), Some(PermissionDecision::Allow));
        let a = grant.answer("Read", Verdict::Deny, "Blocked.");
        assert_eq!(
            a.reason(),
            Some("toolgate: Tool call 'Read' was not executed. Blocked.")
        );
    }

    #[test]
    fn json_is_claude_codes_shape() {
        assert_eq!(HookAnswer::no_decision().to_json(), serde_json::json!({}));
        assert_eq!(
            HookAnswer::deny("No.".into()).to_json(),
            serde_json::json!({"hookSpecificOutput": {"hookEventName": "PreToolUse",
                "permissionDecision": "deny", "permissionDecisionReason": "No."}})
        );
    }

    #[test]
    fn odd_tool_names_are_not_shown() {
        assert_eq!(
            display_tool_name(Some("mcp__srv__fetch")),
            "mcp__srv__fetch"
        );
        assert_eq!(display_tool_name(Some("rm -rf /")), "<unnamed tool>");
        assert_eq!(display_tool_name(Some("")), "<unnamed tool>");
        assert_eq!(display_tool_name(None), "<unknown>");
    }
}
