//! Files a tool call must not write: Claude Code's settings (where the hook is registered) and
//! toolgate's own policy and binary. Writing them would switch the guard off.

use std::path::{Component, Path, PathBuf};

/// Why a path is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProtectedKind {
    /// A Claude Code settings file.
    ClaudeSettings,
    /// A toolgate policy file.
    ToolgatePolicy,
    /// The toolgate binary.
    ToolgateBinary,
}

impl ProtectedKind {
    /// Human description (no path).
    pub fn describe(&self) -> &'static str {
        match self {
            ProtectedKind::ClaudeSettings => "a Claude Code settings file",
            ProtectedKind::ToolgatePolicy => "a toolgate policy file",
            ProtectedKind::ToolgateBinary => "the toolgate binary",
        }
    }
}

/// Whether writing `path` (relative paths resolved against `cwd`) would touch a protected file.
pub fn protected_kind(
    path: &str,
    cwd: Option<&Path>,
    home: Option<&Path>,
    binary: Option<&Path>,
) -> Option<ProtectedKind> {
    let resolved = resolve(path, cwd, home);
    let text = resolved.to_string_lossy();
    let name = resolved.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let parent_name = resolved
        .parent()
        .and_then(|p| p.file_name())
        .and_then(|n| n.to_str())
        .unwrap_or("");
    if (parent_name == ".claude" && name.starts_with("settings") && name.ends_with(".json"))
        || name == "managed-settings.json"
        || text.starts_with("/etc/claude-code/")
        || text.contains("/managed-settings.d/")
        || text.contains("/Library/Application Support/ClaudeCode/")
    {
        return Some(ProtectedKind::ClaudeSettings);
    }
    if crate::PROTECTED_POLICY_NAMES.contains(&name) || text.contains("/.config/toolgate/") {
        return Some(ProtectedKind::ToolgatePolicy);
    }
    if binary.is_some_and(|b| resolved == b) {
        return Some(ProtectedKind::ToolgateBinary);
    }
    None
}

/// Lexical resolution: `~` expanded, relative paths joined to `cwd`, `.` and `..` folded.
fn resolve(path: &str, cwd: Option<&Path>, home: Option<&Path>) -> PathBuf {
    let expanded: PathBuf = match (path.strip_prefix("~/"), home) {
        (Some(rest), Some(home)) => home.join(rest),
        _ if path == "~" => home.map_or_else(|| PathBuf::from(path), Path::to_path_buf),
        _ => PathBuf::from(path),
    };
    let joined = if expanded.is_absolute() {
        expanded
    } else {
        cwd.map_or(expanded.clone(), |c| c.join(&expanded))
    };
    let mut out = PathBuf::new();
    for component in joined.components() {
        match component {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
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
}
