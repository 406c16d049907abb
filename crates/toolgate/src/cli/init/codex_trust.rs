//! Codex runs a hook only after a person trusted it (`/hooks` in the TUI records the hook's
//! hash under `[hooks.state."<key>"]` in `$CODEX_HOME/config.toml`); an untrusted hook is
//! silently not run, which fails open. `init` asks the installed Codex itself (its app server's
//! `hooks/list`) for the key and hash of the hook it just registered, and records the trust the
//! way the TUI does. Without Codex on PATH it says how to trust the hook by hand.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};

/// How long Codex's app server may take to list the hooks.
const LIST_TIMEOUT: Duration = Duration::from_secs(60);

/// Codex's hook as its app server lists it.
#[derive(Debug, Clone)]
pub struct ListedHook {
    /// The trust key (`<file>:pre_tool_use:<group>:<index>`).
    pub key: String,
    /// The hash to trust.
    pub current_hash: String,
    /// `trusted`, `untrusted`, `modified` or `managed`.
    pub trust_status: String,
    /// The plugin that brings the hook (`toolgate@toolgate`), if any.
    pub plugin_id: Option<String>,
}

/// The Codex binary: `$TOOLGATE_CODEX_BIN`, else `codex` on `PATH`.
pub fn codex_binary() -> Option<PathBuf> {
    if let Some(bin) = std::env::var_os("TOOLGATE_CODEX_BIN") {
        return Some(PathBuf::from(bin));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join("codex"))
        .find(|p| p.is_file())
}

/// `$CODEX_HOME`, else `~/.codex`.
pub fn codex_home(home: Option<&Path>) -> Option<PathBuf> {
    std::env::var_os("CODEX_HOME")
        .map(PathBuf::from)
        .or_else(|| home.map(|h| h.join(".codex")))
}

/// Records Codex's trust of toolgate's hook (`command` in `hooks_file`).
pub fn trust(
    hooks_file: &Path,
    command: &str,
    cwd: &Path,
    home: Option<&Path>,
    dry_run: bool,
) -> Result<(), String> {
    let by_hand = "start `codex`, open /hooks and trust the toolgate hook (Codex does not run a hook nobody trusted)";
    let Some(codex) = codex_binary() else {
        println!("Codex: not found on PATH, so the hook's trust was not recorded: {by_hand}");
        return Ok(());
    };
    if dry_run {
        println!(
            "Codex: would record that the toolgate hook is trusted (asking {})",
            codex.display()
        );
        return Ok(());
    }
    let hooks = match list_hooks(&codex, cwd) {
        Ok(h) => h,
        Err(why) => {
            println!(
                "Codex: could not list its hooks ({why}), so the trust was not recorded: {by_hand}"
            );
            return Ok(());
        }
    };
    if !hooks
        .iter()
        .any(|(source, cmd, _)| cmd == command && Path::new(source) == hooks_file)
    {
        println!(
            "Codex: does not list the toolgate hook of {} (is the project trusted?): {by_hand}",
            hooks_file.display()
        );
    }
    // The hook just registered, and the hooks of toolgate's plugin when it is installed.
    let ours = hooks.iter().filter(|(source, cmd, hook)| {
        (cmd == command && Path::new(source) == hooks_file)
            || hook
                .plugin_id
                .as_deref()
                .is_some_and(|p| p.starts_with("toolgate@"))
    });
    let home = codex_home(home).ok_or("`$HOME` is not set")?;
    let config = home.join("config.toml");
    for (_, _, hook) in ours {
        if hook.trust_status == "trusted" || hook.trust_status == "managed" {
            println!("Codex: the toolgate hook {} is already trusted", hook.key);
            continue;
        }
        record_trust(&config, &hook.key, &hook.current_hash)?;
        println!(
            "{}: recorded that Codex may run the toolgate hook ({})",
            config.display(),
            hook.key
        );
    }
    Ok(())
}

/// Writes `[hooks.state."<key>"] trusted_hash = "<hash>"` into Codex's `config.toml`, keeping
/// everything else in it.
///
/// A plugin's hook is listed with `currentHash` = `<hook hash>/<plugin content hash>`; Codex's
/// own `/hooks` ("Trust all and continue", 0.171.0) records that as `trusted_hash = "<hook
/// hash>"` and `trusted_content_hash = "<plugin content hash>"`, and so does this. (The whole
/// pair in `trusted_hash` is listed as `modified`, and the hook is not run.)
pub fn record_trust(config: &Path, key: &str, hash: &str) -> Result<(), String> {
    let text = match std::fs::read_to_string(config) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => {
            return Err(format!(
                "cannot read {}: {}",
                config.display(),
                toolgate_policy::io_reason(&e)
            ));
        }
    };
    let mut doc: toml_edit::DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| {
        format!(
            "{} is not valid TOML ({}); nothing was changed",
            config.display(),
            e.message()
        )
    })?;
    let hooks = doc
        .entry("hooks")
        .or_insert_with(|| toml_edit::Item::Table(implicit_table()))
        .as_table_mut()
        .ok_or("`hooks` in Codex's config.toml is not a table")?;
    let state = hooks
        .entry("state")
        .or_insert_with(|| toml_edit::Item::Table(implicit_table()))
        .as_table_mut()
        .ok_or("`hooks.state` in Codex's config.toml is not a table")?;
    let entry = state
        .entry(key)
        .or_insert_with(|| toml_edit::Item::Table(toml_edit::Table::new()))
        .as_table_mut()
        .ok_or("a `hooks.state` entry in Codex's config.toml is not a table")?;
    match hash.split_once('/') {
        Some((hook, content)) => {
            entry["trusted_hash"] = toml_edit::value(hook);
            entry["trusted_content_hash"] = toml_edit::value(content);
        }
        None => {
            entry["trusted_hash"] = toml_edit::value(hash);
            entry.remove("trusted_content_hash");
        }
    }
    super::write_file(config, &doc.to_string())
}

