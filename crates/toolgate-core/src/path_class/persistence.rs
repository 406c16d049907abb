//! Files whose writing plants persistence: code that runs later, on its own — at the next
//! login, commit, `cd`, schedule tick, or SSH connection. Writing them is review by default,
//! whichever tool writes (Write, Edit, a shell redirect, `tee`, `cp`, an MCP file tool).

use std::path::Path;
use std::sync::LazyLock;

use super::pattern::{Anchor, PathPattern, PatternTable};

/// A class of files whose writing plants persistence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PersistenceClass {
    /// Shell startup files (`~/.bashrc`, `~/.zshrc`, `~/.profile`, fish `config.fish`).
    ShellStartup,
    /// Git hooks (`.git/hooks/*`), run by git on commit, checkout, merge, push.
    GitHooks,
    /// Git configuration (`.git/config`, `~/.gitconfig`): `core.hooksPath`, `core.fsmonitor`,
    /// `core.sshCommand` and `!` aliases run programs.
    GitConfig,
    /// `~/.ssh/authorized_keys`: who may log in.
    SshAuthorizedKeys,
    /// `~/.ssh/config`, `~/.ssh/rc`: commands run on each SSH connection.
    SshConfig,
    /// Crontabs: scheduled commands.
    Crontab,
    /// systemd units, user and system.
    SystemdUnit,
    /// launchd agents and daemons (macOS).
    LaunchAgent,
    /// Desktop autostart entries (`~/.config/autostart`).
    Autostart,
    /// direnv's `.envrc`: runs on `cd` into the directory.
    Direnv,
    /// VS Code tasks (`.vscode/tasks.json`), which can run on opening the folder.
    VscodeTasks,
    /// Coding agents' MCP server lists (`.mcp.json`, `.cursor/mcp.json`, `.vscode/mcp.json`,
    /// `~/.claude.json`): each server is a command the agent starts at its next start.
    McpServers,
    /// Accounts, passwords and privileges (`/etc/passwd`, `/etc/shadow`, sudoers, PAM,
    /// `sshd_config`): a new root account or `NOPASSWD` rule is access that outlives the
    /// session.
    Privileges,
    /// Programs on the system's path and the dynamic loader's preload and search lists: a
    /// replaced `/usr/bin/ls` or a line in `/etc/ld.so.preload` runs with every later call.
    SystemPrograms,
    /// A program in the user's own command directories (`~/.local/bin`, `~/bin`, which
    /// `PATH` usually lists before the system's) named like a command that handles
    /// passwords, keys or every shell (`sudo`, `ssh`, `git`, `ls`): it runs in its place.
    CommandShadowing,
    /// The system's own startup and hook scripts (`/etc/rc.local`, `/etc/init.d`, login
    /// messages, APT hooks), run at boot, login or package installs.
    SystemStartup,
    /// Name resolution (`/etc/hosts`, `/etc/resolv.conf`): later connections go where the
    /// file says.
    NameResolution,
    /// Files Python runs at every start from the user's site-packages (`*.pth` lines that
    /// begin with `import`, `usercustomize.py`, `sitecustomize.py`).
    InterpreterStartup,
}

/// One row of [`PERSISTENCE_CLASSES`].
pub struct PersistenceInfo {
    /// The class.
    pub class: PersistenceClass,
    /// Its name in policy files and reasons (`shell_startup`).
    pub name: &'static str,
    /// What the files are, for reasons and documentation.
    pub describe: &'static str,
    /// What writing one does, for reasons (`plants code that runs later`).
    pub effect: &'static str,
    /// The paths of the class.
    pub patterns: &'static [PathPattern],
}

use Anchor::{Anywhere, Home, Root};

const fn file(anchor: Anchor, parts: &'static [&'static str]) -> PathPattern {
    PathPattern::file(anchor, parts)
}

const fn tree(anchor: Anchor, parts: &'static [&'static str]) -> PathPattern {
    PathPattern::tree(anchor, parts)
}

