//! The persistence classes' table and the files of each class.

use super::*;
use PersistenceClass::*;

fn class(p: &str) -> Option<PersistenceClass> {
    persistence_class(
        p,
        Some(Path::new("/home/u/proj")),
        Some(Path::new("/home/u")),
    )
}

#[test]
fn every_class_has_one_row_named_in_snake_case() {
    let all = [
        ShellStartup,
        GitHooks,
        GitConfig,
        SshAuthorizedKeys,
        SshConfig,
        Crontab,
        SystemdUnit,
        LaunchAgent,
        Autostart,
        Direnv,
        VscodeTasks,
        McpServers,
        Privileges,
        SystemPrograms,
        CommandShadowing,
        SystemStartup,
        NameResolution,
        InterpreterStartup,
        EditorStartup,
        ToolStartup,
        DownloaderConfig,
    ];
    assert_eq!(all.len(), PERSISTENCE_CLASSES.len());
    for c in all {
        assert_eq!(c.info().class, c);
        assert_eq!(PersistenceClass::parse(c.name()), Some(c));
        assert!(!c.info().patterns.is_empty());
        assert!(
            c.name()
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b == b'_')
        );
    }
    for p in PERSISTENCE_CLASSES.iter().flat_map(|i| i.patterns) {
        // Matching lower-cases the path, so patterns must be lower case to match at all.
        for part in p.parts {
            assert_eq!(*part, part.to_ascii_lowercase(), "{part}");
        }
    }
}

#[test]
fn the_files_of_each_class() {
    for (path, want) in [
        ("~/.bashrc", ShellStartup),
        ("/home/u/.zshrc", ShellStartup),
        ("../.profile", ShellStartup),
        ("~/.config/fish/config.fish", ShellStartup),
        ("/etc/profile.d/x.sh", ShellStartup),
        (".git/hooks/pre-commit", GitHooks),
        ("/srv/repo/.git/hooks/post-merge", GitHooks),
        (".git/config", GitConfig),
        ("~/.gitconfig", GitConfig),
        ("~/.config/git/config", GitConfig),
        ("~/.ssh/authorized_keys", SshAuthorizedKeys),
        ("/root/.ssh/authorized_keys", SshAuthorizedKeys),
        ("~/.ssh/config", SshConfig),
        ("/var/spool/cron/crontabs/u", Crontab),
        ("/etc/cron.d/job", Crontab),
        ("~/.config/systemd/user/x.service", SystemdUnit),
        ("/etc/systemd/system/x.service", SystemdUnit),
        ("/Users/u/Library/LaunchAgents/com.x.plist", LaunchAgent),
        ("~/.config/autostart/x.desktop", Autostart),
        (".envrc", Direnv),
        ("/etc/passwd", Privileges),
        ("/etc/sudoers.d/dev", Privileges),
        ("/etc/pam.d/sshd", Privileges),
        ("/etc/ssh/sshd_config", Privileges),
        ("/usr/bin/ls", SystemPrograms),
        ("/usr/local/bin", SystemPrograms),
        ("/bin/sh", SystemPrograms),
        ("/etc/ld.so.preload", SystemPrograms),
        ("~/.local/bin/sudo", CommandShadowing),
        ("/home/me/bin/ssh", CommandShadowing),
        ("/etc/rc.local", SystemStartup),
        ("/etc/rc3.d/S01x", SystemStartup),
        ("/etc/apt/apt.conf.d/99hook", SystemStartup),
        ("/etc/hosts", NameResolution),
        ("/etc/resolv.conf", NameResolution),
        ("sub/.envrc", Direnv),
        (".vscode/tasks.json", VscodeTasks),
        (".mcp.json", McpServers),
        ("/home/u/proj/.mcp.json", McpServers),
        ("~/.claude.json", McpServers),
        (".cursor/mcp.json", McpServers),
        ("~/.cursor/mcp.json", McpServers),
        (".vscode/mcp.json", McpServers),
        ("~/.codeium/windsurf/mcp_config.json", McpServers),
        ("~/.bash_aliases", ShellStartup),
        ("~/.bashrc.d/x.sh", ShellStartup),
        ("~/.xprofile", ShellStartup),
        ("~/.config/autostart-scripts/x.sh", Autostart),
        ("~/.config/environment.d/x.conf", Autostart),
        (
            "~/.local/lib/python3.12/site-packages/evil.pth",
            InterpreterStartup,
        ),
        (
            "/home/u/.local/lib/python3.11/site-packages/usercustomize.py",
            InterpreterStartup,
        ),
        (
            "/Users/u/Library/Python/3.12/lib/python/site-packages/x.pth",
            InterpreterStartup,
        ),
        ("~/.vimrc", EditorStartup),
        ("/home/u/.vim/plugin/x.vim", EditorStartup),
        ("~/.config/nvim/init.lua", EditorStartup),
        ("~/.config/nvim/lua/plugins/x.lua", EditorStartup),
        (
            "~/.local/share/nvim/site/pack/p/start/x/plugin/x.lua",
            EditorStartup,
        ),
        ("~/.emacs", EditorStartup),
        ("~/.emacs.d/init.el", EditorStartup),
        ("~/.config/emacs/early-init.el", EditorStartup),
        ("~/.inputrc", ToolStartup),
        ("~/.tmux.conf", ToolStartup),
        ("~/.config/tmux/tmux.conf", ToolStartup),
        ("~/.screenrc", ToolStartup),
        ("~/.gdbinit", ToolStartup),
        ("~/.config/gdb/gdbinit", ToolStartup),
        ("~/.lldbinit", ToolStartup),
        ("~/.pythonrc.py", ToolStartup),
        ("~/.ipython/profile_default/startup/00-x.py", ToolStartup),
        ("~/.irbrc", ToolStartup),
        ("~/.pryrc", ToolStartup),
        ("~/.Rprofile", ToolStartup),
        ("~/.psqlrc", ToolStartup),
        ("~/.sqliterc", ToolStartup),
        ("~/.curlrc", DownloaderConfig),
        ("~/.wgetrc", DownloaderConfig),
        ("~/.aria2/aria2.conf", DownloaderConfig),
        ("~/.pam_environment", ShellStartup),
    ] {
        assert_eq!(class(path), Some(want), "{path}");
    }
}

#[test]
fn near_misses() {
    for path in [
        "docs/bashrc.md",
        "proj/.bashrc.example",
        "dotfiles/.bashrc",
        ".git/HEAD",
        ".git/refs/heads/main",
        "hooks/pre-commit",
        ".githooks.md",
        ".vscode/settings.json",
        "~/.ssh/known_hosts",
        "src/cron.rs",
        ".envrc.example",
        "~/.config/fish/functions/x.fish",
        "~/.local/lib/python3.12/site-packages/requests/api.py",
        "venv/lib/python3.12/site-packages/x.pth",
        "proj/.bash_aliases.example",
        "docs/mcp.json",
        "mcp.json.example",
        "proj/.claude.json",
        // A project's own copies, and files of the tools that run no code.
        "dotfiles/.vimrc",
        "proj/.tmux.conf",
        ".config/nvim/init.lua",
        "~/.editorconfig",
        "~/.viminfo",
        "~/.vim_history",
        "~/.psql_history",
        "~/.python_history",
        "~/.ipython/profile_default/history.sqlite",
        "~/.emacs.bak",
        "~/.curlrc.example",
        "~/.wget-hsts",
    ] {
        assert_eq!(class(path), None, "{path}");
    }
}
