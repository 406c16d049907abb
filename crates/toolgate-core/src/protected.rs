//! Files a tool call must not write: Claude Code's settings (where the hook is registered) and
//! toolgate's own policy and binary. Writing them would switch the guard off.
//!
//! One list, used by the engine's file-tool check and by the shell rule
//! `TG-CMD-PROTECTED-WRITE`. Matching is lexical and ignores ASCII case (macOS and Windows
//! file systems do), and a path component holding glob characters (`*`, `?`, `[…]`) matches
//! when it could expand to a protected name.

use std::path::{Component, Path, PathBuf};
use std::sync::LazyLock;

use crate::path_class::index::KeyIndex;

/// File names of toolgate policies, in the order they are looked for in each directory.
pub const POLICY_FILE_NAMES: &[&str] = &[
    ".toolgate.yaml",
    ".toolgate.yml",
    ".toolgate.json",
    ".toolgate.toml",
];

/// The directory that holds a project's or user's Claude Code settings.
pub const CLAUDE_DIR_NAME: &str = ".claude";

/// Claude Code settings files inside [`CLAUDE_DIR_NAME`].
pub const CLAUDE_SETTINGS_NAMES: &[&str] = &["settings.json", "settings.local.json"];

/// The file name of Claude Code's managed (enterprise) settings.
pub const MANAGED_SETTINGS_NAME: &str = "managed-settings.json";

/// The file names of toolgate's binaries: `toolgate` (the hook and the CLI) and
/// `toolgate-server` (which `toolgate mcp` runs), installed in one directory.
pub const BINARY_NAMES: &[&str] = &["toolgate", "toolgate-server"];

/// Hook configuration of the other coding agents toolgate guards: `(directories, file)`, the
/// last components of the path (`*` any file, `*.json` any JSON file). Writing one could
/// switch the agent's toolgate hook off.
pub const AGENT_HOOK_FILES: &[(&[&str], &str)] = &[
    (&[".codex"], "hooks.json"),
    (&[".codex"], "config.toml"),
    (&[".codex"], "requirements.toml"),
    (&["etc", "codex"], "*"),
    (&[".gemini"], "settings.json"),
    (&["etc", "gemini-cli"], "settings.json"),
    (&[".cursor"], "hooks.json"),
    (&["etc", "cursor"], "hooks.json"),
    (&[".github", "hooks"], "*.json"),
    (&[".copilot", "hooks"], "*"),
    (&[".copilot"], "settings.json"),
    (&[".copilot"], "config.json"),
    (&[".opencode", "plugins"], "*"),
    (&[".opencode", "plugin"], "*"),
    (&["opencode", "plugins"], "*"),
    (&[], "opencode.json"),
    (&[], "opencode.jsonc"),
];

/// Directories (runs of components, anywhere in the path) holding Claude Code's managed
/// settings: everything in them is protected.
const CLAUDE_MANAGED_DIRS: &[&[&str]] = &[
    &["etc", "claude-code"],
    &["managed-settings.d"],
    &["application support", "claudecode"],
];

/// The directory (a run of components, anywhere in the path) holding the user's toolgate
/// policy: everything in it is protected.
const POLICY_DIR: &[&str] = &[".config", "toolgate"];

/// Directories (runs of components, anywhere in the path) holding the coding agents'
/// installed plugins and extensions, whose hooks and scripts the agents run (toolgate's own
/// plugin among them): everything in them is protected.
const AGENT_PLUGIN_DIRS: &[&[&str]] = &[
    &[".claude", "plugins"],
    &[".codex", "plugins"],
    &[".gemini", "extensions"],
];

/// Why a path is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProtectedKind {
    /// A Claude Code settings file (or the directory holding them).
    ClaudeSettings,
    /// A toolgate policy file (or the directory holding the user's).
    ToolgatePolicy,
    /// The toolgate binary.
    ToolgateBinary,
    /// Another coding agent's hook configuration ([`AGENT_HOOK_FILES`]).
    AgentHookConfig,
}

