//! The `agents` pack: coding agents started with their hooks or their approvals switched
//! off. toolgate guards an agent through that agent's hooks; a second agent the first one
//! starts is guarded only if its own hooks run toolgate, so starting one with hooks off is
//! switching the guard off (deny), and starting one that runs every tool call without asking
//! hands it calls toolgate may never see (review).
//!
//! Claude Code's `--dangerously-skip-permissions` and `--permission-mode bypassPermissions`
//! are not here: its hooks still run under them, so toolgate still answers every call.

use super::Matcher as M;
use super::{Check, Operands, View};
use crate::model::SimpleCommand;

const HOOKS_OFF: &str = "TG-AGENT-HOOKS-OFF";
const UNATTENDED: &str = "TG-AGENT-UNATTENDED";

/// The setting sources whose hooks Claude Code runs; toolgate may be registered in any.
const CLAUDE_SETTING_SOURCES: &[&str] = &["user", "project", "local"];

/// Gemini CLI's subcommands that manage it rather than run it: the server command of `mcp
/// add NAME npx -y PKG` carries options of its own.
const GEMINI_MANAGEMENT: &[&str] = &[
    "mcp",
    "extensions",
    "extension",
    "skills",
    "skill",
    "hooks",
    "hook",
];

/// When an environment variable switches hooks off.
#[derive(Debug, Clone, Copy)]
enum Switch {
    /// When its value is `1`, `true`, `yes` or `on` (any case).
    WhenTrue,
    /// Unless its value is empty, `none`, `0`, `false`, `no` or `off`.
    UnlessFalse,
    /// Whatever its value: it moves the settings or policy the agent's hook reads.
    AnyValue,
}

/// The coding agents toolgate can guard (the program table's `CodingAgent` rows).
const AGENTS: &[&str] = &[
    "claude",
    "codex",
    "gemini",
    "qwen",
    "copilot",
    "opencode",
    "cursor-agent",
    "agent",
];

/// Environment variables that, set for a coding agent, switch its hooks off or move the
/// settings and policy its toolgate hook is found in (read from the pinned CLIs): the agents
/// they apply to, the name, when. `HOME` moves every agent's user settings (where `toolgate
/// init --scope user` registers the hook) and toolgate's user policy; `TOOLGATE_POLICY`
/// hands the agent's hook another policy.
const HOOKS_OFF_VARIABLES: &[(&[&str], &str, Switch)] = &[
    // `--bare` and `--safe-mode`; the user's own hooks kept out; another config directory.
    (&["claude"], "CLAUDE_CODE_SIMPLE", Switch::WhenTrue),
    (&["claude"], "CLAUDE_CODE_SAFE_MODE", Switch::WhenTrue),
    (
        &["claude"],
        "CLAUDE_CODE_PERSONAL_HOOKS_OFF",
        Switch::UnlessFalse,
    ),
    (&["claude"], "CLAUDE_CONFIG_DIR", Switch::AnyValue),
    (&["codex"], "CODEX_HOME", Switch::AnyValue),
    (&["gemini", "qwen"], "GEMINI_CLI_HOME", Switch::AnyValue),
    (&["opencode"], "OPENCODE_CONFIG_DIR", Switch::AnyValue),
    (&["opencode"], "XDG_CONFIG_HOME", Switch::AnyValue),
    (
        &["opencode"],
        "OPENCODE_DISABLE_PROJECT_CONFIG",
        Switch::WhenTrue,
    ),
    (AGENTS, "HOME", Switch::AnyValue),
    (AGENTS, "TOOLGATE_POLICY", Switch::AnyValue),
    // The plugin's launcher runs `$TOOLGATE_BIN hook` when it is set.
    (AGENTS, "TOOLGATE_BIN", Switch::AnyValue),
];

/// Flag settings (`claude --settings JSON`) that switch hooks off or hand the hook another
/// binary, policy or configuration through their `env`; a value only known at run time may.
const CLAUDE_SETTINGS_HOOKS_OFF: &[&str] = &[
    "*disableallhooks*",
    "*toolgate_bin*",
    "*toolgate_policy*",
    "*claude_config_dir*",
    "*$*",
    "*`*",
];

/// Codex's `hooks` feature under its name and its deprecated alias.
const CODEX_HOOKS_FEATURES: &[&str] = &["hooks", "codex_hooks"];

/// Codex `-c` overrides that switch the `hooks` feature off: by key, or in an inline table.
const CODEX_HOOKS_OFF_CONFIG: &[&str] = &[
    "features.hooks*=*false*",
    "features.hooks*=*0*",
    "features.codex_hooks*=*false*",
    "features.codex_hooks*=*0*",
    "features*=*{*hooks*=*false*",
    "features*=*{*hooks*=*0*",
];

/// Plugins and extensions that are toolgate (toolgate's plugin and marketplace are named so).
const TOOLGATE_PLUGIN: &[&str] = &["*toolgate*"];

