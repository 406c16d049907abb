//! SSH's files: who may log in, and the commands each connection runs.

use super::{PersistenceClass, PersistenceInfo, file, tree};
use crate::path_class::pattern::Anchor::{Home, Root};

pub(super) const SSH_AUTHORIZED_KEYS: PersistenceInfo = PersistenceInfo {
    class: PersistenceClass::SshAuthorizedKeys,
    name: "ssh_authorized_keys",
    describe: "an SSH authorized_keys file",
    effect: "plants code that runs later",
    patterns: &[
        file(Home, &[".ssh", "authorized_keys"]),
        file(Home, &[".ssh", "authorized_keys2"]),
    ],
};

pub(super) const SSH_CONFIG: PersistenceInfo = PersistenceInfo {
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
};
