//! The environment on the decision path, through the real binary: `$TOOLGATE_POLICY` (any
//! bytes), `$HOME`, the working directory, `$TOOLGATE_HOOK_DEADLINE_MS` and
//! `$TOOLGATE_HOOK_MEMORY_MB`. A value that is set but unusable denies; it never falls back to
//! a laxer policy. And `-h`/`--help` for every subcommand, the hook's only when alone.

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_toolgate");

/// A policy stricter than the built-in default: only one host may be fetched.
const STRICT: &str = "network:\n  allow: [api.example.com]\n";

fn event(tool: &str, input: Value) -> Vec<u8> {
    serde_json::to_vec(&json!({
        "hook_event_name": "PreToolUse",
        "tool_name": tool,
        "tool_input": input,
    }))
    .unwrap()
}

fn fetch(url: &str) -> Vec<u8> {
    event("WebFetch", json!({"url": url, "prompt": "read it"}))
}

/// Runs `toolgate ARGS` in `dir` with `$HOME` = `dir`, no `$TOOLGATE_POLICY`, then `envs`.
fn toolgate(dir: &Path, args: &[&str], envs: &[(&str, &OsStr)], stdin: &[u8]) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.current_dir(dir)
        .env("HOME", dir)
        .env_remove("TOOLGATE_POLICY")
        .env_remove("TOOLGATE_HOOK_DEADLINE_MS")
        .env_remove("TOOLGATE_HOOK_MEMORY_MB")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in envs {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().unwrap();
    // A hook that denies before reading its input closes the pipe: that is not a failure.
    let _ = std::io::Write::write_all(&mut child.stdin.take().unwrap(), stdin);
    child.wait_with_output().unwrap()
}

/// The hook's answer: exit code and permission decision (`None`: no decision), after checking
/// that stdout is exactly one JSON object on one line.
fn hook(dir: &Path, envs: &[(&str, &OsStr)], stdin: &[u8]) -> (i32, Option<String>, String) {
    let out = toolgate(dir, &["hook"], envs, stdin);
    hook_answer(&out)
}

fn hook_answer(out: &Output) -> (i32, Option<String>, String) {
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    assert_eq!(text.lines().count(), 1, "one line of JSON: {text:?}");
    let v: Value = serde_json::from_str(&text).unwrap();
    assert!(v.is_object(), "{text}");
    let decision = v["hookSpecificOutput"]["permissionDecision"]
        .as_str()
        .map(str::to_string);
    let reason = v["hookSpecificOutput"]["permissionDecisionReason"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let code = out.status.code().unwrap();
    assert_eq!(code == 2, decision.as_deref() == Some("deny"), "{text}");
    (code, decision, reason)
}

fn non_utf8(prefix: &str, suffix: &str) -> OsString {
    let mut bytes = prefix.as_bytes().to_vec();
    bytes.extend_from_slice(b"\xff\xfe");
    bytes.extend_from_slice(suffix.as_bytes());
    OsStr::from_bytes(&bytes).to_os_string()
}

#[test]
fn a_named_policy_that_cannot_be_read_denies_whatever_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("a-directory.yaml")).unwrap();
    let missing_utf8 = OsString::from("missing.yaml");
    let missing_non_utf8 = non_utf8("missing-", ".yaml");
    let directory = OsString::from("a-directory.yaml");
    let non_utf8_dir = non_utf8("dir-", ".yaml");
    std::fs::create_dir(d.join(&non_utf8_dir)).unwrap();
    // The call the built-in default lets through.
    let ls = event("Bash", json!({"command": "ls"}));
    assert_eq!(hook(d, &[], &ls).0, 0);
    for named in [&missing_utf8, &missing_non_utf8, &directory, &non_utf8_dir] {
        let (code, _, reason) = hook(d, &[("TOOLGATE_POLICY", named)], &ls);
        assert_eq!(code, 2, "{named:?}: {reason}");
        assert!(reason.contains("unusable"), "{named:?}: {reason}");
        // The CLI refuses it too (exit 2), instead of checking under the default.
        let out = toolgate(
            d,
            &["check-url", "https://example.org/"],
            &[("TOOLGATE_POLICY", named)],
            b"",
        );
        assert_eq!(out.status.code(), Some(2), "{named:?}");
    }
}

