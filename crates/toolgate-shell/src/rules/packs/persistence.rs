//! The `persistence` pack: files and configuration that make code run later, on its own.
//!
//! `TG-PERSIST-SERVICE-ENABLE` (a unit enabled, lingering turned on, a launchd job loaded) and `TG-PERSIST-SCHEDULE`
//! (`at`, a `systemd-run` timer) are matchers here; crontabs are the host pack's
//! `TG-HOST-CRONTAB-REPLACE`. `TG-PERSIST-GIT-CONFIG` is a matcher here: `git config KEY VALUE` storing a key whose
//! value git runs as a program (`toolgate_core::path_class::git_config`); so is
//! `TG-PERSIST-TOOL-CONFIG`, the same for npm, pnpm and yarn (`knowledge::package_config`). Writes of
//! persistence files (`TG-PERSIST-WRITE`) are weighed by the engine per class, as the
//! policy's `persistence:` says, for shell commands ([`planted_files`]) and file tools alike.

use toolgate_core::path_class::git_config::program_key;
use toolgate_core::path_class::persistence_class;

use super::Matcher as M;
use crate::facts::git::persistent_config;
use crate::facts::paths::{aimed_class, tilde_home, working_directory};
use crate::facts::writes::content_targets;
use crate::model::{CommandAnalysis, CommandContext, SimpleCommand};

/// The rule the engine reports for a write of a persistence file.
pub const PERSIST_WRITE: &str = "TG-PERSIST-WRITE";
const GIT_CONFIG: &str = "TG-PERSIST-GIT-CONFIG";
const TOOL_CONFIG: &str = "TG-PERSIST-TOOL-CONFIG";
const MCP_ADD: &str = "TG-PERSIST-MCP-ADD";
const SERVICE_ENABLE: &str = "TG-PERSIST-SERVICE-ENABLE";
const SCHEDULE: &str = "TG-PERSIST-SCHEDULE";

/// systemctl's commands that make a unit start on its own later (at boot, login, or with
/// another unit) or write one: `enable`, `link` … (`start`, `restart` run it now, for this
/// boot only; `preset` has its own matcher).
const SYSTEMCTL_ENABLES: &[&str] = &[
    "enable",
    "reenable",
    "link",
    "add-wants",
    "add-requires",
    "edit",
];

/// Options with which a program only prints its help.
const HELP: &[&str] = &["-h", "--help"];

/// The JavaScript package managers, whose `config set` keys are one table.
const JS_PACKAGE_MANAGERS: &[&str] = &["npm", "pnpm", "yarn"];

/// The pack's matchers (the writes are the engine's, see [`planted_files`]).
pub(super) const MATCHERS: &[M] = &[
    // A unit that starts on its own at every boot or login, the user's as well as the
    // system's: a service that outlives the session.
    M::new(SERVICE_ENABLE, &["systemctl"], &[SYSTEMCTL_ENABLES]).none(HELP),
    // A preset enables the units its files name, unless only disabling.
    M::new(SERVICE_ENABLE, &["systemctl"], &[&["preset", "preset-all"]])
        .none(HELP)
        .check(super::Check::PresetMayEnable),
    // The user's units then run without a login, after the session ends.
    M::new(SERVICE_ENABLE, &["loginctl"], &[&["enable-linger"]]).none(HELP),
    // launchd: a job loaded or bootstrapped from its plist (`-w` keeps it enabled), a service
    // enabled, or a command submitted as a job it keeps alive.
    M::new(
        SERVICE_ENABLE,
        &["launchctl"],
        &[&["load", "bootstrap", "enable", "submit"]],
    )
    .none(HELP),
    // A command run later, on its own: an `at` job (the command itself is read from its
    // input as well), a `systemd-run` timer (the wrapper's own command).
    M::new(SCHEDULE, &["at", "batch"], &[]).none(crate::knowledge::specs::launchers::AT_NO_JOB),
    M::new(SCHEDULE, &["systemd-run"], &[]).any(crate::knowledge::wrappers::SYSTEMD_RUN_TIMERS),
    M::new(GIT_CONFIG, &["git"], &[]).check(super::Check::GitConfigProgram),
    // `npm config set KEY VALUE` (`npm set`, `npm c set`) of a key whose value runs.
    M::new(
        TOOL_CONFIG,
        JS_PACKAGE_MANAGERS,
        &[&["config", "c"], &["set"]],
    )
    .check(super::Check::PackageConfigProgram(2)),
    M::new(TOOL_CONFIG, JS_PACKAGE_MANAGERS, &[&["set"]])
        .check(super::Check::PackageConfigProgram(1)),
    // The same key written into the file (`echo 'script-shell=/tmp/x' >> .npmrc`).
    M::new(TOOL_CONFIG, &["echo", "printf", "cat", "tee"], &[])
        .check(super::Check::PackageConfigFileProgram),
    // A coding agent's MCP server list gains a command it starts in every later session (the
    // files themselves are the `mcp_servers` class of `TG-PERSIST-WRITE`).
    M::new(
        MCP_ADD,
        &["claude", "codex", "gemini", "qwen", "copilot", "opencode"],
        &[&["mcp"], &["add"]],
    )
    .none(&["-h", "--help"]),
    M::new(
        MCP_ADD,
        &["claude"],
        &[&["mcp"], &["add-json", "add-from-claude-desktop"]],
    )
    .none(&["-h", "--help"]),
];

