//! The Claude Code PreToolUse hook's answer to one hook event: which events are decided, what
//! a malformed event gets, and how the engine's decision becomes `permissionDecision`.
//!
//! `toolgate hook` (a process per call) and the Python package's `ToolgateHook` (in process,
//! under the Agent SDK) both answer through [`read_event`] and [`answer_call`], so the two can
//! never disagree. What differs between them stays with them: reading stdin, deadlines and exit
//! codes in the binary; converting Python objects in the Python crate.

use serde_json::Value;
use toolgate_policy::HookAnswer;
use toolgate_policy::hook::denied;

use crate::hosts::{self, Agent, HostCalls};
use crate::{CallContext, Guard, ToolCallDecision};

/// The hook event name toolgate decides.
pub const PRE_TOOL_USE: &str = "PreToolUse";

/// A PreToolUse call read from a hook event, ready to be decided.
#[derive(Debug, Clone, Copy)]
pub struct PreToolUse<'a> {
    /// `tool_name`: a non-blank string.
    pub tool_name: &'a str,
    /// `tool_input`: present and not `null`.
    pub tool_input: &'a Value,
    /// `cwd`: the session's working directory, when the event names one.
    pub cwd: Option<&'a str>,
}

/// Reads a hook event. `Ok`: a PreToolUse call to decide. `Err`: the event's whole answer
/// without deciding anything: no decision for other events, deny for a malformed event (not
/// an object, no `hook_event_name`, no tool name, no `tool_input`).
pub fn read_event(event: &Value) -> Result<PreToolUse<'_>, HookAnswer> {
    let Some(event) = event.as_object() else {
        return Err(HookAnswer::deny(denied(
            None,
            "The hook input is not a JSON object, so the call was denied.",
        )));
    };
    let text = |key| Member::of(event.get(key));
    read_members(EventMembers {
        hook_event_name: text("hook_event_name"),
        tool_name: text("tool_name"),
        tool_input: event.get("tool_input"),
        cwd: text("cwd"),
    })
}

/// A member of a hook event that is only read as text: the event name, the tool name, the
/// cwd. A caller holding the event in another form hands over its text without copying it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Member<'a> {
    /// The event has no such member.
    #[default]
    Absent,
    /// A string.
    Text(&'a str),
    /// A value that is not a string.
    NotText,
}

impl<'a> Member<'a> {
    /// The member as a JSON event holds it (`None`: absent).
    pub fn of(value: Option<&'a Value>) -> Member<'a> {
        match value {
            None => Member::Absent,
            Some(Value::String(s)) => Member::Text(s),
            Some(_) => Member::NotText,
        }
    }

    /// The text, when the member is a string.
    pub fn text(self) -> Option<&'a str> {
        match self {
            Member::Text(s) => Some(s),
            _ => None,
        }
    }
}

/// The members of a hook event (an object) that [`read_event`] reads.
#[derive(Debug, Clone, Copy, Default)]
pub struct EventMembers<'a> {
    /// `hook_event_name`.
    pub hook_event_name: Member<'a>,
    /// `tool_name`.
    pub tool_name: Member<'a>,
    /// `tool_input` (`None`: absent).
    pub tool_input: Option<&'a Value>,
    /// `cwd`.
    pub cwd: Member<'a>,
}