#[test]
fn a_valid_non_utf8_policy_path_is_used() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let name = non_utf8("strict-", ".yaml");
    std::fs::write(d.join(&name), STRICT).unwrap();
    let envs = [("TOOLGATE_POLICY", name.as_os_str())];
    // Under the default both fetches pass; under the named policy only the listed host does.
    assert_eq!(hook(d, &[], &fetch("https://example.org/")).0, 0);
    let (code, _, reason) = hook(d, &envs, &fetch("https://example.org/"));
    assert_eq!(code, 2, "{reason}");
    assert!(reason.contains("not_in_allowlist"), "{reason}");
    assert_eq!(hook(d, &envs, &fetch("https://api.example.com/")).0, 0);
    let out = toolgate(d, &["check-url", "https://example.org/"], &envs, b"");
    assert_eq!(out.status.code(), Some(1));
    // `--policy` takes such a path too.
    let mut path = d.as_os_str().to_os_string();
    path.push("/");
    path.push(&name);
    let out = Command::new(BIN)
        .current_dir(d)
        .env("HOME", d)
        .env_remove("TOOLGATE_POLICY")
        .arg("hook")
        .arg("--policy")
        .arg(&path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            std::io::Write::write_all(
                &mut c.stdin.take().unwrap(),
                &fetch("https://example.org/"),
            )?;
            c.wait_with_output()
        })
        .unwrap();
    assert_eq!(hook_answer(&out).0, 2);
}

#[test]
fn an_empty_policy_variable_denies_instead_of_meaning_unset() {
    let dir = tempfile::tempdir().unwrap();
    let ls = event("Bash", json!({"command": "ls"}));
    let (code, _, reason) = hook(dir.path(), &[("TOOLGATE_POLICY", OsStr::new(""))], &ls);
    assert_eq!(code, 2);
    assert!(
        reason.contains("TOOLGATE_POLICY is set but empty"),
        "{reason}"
    );
    let out = toolgate(
        dir.path(),
        &["validate"],
        &[("TOOLGATE_POLICY", OsStr::new(""))],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("TOOLGATE_POLICY is set but empty"), "{text}");
}

#[test]
fn a_relative_home_denies() {
    let dir = tempfile::tempdir().unwrap();
    let ls = event("Bash", json!({"command": "ls"}));
    for home in ["", "relative/home", "~"] {
        let (code, _, reason) = hook(dir.path(), &[("HOME", OsStr::new(home))], &ls);
        assert_eq!(code, 2, "{home:?}");
        assert!(
            reason.contains("HOME is set but is not an absolute path"),
            "{reason}"
        );
        let out = toolgate(
            dir.path(),
            &["explain", "ls"],
            &[("HOME", OsStr::new(home))],
            b"",
        );
        assert_eq!(out.status.code(), Some(2), "{home:?}");
    }
    // A user policy under an absolute, non-UTF-8 home is found and applied.
    let home = dir.path().join(non_utf8("home-", ""));
    std::fs::create_dir_all(home.join(".config/toolgate")).unwrap();
    std::fs::write(home.join(".config/toolgate/policy.yaml"), STRICT).unwrap();
    let work = dir.path().join("work");
    std::fs::create_dir(&work).unwrap();
    let (code, _, _) = hook(
        &work,
        &[("HOME", home.as_os_str())],
        &fetch("https://example.org/"),
    );
    assert_eq!(code, 2);
}

