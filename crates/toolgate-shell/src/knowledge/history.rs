//! Shell history files: what `history -c` clears and what must not leave the machine.

/// File names (basenames) shells keep their history in.
pub(crate) const SHELL_HISTORY_FILES: &[&str] = &[
    ".bash_history",
    ".zsh_history",
    ".zhistory",
    ".sh_history",
    ".ksh_history",
    ".ash_history",
    ".histfile",
    ".history",
    "fish_history",
];

/// Whether `path` names a shell history file (by its basename; `~/.bash_history`,
/// `$HOME/.local/share/fish/fish_history`).
pub(crate) fn is_shell_history(path: &str) -> bool {
    // Every name ends with one of these (a test keeps it so): most words are refused here.
    if !HISTORY_SUFFIXES.iter().any(|s| path.ends_with(s)) {
        return false;
    }
    let base = path.rsplit('/').next().unwrap_or(path);
    SHELL_HISTORY_FILES.contains(&base)
}

/// How every name in [`SHELL_HISTORY_FILES`] ends.
const HISTORY_SUFFIXES: &[&str] = &["history", "histfile"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_files_by_basename() {
        assert!(is_shell_history("~/.bash_history"));
        assert!(is_shell_history("$HOME/.local/share/fish/fish_history"));
        assert!(is_shell_history(".zsh_history"));
        assert!(!is_shell_history("~/.bash_history.bak"));
        assert!(!is_shell_history("docs/history.md"));
        for f in SHELL_HISTORY_FILES {
            assert!(!f.contains('/'), "{f} is a basename");
            assert!(
                HISTORY_SUFFIXES.iter().any(|s| f.ends_with(s)),
                "{f} ends with a suffix the quick refusal knows"
            );
        }
    }
}
