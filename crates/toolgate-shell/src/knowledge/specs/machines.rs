//! Hypervisors', system containers' and storage clusters' CLIs: their global options that
//! take a value, read before the subcommand path (`virsh -c qemu:///system undefine …`).

use super::Spec;

/// virsh: the connection URI, debug level, log file, keep-alive settings and escape key.
pub(crate) const VIRSH: Spec = Spec::values(
    "cdlkKe",
    &[
        "connect",
        "debug",
        "log",
        "keepalive-interval",
        "keepalive-count",
        "escape",
    ],
);

/// VBoxManage: the settings password (or its file).
pub(crate) const VBOXMANAGE: Spec = Spec::values("", &["settingspw", "settingspwfile"]);

/// LXD's `lxc` and Incus: the project.
pub(crate) const LXD: Spec = Spec::values("", &["project"]);

/// minikube and colima: the profile (`minikube -p dev delete`).
pub(crate) const PROFILED: Spec = Spec::values("p", &["profile"]);

/// ceph, rbd and rados: the cluster, configuration file, client name or id, and the pool
/// (`ceph --cluster backup osd pool delete …`, `rbd -p data rm img`).
pub(crate) const CEPH: Spec = Spec::values(
    "cnip",
    &["cluster", "conf", "name", "id", "user", "keyring", "pool"],
);

/// gluster: the remote host and the log file.
pub(crate) const GLUSTER: Spec = Spec::values("", &["remote-host", "log-file"]);