#[test]
fn a_working_directory_that_is_gone_denies() {
    let dir = tempfile::tempdir().unwrap();
    let gone = dir.path().join("gone");
    std::fs::create_dir(&gone).unwrap();
    // A lax policy above: with the working directory unreadable it must not be skipped to.
    std::fs::write(
        dir.path().join("ls.json"),
        event("Bash", json!({"command": "ls"})),
    )
    .unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg(r#"cd gone && rmdir "$PWD" && exec "$0" hook < "$1""#)
        .arg(BIN)
        .arg(dir.path().join("ls.json"))
        .current_dir(dir.path())
        .env("HOME", dir.path())
        .env_remove("TOOLGATE_POLICY")
        .output()
        .unwrap();
    let (code, _, reason) = hook_answer(&out);
    assert_eq!(code, 2, "{reason}");
    assert!(reason.contains("working directory"), "{reason}");
}

#[test]
fn a_deadline_that_is_not_a_number_denies() {
    let dir = tempfile::tempdir().unwrap();
    let ls = event("Bash", json!({"command": "ls"}));
    let bad = non_utf8("1", "");
    for value in [
        OsStr::new("ten"),
        OsStr::new(""),
        OsStr::new("-5"),
        bad.as_os_str(),
    ] {
        let (code, _, reason) = hook(dir.path(), &[("TOOLGATE_HOOK_DEADLINE_MS", value)], &ls);
        assert_eq!(code, 2, "{value:?}");
        assert!(reason.contains("TOOLGATE_HOOK_DEADLINE_MS"), "{reason}");
    }
    let (code, _, _) = hook(
        dir.path(),
        &[("TOOLGATE_HOOK_DEADLINE_MS", OsStr::new("5000"))],
        &ls,
    );
    assert_eq!(code, 0);
}

#[test]
fn a_memory_limit_that_is_not_a_number_denies() {
    let dir = tempfile::tempdir().unwrap();
    let ls = event("Bash", json!({"command": "ls"}));
    for value in [
        OsStr::new("lots"),
        OsStr::new(""),
        OsStr::new("-1"),
        OsStr::new("1.5"),
    ] {
        let (code, _, reason) = hook(dir.path(), &[("TOOLGATE_HOOK_MEMORY_MB", value)], &ls);
        assert_eq!(code, 2, "{value:?}");
        assert!(reason.contains("TOOLGATE_HOOK_MEMORY_MB"), "{reason}");
    }
    let (code, _, _) = hook(
        dir.path(),
        &[("TOOLGATE_HOOK_MEMORY_MB", OsStr::new("512"))],
        &ls,
    );
    assert_eq!(code, 0);
}

/// The subcommands `toolgate --help` lists.
fn subcommands() -> Vec<String> {
    let out = Command::new(BIN).arg("--help").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let list = text
        .split("Commands:")
        .nth(1)
        .expect("a Commands: section")
        .split("\n\n")
        .next()
        .unwrap();
    list.lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn every_subcommand_prints_its_help_for_h_and_help() {
    let names = subcommands();
    for expected in [
        "check-url",
        "validate",
        "eval",
        "explain",
        "hook",
        "init",
        "mcp",
    ] {
        assert!(names.iter().any(|n| n == expected), "{expected}: {names:?}");
    }
    let dir = tempfile::tempdir().unwrap();
    for name in &names {
        for flag in ["-h", "--help"] {
            let out = toolgate(dir.path(), &[name, flag], &[], b"");
            let text = String::from_utf8_lossy(&out.stdout);
            assert_eq!(out.status.code(), Some(0), "{name} {flag}: {text}");
            assert!(
                text.contains(&format!("Usage: toolgate {name}")),
                "{name} {flag}: {text}"
            );
        }
    }
}

#[test]
fn hook_help_is_given_only_alone() {
    let dir = tempfile::tempdir().unwrap();
    let out = toolgate(dir.path(), &["hook", "--help"], &[], b"");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text.contains("Exit 0") && text.contains("exit 2"),
        "the hook's help explains its exit codes: {text}"
    );
    let ls = event("Bash", json!({"command": "ls"}));
    for args in [
        &["hook", "--help", "--policy", "p.yaml"][..],
        &["hook", "--policy", "p.yaml", "-h"],
        &["hook", "-h", "-h"],
        &["hook", "help"],
        &["hook", "-help"],
    ] {
        let out = toolgate(dir.path(), args, &[], &ls);
        let (code, _, reason) = hook_answer(&out);
        assert_eq!(code, 2, "{args:?}: {reason}");
    }
}
