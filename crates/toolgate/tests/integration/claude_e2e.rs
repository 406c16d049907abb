//! End to end: the real Claude Code CLI (`claude -p`) with `toolgate hook` registered as its
//! PreToolUse hook, against a scripted fake Messages API on 127.0.0.1. Each case proves the
//! decision by a side effect (a marker file the tool would create or delete) and by the
//! `tool_result` the CLI sent back to the model.
//!
//! Needs the pinned CLI (`scripts/install-claude-code`); without it these tests fail.

pub mod fake_api;
pub mod session;

use serde_json::json;

use fake_api::{FakeTarget, ScriptedCall, ToolResult};
use session::{Outcome, Session};

const BYPASS: &str = "bypassPermissions";

fn call(tool: &str, input: serde_json::Value) -> ScriptedCall {
    ScriptedCall {
        tool: tool.to_string(),
        input,
    }
}

/// Asserts the CLI counted the scripted call as refused (it lists it in `permission_denials`).
fn assert_listed_as_refused(outcome: &Outcome) {
    let denials = outcome
        .result
        .get("permission_denials")
        .and_then(|d| d.as_array());
    assert!(
        denials.is_some_and(|d| d.iter().any(|x| x["tool_use_id"] == fake_api::TOOL_USE_ID)),
        "the call is not in the session's permission_denials\n{}",
        outcome.describe()
    );
}

/// Asserts `result` is the refusal toolgate's deny JSON produces, not the CLI's text for a
/// hook that failed (crash, timeout, bad output: "failed; blocking because onFailure…", or
/// exit 2 without JSON, which quotes the hook command), and that its reason says `because`
/// (a rule id or reason code: denied for the expected reason, not some other).
fn assert_denied_by_toolgate(
    result: &ToolResult,
    outcome: &Outcome,
    session: &Session,
    tool: &str,
    because: &str,
) {
    assert_listed_as_refused(outcome);
    assert!(
        result
            .text
            .starts_with(&format!("PreToolUse:{tool} hook error: ")),
        "the call was not refused by the hook\n{}",
        outcome.describe()
    );
    assert!(
        !result.text.contains("onFailure") && !result.text.contains(&session.hook_command()),
        "the hook failed instead of answering\n{}",
        outcome.describe()
    );
    assert!(
        result.text.contains("toolgate"),
        "the reason is not toolgate's\n{}",
        outcome.describe()
    );
    assert!(
        result.text.contains(because),
        "the reason does not say {because:?}\n{}",
        outcome.describe()
    );
}

#[test]
fn recursive_rm_of_home_dir_is_denied_under_bypass_permissions() {
    let session = Session::new("constitution: toolgate\n");
    let victim = session.home.join("x");
    std::fs::create_dir_all(&victim).expect("create ~/x");
    std::fs::write(victim.join("keep"), "data").expect("fill ~/x");
    let outcome = session.run(
        call(
            "Bash",
            json!({"command": "rm -fr ~/x", "description": "Remove x"}),
        ),
        BYPASS,
    );
    let result = outcome.completed_tool_result();
    assert!(
        victim.join("keep").exists(),
        "~/x was deleted\n{}",
        outcome.describe()
    );
    assert_denied_by_toolgate(&result, &outcome, &session, "Bash", "TG-CMD-RM-HOME");
}

#[test]
fn harmless_bash_runs_under_bypass_permissions() {
    let session = Session::new("constitution: toolgate\n");
    let marker = session.work.join("e2e-marker");
    let outcome = session.run(
        call(
            "Bash",
            json!({"command": "touch e2e-marker && echo E2E-RAN", "description": "Create the marker"}),
        ),
        BYPASS,
    );
    let result = outcome.completed_tool_result();
    assert!(
        marker.exists(),
        "the allowed command did not run\n{}",
        outcome.describe()
    );
    assert!(
        result.text.contains("E2E-RAN"),
        "the command's output did not come back\n{}",
        outcome.describe()
    );
    assert!(!result.is_error, "{}", outcome.describe());
}

#[test]
fn github_token_in_write_content_is_denied_without_echoing_it() {
    let session = Session::new("constitution: toolgate\n");
    // Built at run time so that the source holds no token-shaped literal.
    let secret = ["ghp", "_", "Zq7Lm2Xv9Rt4Kp8Wn3Bc6Hd1Fg5Js0Ya2Ue4"].concat();
    assert_eq!(secret.len(), 40, "ghp_ and 36 characters");
    let target = session.work.join("config.env");
    let outcome = session.run(
        call(
            "Write",
            json!({"file_path": target, "content": format!("GITHUB_TOKEN={secret}\n")}),
        ),
        BYPASS,
    );
    let result = outcome.completed_tool_result();
    assert!(
        !target.exists(),
        "the file holding the secret was written\n{}",
        outcome.describe()
    );
    assert_denied_by_toolgate(&result, &outcome, &session, "Write", "TG-SECRET-GITHUB");
    // (The CLI's own `permission_denials` repeats the tool input; that is not toolgate's.)
    assert!(
        !result.text.contains(&secret),
        "the deny reason repeats the secret\n{}",
        outcome.describe()
    );
}

/// A policy whose one extra rule denies anything mentioning `prod-db`.
const PROD_DB_POLICY: &str = "constitution: toolgate\n\
                              rules:\n  \
                                - id: NO-PROD-DB\n    \
                                  text: No production database access\n    \
                                  severity: critical\n    \
                                  keywords: [\"prod-db\"]\n";

