//! Where and how each coding agent registers a hook: the config file for a scope, the entry
//! toolgate writes (with every fail-closed option the host has), and how to find toolgate's
//! entries again. `init` writes with it, `doctor` reads with it.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};
use toolgate_engine::hosts::Agent;

/// Seconds every host waits for the hook (the hook's own deadline is 10 s, well under it).
pub const HOOK_TIMEOUT_SECS: u32 = 30;

/// Which of a host's config files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Scope {
    /// The project's file in the working directory (shared with the team).
    Project,
    /// The user's file in `$HOME`.
    User,
    /// Claude Code only: `.claude/settings.local.json` (not committed).
    Local,
}

/// How a host's config holds hooks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// `hooks.<Event>: [{matcher?, hooks: [{type, command, …}]}]` (Claude Code, Codex, Gemini).
    Grouped,
    /// `{version: 1, hooks: {<event>: [{command | bash, …}]}}` (Cursor, Copilot).
    Flat,
    /// A JS plugin file that runs toolgate (OpenCode).
    Plugin,
}

/// What toolgate knows about registering its hook with one host.
#[derive(Debug, Clone, Copy)]
pub struct Registration {
    /// The host.
    pub agent: Agent,
    /// The config file under the project, relative to the working directory.
    pub project_file: &'static str,
    /// The config file under `$HOME`.
    pub user_file: &'static str,
    /// How the file holds hooks.
    pub layout: Layout,
    /// The events toolgate registers for.
    pub events: &'static [&'static str],
    /// The key of the command in an entry.
    pub command_key: &'static str,
    /// The key and unit of the timeout (`1000`: milliseconds).
    pub timeout_key: &'static str,
    /// Multiplier from seconds to the timeout's unit.
    pub timeout_scale: u32,
    /// Entry keys that make a failing hook block, with their values.
    pub fail_closed: &'static [(&'static str, &'static str)],
    /// Whether the command is wrapped so that a missing or killed binary still blocks
    /// (hosts that run the call when the hook process fails).
    pub wrap_command: bool,
    /// What stays fail-open on this host even when registered as `init` does it.
    pub fail_open: &'static str,
}

/// Every host's registration, in `--agent` order.
pub const REGISTRATIONS: &[Registration] = &[
    Registration {
        agent: Agent::Claude,
        project_file: ".claude/settings.json",
        user_file: ".claude/settings.json",
        layout: Layout::Grouped,
        events: &["PreToolUse"],
        command_key: "command",
        timeout_key: "timeout",
        timeout_scale: 1,
        fail_closed: &[("onFailure", "block")],
        wrap_command: false,
        fail_open: "plain text or JSON mixed with other output on stdout with exit 0; `disableAllHooks`, `--bare`, `--safe-mode` and `--setting-sources` switch non-managed hooks off",
    },
    Registration {
        agent: Agent::Codex,
        project_file: ".codex/hooks.json",
        user_file: ".codex/hooks.json",
        layout: Layout::Grouped,
        events: &["PreToolUse"],
        command_key: "command",
        timeout_key: "timeout",
        timeout_scale: 1,
        fail_closed: &[],
        wrap_command: true,
        fail_open: "a hook timeout runs the call; an untrusted hook (not reviewed in /hooks, or changed since) is not run at all; project hooks run only in trusted projects",
    },
    Registration {
        agent: Agent::Gemini,
        project_file: ".gemini/settings.json",
        user_file: ".gemini/settings.json",
        layout: Layout::Grouped,
        events: &["BeforeTool"],
        command_key: "command",
        timeout_key: "timeout",
        timeout_scale: 1000,
        fail_closed: &[],
        wrap_command: true,
        fail_open: "a hook timeout runs the call; `hooksConfig.enabled: false` or the command in `hooksConfig.disabled` switches the hook off; project settings are ignored in untrusted folders",
    },
    Registration {
        agent: Agent::Cursor,
        project_file: ".cursor/hooks.json",
        user_file: ".cursor/hooks.json",
        layout: Layout::Flat,
        events: &["preToolUse", "beforeShellExecution", "beforeMCPExecution"],
        command_key: "command",
        timeout_key: "timeout",
        timeout_scale: 1,
        fail_closed: &[("failClosed", "true")],
        wrap_command: false,
        fail_open: "nothing known with `failClosed: true` (from Cursor's documentation; not run here)",
    },
    Registration {
        agent: Agent::Copilot,
        project_file: ".github/hooks/toolgate.json",
        user_file: ".copilot/hooks/toolgate.json",
        layout: Layout::Flat,
        events: &["preToolUse"],
        command_key: "bash",
        timeout_key: "timeoutSec",
        timeout_scale: 1,
        fail_closed: &[],
        wrap_command: false,
        fail_open: "a hook timeout and plain text with exit 0 run the call; repository hooks load in `-p` mode only in trusted folders",
    },
    Registration {
        agent: Agent::OpenCode,
        project_file: ".opencode/plugins/toolgate.js",
        user_file: ".config/opencode/plugins/toolgate.js",
        layout: Layout::Plugin,
        events: &["tool.execute.before"],
        command_key: "",
        timeout_key: "",
        timeout_scale: 1,
        fail_closed: &[],
        wrap_command: false,
        fail_open: "a plugin that fails to load leaves the session unprotected",
    },
];

