//! Each agent's hook contract, on the real `toolgate hook` process: the documented (or
//! recorded) event shapes in `tests/fixtures/agents/`, answered in exactly the agent's dialect,
//! and every fail-closed path (bad input, bad arguments, broken policy, deadline, signals)
//! ending in that agent's deny with exit 2.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

const AGENTS: &[&str] = &["claude", "codex", "gemini", "cursor", "copilot", "opencode"];

/// Shell-command fixtures and the agent that sends them.
const SHELL_FIXTURES: &[(&str, &str)] = &[
    ("claude", "claude"),
    ("codex", "codex"),
    ("gemini", "gemini"),
    ("cursor", "cursor"),
    ("cursor-pretooluse", "cursor"),
    ("copilot", "copilot"),
    ("copilot-string-args", "copilot"),
    ("opencode", "opencode"),
];

fn fixture(name: &str, fill: &[(&str, &str)]) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/agents")
        .join(format!("{name}.json"));
    let mut text = std::fs::read_to_string(&path).expect("fixture");
    for (key, value) in fill {
        // Values go in as JSON string contents.
        let escaped = serde_json::to_string(value).unwrap();
        let escaped = &escaped[1..escaped.len() - 1];
        // Inside a JSON string that is itself JSON (Copilot's string `toolArgs`), escape twice.
        let twice = serde_json::to_string(escaped).unwrap();
        let twice = &twice[1..twice.len() - 1];
        text = text.replace(&format!("\\\"{{{key}}}\\\""), &format!("\\\"{twice}\\\""));
        text = text.replace(&format!("{{{key}}}"), escaped);
    }
    text.into_bytes()
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Run {
    fn json(&self) -> Value {
        serde_json::from_str(self.stdout.trim())
            .unwrap_or_else(|e| panic!("stdout is not one JSON value ({e}): {:?}", self.stdout))
    }
}

struct Dir {
    dir: tempfile::TempDir,
}