/// The pack's matchers.
pub(super) const MATCHERS: &[M] = &[
    // Claude Code: `--bare` and `--safe-mode` skip hooks; so does `--setting-sources` that
    // leaves out the file holding them, and flag settings with `disableAllHooks`.
    M::new(HOOKS_OFF, &["claude"], &[]).any(&["--bare", "--safe-mode"]),
    // Any agent given an environment that switches its hooks off or moves its settings.
    M::new(HOOKS_OFF, AGENTS, &[]).check(Check::HooksOffByEnvironment),
    M::new(HOOKS_OFF, &["claude"], &[])
        .any(&["--setting-sources"])
        .check(Check::LeavesOutSettingSource),
    M::new(HOOKS_OFF, &["claude"], &[])
        .any(&["--settings"])
        .check(Check::AnyValue(&["--settings"], CLAUDE_SETTINGS_HOOKS_OFF)),
    // toolgate's plugin disabled or uninstalled, its marketplace removed, or every plugin
    // disabled.
    M::new(
        HOOKS_OFF,
        &["claude"],
        &[&["plugin", "plugins"], &["disable"]],
    )
    .any(&["-a", "--all"]),
    M::new(
        HOOKS_OFF,
        &["claude"],
        &[&["plugin", "plugins"], &["disable", "uninstall", "remove"]],
    )
    .operands(Operands::Some(TOOLGATE_PLUGIN)),
    M::new(
        HOOKS_OFF,
        &["claude"],
        &[&["plugin", "plugins"], &["marketplace"], &["remove", "rm"]],
    )
    .operands(Operands::Some(TOOLGATE_PLUGIN)),
    M::new(
        HOOKS_OFF,
        &["gemini", "qwen"],
        &[&["extensions", "extension"], &["disable", "uninstall"]],
    )
    .operands(Operands::Some(TOOLGATE_PLUGIN)),
    // Codex: the `hooks` feature switched off for the run.
    M::new(HOOKS_OFF, &["codex"], &[])
        .any(&["--disable"])
        .check(Check::AnyValue(&["--disable"], CODEX_HOOKS_FEATURES)),
    M::new(HOOKS_OFF, &["codex"], &[])
        .any(&["-c", "--config"])
        .check(Check::AnyValue(&["-c", "--config"], CODEX_HOOKS_OFF_CONFIG)),
    // … or in its config.toml for every later session (`codex features disable hooks`).
    M::new(HOOKS_OFF, &["codex"], &[&["features"], &["disable"]])
        .operands(Operands::Some(CODEX_HOOKS_FEATURES)),
    // OpenCode: toolgate is an OpenCode plugin, and `--pure` runs without plugins.
    M::new(HOOKS_OFF, &["opencode"], &[]).any(&["--pure"]),
    // Every tool call run without asking.
    M::new(UNATTENDED, &["codex"], &[])
        .any(&["--dangerously-bypass-approvals-and-sandbox", "--yolo"]),
    M::new(UNATTENDED, &["gemini", "qwen"], &[])
        .any(&["-y", "--yolo"])
        .check(Check::FirstOperandNot(GEMINI_MANAGEMENT)),
    M::new(UNATTENDED, &["gemini", "qwen"], &[])
        .any(&["--approval-mode"])
        .check(Check::AnyValue(&["--approval-mode"], &["yolo"])),
    M::new(UNATTENDED, &["copilot"], &[]).any(&["--allow-all-tools", "--allow-all", "--yolo"]),
    M::new(UNATTENDED, &["cursor-agent"], &[]).any(&["-f", "--force", "--yolo"]),
    // `agent` is Cursor's CLI under its short name; only its long spellings are read, as
    // another program may own the name.
    M::new(UNATTENDED, &["agent"], &[]).any(&["--force", "--yolo"]),
    M::new(UNATTENDED, &["opencode"], &[]).any(&["--auto"]),
];

/// `claude --setting-sources LIST` whose list leaves out a source that may hold toolgate's
/// hook (`user`, `project`, `local`).
pub(super) fn leaves_out_setting_source(view: &View) -> bool {
    view.value(&["--setting-sources"]).is_none_or(|list| {
        let given: Vec<String> = list
            .split(',')
            .map(|s| s.trim().to_ascii_lowercase())
            .collect();
        CLAUDE_SETTING_SOURCES
            .iter()
            .any(|s| !given.iter().any(|g| g == s))
    })
}

/// A coding agent run with an environment variable that switches its hooks off or moves its
/// settings (`CLAUDE_CODE_SIMPLE=1 claude -p …`, `HOME=/tmp/h codex exec …`); a value only
/// known at run time may.
pub(super) fn hooks_off_by_environment(cmd: &SimpleCommand) -> bool {
    let program = cmd.program_lower();
    cmd.env.iter().any(|(name, value)| {
        let Some((_, _, switch)) = HOOKS_OFF_VARIABLES
            .iter()
            .find(|(agents, n, _)| n == name && agents.contains(&program.as_ref()))
        else {
            return false;
        };
        let v = value.trim().to_ascii_lowercase();
        match switch {
            Switch::AnyValue => true,
            _ if v.contains(['$', '`']) => true,
            Switch::WhenTrue => matches!(v.as_str(), "1" | "true" | "yes" | "on"),
            Switch::UnlessFalse => {
                !matches!(v.as_str(), "" | "none" | "0" | "false" | "no" | "off")
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::programs::{Class, PROGRAMS};

    #[test]
    fn the_agents_are_the_program_tables_coding_agents() {
        let rows: Vec<&str> = PROGRAMS
            .iter()
            .filter(|p| p.classes.contains(&Class::CodingAgent))
            .map(|p| p.name)
            .collect();
        let mut listed = AGENTS.to_vec();
        let mut rows_sorted = rows.clone();
        listed.sort_unstable();
        rows_sorted.sort_unstable();
        assert_eq!(listed, rows_sorted);
        for (agents, name, _) in HOOKS_OFF_VARIABLES {
            assert!(agents.iter().all(|a| AGENTS.contains(a)), "{name}");
            assert!(
                name.bytes()
                    .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_'),
                "{name}"
            );
        }
    }
}