impl Registration {
    /// The registration of `agent`.
    pub fn of(agent: Agent) -> &'static Registration {
        REGISTRATIONS
            .iter()
            .find(|r| r.agent == agent)
            .expect("every agent has a registration")
    }

    /// The config file for `scope`.
    pub fn file(&self, scope: Scope, cwd: &Path, home: Option<&Path>) -> Result<PathBuf, String> {
        match (scope, self.agent) {
            (Scope::Local, Agent::Claude) => Ok(cwd.join(".claude/settings.local.json")),
            (Scope::Local, _) => Err(format!(
                "`--scope local` is for Claude Code only; {} has project and user scopes",
                self.agent.spec().display
            )),
            (Scope::Project, _) => Ok(cwd.join(self.project_file)),
            (Scope::User, _) => home
                .map(|h| h.join(self.user_file))
                .ok_or_else(|| "`$HOME` is not set".to_string()),
        }
    }

    /// The hook command for the toolgate binary at `binary`.
    pub fn command(&self, binary: &str) -> String {
        let plain = format!("{} hook --agent {}", shell_quote(binary), self.agent.name());
        if self.wrap_command {
            format!(
                "{plain} || {{ echo 'toolgate could not run, so the call is blocked' >&2; exit 2; }}"
            )
        } else {
            plain
        }
    }

    /// The entry toolgate writes for `command`.
    pub fn entry(&self, command: &str, timeout_secs: u32) -> Value {
        let mut entry = Map::new();
        if self.agent != Agent::Cursor {
            entry.insert("type".into(), json!("command"));
        }
        entry.insert(self.command_key.into(), json!(command));
        entry.insert(
            self.timeout_key.into(),
            json!(timeout_secs * self.timeout_scale),
        );
        for (key, value) in self.fail_closed {
            let value = match *value {
                "true" => json!(true),
                other => json!(other),
            };
            entry.insert((*key).into(), value);
        }
        if self.agent == Agent::Gemini {
            entry.insert("name".into(), json!("toolgate"));
        }
        Value::Object(entry)
    }

    /// Adds (or updates in place) toolgate's entry for `command` in `config`, keeping
    /// everything else. Returns whether anything changed.
    pub fn merge(
        &self,
        config: &mut Value,
        command: &str,
        timeout_secs: u32,
    ) -> Result<bool, String> {
        let entry = self.entry(command, timeout_secs);
        let root = config
            .as_object_mut()
            .ok_or("the file is not a JSON object")?;
        if self.layout == Layout::Flat && !root.contains_key("version") {
            root.insert("version".into(), json!(1));
        }
        let hooks = root
            .entry("hooks")
            .or_insert_with(|| Value::Object(Map::new()))
            .as_object_mut()
            .ok_or("`hooks` is not a JSON object")?;
        let mut changed = false;
        for event in self.events {
            let list = hooks
                .entry(event.to_string())
                .or_insert_with(|| Value::Array(Vec::new()))
                .as_array_mut()
                .ok_or_else(|| format!("`hooks.{event}` is not a list"))?;
            changed |= match self.layout {
                Layout::Grouped => merge_grouped(self, list, &entry),
                _ => merge_flat(self, list, &entry),
            };
        }
        Ok(changed)
    }

    /// toolgate's entries in `config`: `(event, entry)` pairs.
    pub fn find<'a>(&self, config: &'a Value) -> Vec<(&'static str, &'a Map<String, Value>)> {
        let mut out = Vec::new();
        for event in self.events {
            let Some(list) = config["hooks"][*event].as_array() else {
                continue;
            };
            let entries: Vec<&Map<String, Value>> = match self.layout {
                Layout::Grouped => list
                    .iter()
                    .filter(|g| covers_every_tool(g))
                    .filter_map(|g| g["hooks"].as_array())
                    .flatten()
                    .filter_map(Value::as_object)
                    .collect(),
                _ => list.iter().filter_map(Value::as_object).collect(),
            };
            for entry in entries {
                if entry
                    .get(self.command_key)
                    .and_then(Value::as_str)
                    .is_some_and(is_toolgate_hook_command)
                {
                    out.push((*event, entry));
                }
            }
        }
        out
    }
}

