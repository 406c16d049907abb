//! `toolgate hook` as a real process: every answer and every failure path, exit code and
//! stdout JSON asserted. Exit codes other than 0 and 2 never occur; stdout is always exactly
//! one JSON object.

use std::io::Write;
use std::path::Path;
use std::process::{Command as StdCommand, Stdio};
use std::time::Duration;

use assert_cmd::Command;
use serde_json::{Value, json};

const GITHUB_TOKEN: &str = "ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789";

struct Run {
    code: i32,
    stdout: Value,
    stderr: String,
}

fn hook_in(dir: &Path, args: &[&str], stdin: &[u8], envs: &[(&str, &str)]) -> Run {
    let mut cmd = Command::cargo_bin("toolgate").unwrap();
    cmd.current_dir(dir)
        .env("HOME", dir)
        .env_remove("TOOLGATE_POLICY")
        .arg("hook")
        .args(args)
        .write_stdin(stdin.to_vec());
    for (k, v) in envs {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let stdout: Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("stdout is not exactly one JSON document ({e}): {text:?}"));
    assert_eq!(
        text.trim_end().lines().count(),
        1,
        "one line of JSON: {text:?}"
    );
    Run {
        code: out.status.code().expect("exited, not killed"),
        stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn hook(stdin: &[u8]) -> Run {
    let dir = tempfile::tempdir().unwrap();
    hook_in(dir.path(), &[], stdin, &[])
}

fn event(tool: &str, input: Value) -> Vec<u8> {
    serde_json::to_vec(&json!({
        "session_id": "s", "transcript_path": "/tmp/t.jsonl", "cwd": "/tmp",
        "permission_mode": "default", "hook_event_name": "PreToolUse",
        "tool_name": tool, "tool_input": input, "tool_use_id": "toolu_1"
    }))
    .unwrap()
}

fn assert_deny(run: &Run) -> String {
    assert_eq!(run.code, 2, "deny exits 2: {:?} {}", run.stdout, run.stderr);
    let out = &run.stdout["hookSpecificOutput"];
    assert_eq!(out["hookEventName"], "PreToolUse");
    assert_eq!(out["permissionDecision"], "deny");
    let reason = out["permissionDecisionReason"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(run.stderr.contains(&reason), "the reason is on stderr too");
    reason
}

fn assert_no_decision(run: &Run) {
    assert_eq!(run.code, 0, "{:?} {}", run.stdout, run.stderr);
    assert_eq!(run.stdout, json!({}));
}

#[test]
fn ordinary_calls_get_no_decision() {
    assert_no_decision(&hook(&event(
        "Bash",
        json!({"command": "ls -la", "description": "list"}),
    )));
    assert_no_decision(&hook(&event(
        "Read",
        json!({"file_path": "/tmp/README.md"}),
    )));
    assert_no_decision(&hook(&event(
        "WebFetch",
        json!({"url": "https://docs.rs/regex", "prompt": "summarise"}),
    )));
}

#[test]
fn destructive_command_is_denied_and_names_the_check() {
    let reason = assert_deny(&hook(&event("Bash", json!({"command": "sudo rm -r -f /"}))));
    assert!(reason.contains("TG-"), "{reason}");
    assert!(
        reason.starts_with("toolgate: Tool call 'Bash' was not executed."),
        "{reason}"
    );
}

#[test]
fn secret_in_write_is_denied_without_echoing_it() {
    let run = hook(&event(
        "Write",
        json!({"file_path": "/tmp/a.env", "content": format!("TOKEN={GITHUB_TOKEN}\n")}),
    ));
    let reason = assert_deny(&run);
    assert!(!reason.contains(GITHUB_TOKEN));
    assert!(!run.stderr.contains(GITHUB_TOKEN));
    assert!(!run.stdout.to_string().contains("ghp_aBcD"));
}

#[test]
fn metadata_address_is_denied_in_webfetch_and_in_commands() {
    let reason = assert_deny(&hook(&event(
        "WebFetch",
        json!({"url": "http://169.254.169.254/latest/meta-data/", "prompt": "p"}),
    )));
    assert!(reason.contains("private_address"), "{reason}");
    assert!(!reason.contains("169.254"), "no input values: {reason}");
    let reason = assert_deny(&hook(&event(
        "Bash",
        json!({"command": "curl -s http://169.254.169.254/latest/meta-data/"}),
    )));
    assert!(reason.contains("curl"), "{reason}");
    assert!(!reason.contains("169.254"), "{reason}");
}

#[test]
fn url_arguments_of_mcp_tools_are_checked() {
    let reason = assert_deny(&hook(&event(
        "mcp__fetch__get",
        json!({"target": "http://localhost:8080/admin"}),
    )));
    assert!(reason.contains("network policy"), "{reason}");
}

#[test]
fn writes_to_claude_settings_are_denied() {
    let reason = assert_deny(&hook(&event(
        "Write",
        json!({"file_path": "/tmp/p/.claude/settings.json", "content": "{}"}),
    )));
    assert!(reason.contains("TG-FILE-PROTECTED"), "{reason}");
}

#[test]
fn non_pretooluse_events_get_no_decision() {
    let input = json!({"hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_input": {"command": "rm -rf /"}});
    assert_no_decision(&hook(&serde_json::to_vec(&input).unwrap()));
}

#[test]
fn malformed_inputs_are_denied() {
    for (stdin, why) in [
        (&b""[..], "empty"),
        (b"not json", "not JSON"),
        (b"{\"hook_event_name\": \"PreToolUse\"", "truncated"),
        (b"[1, 2]", "not an object"),
        (b"{\"tool_name\": \"Bash\", \"tool_input\": {}}", "no event name"),
        (b"{\"hook_event_name\": \"PreToolUse\", \"tool_input\": {}}", "no tool name"),
        (b"{\"hook_event_name\": \"PreToolUse\", \"tool_name\": \"\", \"tool_input\": {}}", "empty tool name"),
        (b"{\"hook_event_name\": \"PreToolUse\", \"tool_name\": 7, \"tool_input\": {}}", "tool name not a string"),
        (b"{\"hook_event_name\": \"PreToolUse\", \"tool_name\": \"Bash\"}", "no tool input"),
        (b"{\"hook_event_name\": \"PreToolUse\", \"tool_name\": \"Bash\", \"tool_input\": {\"command\": 5}}", "command not a string"),
        (b"\xff\xfe{}", "not UTF-8"),
    ] {
        let run = hook(stdin);
        assert_eq!(run.code, 2, "{why}");
        assert_eq!(run.stdout["hookSpecificOutput"]["permissionDecision"], "deny", "{why}");
    }
}

#[test]
fn over_deep_input_is_denied() {
    let mut deep = json!("x");
    for _ in 0..40 {
        deep = json!({ "a": deep });
    }
    assert_deny(&hook(&event("mcp__x__y", deep)));
    // Deeper than the JSON parser's own limit.
    let raw = format!(
        "{{\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"X\",\"tool_input\":{}1{}}}",
        "[".repeat(1000),
        "]".repeat(1000)
    );
    assert_deny(&hook(raw.as_bytes()));
}

#[test]
fn oversized_input_is_denied() {
    let big = vec![b' '; 16 * 1024 * 1024 + 10];
    let reason = assert_deny(&hook(&big));
    assert!(reason.contains("16 MiB"), "{reason}");
}

#[test]
fn broken_or_missing_policies_deny_everything() {
    let dir = tempfile::tempdir().unwrap();
    let ls = event("Bash", json!({"command": "ls"}));
    // Named but missing.
    let reason = assert_deny(&hook_in(
        dir.path(),
        &["--policy", "missing.yaml"],
        &ls,
        &[],
    ));
    assert!(reason.contains("unusable"), "{reason}");
    // Syntax error.
    std::fs::write(dir.path().join("bad.yaml"), "network: [\n").unwrap();
    assert_deny(&hook_in(dir.path(), &["--policy", "bad.yaml"], &ls, &[]));
    // Unknown key.
    std::fs::write(dir.path().join("typo.yaml"), "netwrok:\n  allow: ['*']\n").unwrap();
    assert_deny(&hook_in(dir.path(), &["--policy", "typo.yaml"], &ls, &[]));
    // Discovered through the environment and the working directory.
    assert_deny(&hook_in(
        dir.path(),
        &[],
        &ls,
        &[("TOOLGATE_POLICY", "typo.yaml")],
    ));
    std::fs::write(
        dir.path().join(".toolgate.yaml"),
        "hook: {on_review: maybe}\n",
    )
    .unwrap();
    assert_deny(&hook_in(dir.path(), &[], &ls, &[]));
}

#[test]
fn unknown_arguments_are_denied() {
    let dir = tempfile::tempdir().unwrap();
    let ls = event("Bash", json!({"command": "ls"}));
    assert_deny(&hook_in(dir.path(), &["--polcy", "x"], &ls, &[]));
    assert_deny(&hook_in(dir.path(), &["--policy"], &ls, &[]));
}

#[test]
fn review_rules_deny_by_default_and_ask_when_configured() {
    let dir = tempfile::tempdir().unwrap();
    let rule = "rules:\n  - id: NEEDS-REVIEW\n    text: Deploys need a person\n    keywords: [\"deploy-prod\"]\n    workflow_action: require_human_review\n";
    std::fs::write(dir.path().join("deny.yaml"), rule).unwrap();
    std::fs::write(
        dir.path().join("ask.yaml"),
        format!("{rule}hook:\n  on_review: ask\n"),
    )
    .unwrap();
    let call = event("Bash", json!({"command": "echo deploy-prod"}));
    let reason = assert_deny(&hook_in(dir.path(), &["--policy", "deny.yaml"], &call, &[]));
    assert!(
        reason.contains("NEEDS-REVIEW") && reason.contains("No reviewer"),
        "{reason}"
    );
    let run = hook_in(dir.path(), &["--policy", "ask.yaml"], &call, &[]);
    assert_eq!(run.code, 0);
    assert_eq!(
        run.stdout["hookSpecificOutput"]["permissionDecision"],
        "ask"
    );
    let asked = run.stdout["hookSpecificOutput"]["permissionDecisionReason"]
        .as_str()
        .unwrap();
    // The rule is named once, and the matched input is not repeated.
    assert_eq!(asked.matches("NEEDS-REVIEW").count(), 1, "{asked}");
    assert!(!asked.contains("deploy-prod"), "{asked}");
}

#[test]
fn grant_allowed_answers_allow() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("p.yaml"), "hook:\n  grant_allowed: true\n").unwrap();
    let run = hook_in(
        dir.path(),
        &["--policy", "p.yaml"],
        &event("Bash", json!({"command": "ls"})),
        &[],
    );
    assert_eq!(run.code, 0);
    assert_eq!(
        run.stdout["hookSpecificOutput"]["permissionDecision"],
        "allow"
    );
    // A deny still wins.
    assert_deny(&hook_in(
        dir.path(),
        &["--policy", "p.yaml"],
        &event("Bash", json!({"command": "rm -rf /"})),
        &[],
    ));
}

fn spawn_hook_with_open_stdin(
    envs: &[(&str, &str)],
) -> (
    std::process::Child,
    std::process::ChildStdin,
    tempfile::TempDir,
) {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = StdCommand::new(assert_cmd::cargo::cargo_bin("toolgate"));
    cmd.current_dir(dir.path())
        .env("HOME", dir.path())
        .env_remove("TOOLGATE_POLICY")
        .arg("hook")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in envs {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().unwrap();
    // Half an input; the caller keeps stdin open, so the hook waits for the rest.
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"{\"hook_event_name\": ").unwrap();
    (child, stdin, dir)
}

fn finish(child: std::process::Child) -> Run {
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    Run {
        code: out.status.code().expect("exited, not killed by the signal"),
        stdout: serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text:?}")),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

#[test]
fn internal_deadline_denies() {
    let (child, stdin, _dir) = spawn_hook_with_open_stdin(&[("TOOLGATE_HOOK_DEADLINE_MS", "300")]);
    let reason = assert_deny(&finish(child));
    drop(stdin);
    assert!(reason.contains("in time"), "{reason}");
}

#[test]
fn a_hook_holding_more_memory_than_its_limit_denies() {
    // Waiting for the rest of its input, the hook holds more than one MiB: the sentinel's
    // look at memory (every 20 ms) denies long before the ten-second deadline.
    let (child, stdin, _dir) = spawn_hook_with_open_stdin(&[("TOOLGATE_HOOK_MEMORY_MB", "1")]);
    let reason = assert_deny(&finish(child));
    drop(stdin);
    assert!(reason.contains("more memory than its limit"), "{reason}");
    // A large call that passes under the default limit is denied under a small one.
    let prose = "the quick brown fox jumps over the lazy dog. ".repeat(200_000);
    let write = event(
        "Write",
        json!({"file_path": "/tmp/notes.txt", "content": prose}),
    );
    let dir = tempfile::tempdir().unwrap();
    assert_no_decision(&hook_in(dir.path(), &[], &write, &[]));
    let run = hook_in(dir.path(), &[], &write, &[("TOOLGATE_HOOK_MEMORY_MB", "4")]);
    let reason = assert_deny(&run);
    assert!(reason.contains("more memory than its limit"), "{reason}");
}

#[test]
fn sigterm_sigint_and_sighup_deny() {
    for signal in ["-TERM", "-INT", "-HUP"] {
        let (child, stdin, _dir) = spawn_hook_with_open_stdin(&[]);
        // Let the process install its handler, then stop it as Claude Code does at its timeout.
        std::thread::sleep(Duration::from_millis(300));
        let status = StdCommand::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let reason = assert_deny(&finish(child));
        drop(stdin);
        assert!(reason.contains("stopped"), "{signal}: {reason}");
    }
}

#[test]
fn a_rule_sees_the_exact_digits_of_a_huge_integer() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("p.yaml"),
        "rules:\n  - id: BIG-NUMBER\n    text: No account numbers\n    patterns: ['\\b123456789012345678901234567890\\b']\n",
    )
    .unwrap();
    // Written by hand: `json!` would already have rounded the number.
    let input = br#"{"hook_event_name":"PreToolUse","tool_name":"mcp__bank__pay","tool_input":{"account":123456789012345678901234567890},"cwd":"/tmp"}"#;
    let reason = assert_deny(&hook_in(dir.path(), &["--policy", "p.yaml"], input, &[]));
    assert!(reason.contains("BIG-NUMBER"), "{reason}");
    assert!(!reason.contains("123456789"), "{reason}");
}

#[test]
fn a_huge_integer_as_tool_name_is_still_no_tool_name() {
    let input = br#"{"hook_event_name":"PreToolUse","tool_name":123456789012345678901234567890,"tool_input":{}}"#;
    let reason = assert_deny(&hook(input));
    assert!(reason.contains("no tool name"), "{reason}");
}
