//! Destinations only known at run time are never allowed unchecked.

use std::sync::Arc;

use serde_json::json;
use toolgate_core::Verdict;
use toolgate_engine::{Guard, UNKNOWN_DESTINATION};
use toolgate_policy::{Format, Policy, PolicySource, load_str};

fn bash(guard: &Guard, command: &str) -> toolgate_engine::ToolCallDecision {
    guard.check_tool_call("Bash", &json!({ "command": command }))
}

#[test]
fn unknown_destinations_are_denied() {
    let guard = Guard::new(Arc::new(Policy::builtin()));
    for command in [
        "curl \"$URL\"",
        "ssh $HOST",
        "git clone \"$(cat f)\"",
        "wget $(cat f)",
        "curl -K cfg.txt",
    ] {
        let d = bash(&guard, command);
        assert_eq!(d.decision, Verdict::Deny, "{command}: {}", d.reason);
        assert!(
            d.reason.contains(UNKNOWN_DESTINATION),
            "{command}: {}",
            d.reason
        );
        assert!(
            d.destinations
                .iter()
                .any(|c| !c.allowed && c.reason == UNKNOWN_DESTINATION),
            "{command}"
        );
    }
    // A known destination under the default policy still passes.
    let d = bash(&guard, "curl https://example.com/");
    assert!(d.decision < Verdict::Review, "{}", d.reason);
}

#[test]
fn unknown_destinations_follow_on_indeterminate() {
    let policy = load_str(
        "commands:\n  on_indeterminate: review\n",
        Format::Yaml,
        PolicySource::Builtin,
    );
    assert!(policy.is_usable());
    let d = bash(&Guard::new(Arc::new(policy)), "curl \"$URL\"");
    assert_eq!(d.decision, Verdict::Review, "{}", d.reason);
}

#[test]
fn reasons_do_not_repeat_input() {
    let guard = Guard::new(Arc::new(Policy::builtin()));
    let d = bash(&guard, "curl \"$SECRET_TOKEN_abc123\"");
    assert!(!d.reason.contains("SECRET_TOKEN_abc123"), "{}", d.reason);
}

#[test]
fn a_word_in_the_program_place_is_never_repeated() {
    let guard = Guard::new(Arc::new(Policy::builtin()));
    let secret = "sk-ant-api03-AAAABBBBCCCCDDDDEEEE";
    let command = format!("HTTPS_PROXY=$P {secret}");
    let decision = bash(&guard, &command);
    let shown = serde_json::to_string(&decision).unwrap();
    assert!(!shown.contains("sk-ant"), "{shown}");
}
