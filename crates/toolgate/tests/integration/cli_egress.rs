//! `toolgate check-url` and `toolgate check-urls`: exit codes and JSON.

use assert_cmd::Command;

fn toolgate(dir: &tempfile::TempDir) -> Command {
    let mut c = Command::cargo_bin("toolgate").unwrap();
    c.current_dir(dir.path())
        .env_remove("TOOLGATE_POLICY")
        .env("HOME", dir.path());
    c
}

fn with_policy(text: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("policy.yaml");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

#[test]
fn check_url_allowed_and_denied() {
    let (dir, policy) =
        with_policy("network:\n  allow: [\"api.openai.com\"]\n  deny: [\"*.evil.com\"]\n");
    let out = toolgate(&dir)
        .args([
            "check-url",
            "https://API.openai.com./v1",
            "--json",
            "--policy",
        ])
        .arg(&policy)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["allowed"], true);
    assert_eq!(v["reason"], "matched_allowlist");
    assert_eq!(v["host"], "api.openai.com");
    assert_eq!(v["port"], 443);
    let out = toolgate(&dir)
        .args(["check-url", "https://x.evil.com/", "--json", "--policy"])
        .arg(&policy)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["reason"], "denylist_match");
    assert_eq!(v["detail"], "x.evil.com matches *.evil.com");
    let out = toolgate(&dir)
        .args(["check-url", "https://other.com/", "--policy"])
        .arg(&policy)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("denied: not_in_allowlist (host not in allow list)"),
        "{text}"
    );
    let out = toolgate(&dir)
        .args([
            "check-url",
            "https://api.openai.com/",
            "--method",
            "TRACE",
            "--json",
            "--policy",
        ])
        .arg(&policy)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["reason"], "method_blocked");
}

#[test]
fn check_url_builtin_protects_metadata() {
    let dir = tempfile::tempdir().unwrap();
    let out = toolgate(&dir)
        .args([
            "check-url",
            "http://169.254.169.254/latest/meta-data/",
            "--json",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["reason"], "private_address");
}

#[test]
fn check_url_invalid_policy_exits_2() {
    let (dir, policy) = with_policy("network:\n  allow: [\"https://x.com/\"]\n");
    toolgate(&dir)
        .args(["check-url", "https://x.com/", "--policy"])
        .arg(&policy)
        .assert()
        .code(2);
    let missing = dir.path().join("nope.yaml");
    toolgate(&dir)
        .args(["check-url", "https://x.com/", "--policy"])
        .arg(&missing)
        .assert()
        .code(2);
    toolgate(&dir).args(["check-url"]).assert().code(2);
}

#[test]
fn broken_policy_prints_invalid_policy_decisions_and_exits_2() {
    let (dir, policy) = with_policy("network:\n  allow: [\"*\"]\n  alow: [x.com]\n");
    let out = toolgate(&dir)
        .args(["check-url", "https://x.com/", "--json", "--policy"])
        .arg(&policy)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["allowed"], false);
    assert_eq!(v["reason"], "invalid_policy");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("unknown-key"), "{err}");
    let out = toolgate(&dir)
        .args(["check-url", "https://x.com/", "--policy"])
        .arg(&policy)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("denied: invalid_policy"), "{text}");
    let out = toolgate(&dir)
        .args(["check-urls", "--policy"])
        .arg(&policy)
        .write_stdin("https://x.com/\nhttps://y.com/\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["url"], "https://x.com/");
    assert_eq!(lines[0]["reason"], "invalid_policy");
    assert_eq!(lines[1]["reason"], "invalid_policy");
    assert_eq!(lines[2]["summary"]["denied_count"], 2);
    assert!(!String::from_utf8(out.stderr).unwrap().is_empty());
}

#[test]
fn check_urls_reads_stdin_and_summarises() {
    let (dir, policy) = with_policy("network:\n  allow: [\"*.example.com\"]\n");
    let out = toolgate(&dir)
        .args(["check-urls", "--policy"])
        .arg(&policy)
        .write_stdin("https://a.example.com/\n\n   \nhttps://other.org/\r\nhttp://127.0.0.1/\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["url"], "https://a.example.com/");
    assert_eq!(lines[0]["allowed"], true);
    assert_eq!(lines[1]["reason"], "not_in_allowlist");
    assert_eq!(lines[2]["reason"], "private_address");
    assert_eq!(
        lines[3],
        serde_json::json!({"summary": {"total": 3, "allowed_count": 1, "denied_count": 2}})
    );
    let out = toolgate(&dir)
        .args([
            "check-urls",
            "https://a.example.com/",
            "https://b.example.com/x",
            "--policy",
        ])
        .arg(&policy)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let last = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .last()
        .unwrap()
        .to_string();
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&last).unwrap()["summary"]["allowed_count"],
        2
    );
}