/// Every persistence class: its name, description and paths.
pub const PERSISTENCE_CLASSES: &[PersistenceInfo] = &[
    PersistenceInfo {
        class: PersistenceClass::ShellStartup,
        name: "shell_startup",
        describe: "a shell startup file",
        effect: "plants code that runs later",
        patterns: &[
            file(Home, &[".bashrc"]),
            file(Home, &[".bash_profile"]),
            file(Home, &[".bash_login"]),
            file(Home, &[".bash_logout"]),
            file(Home, &[".profile"]),
            file(Home, &[".zshrc"]),
            file(Home, &[".zshenv"]),
            file(Home, &[".zprofile"]),
            file(Home, &[".zlogin"]),
            file(Home, &[".zlogout"]),
            file(Home, &[".kshrc"]),
            file(Home, &[".cshrc"]),
            file(Home, &[".tcshrc"]),
            file(Home, &[".config", "fish", "config.fish"]),
            tree(Home, &[".config", "fish", "conf.d"]),
            // Sourced by Debian's and Ubuntu's default `.bashrc`, Fedora's, X sessions'.
            file(Home, &[".bash_aliases"]),
            tree(Home, &[".bashrc.d"]),
            file(Home, &[".xprofile"]),
            file(Home, &[".xinitrc"]),
            file(Home, &[".xsession"]),
            file(Home, &[".xsessionrc"]),
            file(Root, &["etc", "profile"]),
            tree(Root, &["etc", "profile.d"]),
            file(Root, &["etc", "bash.bashrc"]),
            file(Root, &["etc", "bashrc"]),
            file(Root, &["etc", "zshrc"]),
            file(Root, &["etc", "zshenv"]),
            tree(Root, &["etc", "zsh"]),
            file(Root, &["etc", "environment"]),
        ],
    },
    PersistenceInfo {
        class: PersistenceClass::GitHooks,
        name: "git_hooks",
        describe: "a git hook",
        effect: "plants code that runs later",
        patterns: &[tree(Anywhere, &[".git", "**", "hooks"])],
    },
    PersistenceInfo {
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
    },
    PersistenceInfo {
        class: PersistenceClass::SshAuthorizedKeys,
        name: "ssh_authorized_keys",
        describe: "an SSH authorized_keys file",
        effect: "plants code that runs later",
        patterns: &[
            file(Home, &[".ssh", "authorized_keys"]),
            file(Home, &[".ssh", "authorized_keys2"]),
        ],
    },
    PersistenceInfo {
        class: PersistenceClass::SshConfig,
        name: "ssh_config",
        describe: "an SSH client configuration or rc file",
        effect: "plants code that runs later",
        patterns: &[
            file(Home, &[".ssh", "config"]),
            tree(Home, &[".ssh", "config.d"]),
            file(Home, &[".ssh", "rc"]),
            file(Home, &[".ssh", "environment"]),
            file(Root, &["etc", "ssh", "ssh_config"]),
            tree(Root, &["etc", "ssh", "ssh_config.d"]),
            file(Root, &["etc", "ssh", "sshrc"]),
        ],
    },
    PersistenceInfo {
        class: PersistenceClass::Crontab,
        name: "crontab",
        describe: "a crontab",
        effect: "plants code that runs later",
        patterns: &[
            tree(Root, &["var", "spool", "cron"]),
            file(Root, &["etc", "crontab"]),
            file(Root, &["etc", "anacrontab"]),
            tree(Root, &["etc", "cron.d"]),
            tree(Root, &["etc", "cron.hourly"]),
            tree(Root, &["etc", "cron.daily"]),
            tree(Root, &["etc", "cron.weekly"]),
            tree(Root, &["etc", "cron.monthly"]),
            tree(Root, &["usr", "lib", "cron", "tabs"]),
        ],
    },
    PersistenceInfo {
        class: PersistenceClass::SystemdUnit,
        name: "systemd_unit",
        describe: "a systemd unit",
        effect: "plants code that runs later",
        patterns: &[
            tree(Home, &[".config", "systemd"]),
            tree(Home, &[".local", "share", "systemd"]),
            tree(Root, &["etc", "systemd"]),
            tree(Root, &["usr", "lib", "systemd", "system"]),
            tree(Root, &["usr", "lib", "systemd", "user"]),
            tree(Root, &["lib", "systemd", "system"]),
        ],
    },
    PersistenceInfo {
        class: PersistenceClass::LaunchAgent,
        name: "launch_agent",
        describe: "a launchd agent or daemon",
        effect: "plants code that runs later",
        patterns: &[
            tree(Home, &["library", "launchagents"]),
            tree(Root, &["library", "launchagents"]),
            tree(Root, &["library", "launchdaemons"]),
        ],
    },
    PersistenceInfo {
        class: PersistenceClass::Autostart,
        name: "autostart",
        describe: "a desktop autostart entry",
        effect: "plants code that runs later",
        patterns: &[
            tree(Home, &[".config", "autostart"]),
            tree(Home, &[".config", "autostart-scripts"]),
            tree(Home, &[".config", "plasma-workspace", "env"]),
            tree(Home, &[".config", "environment.d"]),
            tree(Root, &["etc", "xdg", "autostart"]),
        ],
    },
    PersistenceInfo {
        class: PersistenceClass::Direnv,
        name: "direnv",
        describe: "a direnv file (.envrc)",
        effect: "plants code that runs later",
        patterns: &[
            file(Anywhere, &[".envrc"]),
            file(Home, &[".config", "direnv", "direnvrc"]),
            file(Home, &[".direnvrc"]),
        ],
    },
    PersistenceInfo {
        class: PersistenceClass::VscodeTasks,
        name: "vscode_tasks",
        describe: "a VS Code tasks file",
        effect: "plants code that runs later",
        patterns: &[file(Anywhere, &[".vscode", "tasks.json"])],
    },
    PersistenceInfo {
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
    },
    PersistenceInfo {
        class: PersistenceClass::Privileges,
        name: "privileges",
        describe: "a file of accounts, passwords or privileges (passwd, shadow, sudoers, PAM)",
        effect: "grants access that outlives the session",
        patterns: &[
            file(Root, &["etc", "passwd"]),
            file(Root, &["etc", "shadow"]),
            file(Root, &["etc", "group"]),
            file(Root, &["etc", "gshadow"]),
            file(Root, &["etc", "sudoers"]),
            tree(Root, &["etc", "sudoers.d"]),
            file(Root, &["etc", "doas.conf"]),
            tree(Root, &["etc", "pam.d"]),
            tree(Root, &["etc", "security"]),
            tree(Root, &["etc", "polkit-1"]),
            file(Root, &["etc", "ssh", "sshd_config"]),
            tree(Root, &["etc", "ssh", "sshd_config.d"]),
        ],
    },
    PersistenceInfo {
        class: PersistenceClass::SystemPrograms,
        name: "system_programs",
        describe: "a program or shared library on the system's paths, or the dynamic loader's preload list",
        effect: "plants code that runs later",
        patterns: &[
            tree(Root, &["usr", "bin"]),
            tree(Root, &["usr", "sbin"]),
            tree(Root, &["usr", "local", "bin"]),
            tree(Root, &["usr", "local", "sbin"]),
            tree(Root, &["bin"]),
            tree(Root, &["sbin"]),
            // Shared libraries every program on the system may load.
            tree(Root, &["usr", "lib"]),
            tree(Root, &["usr", "lib64"]),
            tree(Root, &["usr", "local", "lib"]),
            tree(Root, &["lib"]),
            tree(Root, &["lib64"]),
            file(Root, &["etc", "ld.so.preload"]),
            file(Root, &["etc", "ld.so.conf"]),
            tree(Root, &["etc", "ld.so.conf.d"]),
        ],
    },
    PersistenceInfo {
        class: PersistenceClass::CommandShadowing,
        name: "command_shadowing",
        describe: "a program in the user's own command directory named like a system command that handles passwords, keys or every shell",
        effect: "plants code that runs in the command's place",
        patterns: &[
            file(Home, &[".local", "bin", "sudo"]),
            file(Home, &[".local", "bin", "su"]),
            file(Home, &[".local", "bin", "doas"]),
            file(Home, &[".local", "bin", "pkexec"]),
            file(Home, &[".local", "bin", "ssh"]),
            file(Home, &[".local", "bin", "scp"]),
            file(Home, &[".local", "bin", "git"]),
            file(Home, &[".local", "bin", "gpg"]),
            file(Home, &[".local", "bin", "passwd"]),
            file(Home, &[".local", "bin", "ls"]),
            file(Home, &[".local", "bin", "bash"]),
            file(Home, &[".local", "bin", "sh"]),
            file(Home, &[".local", "bin", "zsh"]),
            file(Home, &[".local", "bin", "env"]),
            file(Home, &["bin", "sudo"]),
            file(Home, &["bin", "su"]),
            file(Home, &["bin", "doas"]),
            file(Home, &["bin", "pkexec"]),
            file(Home, &["bin", "ssh"]),
            file(Home, &["bin", "scp"]),
            file(Home, &["bin", "git"]),
            file(Home, &["bin", "gpg"]),
            file(Home, &["bin", "passwd"]),
            file(Home, &["bin", "ls"]),
            file(Home, &["bin", "bash"]),
            file(Home, &["bin", "sh"]),
            file(Home, &["bin", "zsh"]),
            file(Home, &["bin", "env"]),
        ],
    },
    PersistenceInfo {
        class: PersistenceClass::SystemStartup,
        name: "system_startup",
        describe: "a system startup or hook script",
        effect: "plants code that runs later",
        patterns: &[
            file(Root, &["etc", "rc.local"]),
            tree(Root, &["etc", "init.d"]),
            tree(Root, &["etc", "rc?.d"]),
            tree(Root, &["etc", "update-motd.d"]),
            tree(Root, &["etc", "apt", "apt.conf.d"]),
            tree(Root, &["etc", "udev", "rules.d"]),
        ],
    },
    PersistenceInfo {
        class: PersistenceClass::NameResolution,
        name: "name_resolution",
        describe: "a name resolution file (/etc/hosts, resolv.conf)",
        effect: "redirects later connections",
        patterns: &[
            file(Root, &["etc", "hosts"]),
            file(Root, &["etc", "resolv.conf"]),
            file(Root, &["etc", "nsswitch.conf"]),
        ],
    },
    PersistenceInfo {
        class: PersistenceClass::InterpreterStartup,
        name: "interpreter_startup",
        describe: "a file Python runs at every start (a .pth file or usercustomize in the user's site-packages)",
        effect: "plants code that runs later",
        patterns: &[
            file(
                Home,
                &[".local", "lib", "python*", "site-packages", "*.pth"],
            ),
            file(
                Home,
                &[
                    ".local",
                    "lib",
                    "python*",
                    "site-packages",
                    "usercustomize.py",
                ],
            ),
            file(
                Home,
                &[
                    ".local",
                    "lib",
                    "python*",
                    "site-packages",
                    "sitecustomize.py",
                ],
            ),
            file(
                Home,
                &[
                    "library",
                    "python",
                    "*",
                    "lib",
                    "python",
                    "site-packages",
                    "*.pth",
                ],
            ),
            file(
                Home,
                &[
                    "library",
                    "python",
                    "*",
                    "lib",
                    "python",
                    "site-packages",
                    "usercustomize.py",
                ],
            ),
        ],
    },
];

