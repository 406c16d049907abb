//! Files whose writing plants persistence: code that runs later, on its own — at the next
//! login, commit, `cd`, schedule tick, SSH connection, or start of an editor or tool.
//! Writing them is review by default, whichever tool writes (Write, Edit, a shell redirect,
//! `tee`, `cp`, an MCP file tool).

use std::path::Path;
use std::sync::LazyLock;

use super::pattern::{Anchor, PathPattern, PatternTable};

mod projects;
mod schedulers;
mod sessions;
mod ssh;
mod system;
mod tools;

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
    /// Editors' start-up files and plugins (`~/.vimrc`, `~/.vim/`, `~/.config/nvim/`,
    /// `~/.emacs.d/`): code the editor runs at every start.
    EditorStartup,
    /// Start-up files of interactive tools that can run commands: tmux, screen, readline's
    /// `~/.inputrc`, debuggers (`~/.gdbinit`), REPLs (`~/.pythonrc`, `~/.irbrc`) and
    /// database shells (`~/.psqlrc`).
    ToolStartup,
    /// Downloaders' configuration (`~/.curlrc`, `~/.wgetrc`): a proxy or hook for every
    /// later download.
    DownloaderConfig,
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

const fn file(anchor: Anchor, parts: &'static [&'static str]) -> PathPattern {
    PathPattern::file(anchor, parts)
}

const fn tree(anchor: Anchor, parts: &'static [&'static str]) -> PathPattern {
    PathPattern::tree(anchor, parts)
}

/// Every persistence class: its name, description and paths. The first class whose paths
/// match a path is its class.
pub const PERSISTENCE_CLASSES: &[PersistenceInfo] = &[
    sessions::SHELL_STARTUP,
    projects::GIT_HOOKS,
    projects::GIT_CONFIG,
    ssh::SSH_AUTHORIZED_KEYS,
    ssh::SSH_CONFIG,
    schedulers::CRONTAB,
    schedulers::SYSTEMD_UNIT,
    schedulers::LAUNCH_AGENT,
    sessions::AUTOSTART,
    projects::DIRENV,
    projects::VSCODE_TASKS,
    projects::MCP_SERVERS,
    system::PRIVILEGES,
    system::SYSTEM_PROGRAMS,
    system::COMMAND_SHADOWING,
    system::SYSTEM_STARTUP,
    system::NAME_RESOLUTION,
    sessions::INTERPRETER_STARTUP,
    tools::EDITOR_STARTUP,
    tools::TOOL_STARTUP,
    tools::DOWNLOADER_CONFIG,
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
mod tests;