/// [`read_event`] of an object given by its members (a caller that holds the event in another
/// form reads just these four).
pub fn read_members(event: EventMembers<'_>) -> Result<PreToolUse<'_>, HookAnswer> {
    match event.hook_event_name {
        Member::Text(PRE_TOOL_USE) => {}
        // Other events are not ours to decide.
        Member::Text(_) => return Err(HookAnswer::no_decision()),
        Member::Absent | Member::NotText => {
            return Err(HookAnswer::deny(denied(
                None,
                "The hook input has no `hook_event_name`, so the call was denied.",
            )));
        }
    }
    let tool_name = match event.tool_name {
        Member::Text(name) if !name.trim().is_empty() => name,
        _ => return Err(HookAnswer::no_tool_name()),
    };
    let Some(tool_input) = event.tool_input.filter(|v| !v.is_null()) else {
        return Err(HookAnswer::deny(denied(
            Some(tool_name),
            "The hook input has no `tool_input`, so the call was denied.",
        )));
    };
    Ok(PreToolUse {
        tool_name,
        tool_input,
        cwd: event.cwd.text(),
    })
}

/// The hook's answer to `call` under `guard`'s policy, in `cx` with the event's `cwd` as the
/// session's working directory. An unusable policy denies every call (and decides nothing:
/// the decision is then `None`); otherwise the engine decides and the policy's `hook:`
/// settings map the verdict to the answer.
pub fn answer_call(
    guard: &Guard,
    call: &PreToolUse<'_>,
    cx: CallContext,
) -> (HookAnswer, Option<ToolCallDecision>) {
    answer_with(guard, Agent::Claude, call.tool_name, call.cwd, cx, |cx| {
        guard.check_tool_call_in(call.tool_name, call.tool_input, cx)
    })
}

/// The hook's answer to one tool call of `agent` (every call in `calls`: a patch of three
/// files is three calls), as [`answer_call`] answers Claude Code's; a review on an agent that
/// cannot ask is a deny that says how a person can approve.
pub fn answer_host_calls(
    guard: &Guard,
    agent: Agent,
    calls: &HostCalls,
    cx: CallContext,
) -> (HookAnswer, Option<ToolCallDecision>) {
    answer_with(
        guard,
        agent,
        &calls.host_tool,
        calls.cwd.as_deref(),
        cx,
        |cx| guard.check_host_calls(calls, cx),
    )
}

/// The unusable-policy deny, or `decide`'s decision in `cx` with the session's `cwd`, answered
/// by the policy's `hook:` settings for `agent`.
fn answer_with(
    guard: &Guard,
    agent: Agent,
    tool_name: &str,
    cwd: Option<&str>,
    cx: CallContext,
    decide: impl FnOnce(&CallContext) -> ToolCallDecision,
) -> (HookAnswer, Option<ToolCallDecision>) {
    let policy = guard.policy();
    if !policy.is_usable() {
        let first = policy
            .diagnostics
            .errors()
            .next()
            .map(|d| d.code)
            .unwrap_or("error");
        let answer = HookAnswer::unusable_policy(tool_name, &policy.source.describe(), first);
        return (answer, None);
    }
    let cx = cx.with_session_cwd(cwd);
    let decision = decide(&cx);
    let answer = hosts::answer_for(
        agent,
        &policy.hook,
        tool_name,
        decision.decision,
        &decision.reason,
    );
    (answer, Some(decision))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use serde_json::json;
    use toolgate_policy::{Format, PermissionDecision, PolicySource, load_str};

    use super::*;

    fn guard(yaml: &str) -> Guard {
        Guard::new(Arc::new(load_str(
            yaml,
            Format::Yaml,
            PolicySource::Builtin,
        )))
    }

    #[test]
    fn malformed_events_deny_and_other_events_get_no_decision() {
        let deny = |event: Value| {
            let answer = read_event(&event).expect_err("answered without deciding");
            assert_eq!(
                answer.permission(),
                Some(PermissionDecision::Deny),
                "{event}"
            );
            answer.reason().unwrap().to_string()
        };
        assert!(deny(json!([1])).contains("not a JSON object"));
        assert!(deny(json!({"tool_name": "Bash"})).contains("hook_event_name"));
        assert!(
            deny(json!({"hook_event_name": "PreToolUse", "tool_name": " "}))
                .contains("no tool name")
        );
        let no_input = deny(json!({"hook_event_name": "PreToolUse", "tool_name": "Bash",
                                   "tool_input": null}));
        assert!(no_input.contains("'Bash'") && no_input.contains("tool_input"));
        let other = read_event(&json!({"hook_event_name": "PostToolUse"})).unwrap_err();
        assert_eq!(other, HookAnswer::no_decision());
    }

    #[test]
    fn the_event_cwd_is_the_session_cwd() {
        let event = json!({"hook_event_name": "PreToolUse", "tool_name": "Write", "cwd": "/w",
                           "tool_input": {"file_path": ".claude/settings.json", "content": "{}"}});
        let call = read_event(&event).unwrap();
        assert_eq!(call.cwd, Some("/w"));
        let (answer, decision) = answer_call(&guard(""), &call, CallContext::default());
        assert_eq!(answer.permission(), Some(PermissionDecision::Deny));
        assert!(
            decision
                .unwrap()
                .rule_ids
                .contains(&"TG-FILE-PROTECTED".to_string())
        );
    }

    #[test]
    fn an_unusable_policy_denies_without_deciding() {
        let event = json!({"hook_event_name": "PreToolUse", "tool_name": "Read",
                           "tool_input": {"file_path": "README.md"}});
        let call = read_event(&event).unwrap();
        let (answer, decision) =
            answer_call(&guard("netwrok: {}\n"), &call, CallContext::default());
        assert!(decision.is_none());
        assert!(
            answer.reason().unwrap().contains("unusable (unknown-key"),
            "{answer:?}"
        );
        let (answer, _) = answer_call(&guard(""), &call, CallContext::default());
        assert_eq!(answer, HookAnswer::no_decision());
    }
}