fn implicit_table() -> toml_edit::Table {
    let mut t = toml_edit::Table::new();
    t.set_implicit(true);
    t
}

/// Codex's hooks for `cwd` as `(source path, command, hook)`, from `codex app-server`.
pub fn list_hooks(codex: &Path, cwd: &Path) -> Result<Vec<(String, String, ListedHook)>, String> {
    let mut child = Command::new(codex)
        .arg("app-server")
        .current_dir(cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", codex.display()))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let requests = [
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
               "params": {"clientInfo": {"name": "toolgate", "version": env!("CARGO_PKG_VERSION")}}}),
        json!({"jsonrpc": "2.0", "method": "initialized"}),
        json!({"jsonrpc": "2.0", "id": 2, "method": "hooks/list",
               "params": {"cwds": [cwd.to_string_lossy()]}}),
    ];
    for request in &requests {
        writeln!(stdin, "{request}").map_err(|e| format!("cannot talk to Codex: {e}"))?;
    }
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            let Ok(message) = serde_json::from_str::<Value>(&line) else {
                continue;
            };
            if message["id"] == 2 {
                let _ = tx.send(message);
                break;
            }
        }
    });
    let answer = rx.recv_timeout(LIST_TIMEOUT);
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
    let answer = answer.map_err(|_| "Codex did not answer `hooks/list`".to_string())?;
    if let Some(error) = answer.get("error") {
        return Err(format!(
            "Codex answered `hooks/list` with an error: {}",
            error["message"]
        ));
    }
    let mut out = Vec::new();
    for entry in answer["result"]["data"].as_array().into_iter().flatten() {
        for hook in entry["hooks"].as_array().into_iter().flatten() {
            let text = |k: &str| hook[k].as_str().unwrap_or_default().to_string();
            out.push((
                text("sourcePath"),
                text("command"),
                ListedHook {
                    key: text("key"),
                    current_hash: text("currentHash"),
                    trust_status: text("trustStatus"),
                    plugin_id: hook["pluginId"].as_str().map(str::to_string),
                },
            ));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trust_is_recorded_without_touching_the_rest() {
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("config.toml");
        std::fs::write(&config, "# mine\nmodel = \"m\"\n\n[hooks.state.\"a:pre_tool_use:0:0\"]\ntrusted_hash = \"sha256:old\"\n").unwrap();
        record_trust(
            &config,
            "/h/.codex/hooks.json:pre_tool_use:1:0",
            "sha256:new",
        )
        .unwrap();
        let text = std::fs::read_to_string(&config).unwrap();
        assert!(text.starts_with("# mine\nmodel = \"m\"\n"), "{text}");
        let doc: toml::Table = text.parse().unwrap();
        let state = doc["hooks"]["state"].as_table().unwrap();
        assert_eq!(
            state["a:pre_tool_use:0:0"]["trusted_hash"].as_str(),
            Some("sha256:old")
        );
        assert_eq!(
            state["/h/.codex/hooks.json:pre_tool_use:1:0"]["trusted_hash"].as_str(),
            Some("sha256:new")
        );
        assert!(
            state["/h/.codex/hooks.json:pre_tool_use:1:0"]
                .get("trusted_content_hash")
                .is_none()
        );
    }

    #[test]
    fn a_plugin_hook_is_trusted_as_hook_hash_and_content_hash() {
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("config.toml");
        let key = "toolgate@toolgate:hooks/hooks.json:pre_tool_use:0:0";
        // What an older toolgate wrote: the pair in `trusted_hash`.
        std::fs::write(
            &config,
            format!("[hooks.state.\"{key}\"]\ntrusted_hash = \"sha256:aa/sha256:bb\"\n"),
        )
        .unwrap();
        record_trust(&config, key, "sha256:hook/sha256:content").unwrap();
        let doc: toml::Table = std::fs::read_to_string(&config).unwrap().parse().unwrap();
        let entry = &doc["hooks"]["state"][key];
        assert_eq!(entry["trusted_hash"].as_str(), Some("sha256:hook"));
        assert_eq!(
            entry["trusted_content_hash"].as_str(),
            Some("sha256:content")
        );
    }
}
