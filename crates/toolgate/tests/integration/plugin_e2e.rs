//! toolgate's Claude Code plugin (`.claude-plugin/`, `hooks/hooks.json`, the launcher in
//! `scripts/toolgate-launcher`): valid under the pinned CLI's `claude plugin validate`, and,
//! installed from a local marketplace into a throw-away home, denying a destructive call
//! through the real CLI; with no toolgate installed, the launcher blocks the call.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::json;

use crate::claude_e2e::fake_api::ScriptedCall;
use crate::claude_e2e::session::{Session, claude_bin};

/// The repository root: the plugin and its marketplace.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The plugin's files, as a user's clone of the repository holds them.
const PLUGIN_FILES: &[&str] = &[
    ".claude-plugin/plugin.json",
    ".claude-plugin/marketplace.json",
    "hooks/hooks.json",
    "scripts/toolgate-launcher",
];

fn claude(home: &Path, args: &[&str]) -> std::process::Output {
    Command::new(claude_bin())
        .args(args)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home)
        .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
        .env("DISABLE_AUTOUPDATER", "1")
        .output()
        .expect("run the Claude Code CLI")
}

fn text(out: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn plugin_and_marketplace_pass_claude_plugin_validate() {
    let home = tempfile::tempdir().unwrap();
    let out = claude(
        home.path(),
        &["plugin", "validate", &repo().to_string_lossy()],
    );
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("Validation passed"), "{}", text(&out));
}

/// Copies the plugin's files into `market`, which is then a marketplace holding only them (as
/// a user's clone of the repository is).
pub fn copy_marketplace(market: &Path) {
    for file in PLUGIN_FILES {
        let to = market.join(file);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(repo().join(file), &to).unwrap();
    }
}

/// Installs the plugin from a marketplace holding only its files into `session`'s home.
fn install_plugin(session: &Session) {
    let market = session.home.join("marketplace");
    copy_marketplace(&market);
    let out = claude(
        &session.home,
        &["plugin", "marketplace", "add", &market.to_string_lossy()],
    );
    assert!(out.status.success(), "{}", text(&out));
    let out = claude(&session.home, &["plugin", "install", "toolgate@toolgate"]);
    assert!(out.status.success(), "{}", text(&out));
}

fn rm_home_x(session: &Session) -> (PathBuf, ScriptedCall) {
    let victim = session.home.join("x");
    std::fs::create_dir_all(&victim).unwrap();
    std::fs::write(victim.join("keep"), "data").unwrap();
    let call = ScriptedCall {
        tool: "Bash".into(),
        input: json!({"command": "rm -fr ~/x", "description": "Remove x"}),
    };
    (victim.join("keep"), call)
}

#[test]
fn installed_plugin_denies_a_destructive_call() {
    let session = Session::new("constitution: toolgate\n")
        .with_plugin_hook(&[("TOOLGATE_BIN", env!("CARGO_BIN_EXE_toolgate"))]);
    install_plugin(&session);
    let (keep, call) = rm_home_x(&session);
    let outcome = session.run(call, "bypassPermissions");
    let result = outcome.completed_tool_result();
    assert!(keep.exists(), "~/x was deleted\n{}", outcome.describe());
    assert!(
        result.text.starts_with("PreToolUse:Bash hook error: ")
            && result.text.contains("toolgate")
            && result.text.contains("TG-CMD-RM-HOME"),
        "not denied by toolgate through the plugin\n{}",
        outcome.describe()
    );
}

#[test]
fn installed_plugin_without_toolgate_blocks_the_call_with_install_advice() {
    // No TOOLGATE_BIN, and PATH and HOME hold no toolgate: the launcher exits 2.
    let session = Session::new("constitution: toolgate\n").with_plugin_hook(&[]);
    install_plugin(&session);
    let marker = session.work.join("e2e-marker");
    let call = ScriptedCall {
        tool: "Bash".into(),
        input: json!({"command": "touch e2e-marker", "description": "Create the marker"}),
    };
    let outcome = session.run(call, "bypassPermissions");
    let result = outcome.completed_tool_result();
    assert!(
        !marker.exists(),
        "the call ran without toolgate\n{}",
        outcome.describe()
    );
    assert!(
        result.text.contains("toolgate is not installed"),
        "{}",
        outcome.describe()
    );
}

#[test]
fn launcher_exits_2_with_advice_when_toolgate_is_missing() {
    let home = tempfile::tempdir().unwrap();
    let out = Command::new(repo().join("scripts/toolgate-launcher"))
        .args(["hook", "--agent", "claude"])
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", home.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("toolgate is not installed"));
    // With a toolgate to run, it runs it with the arguments as given.
    let out = Command::new(repo().join("scripts/toolgate-launcher"))
        .arg("--version")
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", home.path())
        .env("TOOLGATE_BIN", env!("CARGO_BIN_EXE_toolgate"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(text(&out).starts_with("toolgate "), "{}", text(&out));
}
