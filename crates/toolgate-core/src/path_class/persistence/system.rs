//! The system's own files: accounts and privileges, programs and libraries on its paths, the
//! user's command directories, boot and hook scripts, name resolution.

use super::{PersistenceClass, PersistenceInfo, file, tree};
use crate::path_class::pattern::Anchor::{Home, Root};

pub(super) const PRIVILEGES: PersistenceInfo = PersistenceInfo {
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
};

pub(super) const SYSTEM_PROGRAMS: PersistenceInfo = PersistenceInfo {
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
};

pub(super) const COMMAND_SHADOWING: PersistenceInfo = PersistenceInfo {
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
};

pub(super) const SYSTEM_STARTUP: PersistenceInfo = PersistenceInfo {
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
};

pub(super) const NAME_RESOLUTION: PersistenceInfo = PersistenceInfo {
    class: PersistenceClass::NameResolution,
    name: "name_resolution",
    describe: "a name resolution file (/etc/hosts, resolv.conf)",
    effect: "redirects later connections",
    patterns: &[
        file(Root, &["etc", "hosts"]),
        file(Root, &["etc", "resolv.conf"]),
        file(Root, &["etc", "nsswitch.conf"]),
    ],
};