/// Whether a systemctl preset may enable units: its mode is not `disable-only`.
pub(super) fn preset_may_enable(seen: &super::Seen<'_>) -> bool {
    seen.view.value(&["--preset-mode"]) != Some("disable-only")
}

/// Whether the operand after the first `after` (the `config set` path) names a key whose
/// value the package manager runs (`knowledge::package_config`).
pub(super) fn sets_program_key(view: &super::View, after: usize) -> bool {
    view.operands()
        .nth(after)
        .is_some_and(crate::knowledge::package_config::is_program_key)
}

/// The rule a file tool's write of a package manager's configuration file breaks when the
/// text it writes sets a key whose value the package manager runs (`script-shell=/tmp/x`
/// into `.npmrc`, `yarnPath:` into `.yarnrc.yml`): the file form of `npm config set`.
pub const TOOL_CONFIG_RULE: &str = TOOL_CONFIG;

/// Whether writing `text` into the file `path` sets a package manager's program key.
pub fn package_config_sets_program(path: &str, text: &str) -> bool {
    use crate::knowledge::package_config::{CONFIG_FILES, sets_program_key};
    let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
    CONFIG_FILES.contains(&name) && sets_program_key(text)
}

/// Whether the command writes text that sets a program key into a package manager's
/// configuration file: its own words (`echo`, `printf`), its heredoc, or the output of the
/// `echo` piped into it (`echo 'script-shell=/tmp/x' | tee -a .npmrc`).
pub(super) fn writes_package_config_program(seen: &super::Seen<'_>) -> bool {
    use crate::knowledge::package_config::{CONFIG_FILES, sets_program_key};
    let cmd = seen.cmd;
    let into_config = content_targets(cmd).iter().any(|t| {
        let name = t.rsplit('/').next().unwrap_or(t);
        CONFIG_FILES.contains(&name)
    });
    if !into_config {
        return false;
    }
    // Its own words, or what it reads on stdin (a heredoc, or the known output of the `echo`
    // piped into it).
    let text = match cmd.program_lower().as_ref() {
        "echo" | "printf" => Some(cmd.args.join(" ").replace("\\n", "\n")),
        _ => cmd.stdin_text.clone(),
    };
    text.is_some_and(|t| sets_program_key(&t))
}

/// `git config [--global …] KEY VALUE` storing a key whose value git runs as a program
/// (`core.hooksPath`, `core.fsmonitor`, `core.sshCommand`, `interactive.diffFilter`, a `!`
/// alias …).
pub(super) fn stores_program(cmd: &SimpleCommand) -> bool {
    persistent_config(cmd).is_some_and(|(key, value)| program_key(&key, Some(&value)).is_some())
}

/// The files the commands of `analysis` put content into (redirects, `tee`, copies, in-place
/// edits …), as paths the persistence classes read: `$HOME` written as `~`, and relative
/// paths after a `cd` joined to its directory (left out when that directory is only known
/// at run time). A glob that only could expand to a persistence file (`mv dir/.* .`) is
/// left out; one aimed at them (`cp hooks/* .git/hooks/`) is kept.
pub fn planted_files(analysis: &CommandAnalysis, cx: &CommandContext) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (i, cmd) in analysis.commands.iter().enumerate() {
        let mut targets = content_targets(cmd);
        // A truncated file is rewritten as a redirect rewrites it (`truncate -s 0 ~/.bashrc`
        // as `: > ~/.bashrc`).
        if cmd.program_lower() == "truncate" {
            targets.extend(cmd.operands.iter().cloned());
        }
        if targets.is_empty() {
            continue;
        }
        let dir = if cmd.cwd_changed {
            working_directory(analysis, i)
        } else {
            Some(".".to_string())
        };
        for t in targets {
            let t = tilde_home(&t);
            let path = match &dir {
                _ if t.starts_with(['/', '~']) => t.into_owned(),
                Some(d) if d != "." => format!("{d}/{t}"),
                Some(_) => t.into_owned(),
                None => continue,
            };
            let class = |p: &str| persistence_class(p, cx.cwd(), cx.home);
            let aimed = aimed_class(&path, class, |c| c.info().patterns).is_some();
            if (aimed || class(&path).is_none()) && !out.contains(&path) {
                out.push(path);
            }
        }
    }
    out
}