impl ProtectedKind {
    /// Human description (no path).
    pub fn describe(&self) -> &'static str {
        match self {
            ProtectedKind::ClaudeSettings => "a Claude Code settings file",
            ProtectedKind::ToolgatePolicy => "a toolgate policy file",
            ProtectedKind::ToolgateBinary => "the toolgate binary",
            ProtectedKind::AgentHookConfig => "a coding agent's hook configuration",
        }
    }
}

/// Whether `path` names a protected file or a directory holding them (settings, policies).
/// The binary is matched by name only when `binary_by_name` is set (a shell command cannot be
/// resolved to the running binary's path).
pub fn is_protected_path(path: &str, binary_by_name: bool) -> bool {
    could_be_protected(path, None, None, None) && protected_kind_of(path, binary_by_name).is_some()
}

/// The components of a (lower-cased) path with `.` dropped and `..` folded into the one
/// before it (a leading `..` is kept).
fn folded_components(path: &str) -> Vec<&str> {
    let mut parts: Vec<&str> = Vec::new();
    for c in path.split('/') {
        match c {
            "" | "." => {}
            ".." if parts.last().is_some_and(|p| *p != "..") => {
                parts.pop();
            }
            c => parts.push(c),
        }
    }
    parts
}

/// The kind of protected file `path` names, lexically (relative paths match by their last
/// components: `.claude/settings.json` is protected wherever it is).
pub fn protected_kind_of(path: &str, binary_by_name: bool) -> Option<ProtectedKind> {
    let lower = path.to_ascii_lowercase();
    let parts = folded_components(&lower);
    let name = *parts.last()?;
    let parent = parts.len().checked_sub(2).map(|i| parts[i]);
    let claude_dir = |c: &str| component_matches(c, CLAUDE_DIR_NAME);
    let settings_name = |c: &str| {
        if has_glob(c) {
            CLAUDE_SETTINGS_NAMES.iter().any(|n| glob_ci(c, n))
        } else {
            c.starts_with("settings") && c.ends_with(".json")
        }
    };
    let in_dir = |dirs: &[&str]| {
        parts
            .windows(dirs.len())
            .any(|w| w.iter().zip(dirs).all(|(c, d)| component_matches(c, d)))
    };
    if (parent.is_some_and(claude_dir) && settings_name(name))
        || claude_dir(name)
        || component_matches(name, MANAGED_SETTINGS_NAME)
        || CLAUDE_MANAGED_DIRS.iter().any(|d| in_dir(d))
    {
        return Some(ProtectedKind::ClaudeSettings);
    }
    if AGENT_PLUGIN_DIRS.iter().any(|d| in_dir(d)) {
        return Some(ProtectedKind::AgentHookConfig);
    }
    let agent_file = AGENT_HOOK_FILES.iter().any(|(dirs, file)| {
        let Some(start) = parts.len().checked_sub(dirs.len() + 1) else {
            return false;
        };
        let name_matches = match *file {
            "*" => true,
            f if f.starts_with('*') => glob_ci(f, name) || component_matches(name, f),
            f => component_matches(name, f),
        };
        name_matches
            && parts[start..parts.len() - 1]
                .iter()
                .zip(dirs.iter())
                .all(|(c, d)| component_matches(c, d))
    });
    if agent_file {
        return Some(ProtectedKind::AgentHookConfig);
    }
    if POLICY_FILE_NAMES.iter().any(|n| component_matches(name, n)) || in_dir(POLICY_DIR) {
        return Some(ProtectedKind::ToolgatePolicy);
    }
    if binary_by_name && BINARY_NAMES.iter().any(|b| component_matches(name, b)) {
        return Some(ProtectedKind::ToolgateBinary);
    }
    None
}

/// Whether writing `path` (relative paths resolved against `cwd`, `~` against `home`) would
/// touch a protected file; `binary` is the running toolgate binary, when known (the other
/// toolgate binaries in its directory are protected with it).
pub fn protected_kind(
    path: &str,
    cwd: Option<&Path>,
    home: Option<&Path>,
    binary: Option<&Path>,
) -> Option<ProtectedKind> {
    if !could_be_protected(path, cwd, home, binary) {
        return None;
    }
    protected_kind_exhaustive(path, cwd, home, binary)
}