impl PersistenceClass {
    /// This class's row of [`PERSISTENCE_CLASSES`].
    pub fn info(self) -> &'static PersistenceInfo {
        PERSISTENCE_CLASSES
            .iter()
            .find(|i| i.class == self)
            .unwrap_or(&PERSISTENCE_CLASSES[0])
    }

    /// The name used in policy files (`shell_startup`).
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The class named `name` in a policy file.
    pub fn parse(name: &str) -> Option<PersistenceClass> {
        PERSISTENCE_CLASSES
            .iter()
            .find(|i| i.name == name)
            .map(|i| i.class)
    }

    /// Every class name, for suggestions.
    pub fn names() -> Vec<&'static str> {
        PERSISTENCE_CLASSES.iter().map(|i| i.name).collect()
    }
}

/// The persistence class of writing `path` (relative to `cwd`, `~` to `home`), if any.
pub fn persistence_class(
    path: &str,
    cwd: Option<&Path>,
    home: Option<&Path>,
) -> Option<PersistenceClass> {
    static TABLE: LazyLock<PatternTable<PersistenceClass>> = LazyLock::new(|| {
        PatternTable::new(
            PERSISTENCE_CLASSES
                .iter()
                .flat_map(|i| i.patterns.iter().map(|p| (i.class, p)))
                .collect(),
        )
    });
    TABLE.first_match(path, cwd, home)
}

/// [`persistence_class`] trying every pattern, as it did before the prefilter: the reference
/// of the differential test.
#[cfg(test)]
pub(crate) fn persistence_class_exhaustive(
    path: &str,
    cwd: Option<&Path>,
    home: Option<&Path>,
) -> Option<PersistenceClass> {
    let view = super::pattern::PathView::new(path, cwd, home);
    PERSISTENCE_CLASSES
        .iter()
        .find(|i| i.patterns.iter().any(|p| view.matches(p)))
        .map(|i| i.class)
}

#[cfg(test)]
mod tests {
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
        ] {
            assert_eq!(class(path), None, "{path}");
        }
    }
}
