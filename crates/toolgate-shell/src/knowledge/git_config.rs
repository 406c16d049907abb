//! git configuration keys and environment variables whose value is a program git (or another
//! tool) runs later, and keys that make git run programs that cannot be analysed.

/// Config keys whose value is a program git runs (lower case; `*` is one section part).
pub(crate) const EXEC_KEYS: &[&str] = &[
    "core.pager",
    "pager.*",
    "core.sshcommand",
    "core.editor",
    "sequence.editor",
    "core.askpass",
    "core.gitproxy",
    "core.fsmonitor",
    "diff.external",
    "diff.*.command",
    "diff.*.textconv",
    "difftool.*.cmd",
    "mergetool.*.cmd",
    "merge.*.driver",
    "filter.*.clean",
    "filter.*.smudge",
    "filter.*.process",
    "credential.helper",
    "credential.*.helper",
    "gpg.program",
    "gpg.*.program",
    "uploadpack.packobjectshook",
    "alias.*",
    "browser.*.cmd",
    "man.*.cmd",
    "sendemail.sendmailcmd",
];

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

/// The pattern of [`EXEC_KEYS`] that `key` matches.
pub(crate) fn exec_key(key: &str) -> Option<&'static str> {
    let key = key.to_ascii_lowercase();
    let parts: Vec<&str> = key.split('.').collect();
    EXEC_KEYS.iter().copied().find(|pattern| {
        let p: Vec<&str> = pattern.split('.').collect();
        match (p.as_slice(), parts.as_slice()) {
            ([a, "*"], [x, _]) => a == x,
            ([a, "*", c], [x, _, .., z]) => a == x && c == z,
            _ => p == parts,
        }
    })
}

/// Keys that make git run (or skip) programs that cannot be analysed here.
pub(crate) fn unsafe_key(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    key == "core.hookspath"
        || (key.starts_with("protocol.") && key.ends_with(".allow"))
        || key == "protocol.allow"
}

/// The shell text of the program a config value runs, if it runs one.
pub(crate) fn program_of(key: &str, value: &str) -> Option<String> {
    let lower = key.to_ascii_lowercase();
    let value = value.trim();
    if value.is_empty() {
        return None;
    }
    if lower.starts_with("alias.") {
        // `!cmd` is shell; anything else is a git command line.
        return Some(match value.strip_prefix('!') {
            Some(shell) => shell.to_string(),
            None => format!("git {value}"),
        });
    }
    if lower == "core.fsmonitor" && matches!(value, "true" | "false") {
        return None;
    }
    Some(value.strip_prefix('!').unwrap_or(value).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exec_keys_match_by_section() {
        assert_eq!(exec_key("core.sshCommand"), Some("core.sshcommand"));
        assert_eq!(exec_key("alias.x"), Some("alias.*"));
        assert_eq!(exec_key("diff.tool.command"), Some("diff.*.command"));
        assert_eq!(exec_key("core.autocrlf"), None);
        assert_eq!(
            program_of("alias.p", "push -f").as_deref(),
            Some("git push -f")
        );
        assert_eq!(
            program_of("alias.p", "!rm -rf ~").as_deref(),
            Some("rm -rf ~")
        );
        assert_eq!(program_of("core.fsmonitor", "true"), None);
    }
}