/// A literal component that every protected match needs, one per condition of
/// [`protected_kind_of`] (without the binary by name) and of the binary check of
/// [`protected_kind`]; `None` (or a glob) for a condition without one.
fn protected_keys() -> Vec<Option<&'static str>> {
    let mut keys = vec![Some(CLAUDE_DIR_NAME), Some(MANAGED_SETTINGS_NAME)];
    keys.extend(CLAUDE_MANAGED_DIRS.iter().map(|d| d.last().copied()));
    keys.extend(
        AGENT_HOOK_FILES
            .iter()
            .map(|(dirs, file)| dirs.last().copied().or(Some(*file))),
    );
    keys.extend(AGENT_PLUGIN_DIRS.iter().map(|d| d.last().copied()));
    keys.extend(POLICY_FILE_NAMES.iter().copied().map(Some));
    keys.push(POLICY_DIR.last().copied());
    keys.extend(BINARY_NAMES.iter().copied().map(Some));
    keys
}

/// Whether removing or moving the directory `path` would take protected files with it: its
/// last components are the start of a protected directory's run (`.cursor` of
/// `.cursor/hooks.json`, `.github` of `.github/hooks/*.json`, `~/.config` of the user's
/// policy directory, `.claude` of its settings). Lexical, like [`protected_kind_of`]; the
/// root, homes and the project itself are the destructive rules' to judge.
pub fn holds_protected(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    let parts = folded_components(&lower);
    // A run `dirs` starts at the path's last `k` components (1 <= k <= dirs.len()); a part
    // of a run only when the run starts with a dot name (`build/etc` is not `/etc/codex`).
    let starts = |dirs: &[&str]| {
        let least = if dirs.first().is_some_and(|d| d.starts_with('.')) {
            1
        } else {
            dirs.len()
        };
        (least..=dirs.len().min(parts.len())).any(|k| {
            parts[parts.len() - k..]
                .iter()
                .zip(dirs)
                .all(|(c, d)| component_matches(c, d))
        })
    };
    starts(&[CLAUDE_DIR_NAME])
        || AGENT_HOOK_FILES
            .iter()
            .any(|(dirs, _)| !dirs.is_empty() && starts(dirs))
        || CLAUDE_MANAGED_DIRS.iter().any(|d| starts(d))
        || AGENT_PLUGIN_DIRS.iter().any(|d| starts(d))
        || starts(POLICY_DIR)
}

/// Whether [`protected_kind`] (and, without a working directory, home or binary,
/// [`protected_kind_of`], whose binary names are keys too) can answer anything but `None`:
/// false only when no component
/// of `path`, `cwd` or `home` is a glob or one of [`protected_keys`] (resolution takes its
/// components from those), and the running binary's name is one of [`BINARY_NAMES`].
fn could_be_protected(
    path: &str,
    cwd: Option<&Path>,
    home: Option<&Path>,
    binary: Option<&Path>,
) -> bool {
    static INDEX: LazyLock<Option<KeyIndex>> = LazyLock::new(|| KeyIndex::new(protected_keys()));
    let Some(index) = INDEX.as_ref() else {
        return true;
    };
    // `resolved == binary` needs the binary's name among the components: only the names
    // the index holds are known to be looked for.
    let binary_named = binary.is_none_or(|b| {
        b.file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| BINARY_NAMES.contains(&n))
    });
    !binary_named || !index.candidates(path, cwd, home).is_empty()
}

/// [`protected_kind`] without the prefilter: resolves `path` and checks every condition.
pub(crate) fn protected_kind_exhaustive(
    path: &str,
    cwd: Option<&Path>,
    home: Option<&Path>,
    binary: Option<&Path>,
) -> Option<ProtectedKind> {
    let resolved = resolve(path, cwd, home);
    if let Some(kind) = protected_kind_of(&resolved.to_string_lossy(), false) {
        // The `.claude` directory itself is not a file a file tool writes.
        let is_dir_only = resolved
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.eq_ignore_ascii_case(CLAUDE_DIR_NAME));
        if !is_dir_only {
            return Some(kind);
        }
    }
    // The running binary, and toolgate's other binaries beside it.
    let installed = |b: &Path| {
        resolved == b
            || (resolved.parent() == b.parent()
                && resolved
                    .file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| BINARY_NAMES.contains(&n)))
    };
    if binary.is_some_and(installed) {
        return Some(ProtectedKind::ToolgateBinary);
    }
    None
}

