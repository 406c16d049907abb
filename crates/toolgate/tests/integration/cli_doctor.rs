//! `toolgate doctor` over fixture homes: healthy registrations, a missing binary, a path with a
//! space, a fail-closed option missing, an invalid policy, an agent that does not run the hook,
//! and a "toolgate" that does not deny.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::json;

const TOOLGATE: &str = env!("CARGO_BIN_EXE_toolgate");

struct Fixture {
    _dir: tempfile::TempDir,
    home: PathBuf,
    work: PathBuf,
}

impl Fixture {
    fn new() -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        let home = dir.path().join("home");
        let work = dir.path().join("work");
        std::fs::create_dir_all(&home).unwrap();
        std::fs::create_dir_all(&work).unwrap();
        Fixture {
            _dir: dir,
            home,
            work,
        }
    }

    fn toolgate(&self, args: &[&str]) -> (i32, String) {
        let out = Command::new(TOOLGATE)
            .args(args)
            .current_dir(&self.work)
            .env_clear()
            .env("HOME", &self.home)
            // No codex here: the Codex trust check only notes that it could not ask.
            .env("PATH", "/usr/bin:/bin")
            .output()
            .unwrap();
        (
            out.status.code().unwrap(),
            format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ),
        )
    }

    fn doctor(&self) -> (i32, String) {
        self.toolgate(&["doctor"])
    }

    fn write(&self, relative: &str, text: &str) {
        let path = self.home.join(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    fn claude_settings(&self, hook: serde_json::Value) {
        let settings = json!({"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [hook]}]}});
        self.write(".claude/settings.json", &settings.to_string());
    }
}

fn problems(out: &str) -> Vec<&str> {
    out.lines().filter(|l| l.starts_with("PROBLEM")).collect()
}

#[test]
fn healthy_registrations_pass_end_to_end() {
    let f = Fixture::new();
    for agent in ["claude", "gemini", "copilot", "cursor"] {
        let (code, out) = f.toolgate(&["init", "--agent", agent, "--scope", "user"]);
        assert_eq!(code, 0, "{out}");
    }
    let (code, out) = f.doctor();
    assert_eq!(code, 0, "{out}");
    assert!(problems(&out).is_empty(), "{out}");
    for host in ["Claude Code", "Gemini CLI", "Copilot CLI", "Cursor"] {
        assert!(
            out.lines().any(|l| l.starts_with("ok")
                && l.contains(host)
                && l.contains("denied end to end")),
            "{host} not checked end to end:\n{out}"
        );
    }
    assert!(out.contains("`onFailure: block` is set"), "{out}");
    assert!(out.contains("`failClosed: true` is set"), "{out}");
}

#[test]
fn a_missing_binary_is_a_problem() {
    let f = Fixture::new();
    f.claude_settings(
        json!({"type": "command", "command": "/nonexistent/bin/toolgate hook --agent claude",
                             "timeout": 30, "onFailure": "block"}),
    );
    let (code, out) = f.doctor();
    assert_eq!(code, 1, "{out}");
    let p = problems(&out);
    assert!(
        p.iter()
            .any(|l| l.contains("does not exist") && l.contains("Fix:")),
        "{out}"
    );
}

#[test]
fn a_path_with_a_space_must_be_quoted() {
    let f = Fixture::new();
    let dir = f.home.join("my tools");
    std::fs::create_dir_all(&dir).unwrap();
    std::os::unix::fs::symlink(TOOLGATE, dir.join("toolgate")).unwrap();
    let path = dir.join("toolgate");
    let unquoted = format!("{} hook --agent claude", path.display());
    f.claude_settings(
        json!({"type": "command", "command": unquoted, "timeout": 30, "onFailure": "block"}),
    );
    let (code, out) = f.doctor();
    assert_eq!(code, 1, "{out}");
    assert!(
        problems(&out)
            .iter()
            .any(|l| l.contains("has a space and is not quoted")),
        "{out}"
    );

    let quoted = format!("'{}' hook --agent claude", path.display());
    f.claude_settings(
        json!({"type": "command", "command": quoted, "timeout": 30, "onFailure": "block"}),
    );
    let (code, out) = f.doctor();
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("denied end to end"), "{out}");
}

#[test]
fn a_missing_fail_closed_option_is_a_problem() {
    let f = Fixture::new();
    f.claude_settings(json!({"type": "command", "command": format!("{TOOLGATE} hook --agent claude"), "timeout": 30}));
    let gemini = json!({"hooks": {"BeforeTool": [{"hooks": [
        {"type": "command", "command": format!("{TOOLGATE} hook --agent gemini"), "timeout": 30000}]}]}});
    f.write(".gemini/settings.json", &gemini.to_string());
    let (code, out) = f.doctor();
    assert_eq!(code, 1, "{out}");
    let p = problems(&out);
    assert!(
        p.iter()
            .any(|l| l.contains("Claude Code") && l.contains("`onFailure: block` is not set")),
        "{out}"
    );
    assert!(
        p.iter()
            .any(|l| l.contains("Gemini CLI") && l.contains("not wrapped")),
        "{out}"
    );
    assert!(
        p.iter().all(|l| l.contains("Fix: toolgate init --agent")),
        "{out}"
    );
}

#[test]
fn an_invalid_policy_is_a_problem() {
    let f = Fixture::new();
    let (code, out) = f.toolgate(&["init", "--agent", "claude", "--scope", "user"]);
    assert_eq!(code, 0, "{out}");
    std::fs::write(
        f.work.join(".toolgate.yaml"),
        "rules:\n  - id: X\n    keywords: [\"a\"\n",
    )
    .unwrap();
    let (code, out) = f.doctor();
    assert_eq!(code, 1, "{out}");
    assert!(
        problems(&out)
            .iter()
            .any(|l| l.contains("has errors") && l.contains("toolgate validate")),
        "{out}"
    );
}

#[test]
fn an_agent_that_does_not_run_the_hook_is_a_problem() {
    let f = Fixture::new();
    f.write(
        ".gemini/settings.json",
        r#"{"security": {"auth": {"selectedType": "gemini-api-key"}}}"#,
    );
    let (code, out) = f.doctor();
    assert_eq!(code, 1, "{out}");
    assert!(
        problems(&out).iter().any(|l| l.contains("Gemini CLI")
            && l.contains("does not run the toolgate hook")
            && l.contains("toolgate init --agent gemini")),
        "{out}"
    );
}

#[test]
fn a_hook_that_does_not_deny_is_a_problem() {
    let f = Fixture::new();
    // A "toolgate" that answers nothing: registered, executable, but it lets everything run.
    let fake = f.home.join("bin/toolgate");
    std::fs::create_dir_all(fake.parent().unwrap()).unwrap();
    std::fs::write(&fake, "#!/bin/sh\ncat >/dev/null\necho '{}'\n").unwrap();
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    f.claude_settings(
        json!({"type": "command", "command": format!("{} hook --agent claude", fake.display()),
                             "timeout": 30, "onFailure": "block"}),
    );
    let (code, out) = f.doctor();
    assert_eq!(code, 1, "{out}");
    assert!(
        problems(&out).iter().any(|l| l.contains("was NOT denied")),
        "{out}"
    );
}

#[test]
fn a_home_with_no_agent_is_a_problem() {
    let f = Fixture::new();
    let (code, out) = f.doctor();
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("no coding agent's config was found"), "{out}");
    let _ = Path::new(TOOLGATE);
}

/// OpenCode skips a plugin file that does not parse without a word (seen with opencode
/// 1.18.33), so a changed plugin file is a problem; the file `init` writes is not.
#[test]
fn a_changed_opencode_plugin_is_a_problem() {
    let f = Fixture::new();
    let (code, out) = f.toolgate(&["init", "--agent", "opencode", "--scope", "user"]);
    assert_eq!(code, 0, "{out}");
    let (_, out) = f.doctor();
    assert!(
        !out.contains("the plugin file differs"),
        "the plugin init wrote is reported changed:\n{out}"
    );
    let plugin = f.home.join(".config/opencode/plugins/toolgate.js");
    let text = std::fs::read_to_string(&plugin).unwrap();
    std::fs::write(&plugin, format!("{text}\n}} broken {{\n")).unwrap();
    let (code, out) = f.doctor();
    assert_ne!(code, 0, "{out}");
    assert!(
        problems(&out)
            .iter()
            .any(|l| l.contains("OpenCode") && l.contains("the plugin file differs")),
        "{out}"
    );
}
