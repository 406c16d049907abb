//! Files a tool call must not write: Claude Code's settings (where the hook is registered) and
//! toolgate's own policy and binary. The list lives in `toolgate_core::protected`, shared with
//! the shell rule `TG-CMD-PROTECTED-WRITE`; the engine re-exports what it exposed before.

pub use toolgate_core::protected::{ProtectedKind, protected_kind};

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    fn kind(path: &str) -> Option<ProtectedKind> {
        protected_kind(
            path,
            Some(Path::new("/work/p")),
            Some(Path::new("/home/u")),
            Some(Path::new("/usr/local/bin/toolgate")),
        )
    }

    #[test]
    fn claude_settings_are_protected() {
        assert_eq!(
            kind(".claude/settings.json"),
            Some(ProtectedKind::ClaudeSettings)
        );
        assert_eq!(
            kind("~/.claude/settings.json"),
            Some(ProtectedKind::ClaudeSettings)
        );
        assert_eq!(
            kind("/work/p/sub/../.claude/settings.local.json"),
            Some(ProtectedKind::ClaudeSettings)
        );
        assert_eq!(
            kind("/etc/claude-code/managed-settings.json"),
            Some(ProtectedKind::ClaudeSettings)
        );
        assert_eq!(kind(".claude/agents/x.md"), None);
    }

    #[test]
    fn toolgate_files_are_protected() {
        assert_eq!(kind(".toolgate.yaml"), Some(ProtectedKind::ToolgatePolicy));
        assert_eq!(
            kind("~/.config/toolgate/policy.yaml"),
            Some(ProtectedKind::ToolgatePolicy)
        );
        assert_eq!(
            kind("/usr/local/bin/toolgate"),
            Some(ProtectedKind::ToolgateBinary)
        );
        assert_eq!(kind("src/main.rs"), None);
    }

    #[test]
    fn policy_file_names_are_the_discovery_names() {
        assert_eq!(
            toolgate_core::protected::POLICY_FILE_NAMES,
            crate::PROTECTED_POLICY_NAMES
        );
    }
}