/// Whether a group applies to every tool (no matcher, `*` or empty).
fn covers_every_tool(group: &Value) -> bool {
    match group.get("matcher") {
        None | Some(Value::Null) => true,
        Some(Value::String(m)) => m.is_empty() || m == "*",
        Some(_) => false,
    }
}

fn merge_grouped(reg: &Registration, groups: &mut Vec<Value>, entry: &Value) -> bool {
    for group in groups.iter_mut() {
        if !covers_every_tool(group) {
            continue;
        }
        let Some(list) = group.get_mut("hooks").and_then(Value::as_array_mut) else {
            continue;
        };
        for hook in list.iter_mut() {
            let ours = hook
                .get(reg.command_key)
                .and_then(Value::as_str)
                .is_some_and(is_toolgate_hook_command);
            if ours {
                if hook == entry {
                    return false;
                }
                *hook = entry.clone();
                return true;
            }
        }
    }
    let group = if reg.agent == Agent::Claude {
        json!({"matcher": "*", "hooks": [entry]})
    } else {
        json!({"hooks": [entry]})
    };
    groups.push(group);
    true
}

fn merge_flat(reg: &Registration, list: &mut Vec<Value>, entry: &Value) -> bool {
    for hook in list.iter_mut() {
        let ours = hook
            .get(reg.command_key)
            .and_then(Value::as_str)
            .is_some_and(is_toolgate_hook_command);
        if ours {
            if hook == entry {
                return false;
            }
            *hook = entry.clone();
            return true;
        }
    }
    list.push(entry.clone());
    true
}

/// Whether a hook command runs `toolgate hook` (any install path, any arguments after `hook`,
/// any wrapper after them), or was meant to (an unquoted path with a space: the shell would
/// run something else, which `doctor` reports and `init` replaces).
pub fn is_toolgate_hook_command(command: &str) -> bool {
    if let Some((program, rest)) = first_word(command) {
        let base = program.rsplit('/').next().unwrap_or(&program);
        if base == "toolgate" && rest.split_whitespace().next() == Some("hook") {
            return true;
        }
    }
    command.contains("/toolgate hook") || command.contains("/toolgate' hook")
}

