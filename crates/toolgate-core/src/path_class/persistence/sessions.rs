//! Files a login, a desktop session or an interactive program runs at its start: shell
//! startup files, desktop autostart entries, Python's start-up files.

use super::{PersistenceClass, PersistenceInfo, file, tree};
use crate::path_class::pattern::Anchor::{Home, Root};

pub(super) const SHELL_STARTUP: PersistenceInfo = PersistenceInfo {
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
        // Read by PAM at every login (`LD_PRELOAD` among its variables).
        file(Home, &[".pam_environment"]),
    ],
};

pub(super) const AUTOSTART: PersistenceInfo = PersistenceInfo {
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
};

pub(super) const INTERPRETER_STARTUP: PersistenceInfo = PersistenceInfo {
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
};
