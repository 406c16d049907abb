//! `toolgate init`: the starter policy and the Claude Code settings merge, on real files.

use assert_cmd::Command;
use serde_json::Value;

fn init(
    dir: &std::path::Path,
    home: &std::path::Path,
    args: &[&str],
) -> assert_cmd::assert::Assert {
    Command::cargo_bin("toolgate")
        .unwrap()
        .current_dir(dir)
        .env("HOME", home)
        .env_remove("TOOLGATE_POLICY")
        .arg("init")
        .args(args)
        .assert()
}

#[test]
fn init_writes_a_valid_starter_policy_and_a_blocking_hook() {
    let tmp = tempfile::tempdir().unwrap();
    let (work, home) = (tmp.path().join("w"), tmp.path().join("h"));
    std::fs::create_dir_all(&work).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    std::fs::create_dir_all(work.join(".claude")).unwrap();
    std::fs::write(
        work.join(".claude/settings.json"),
        r#"{"permissions": {"allow": ["Bash(ls)"]}, "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "mine"}]}]}}"#,
    )
    .unwrap();

    init(&work, &home, &["--claude"]).success();
    let policy = std::fs::read_to_string(work.join(".toolgate.yaml")).unwrap();
    assert!(policy.contains("constitution: toolgate"));
    let settings: Value =
        serde_json::from_str(&std::fs::read_to_string(work.join(".claude/settings.json")).unwrap())
            .unwrap();
    assert_eq!(settings["permissions"]["allow"][0], "Bash(ls)");
    let groups = settings["hooks"]["PreToolUse"].as_array().unwrap();
    assert_eq!(groups.len(), 2);
    assert_eq!(groups[0]["hooks"][0]["command"], "mine");
    let ours = &groups[1];
    assert_eq!(ours["matcher"], "*");
    let hook = &ours["hooks"][0];
    assert_eq!(hook["onFailure"], "block");
    assert_eq!(hook["timeout"], 30);
    let command = hook["command"].as_str().unwrap();
    assert!(command.ends_with(" hook --agent claude"), "{command}");
    assert!(command.starts_with('/'), "absolute binary path: {command}");

    // The starter policy is valid as it is.
    Command::cargo_bin("toolgate")
        .unwrap()
        .current_dir(&work)
        .env("HOME", &home)
        .args(["validate", ".toolgate.yaml"])
        .assert()
        .code(0);

    // Idempotent: a second run changes nothing.
    let before = std::fs::read(work.join(".claude/settings.json")).unwrap();
    init(&work, &home, &["--claude"])
        .success()
        .stdout(predicates::str::contains("already registered"));
    assert_eq!(
        before,
        std::fs::read(work.join(".claude/settings.json")).unwrap()
    );
}

#[test]
fn dry_run_prints_the_diff_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    init(
        tmp.path(),
        tmp.path(),
        &["--claude", "--scope", "local", "--dry-run"],
    )
    .success()
    .stdout(predicates::str::contains("+   \"hooks\": {"))
    .stdout(predicates::str::contains(
        "settings.local.json: would change",
    ));
    assert!(!tmp.path().join(".claude").exists());
    assert!(!tmp.path().join(".toolgate.yaml").exists());
}

#[test]
fn user_scope_writes_under_home() {
    let tmp = tempfile::tempdir().unwrap();
    let (work, home) = (tmp.path().join("w"), tmp.path().join("h"));
    std::fs::create_dir_all(&work).unwrap();
    init(&work, &home, &["--claude", "--scope", "user"]).success();
    assert!(home.join(".config/toolgate/policy.yaml").is_file());
    assert!(home.join(".claude/settings.json").is_file());
    assert!(!work.join(".toolgate.yaml").exists());
}

#[test]
fn malformed_settings_are_not_clobbered() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(tmp.path().join(".claude")).unwrap();
    std::fs::write(tmp.path().join(".claude/settings.json"), "{ not json").unwrap();
    init(tmp.path(), tmp.path(), &["--claude"])
        .code(2)
        .stderr(predicates::str::contains("is not valid JSON"));
    assert_eq!(
        std::fs::read_to_string(tmp.path().join(".claude/settings.json")).unwrap(),
        "{ not json"
    );
}