/// The first word of a shell command (single or double quotes, or a backslash-escaped space,
/// removed) and the rest of the command.
pub fn first_word(command: &str) -> Option<(String, &str)> {
    let command = command.trim_start();
    let mut word = String::new();
    let mut chars = command.char_indices().peekable();
    let mut quote: Option<char> = None;
    while let Some((i, c)) = chars.next() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '\\') => {
                if let Some((_, next)) = chars.next() {
                    word.push(next);
                }
            }
            (None, c) if c.is_whitespace() => return Some((word, &command[i..])),
            (_, c) => word.push(c),
        }
    }
    if quote.is_some() || word.is_empty() {
        return None;
    }
    Some((word, ""))
}

/// Quotes a path for `/bin/sh -c` when it needs it.
pub fn shell_quote(s: &str) -> String {
    if !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"/._-+".contains(&b))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_covers_every_agent_once() {
        for spec in toolgate_engine::hosts::AGENTS {
            assert_eq!(
                REGISTRATIONS
                    .iter()
                    .filter(|r| r.agent == spec.agent)
                    .count(),
                1,
                "{}",
                spec.name
            );
        }
    }

    #[test]
    fn commands_are_recognised_through_quotes_and_wrappers() {
        let codex = Registration::of(Agent::Codex).command("/a b/toolgate");
        assert!(
            codex.starts_with("'/a b/toolgate' hook --agent codex || {"),
            "{codex}"
        );
        assert!(is_toolgate_hook_command(&codex));
        assert!(is_toolgate_hook_command("/usr/bin/toolgate hook"));
        assert!(is_toolgate_hook_command(r"/a\ b/toolgate hook --agent x"));
        assert!(!is_toolgate_hook_command("/usr/bin/toolgate mcp"));
        // Meant to run toolgate, though the shell cannot: recognised, so `init` replaces it and
        // `doctor` reports it.
        assert!(is_toolgate_hook_command("'/unterminated/toolgate hook"));
        assert_eq!(first_word("'/unterminated/toolgate hook"), None);
        assert_eq!(shell_quote("/usr/bin/toolgate"), "/usr/bin/toolgate");
        assert_eq!(shell_quote("/a b/toolgate"), "'/a b/toolgate'");
    }

    #[test]
    fn merge_keeps_other_hooks_is_idempotent_and_updates_in_place() {
        for reg in REGISTRATIONS.iter().filter(|r| r.layout != Layout::Plugin) {
            let other = json!({"type": "command", reg.command_key: "mine"});
            let mut config = json!({"model": "x", "hooks": {reg.events[0]: [
                if reg.layout == Layout::Grouped { json!({"matcher": "Bash", "hooks": [other]}) } else { other }
            ]}});
            assert!(
                reg.merge(&mut config, &reg.command("/bin/toolgate"), 30)
                    .unwrap()
            );
            assert_eq!(config["model"], "x");
            assert_eq!(reg.find(&config).len(), reg.events.len(), "{:?}", reg.agent);
            let before = config.clone();
            assert!(
                !reg.merge(&mut config, &reg.command("/bin/toolgate"), 30)
                    .unwrap()
            );
            assert_eq!(config, before);
            assert!(
                reg.merge(&mut config, &reg.command("/opt/toolgate"), 30)
                    .unwrap()
            );
            assert_eq!(reg.find(&config).len(), reg.events.len());
            let list = config["hooks"][reg.events[0]].as_array().unwrap();
            assert_eq!(list.len(), 2, "{:?}: {config}", reg.agent);
            for (key, value) in reg.fail_closed {
                let (_, entry) = reg.find(&config)[0];
                assert_eq!(entry[*key].to_string().trim_matches('"'), *value);
            }
        }
    }

    #[test]
    fn merge_refuses_wrong_shapes() {
        let reg = Registration::of(Agent::Claude);
        assert!(reg.merge(&mut json!([]), "t hook", 30).is_err());
        assert!(reg.merge(&mut json!({"hooks": []}), "t hook", 30).is_err());
        assert!(
            reg.merge(&mut json!({"hooks": {"PreToolUse": {}}}), "t hook", 30)
                .is_err()
        );
    }
}
