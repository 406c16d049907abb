//! Coding agents' command lines (read from each CLI's `--help` at the versions the
//! end-to-end tests pin): the options that take a value, so a prompt or a model name is
//! never mistaken for a subcommand. Options whose value is optional (`claude -r [id]`) are
//! left out: read as flags they swallow nothing.

use super::Spec;

/// Claude Code (`claude`).
pub(crate) const CLAUDE: Spec = Spec {
    // `claude plugin disable --all` is no abbreviation of `--allowed-tools`.
    long_flags: &["all"],
    ..Spec::values(
        "n",
        &[
            "add-dir",
            "agent",
            "agents",
            "allowedTools",
            "allowed-tools",
            "append-system-prompt",
            "autocompact",
            "betas",
            "debug-file",
            "disallowedTools",
            "disallowed-tools",
            "effort",
            "environment",
            "fallback-model",
            "file",
            "input-format",
            "json-schema",
            "max-budget-usd",
            "max-turns",
            "mcp-config",
            "model",
            "name",
            "output-format",
            "permission-mode",
            "permission-prompt-tool",
            "permission-prompts",
            "plugin-dir",
            "plugin-url",
            "remote-control-session-name-prefix",
            "session-id",
            "setting-sources",
            "settings",
            "system-prompt",
            "system-prompt-snapshot",
            "tools",
        ],
    )
};

/// Codex (`codex`, `codex exec`).
pub(crate) const CODEX: Spec = Spec::values(
    "aciCmps",
    &[
        "add-dir",
        "ask-for-approval",
        "cd",
        "color",
        "config",
        "cyber-access-program",
        "disable",
        "enable",
        "image",
        "local-provider",
        "model",
        "output-last-message",
        "output-schema",
        "profile",
        "remote",
        "remote-auth-token-env",
        "sandbox",
        "thread-source",
    ],
);

/// Gemini CLI (`gemini`) and its fork Qwen Code (`qwen`).
pub(crate) const GEMINI: Spec = Spec::values(
    "eimopr",
    &[
        "admin-policy",
        "allowed-mcp-server-names",
        "allowed-tools",
        "approval-mode",
        "delete-session",
        "extensions",
        "include-directories",
        "model",
        "output-format",
        "policy",
        "prompt",
        "prompt-interactive",
        "resume",
        "session-file",
        "session-id",
    ],
);

/// GitHub Copilot CLI (`copilot`).
pub(crate) const COPILOT: Spec = Spec::values(
    "Cinp",
    &[
        "add-dir",
        "add-github-mcp-tool",
        "additional-mcp-config",
        "agent",
        "allow-tool",
        "allow-url",
        "attachment",
        "auto-tier",
        "available-tools",
        "context",
        "deny-tool",
        "deny-url",
        "disable-mcp-server",
        "dynamic-retrieval",
        "enable-mcp-server",
        "environment-compute-id",
        "environment-host",
        "excluded-tools",
        "extension-sdk-path",
        "interactive",
        "log-dir",
        "log-level",
        "max-ai-credits",
        "max-autopilot-continues",
        "mcp-github-auth",
        "mode",
        "model",
        "name",
        "output-format",
        "plugin-dir",
        "prompt",
        "reasoning-effort",
        "secret-env-vars",
        "session-id",
        "stream",
        "usage-output-file",
    ],
);

/// OpenCode (`opencode`, `opencode run`).
pub(crate) const OPENCODE: Spec = Spec::values(
    "fmpsu",
    &[
        "agent",
        "attach",
        "command",
        "cors",
        "dir",
        "file",
        "format",
        "hostname",
        "log-level",
        "mdns-domain",
        "model",
        "password",
        "port",
        "prompt",
        "session",
        "title",
        "username",
        "variant",
    ],
);

/// Cursor's agent CLI (`cursor-agent`, also installed as `agent`).
pub(crate) const CURSOR_AGENT: Spec = Spec::values(
    "Hn",
    &[
        "api-key",
        "header",
        "mode",
        "model",
        "name",
        "output-format",
        "sandbox",
        "workspace",
        "worktree-base",
    ],
);
