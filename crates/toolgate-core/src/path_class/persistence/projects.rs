//! Files of development tools that run commands of their own: git hooks and configuration,
//! direnv, VS Code tasks, coding agents' MCP server lists.

use super::{PersistenceClass, PersistenceInfo, file, tree};
use crate::path_class::pattern::Anchor::{Anywhere, Home, Root};

pub(super) const GIT_HOOKS: PersistenceInfo = PersistenceInfo {
    class: PersistenceClass::GitHooks,
    name: "git_hooks",
    describe: "a git hook",
    effect: "plants code that runs later",
    patterns: &[tree(Anywhere, &[".git", "**", "hooks"])],
};

pub(super) const GIT_CONFIG: PersistenceInfo = PersistenceInfo {
    class: PersistenceClass::GitConfig,
    name: "git_config",
    describe: "a git configuration file",
    effect: "plants code that runs later",
    patterns: &[
        file(Anywhere, &[".git", "config"]),
        file(Anywhere, &[".git", "modules", "**", "config"]),
        file(Anywhere, &[".git", "worktrees", "*", "config.worktree"]),
        file(Anywhere, &[".git", "config.worktree"]),
        file(Home, &[".gitconfig"]),
        file(Home, &[".config", "git", "config"]),
        file(Root, &["etc", "gitconfig"]),
    ],
};

pub(super) const DIRENV: PersistenceInfo = PersistenceInfo {
    class: PersistenceClass::Direnv,
    name: "direnv",
    describe: "a direnv file (.envrc)",
    effect: "plants code that runs later",
    patterns: &[
        file(Anywhere, &[".envrc"]),
        file(Home, &[".config", "direnv", "direnvrc"]),
        file(Home, &[".direnvrc"]),
    ],
};

pub(super) const VSCODE_TASKS: PersistenceInfo = PersistenceInfo {
    class: PersistenceClass::VscodeTasks,
    name: "vscode_tasks",
    describe: "a VS Code tasks file",
    effect: "plants code that runs later",
    patterns: &[file(Anywhere, &[".vscode", "tasks.json"])],
};

pub(super) const MCP_SERVERS: PersistenceInfo = PersistenceInfo {
    class: PersistenceClass::McpServers,
    name: "mcp_servers",
    describe: "a coding agent's MCP server list",
    effect: "plants a command the agent starts later",
    patterns: &[
        // Claude Code's project and user lists.
        file(Anywhere, &[".mcp.json"]),
        file(Home, &[".claude.json"]),
        // Cursor, VS Code (Copilot), Amazon Q, Roo Code, Windsurf.
        file(Anywhere, &[".cursor", "mcp.json"]),
        file(Anywhere, &[".vscode", "mcp.json"]),
        file(Anywhere, &[".amazonq", "mcp.json"]),
        file(Anywhere, &[".roo", "mcp.json"]),
        file(Home, &[".codeium", "windsurf", "mcp_config.json"]),
    ],
};
