//! OpenCode's toolgate plugin (`plugins/opencode/toolgate.js`, as `toolgate init --agent
//! opencode` installs it), run by node with the real toolgate binary: `tool.execute.before`
//! throws (which stops the tool) on a deny and on every failure, and returns on no decision.

use std::path::Path;
use std::process::Command;

/// Runs `tool.execute.before` of the plugin at `plugin` for `tool` and `args`; returns
/// `Ok(())` when it returned and `Err(message)` when it threw.
fn before(plugin: &Path, tool: &str, args: &str, cwd: &Path) -> Result<(), String> {
    let script = format!(
        "import {{ Toolgate }} from {plugin};\n\
         const hooks = await Toolgate({{ directory: {cwd} }});\n\
         try {{\n\
           await hooks['tool.execute.before']({{ tool: {tool}, sessionID: 's', callID: 'c' }}, {{ args: {args} }});\n\
           console.log('RETURNED');\n\
         }} catch (e) {{ console.log('THREW ' + e.message); }}\n",
        plugin = serde_json::to_string(&plugin.to_string_lossy()).unwrap(),
        cwd = serde_json::to_string(&cwd.to_string_lossy()).unwrap(),
        tool = serde_json::to_string(tool).unwrap(),
    );
    let out = Command::new("node")
        .args(["--input-type=module", "-e", &script])
        .current_dir(cwd)
        .env("HOME", cwd)
        .env_remove("TOOLGATE_POLICY")
        .output()
        .expect("node is needed for the OpenCode plugin test");
    let stdout = String::from_utf8_lossy(&out.stdout).trim().to_string();
    assert!(
        out.status.success(),
        "node failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    match stdout.strip_prefix("THREW ") {
        Some(message) => Err(message.to_string()),
        None => {
            assert_eq!(stdout, "RETURNED");
            Ok(())
        }
    }
}

#[test]
fn the_installed_plugin_blocks_denied_calls_and_lets_others_run() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_toolgate"))
        .args(["init", "--agent", "opencode", "--scope", "project"])
        .current_dir(dir.path())
        .env("HOME", dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let plugin = dir.path().join(".opencode/plugins/toolgate.js");

    let why = before(
        &plugin,
        "bash",
        r#"{"command": "rm -rf ~", "description": "x"}"#,
        dir.path(),
    )
    .expect_err("a destructive command must throw");
    assert!(
        why.contains("toolgate") && why.contains("TG-CMD-RM-HOME"),
        "{why}"
    );
    let why = before(
        &plugin,
        "write",
        r#"{"filePath": ".toolgate.yaml", "content": "x"}"#,
        dir.path(),
    )
    .expect_err("a write of the policy must throw");
    assert!(why.contains("TG-FILE-PROTECTED"), "{why}");
    before(
        &plugin,
        "bash",
        r#"{"command": "ls", "description": "x"}"#,
        dir.path(),
    )
    .expect("ls runs");
}

#[test]
fn the_plugin_fails_closed_when_toolgate_is_missing_or_broken() {
    let dir = tempfile::tempdir().unwrap();
    let source = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../plugins/opencode/toolgate.js"),
    )
    .unwrap();
    // A binary that does not exist.
    let missing = dir.path().join("missing.js");
    std::fs::write(
        &missing,
        source.replace("\"__TOOLGATE_BINARY__\"", "\"/nonexistent/toolgate\""),
    )
    .unwrap();
    let why = before(&missing, "bash", r#"{"command": "ls"}"#, dir.path()).expect_err("must throw");
    assert!(why.contains("blocked"), "{why}");
    // A binary that reads the call and exits 0 with no answer.
    let fake = dir.path().join("fake-toolgate");
    std::fs::write(&fake, "#!/bin/sh\ncat >/dev/null\nexit 0\n").unwrap();
    std::fs::set_permissions(&fake, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let silent = dir.path().join("silent.js");
    let literal = serde_json::to_string(&fake.to_string_lossy()).unwrap();
    std::fs::write(&silent, source.replace("\"__TOOLGATE_BINARY__\"", &literal)).unwrap();
    let why = before(&silent, "bash", r#"{"command": "ls"}"#, dir.path()).expect_err("must throw");
    assert!(why.contains("no answer"), "{why}");
}