/// Lexical resolution: `~` expanded, relative paths joined to `cwd`, `.` and `..` folded.
pub fn resolve(path: &str, cwd: Option<&Path>, home: Option<&Path>) -> PathBuf {
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

fn only_wildcards(s: &str) -> bool {
    s.chars().all(|c| matches!(c, '*' | '?'))
}

fn has_glob(s: &str) -> bool {
    s.contains(['*', '?', '['])
}

/// A (lower-cased) path component against a protected name: equal, or a glob that could
/// expand to it.
fn component_matches(component: &str, name: &str) -> bool {
    if has_glob(component) {
        // `*` alone is every entry of a directory, not a write aimed at this name (`rm /tmp/*`);
        // `.claude/*` is caught by the settings names instead.
        if only_wildcards(component) {
            return false;
        }
        // Without `dotglob`, a glob only matches a dot name when it starts with a dot.
        if name.starts_with('.') && !component.starts_with('.') {
            return false;
        }
        glob_ci(component, name)
    } else {
        component.eq_ignore_ascii_case(name)
    }
}

/// Shell glob match (`*`, `?`, `[…]` with ranges and `!`/`^`), ignoring ASCII case.
/// An unterminated `[` matches itself.
pub fn glob_ci(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.to_ascii_lowercase().chars().collect();
    let t: Vec<char> = text.to_ascii_lowercase().chars().collect();
    glob_at(&p, &t)
}

fn glob_at(p: &[char], t: &[char]) -> bool {
    let (mut pi, mut ti) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        let step = match p.get(pi) {
            Some('*') => {
                star = Some((pi, ti));
                pi += 1;
                continue;
            }
            Some('?') => Some(1),
            Some('[') => class_match(&p[pi..], t[ti]),
            Some(c) if *c == t[ti] => Some(1),
            _ => None,
        };
        match step {
            Some(len) => {
                pi += len;
                ti += 1;
            }
            None => match star {
                Some((sp, st)) => {
                    pi = sp + 1;
                    ti = st + 1;
                    star = Some((sp, st + 1));
                }
                None => return false,
            },
        }
    }
    p[pi..].iter().all(|c| *c == '*')
}