impl Dir {
    fn new() -> Dir {
        Dir {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    fn path(&self) -> PathBuf {
        self.dir.path().to_path_buf()
    }

    fn command(&self, args: &[&str], envs: &[(&str, &str)]) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_toolgate"));
        cmd.current_dir(self.dir.path())
            .env("HOME", self.dir.path())
            .env_remove("TOOLGATE_POLICY")
            .arg("hook")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for (k, v) in envs {
            cmd.env(k, v);
        }
        cmd
    }

    fn hook(&self, args: &[&str], stdin: &[u8]) -> Run {
        self.hook_env(args, stdin, &[])
    }

    fn hook_env(&self, args: &[&str], stdin: &[u8], envs: &[(&str, &str)]) -> Run {
        let mut child = self.command(args, envs).spawn().unwrap();
        // The hook may exit before reading (a bad argument): a broken pipe is fine.
        let _ = child.stdin.take().unwrap().write_all(stdin);
        finish(child)
    }
}

fn finish(child: std::process::Child) -> Run {
    let out = child.wait_with_output().unwrap();
    Run {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Asserts `run` is `agent`'s deny, exactly as that agent reads it; returns the reason.
fn assert_deny(agent: &str, run: &Run) -> String {
    assert_eq!(run.code, Some(2), "{agent}: exit code\n{}", run.stdout);
    let v = run.json();
    let (reason, keys): (&Value, &[&str]) = match agent {
        "claude" | "codex" => (
            &v["hookSpecificOutput"]["permissionDecisionReason"],
            &["hookSpecificOutput"],
        ),
        "gemini" | "opencode" => (&v["reason"], &["decision", "reason"]),
        "cursor" => (
            &v["agent_message"],
            &["agent_message", "permission", "user_message"],
        ),
        "copilot" => (
            &v["permissionDecisionReason"],
            &["permissionDecision", "permissionDecisionReason"],
        ),
        _ => unreachable!(),
    };
    let mut got: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    got.sort_unstable();
    assert_eq!(got, keys, "{agent}: exactly the dialect's fields: {v}");
    match agent {
        "claude" | "codex" => {
            assert_eq!(v["hookSpecificOutput"]["permissionDecision"], "deny");
            assert_eq!(v["hookSpecificOutput"]["hookEventName"], "PreToolUse");
        }
        "gemini" | "opencode" => assert_eq!(v["decision"], "deny"),
        "cursor" => assert_eq!(v["permission"], "deny"),
        "copilot" => assert_eq!(v["permissionDecision"], "deny"),
        _ => unreachable!(),
    }
    let reason = reason.as_str().expect("a reason").to_string();
    assert!(reason.starts_with("toolgate: "), "{agent}: {reason}");
    assert_eq!(
        run.stderr.trim(),
        reason,
        "{agent}: the reason on stderr too"
    );
    reason
}

/// Asserts `run` is `agent`'s "no decision".
fn assert_no_decision(agent: &str, run: &Run) {
    assert_eq!(run.code, Some(0), "{agent}: {}", run.stdout);
    assert_eq!(run.stderr, "", "{agent}");
    match agent {
        // Codex, Gemini and Copilot: nothing at all (Codex fails a hook on any output it does
        // not know).
        "codex" | "gemini" | "copilot" => assert_eq!(run.stdout, "", "{agent}"),
        _ => assert_eq!(run.json(), json!({}), "{agent}"),
    }
}

#[test]
fn every_agent_denies_a_destructive_command_in_its_dialect_with_and_without_agent_flag() {
    let dir = Dir::new();
    for (name, agent) in SHELL_FIXTURES {
        let event = fixture(name, &[("CMD", "rm -rf ~")]);
        for args in [&["--agent", agent][..], &[][..]] {
            let reason = assert_deny(agent, &dir.hook(args, &event));
            assert!(
                reason.contains("TG-CMD-RM-HOME"),
                "{name} {args:?}: {reason}"
            );
        }
    }
}

#[test]
fn every_agent_gets_no_decision_for_an_ordinary_command() {
    let dir = Dir::new();
    for (name, agent) in SHELL_FIXTURES {
        let event = fixture(name, &[("CMD", "ls -la")]);
        assert_no_decision(agent, &dir.hook(&["--agent", agent], &event));
        assert_no_decision(agent, &dir.hook(&[], &event));
    }
}

#[test]
fn malformed_input_and_bad_arguments_deny_in_every_dialect() {
    let dir = Dir::new();
    for agent in AGENTS {
        for stdin in [
            &b""[..],
            b"not json",
            b"[1]",
            b"{\"truncated\": ",
            b"\xff{}",
            b"{}",
        ] {
            assert_deny(agent, &dir.hook(&["--agent", agent], stdin));
        }
        let ls = fixture(agent, &[("CMD", "ls")]);
        assert_deny(agent, &dir.hook(&["--agent", agent, "--bogus"], &ls));
        assert_deny(agent, &dir.hook(&["--agent", agent, "--policy"], &ls));
        let reason = assert_deny(
            agent,
            &dir.hook(&["--agent", agent, "--policy", "missing.yaml"], &ls),
        );
        assert!(reason.contains("unusable"), "{reason}");
    }
}

#[test]
fn an_unknown_agent_or_shape_gets_the_universal_deny() {
    let dir = Dir::new();
    let ls = fixture("claude", &[("CMD", "ls")]);
    for run in [
        dir.hook(&["--agent", "vim"], &ls),
        dir.hook(&[], br#"{"something": "else"}"#),
    ] {
        assert_eq!(run.code, Some(2));
        let v = run.json();
        assert_eq!(v["decision"], "block");
        assert_eq!(v["hookSpecificOutput"]["permissionDecision"], "deny");
        assert!(run.stderr.contains("toolgate"), "{}", run.stderr);
    }
}

#[test]
fn deadline_and_signals_deny_in_every_dialect() {
    let dir = Dir::new();
    for agent in AGENTS {
        // stdin left open: the hook waits for input until its deadline.
        let mut child = dir
            .command(&["--agent", agent], &[("TOOLGATE_HOOK_DEADLINE_MS", "200")])
            .spawn()
            .unwrap();
        let stdin = child.stdin.take();
        let run = finish(child);
        drop(stdin);
        assert!(assert_deny(agent, &run).contains("in time"));

        let mut child = dir.command(&["--agent", agent], &[]).spawn().unwrap();
        let stdin = child.stdin.take();
        std::thread::sleep(Duration::from_millis(300));
        let status = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let run = finish(child);
        drop(stdin);
        assert!(assert_deny(agent, &run).contains("stopped"));
    }
}

#[test]
fn codex_apply_patch_is_checked_as_the_writes_it_makes() {
    let dir = Dir::new();
    let token = ["ghp", "_", "Zq7Lm2Xv9Rt4Kp8Wn3Bc6Hd1Fg5Js0Ya2Ue4"].concat();
    let cases = [
        (".claude/settings.json", "{}", Some("TG-FILE-PROTECTED")),
        (".toolgate.yaml", "rules: []", Some("TG-FILE-PROTECTED")),
        (
            "config.env",
            &format!("GITHUB_TOKEN={token}") as &str,
            Some("TG-SECRET-GITHUB"),
        ),
        ("notes.txt", "hello", None),
    ];
    for (agent, name) in [
        ("codex", "codex-apply-patch"),
        ("copilot", "copilot-apply-patch"),
    ] {
        for (path, line, rule) in &cases {
            let run = dir.hook(
                &["--agent", agent],
                &fixture(name, &[("PATH", path), ("LINE", line)]),
            );
            match rule {
                Some(rule) => {
                    let reason = assert_deny(agent, &run);
                    assert!(reason.contains(rule), "{agent} {path}: {reason}");
                    assert!(
                        !reason.contains(&token[8..]),
                        "the secret is echoed: {reason}"
                    );
                }
                None => assert_no_decision(agent, &run),
            }
        }
    }
    // A patch that does not parse is refused.
    let broken = json!({"hook_event_name": "PreToolUse", "turn_id": "t", "tool_name": "apply_patch",
                        "tool_input": {"command": "*** Begin Patch\n*** Add File: x\n+y\n"}});
    let reason = assert_deny(
        "codex",
        &dir.hook(&["--agent", "codex"], broken.to_string().as_bytes()),
    );
    assert!(reason.contains("End Patch"), "{reason}");
}

#[test]
fn file_and_web_tools_of_each_agent_are_mapped_onto_the_checks() {
    let dir = Dir::new();
    let metadata = "http://169.254.169.254/latest/meta-data/";
    for (agent, name, fill, rule) in [
        (
            "codex",
            "codex-mcp",
            vec![("URL", metadata)],
            "private_address",
        ),
        (
            "gemini",
            "gemini-web-fetch",
            vec![("URL", metadata)],
            "private_address",
        ),
        (
            "cursor",
            "cursor-mcp",
            vec![("URL", metadata)],
            "private_address",
        ),
        (
            "gemini",
            "gemini-write-file",
            vec![("PATH", "/w/.gemini/settings.json"), ("LINE", "{}")],
            "TG-FILE-PROTECTED",
        ),
        (
            "opencode",
            "opencode-edit",
            vec![("PATH", "/w/.toolgate.yaml"), ("LINE", "x")],
            "TG-FILE-PROTECTED",
        ),
    ] {
        let reason = assert_deny(agent, &dir.hook(&["--agent", agent], &fixture(name, &fill)));
        assert!(reason.contains(rule), "{name}: {reason}");
    }
    for (agent, name, fill) in [
        ("codex", "codex-mcp", vec![("URL", "https://example.com/")]),
        (
            "gemini",
            "gemini-web-fetch",
            vec![("URL", "https://example.com/")],
        ),
        (
            "gemini",
            "gemini-write-file",
            vec![("PATH", "/w/notes.txt"), ("LINE", "hello")],
        ),
    ] {
        assert_no_decision(agent, &dir.hook(&["--agent", agent], &fixture(name, &fill)));
    }
}

#[test]
fn copilot_powershell_is_indeterminate_and_denied() {
    let dir = Dir::new();
    let reason = assert_deny(
        "copilot",
        &dir.hook(&["--agent", "copilot"], &fixture("copilot-powershell", &[])),
    );
    assert!(reason.contains("PowerShell"), "{reason}");
}

#[test]
fn a_review_is_ask_where_the_agent_can_ask_and_a_deny_that_says_how_to_approve_elsewhere() {
    let dir = Dir::new();
    std::fs::write(
        dir.path().join("p.yaml"),
        "rules:\n  - id: REVIEW-DEPLOY\n    text: Deploys need a person\n    severity: high\n    \
         keywords: [\"deploy-prod\"]\n    workflow_action: require_human_review\nhook:\n  on_review: ask\n",
    )
    .unwrap();
    for (name, agent) in SHELL_FIXTURES {
        let run = dir.hook(
            &["--agent", agent, "--policy", "p.yaml"],
            &fixture(name, &[("CMD", "echo deploy-prod")]),
        );
        match *agent {
            "claude" => {
                assert_eq!(run.code, Some(0));
                assert_eq!(
                    run.json()["hookSpecificOutput"]["permissionDecision"],
                    "ask"
                );
            }
            "cursor" => {
                assert_eq!(run.code, Some(0));
                assert_eq!(run.json()["permission"], "ask");
            }
            _ => {
                let reason = assert_deny(agent, &run);
                assert!(
                    reason.contains("REVIEW-DEPLOY") && reason.contains("can approve it"),
                    "{reason}"
                );
                assert!(!run.stdout.contains("\"ask\""), "{agent}: {}", run.stdout);
            }
        }
    }
}

#[test]
fn events_that_are_not_tool_calls_get_no_decision() {
    let dir = Dir::new();
    for (agent, event) in [
        (
            "claude",
            json!({"hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_input": {"command": "rm -rf /"}}),
        ),
        ("codex", json!({"hook_event_name": "Stop", "turn_id": "t"})),
        (
            "gemini",
            json!({"hook_event_name": "AfterTool", "tool_name": "run_shell_command", "tool_input": {"command": "rm -rf /"}}),
        ),
        (
            "cursor",
            json!({"hook_event_name": "afterFileEdit", "conversation_id": "c"}),
        ),
    ] {
        assert_no_decision(
            agent,
            &dir.hook(&["--agent", agent], event.to_string().as_bytes()),
        );
    }
}
