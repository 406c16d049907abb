//! git configuration keys and environment variables whose value is a program git (or another
//! tool) runs later, and keys that make git run programs that cannot be analysed. The keys
//! are `toolgate_core::path_class::git_config::PROGRAM_KEYS` (one table for the analysis of
//! the programs they run and for the persistence pack).

use toolgate_core::path_class::git_config::{GitConfigKey, KeyValue, key_row};

/// Environment variables whose value is a program git runs.
pub(crate) const EXEC_ENV: &[&str] = &[
    "GIT_SSH_COMMAND",
    "GIT_SSH",
    "GIT_PAGER",
    "GIT_EDITOR",
    "GIT_SEQUENCE_EDITOR",
    "GIT_EXTERNAL_DIFF",
    "GIT_PROXY_COMMAND",
    "GIT_ASKPASS",
    "SSH_ASKPASS",
    // Not git's own, but read the same way: a command line other programs run.
    "PAGER",
    "MANPAGER",
    "SYSTEMD_PAGER",
    "EDITOR",
    "VISUAL",
    "SUDO_EDITOR",
    "BROWSER",
    "PROMPT_COMMAND",
    "LESSOPEN",
    "LESSCLOSE",
    "RSYNC_RSH",
    "RSYNC_CONNECT_PROG",
    "CVS_RSH",
];

/// Prompt strings: not command lines, but their command substitutions run each time the
/// prompt is shown (`PS1='$(whoami)@…'`).
pub(crate) const PROMPT_ENV: &[&str] = &["PS0", "PS1", "PS2", "PS3", "PS4"];

/// The key row `key` falls under when git runs its value as a command line.
pub(crate) fn exec_key(key: &str) -> Option<&'static GitConfigKey> {
    key_row(key).filter(|k| k.value_is_command())
}

/// Keys that make git run (or skip) programs that cannot be analysed here: another hooks
/// directory, included configuration, transports that run programs.
pub(crate) fn unsafe_key(key: &str) -> bool {
    key_row(key).is_some_and(|k| matches!(k.value, KeyValue::Location | KeyValue::Switch))
}

/// The shell text of the program a config value runs, if it runs one.
pub(crate) fn program_of(key: &str, value: &str) -> Option<String> {
    let row = exec_key(key)?;
    let value = value.trim();
    if !row.runs_with(Some(value)) && row.value != KeyValue::Alias {
        return None;
    }
    if value.is_empty() {
        return None;
    }
    match row.value {
        // `!cmd` is shell; anything else is a git command line.
        KeyValue::Alias => Some(match value.strip_prefix('!') {
            Some(shell) => shell.to_string(),
            None => format!("git {value}"),
        }),
        KeyValue::ShellCommand => value.strip_prefix('!').map(str::to_string),
        _ => Some(value.strip_prefix('!').unwrap_or(value).to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exec_keys_match_by_section() {
        assert_eq!(
            exec_key("core.sshCommand").map(|k| k.pattern),
            Some("core.sshCommand")
        );
        assert_eq!(exec_key("alias.x").map(|k| k.pattern), Some("alias.*"));
        assert_eq!(
            exec_key("diff.tool.command").map(|k| k.pattern),
            Some("diff.*.command")
        );
        assert!(exec_key("interactive.diffFilter").is_some());
        assert!(exec_key("core.autocrlf").is_none());
        assert!(exec_key("core.hooksPath").is_none());
        assert!(unsafe_key("core.hookspath") && unsafe_key("protocol.file.allow"));
        assert!(unsafe_key("include.path") && !unsafe_key("core.pager"));
        assert_eq!(
            program_of("alias.p", "push -f").as_deref(),
            Some("git push -f")
        );
        assert_eq!(
            program_of("alias.p", "!rm -rf ~").as_deref(),
            Some("rm -rf ~")
        );
        assert_eq!(
            program_of("submodule.x.update", "!rm -rf ~").as_deref(),
            Some("rm -rf ~")
        );
        assert_eq!(program_of("submodule.x.update", "rebase"), None);
        assert_eq!(program_of("core.fsmonitor", "true"), None);
        assert_eq!(
            program_of("core.pager", "less -R").as_deref(),
            Some("less -R")
        );
    }
}