/// Matches a `[…]` class at the start of `p` against `c`: the class length when it matches.
fn class_match(p: &[char], c: char) -> Option<usize> {
    let end = p.iter().skip(2).position(|x| *x == ']').map(|e| e + 2);
    let Some(end) = end else {
        return (c == '[').then_some(1);
    };
    let body = &p[1..end];
    let (negate, body) = match body.first() {
        Some('!' | '^') => (true, &body[1..]),
        _ => (false, body),
    };
    let mut hit = false;
    let mut i = 0;
    while i < body.len() {
        if i + 2 < body.len() && body[i + 1] == '-' {
            hit |= body[i] <= c && c <= body[i + 2];
            i += 3;
        } else {
            hit |= body[i] == c;
            i += 1;
        }
    }
    (hit != negate).then_some(end + 1)
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
    fn the_binaries_beside_the_running_one_are_protected() {
        for p in ["/usr/local/bin/toolgate", "/usr/local/bin/toolgate-server"] {
            assert_eq!(kind(p), Some(ProtectedKind::ToolgateBinary), "{p}");
            let from_server = protected_kind(
                p,
                None,
                None,
                Some(Path::new("/usr/local/bin/toolgate-server")),
            );
            assert_eq!(from_server, Some(ProtectedKind::ToolgateBinary), "{p}");
        }
        assert_eq!(kind("/usr/local/bin/other"), None);
        assert_eq!(kind("/opt/bin/toolgate-server"), None);
        assert!(is_protected_path("bin/toolgate-server", true));
    }

    #[test]
    fn claude_settings_are_protected() {
        for p in [
            ".claude/settings.json",
            "~/.claude/settings.json",
            "/work/p/sub/../.claude/settings.local.json",
            "/etc/claude-code/managed-settings.json",
            ".CLAUDE/Settings.JSON",
        ] {
            assert_eq!(kind(p), Some(ProtectedKind::ClaudeSettings), "{p}");
        }
        assert_eq!(kind(".claude/agents/x.md"), None);
        assert_eq!(kind(".claude"), None);
    }

    #[test]
    fn toolgate_files_are_protected() {
        assert_eq!(kind(".toolgate.yaml"), Some(ProtectedKind::ToolgatePolicy));
        assert_eq!(kind(".Toolgate.YML"), Some(ProtectedKind::ToolgatePolicy));
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
    fn globs_that_could_expand_to_a_protected_name_match() {
        for p in [
            ".clau*/settings.json",
            ".claude/set*",
            ".c?aude/settings.local.json",
            ".claude/[s]ettings.json",
            ".toolgate.y*",
            "*/.claude",
            "x/../.claude/settings.json",
            ".claude/*",
        ] {
            assert!(is_protected_path(p, false), "{p}");
        }
        for p in [
            "src/*.rs",
            ".claude/agents/*",
            "set*",
            "docs/[a-c]*",
            "*",
            "*/x",
            "/tmp/*",
            "/usr/local/bin/*",
            ".claude/../settings.json",
        ] {
            assert!(!is_protected_path(p, false), "{p}");
        }
    }

    #[test]
    fn other_agents_hook_configs_are_protected() {
        for p in [
            "~/.codex/hooks.json",
            ".codex/config.toml",
            "/w/.gemini/settings.json",
            "~/.cursor/hooks.json",
            ".github/hooks/toolgate.json",
            "~/.copilot/hooks/toolgate.json",
            ".opencode/plugins/toolgate.js",
            "~/.config/opencode/plugins/x.ts",
            "opencode.json",
            "/etc/codex/requirements.toml",
        ] {
            assert_eq!(kind(p), Some(ProtectedKind::AgentHookConfig), "{p}");
        }
        for p in [
            ".codex/notes.md",
            ".github/workflows/ci.yml",
            ".github/hooks",
            "src/hooks.json",
            ".gemini/GEMINI.md",
        ] {
            assert_eq!(kind(p), None, "{p}");
        }
    }

    #[test]
    fn agents_plugins_are_protected() {
        for p in [
            "~/.claude/plugins/cache/toolgate/toolgate/0.1.0/hooks/hooks.json",
            "/home/u/.claude/plugins/installed_plugins.json",
            "~/.codex/plugins/x/hooks.json",
            "~/.gemini/extensions/toolgate/gemini-extension.json",
        ] {
            assert_eq!(kind(p), Some(ProtectedKind::AgentHookConfig), "{p}");
        }
        for p in [
            "plugins/x.json",
            ".claude/commands/x.md",
            "extensions/a.json",
        ] {
            assert_eq!(kind(p), None, "{p}");
        }
    }

    #[test]
    fn directories_holding_protected_files() {
        for p in [
            ".claude",
            ".cursor",
            "./.codex/",
            "/home/u/.gemini",
            ".github",
            ".github/hooks",
            "~/.config",
            "~/.config/toolgate",
            "~/.claude/plugins",
            "/etc/codex",
            ".cur*",
        ] {
            assert!(holds_protected(p), "{p}");
        }
        for p in [
            "build/etc",
            "etc",
            ".github/workflows",
            ".claude/commands",
            "src",
            "plugins",
            "*",
            "",
        ] {
            assert!(!holds_protected(p), "{p}");
        }
    }

    #[test]
    fn binary_by_name_only_when_asked() {
        assert!(is_protected_path("/usr/local/bin/toolgate", true));
        assert!(!is_protected_path("/usr/local/bin/toolgate", false));
        assert!(!is_protected_path("toolgate-notes.txt", true));
    }

    #[test]
    fn glob_classes() {
        assert!(glob_ci("[a-c]x", "bx"));
        assert!(!glob_ci("[!a-c]x", "bx"));
        assert!(glob_ci("*.JSON", "a.json"));
        assert!(glob_ci("[", "["));
        assert!(!glob_ci("a*b", "ac"));
    }
}
