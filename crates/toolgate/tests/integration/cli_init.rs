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

/// `toolgate init --agent X` for every agent: the file, the fail-closed options, idempotence.
#[test]
fn init_registers_every_agent_with_its_fail_closed_options() {
    let tmp = tempfile::tempdir().unwrap();
    let (work, home) = (tmp.path().join("w"), tmp.path().join("h"));
    std::fs::create_dir_all(&work).unwrap();
    std::fs::create_dir_all(home.join(".gemini")).unwrap();
    std::fs::write(home.join(".gemini/settings.json"), r#"{"theme": "x"}"#).unwrap();
    let run = |args: &[&str]| {
        Command::cargo_bin("toolgate")
            .unwrap()
            .current_dir(&work)
            .env("HOME", &home)
            .env("PATH", "/usr/bin:/bin")
            .env_remove("TOOLGATE_POLICY")
            .arg("init")
            .args(args)
            .assert()
            .success()
    };
    let read = |p: &str| -> Value {
        serde_json::from_str(&std::fs::read_to_string(home.join(p)).unwrap()).unwrap()
    };
    // Dry run: a diff, nothing written.
    let out = run(&["--agent", "codex", "--scope", "user", "--dry-run"]);
    let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(
        text.contains("+ ") && text.contains("hook --agent codex"),
        "{text}"
    );
    assert!(!home.join(".codex/hooks.json").exists());

    for agent in ["codex", "gemini", "cursor", "copilot", "opencode"] {
        run(&["--agent", agent, "--scope", "user"]);
    }
    let codex = read(".codex/hooks.json");
    let command = codex["hooks"]["PreToolUse"][0]["hooks"][0]["command"]
        .as_str()
        .unwrap();
    assert!(
        command.contains(" hook --agent codex || {") && command.ends_with("exit 2; }"),
        "{command}"
    );
    let gemini = read(".gemini/settings.json");
    assert_eq!(gemini["theme"], "x", "other settings kept");
    let entry = &gemini["hooks"]["BeforeTool"][0]["hooks"][0];
    assert_eq!(entry["timeout"], 30000, "milliseconds");
    assert!(entry["command"].as_str().unwrap().contains("exit 2"));
    let cursor = read(".cursor/hooks.json");
    assert_eq!(cursor["version"], 1);
    for event in ["preToolUse", "beforeShellExecution", "beforeMCPExecution"] {
        assert_eq!(cursor["hooks"][event][0]["failClosed"], true, "{event}");
    }
    let copilot = read(".copilot/hooks/toolgate.json");
    assert_eq!(copilot["hooks"]["preToolUse"][0]["timeoutSec"], 30);
    assert!(
        copilot["hooks"]["preToolUse"][0]["bash"]
            .as_str()
            .unwrap()
            .ends_with(" hook --agent copilot")
    );
    let plugin =
        std::fs::read_to_string(home.join(".config/opencode/plugins/toolgate.js")).unwrap();
    assert!(
        plugin.contains("\"tool.execute.before\"") && !plugin.contains("__TOOLGATE_BINARY__\";")
    );

    // Idempotent.
    let before: Vec<Vec<u8>> = [
        ".codex/hooks.json",
        ".gemini/settings.json",
        ".cursor/hooks.json",
        ".copilot/hooks/toolgate.json",
    ]
    .iter()
    .map(|p| std::fs::read(home.join(p)).unwrap())
    .collect();
    for agent in ["codex", "gemini", "cursor", "copilot", "opencode"] {
        run(&["--agent", agent, "--scope", "user"]);
    }
    let after: Vec<Vec<u8>> = [
        ".codex/hooks.json",
        ".gemini/settings.json",
        ".cursor/hooks.json",
        ".copilot/hooks/toolgate.json",
    ]
    .iter()
    .map(|p| std::fs::read(home.join(p)).unwrap())
    .collect();
    assert_eq!(before, after);
}
