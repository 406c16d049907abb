//! The `persistence` pack in the catalog: writing files that run code or grant access later
//! (startup files, hooks, crontabs, sudoers, system programs, MCP servers), enabling services
//! and scheduling commands.

use super::{Pack, review};

pub(super) const PACK: Pack = Pack {
    name: "persistence",
    summary: "writing files that run code or grant access later (startup files, hooks, crontabs, sudoers, system programs, MCP servers), enabling services and scheduling commands",
    rules: &[
        review(
            "TG-PERSIST-WRITE",
            "Writing a startup, hook, scheduling, privilege or system file plants code or access that outlives the session",
            "~/.bashrc, .git/hooks/*, ~/.ssh/authorized_keys, crontabs, systemd units, .envrc, /etc/sudoers, /etc/passwd, /usr/local/bin/*, ~/.local/bin/sudo, /etc/ld.so.preload, /etc/hosts, .mcp.json (redirect, tee, cp, install, sed -i or a file tool)",
        ),
        review(
            "TG-PERSIST-GIT-CONFIG",
            "Setting a git configuration key whose value git runs as a program",
            "git config core.hooksPath|core.fsmonitor|core.sshCommand|interactive.diffFilter …, ! aliases",
        ),
        review(
            "TG-PERSIST-TOOL-CONFIG",
            "Setting a package manager's configuration key whose value it runs in every later script",
            "npm|pnpm|yarn config set script-shell|shell|git|node-options|init-module|node-gyp …, npm set …",
        ),
        review(
            "TG-PERSIST-SERVICE-ENABLE",
            "Enabling a service unit or a launchd job, or lingering for a user, makes it start on its own at every boot or login",
            "systemctl [--user] enable|reenable|link|preset|add-wants|edit UNIT, loginctl enable-linger, launchctl load|bootstrap|enable|submit",
        ),
        review(
            "TG-PERSIST-SCHEDULE",
            "Scheduling a command makes it run later, on its own",
            "at TIME, batch, systemd-run --on-calendar|--on-boot|--on-active … CMD",
        ),
        review(
            "TG-PERSIST-MCP-ADD",
            "Registering an MCP server with a coding agent plants a command it starts in every later session",
            "claude|codex|gemini|qwen|copilot|opencode mcp add …, claude mcp add-json|add-from-claude-desktop",
        ),
    ],
};