#[test]
fn mcp_tool_call_denied_by_keyword_rule() {
    let mut session = Session::new(PROD_DB_POLICY);
    let marker = session.add_mcp_server();
    let outcome = session.run(
        call("mcp__harness__touch_marker", json!({"target": "prod-db"})),
        BYPASS,
    );
    let result = outcome.completed_tool_result();
    assert!(!marker.exists(), "the MCP tool ran\n{}", outcome.describe());
    assert_denied_by_toolgate(
        &result,
        &outcome,
        &session,
        "mcp__harness__touch_marker",
        "NO-PROD-DB",
    );
}

#[test]
fn mcp_tool_call_not_matching_any_rule_runs() {
    // The control for the case above: the same server and tool run when nothing objects.
    let mut session = Session::new(PROD_DB_POLICY);
    let marker = session.add_mcp_server();
    let outcome = session.run(
        call("mcp__harness__touch_marker", json!({"target": "staging"})),
        BYPASS,
    );
    let result = outcome.completed_tool_result();
    assert!(
        marker.exists(),
        "the allowed MCP call did not run\n{}",
        outcome.describe()
    );
    assert!(
        result.text.contains("MCP-MARKER-CREATED"),
        "{}",
        outcome.describe()
    );
}

#[test]
fn web_fetch_outside_the_allow_list_is_denied() {
    // Offline, the fetch itself could not succeed; toolgate's reason in the result is what
    // proves the hook saw and refused it.
    let session = Session::new("network:\n  allow: [\"example.com\"]\n");
    let outcome = session.run(
        call(
            "WebFetch",
            json!({"url": "https://evil.example.net/", "prompt": "Summarise the page"}),
        ),
        BYPASS,
    );
    let result = outcome.completed_tool_result();
    assert_denied_by_toolgate(&result, &outcome, &session, "WebFetch", "not_in_allowlist");
}

#[test]
fn web_fetch_to_a_loopback_target_is_denied_before_connecting() {
    // Without the hook's deny the CLI does connect to this listener (checked by hand with a
    // hook that answers nothing), so a zero count is the side effect that proves the deny.
    let target = FakeTarget::start();
    let session = Session::new("network:\n  allow: [\"example.com\"]\n");
    let url = format!("https://{}/", target.authority());
    let outcome = session.run(
        call(
            "WebFetch",
            json!({"url": url, "prompt": "Summarise the page"}),
        ),
        BYPASS,
    );
    let result = outcome.completed_tool_result();
    assert_eq!(
        target.connections(),
        0,
        "the fetch reached its target\n{}",
        outcome.describe()
    );
    assert_denied_by_toolgate(&result, &outcome, &session, "WebFetch", "private_address");
}

#[test]
fn curl_to_cloud_metadata_address_is_denied() {
    let session = Session::new("constitution: toolgate\n");
    let marker = session.work.join("curl-ran");
    let outcome = session.run(
        call(
            "Bash",
            json!({"command": "curl -s -m 2 http://169.254.169.254/ ; touch curl-ran",
                   "description": "Query the instance metadata"}),
        ),
        BYPASS,
    );
    let result = outcome.completed_tool_result();
    assert!(!marker.exists(), "the command ran\n{}", outcome.describe());
    assert_denied_by_toolgate(&result, &outcome, &session, "Bash", "private_address");
}

#[test]
fn review_rule_with_on_review_ask_is_refused_in_print_mode() {
    let policy = "constitution: toolgate\n\
                  rules:\n  \
                    - id: REVIEW-DEPLOY\n    \
                      text: Production deploys need a person\n    \
                      severity: high\n    \
                      keywords: [\"deploy-prod\"]\n    \
                      workflow_action: require_human_review\n\
                  hook:\n  \
                    on_review: ask\n";
    let session = Session::new(policy);
    let marker = session.work.join("deploy-prod-marker");
    let outcome = session.run(
        call(
            "Bash",
            json!({"command": "touch deploy-prod-marker", "description": "Deploy"}),
        ),
        BYPASS,
    );
    let result = outcome.completed_tool_result();
    assert!(
        !marker.exists(),
        "the call needing review ran\n{}",
        outcome.describe()
    );
    assert_listed_as_refused(&outcome);
    // An `ask` (not a deny): in -p nobody can answer, and the CLI hands the question's text
    // back as the result instead of a hook error.
    assert!(
        !result.text.contains("hook error"),
        "the call was denied, not asked\n{}",
        outcome.describe()
    );
    assert!(
        result.text.contains("toolgate") && result.text.contains("REVIEW-DEPLOY"),
        "the question is not toolgate's review of REVIEW-DEPLOY\n{}",
        outcome.describe()
    );
}

/// A harmless command that leaves a marker when it runs.
fn touch_marker_call() -> ScriptedCall {
    call(
        "Bash",
        json!({"command": "touch e2e-marker", "description": "Create the marker"}),
    )
}

#[test]
fn broken_policy_file_denies_even_a_harmless_call() {
    let session = Session::new("rules:\n  - id: UNCLOSED\n    keywords: [\"a\"\n");
    let outcome = session.run(touch_marker_call(), BYPASS);
    let result = outcome.completed_tool_result();
    assert!(
        !session.work.join("e2e-marker").exists(),
        "the call ran\n{}",
        outcome.describe()
    );
    assert_denied_by_toolgate(&result, &outcome, &session, "Bash", "unusable (unclosed");
}

#[test]
fn missing_policy_file_denies_even_a_harmless_call() {
    let session = Session::new("");
    std::fs::remove_file(session.policy_path()).expect("remove the policy");
    let outcome = session.run(touch_marker_call(), BYPASS);
    let result = outcome.completed_tool_result();
    assert!(
        !session.work.join("e2e-marker").exists(),
        "the call ran\n{}",
        outcome.describe()
    );
    assert_denied_by_toolgate(
        &result,
        &outcome,
        &session,
        "Bash",
        "unusable (unreadable-policy",
    );
}
