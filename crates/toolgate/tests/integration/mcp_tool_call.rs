//! `check_tool_call` gives exactly the hook's decision: each call below is sent to a running
//! `toolgate mcp` and, as a hook event on stdin (written from Rust, never through a shell), to
//! a real `toolgate hook` process with the same policy file, working directory and `$HOME`.
//! The MCP reply's `hook_answer` must be what the hook printed.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::mcp_support::{Session, call, ok_json, start};
use serde_json::{Value, json};

/// The default answers: review denies, an allowed call gets no decision.
const QUIET_POLICY: &str = "rules:
  - id: NEEDS-REVIEW
    text: Deploys need a person
    keywords: [\"deploy-prod\"]
    workflow_action: require_human_review
";

/// Review asks the person, an allowed call is granted.
const ASKING_POLICY: &str = "rules:
  - id: NEEDS-REVIEW
    text: Deploys need a person
    keywords: [\"deploy-prod\"]
    workflow_action: require_human_review
hook:
  on_review: ask
  grant_allowed: true
";

/// What `toolgate hook` answered: exit code and stdout JSON.
struct HookRun {
    code: i32,
    stdout: Value,
}

/// Runs `toolgate hook --policy <dir>/policy.yaml` in `dir` (also `$HOME`) with `event` on
/// stdin.
fn run_hook(dir: &Path, event: &Value) -> HookRun {
    let mut child = Command::new(env!("CARGO_BIN_EXE_toolgate"))
        .arg("hook")
        .arg("--policy")
        .arg(dir.join("policy.yaml"))
        .current_dir(dir)
        .env("HOME", dir)
        .env("XDG_CONFIG_HOME", dir)
        .env_remove("TOOLGATE_POLICY")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn toolgate hook");
    let bytes = serde_json::to_vec(event).unwrap();
    child.stdin.take().unwrap().write_all(&bytes).unwrap();
    let out = child.wait_with_output().unwrap();
    HookRun {
        code: out.status.code().expect("the hook exited"),
        stdout: serde_json::from_slice(&out.stdout).expect("the hook printed JSON"),
    }
}

/// One call: tool name, input, and the `cwd` of the session (given to both, or to neither).
struct Case {
    what: &'static str,
    tool: &'static str,
    input: Value,
    cwd: Option<String>,
}

fn cases(dir: &Path) -> Vec<Case> {
    let here = dir.to_str().unwrap().to_string();
    let project = dir.join("project");
    std::fs::create_dir_all(&project).unwrap();
    let project = project.to_str().unwrap().to_string();
    let binary = env!("CARGO_BIN_EXE_toolgate");
    let case = |what, tool, input: Value, cwd: Option<&String>| Case {
        what,
        tool,
        input,
        cwd: cwd.cloned(),
    };
    vec![
        case("rm -rf /", "Bash", json!({"command": "rm -rf /"}), None),
        case("ls", "Bash", json!({"command": "ls -la"}), Some(&here)),
        case(
            "review rule",
            "Bash",
            json!({"command": "echo deploy-prod"}),
            None,
        ),
        case(
            "project Claude settings, relative to the session's cwd",
            "Write",
            json!({"file_path": ".claude/settings.json", "content": "{}"}),
            Some(&project),
        ),
        case(
            "user Claude settings under $HOME",
            "Edit",
            json!({"file_path": format!("{here}/.claude/settings.json"), "old_string": "a", "new_string": "b"}),
            None,
        ),
        case(
            "the toolgate binary itself",
            "Write",
            json!({"file_path": binary, "content": "x"}),
            None,
        ),
        case(
            "the toolgate policy file",
            "Write",
            json!({"file_path": ".toolgate.yaml", "content": "x"}),
            Some(&here),
        ),
        case(
            "metadata address",
            "WebFetch",
            json!({"url": "http://169.254.169.254/latest/meta-data/", "prompt": "x"}),
            None,
        ),
        case(
            "an allowed read",
            "Read",
            json!({"file_path": "README.md"}),
            Some(&project),
        ),
        case(
            "curl in a command",
            "Bash",
            json!({"command": "curl https://api.github.com/"}),
            None,
        ),
        case(
            "an MCP tool's URL argument",
            "mcp__srv__fetch",
            json!({"url": "http://localhost:8080/admin"}),
            None,
        ),
        case("a Bash call without a command", "Bash", json!({}), None),
        case(
            "a blank tool name",
            "  ",
            json!({"command": "ls"}),
            Some(&here),
        ),
    ]
}

/// Sends every case to both and compares; returns the hook answers by case.
async fn compare(s: &Session) -> Vec<(&'static str, Value)> {
    let mut answers = Vec::new();
    for case in cases(s.dir()) {
        let mut args = json!({"tool_name": case.tool, "tool_input": case.input});
        let mut event = json!({
            "session_id": "s", "transcript_path": "/nonexistent/t.jsonl",
            "permission_mode": "default", "hook_event_name": "PreToolUse",
            "tool_name": case.tool, "tool_input": case.input, "tool_use_id": "toolu_1"
        });
        if let Some(cwd) = &case.cwd {
            args["cwd"] = json!(cwd);
            event["cwd"] = json!(cwd);
        }
        let reply = ok_json(&call(&s.client, "check_tool_call", args).await);
        let hook = run_hook(s.dir(), &event);
        let answer = &reply["hook_answer"];
        let printed = &hook.stdout["hookSpecificOutput"];
        if hook.stdout == json!({}) {
            assert_eq!(hook.code, 0, "{}", case.what);
            assert_eq!(
                answer,
                &json!({"permissionDecision": null, "permissionDecisionReason": null}),
                "{}: the hook gave no decision",
                case.what
            );
        } else {
            assert_eq!(
                answer["permissionDecision"], printed["permissionDecision"],
                "{}: {reply}",
                case.what
            );
            assert_eq!(
                answer["permissionDecisionReason"], printed["permissionDecisionReason"],
                "{}",
                case.what
            );
            let deny = printed["permissionDecision"] == "deny";
            assert_eq!(hook.code, if deny { 2 } else { 0 }, "{}", case.what);
        }
        // The engine's own verdict agrees with the answer.
        if answer["permissionDecision"] == "deny" && reply["decision"] != "review" {
            assert_eq!(reply["decision"], "deny", "{}: {reply}", case.what);
        }
        answers.push((case.what, answer["permissionDecision"].clone()));
    }
    answers
}

fn answer_of<'a>(answers: &'a [(&'static str, Value)], what: &str) -> &'a Value {
    &answers.iter().find(|(w, _)| *w == what).unwrap().1
}

/// Calls that must be denied under any hook settings.
const ALWAYS_DENIED: &[&str] = &[
    "rm -rf /",
    "project Claude settings, relative to the session's cwd",
    "user Claude settings under $HOME",
    "the toolgate binary itself",
    "the toolgate policy file",
    "metadata address",
    "an MCP tool's URL argument",
    "a Bash call without a command",
    "a blank tool name",
];

#[tokio::test]
async fn check_tool_call_answers_as_the_hook_with_default_settings() {
    let s = start(Some(QUIET_POLICY)).await;
    let answers = compare(&s).await;
    for what in ALWAYS_DENIED {
        assert_eq!(answer_of(&answers, what), "deny", "{what}");
    }
    assert_eq!(answer_of(&answers, "review rule"), "deny");
    assert_eq!(answer_of(&answers, "ls"), &Value::Null);
    assert_eq!(answer_of(&answers, "an allowed read"), &Value::Null);
    s.client.cancel().await.unwrap();
}

#[tokio::test]
async fn check_tool_call_answers_as_the_hook_when_it_asks_and_grants() {
    let s = start(Some(ASKING_POLICY)).await;
    let answers = compare(&s).await;
    for what in ALWAYS_DENIED {
        assert_eq!(answer_of(&answers, what), "deny", "{what}");
    }
    assert_eq!(answer_of(&answers, "review rule"), "ask");
    assert_eq!(answer_of(&answers, "ls"), "allow");
    assert_eq!(answer_of(&answers, "an allowed read"), "allow");
    s.client.cancel().await.unwrap();
}

#[tokio::test]
async fn an_unusable_policy_is_answered_as_the_hook_does() {
    let s = start(Some("network:\n  alow: [\"*\"]\n")).await;
    let input = json!({"command": "ls"});
    let reply = ok_json(
        &call(
            &s.client,
            "check_tool_call",
            json!({"tool_name": "Bash", "tool_input": input}),
        )
        .await,
    );
    let hook = run_hook(
        s.dir(),
        &json!({"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": input}),
    );
    assert_eq!(hook.code, 2);
    assert_eq!(reply["decision"], "deny");
    assert_eq!(
        reply["hook_answer"]["permissionDecisionReason"],
        hook.stdout["hookSpecificOutput"]["permissionDecisionReason"]
    );
    assert_eq!(reply["hook_answer"]["permissionDecision"], "deny");
    s.client.cancel().await.unwrap();
}

#[tokio::test]
async fn the_cwd_argument_moves_the_session() {
    let s = start(Some(QUIET_POLICY)).await;
    // The binary, named relative to its own directory: protected only when the session's cwd
    // is that directory (the server's own cwd is a temporary directory).
    let binary = Path::new(env!("CARGO_BIN_EXE_toolgate"));
    let name = binary.file_name().unwrap().to_str().unwrap();
    let folder = binary.parent().unwrap().join("no-such-subdir");
    let relative = format!("../{name}");
    let write = json!({"file_path": relative, "content": "x"});
    let decide = |cwd: Option<&str>| {
        let mut args = json!({"tool_name": "Write", "tool_input": write});
        if let Some(cwd) = cwd {
            args["cwd"] = json!(cwd);
        }
        let client = &s.client;
        async move { ok_json(&call(client, "check_tool_call", args).await) }
    };
    let moved = decide(Some(folder.to_str().unwrap())).await;
    assert_eq!(moved["decision"], "deny", "{moved}");
    assert!(
        moved["rule_ids"]
            .as_array()
            .unwrap()
            .contains(&json!("TG-FILE-PROTECTED")),
        "{moved}"
    );
    let unmoved = decide(None).await;
    assert_ne!(unmoved["decision"], "deny", "{unmoved}");
    s.client.cancel().await.unwrap();
}
