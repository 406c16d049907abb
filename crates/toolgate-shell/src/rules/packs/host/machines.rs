//! The `host` pack's virtual machines and system containers: deleting one with its disks
//! (a hypervisor's guests, its storage pools and volumes) and deleting a local development
//! machine or cluster.
//!
//! Stopping, undefining without storage or unregistering without `--delete` keeps the disks
//! and is not matched; deleting a snapshot or an image that can be fetched again is not
//! matched either.

use super::super::{Matcher as M, Operands};

const VM_DELETE: &str = "TG-HOST-VM-DELETE";
const DEV_VM_DELETE: &str = "TG-HOST-DEV-VM-DELETE";

const HELP: &[&str] = &["--help", "-h"];

/// The virtual machines' matchers.
pub(in crate::rules::packs) const MACHINE_MATCHERS: &[M] = &[
    // libvirt: a domain undefined with its storage; a volume deleted or wiped; a pool's
    // storage deleted (`pool-destroy` only stops it).
    M::new(VM_DELETE, &["virsh"], &[&["undefine"]])
        .any(&["--remove-all-storage", "--storage", "--wipe-storage"])
        .none(HELP),
    M::new(
        VM_DELETE,
        &["virsh"],
        &[&["vol-delete", "vol-wipe", "pool-delete"]],
    )
    .none(HELP),
    // VirtualBox: a machine unregistered with its disks, a disk image closed and deleted.
    M::new(VM_DELETE, &["vboxmanage"], &[&["unregistervm"]]).any(&["--delete", "--delete-all"]),
    M::new(VM_DELETE, &["vboxmanage"], &[&["closemedium"]]).any(&["--delete"]),
    // Proxmox VE: a VM or container with its disks (its CLI also takes a command's unique
    // prefix, `qm des 100`).
    M::new(
        VM_DELETE,
        &["qm", "pct"],
        &[&["des", "dest", "destr", "destro", "destroy"]],
    )
    .operands(Operands::Present)
    .none(HELP),
    // LXC, LXD and Incus: a container with its root file system.
    M::new(VM_DELETE, &["lxc-destroy"], &[]).none(&["--help", "-h", "-?", "--usage"]),
    M::new(VM_DELETE, &["lxc", "incus"], &[&["delete", "rm"]])
        .operands(Operands::Present)
        .none(HELP),
    M::new(
        VM_DELETE,
        &["lxc", "incus"],
        &[&["storage"], &["delete", "rm"]],
    )
    .operands(Operands::Present)
    .none(HELP),
    M::new(
        VM_DELETE,
        &["lxc", "incus"],
        &[&["storage"], &["volume"], &["delete", "rm"]],
    )
    .operands(Operands::Present)
    .none(HELP),
    // Multipass: `delete` keeps an instance recoverable until it is purged.
    M::new(VM_DELETE, &["multipass"], &[&["delete"]])
        .any(&["--purge", "-p"])
        .none(HELP),
    M::new(VM_DELETE, &["multipass"], &[&["purge"]]).none(HELP),
    // WSL: a distribution unregistered with its file system (`wsl --unregister NAME`).
    M::new(VM_DELETE, &["wsl", "wsl.exe"], &[])
        .any(&["--unregister"])
        .none(HELP),
    // Parallels: a machine's files.
    M::new(VM_DELETE, &["prlctl"], &[&["delete"]]).none(HELP),
    // Local development machines and clusters.
    M::new(DEV_VM_DELETE, &["vagrant"], &[&["destroy"]]).none(HELP),
    M::new(DEV_VM_DELETE, &["minikube"], &[&["delete"]]).none(HELP),
    M::new(
        DEV_VM_DELETE,
        &["kind"],
        &[&["delete"], &["cluster", "clusters"]],
    )
    .none(HELP),
    M::new(
        DEV_VM_DELETE,
        &["k3d"],
        &[&["cluster"], &["delete", "del", "rm"]],
    )
    .none(HELP),
    M::new(DEV_VM_DELETE, &["limactl"], &[&["delete", "remove", "rm"]]).none(HELP),
    M::new(DEV_VM_DELETE, &["colima"], &[&["delete"]]).none(HELP),
    M::new(
        DEV_VM_DELETE,
        &["podman"],
        &[&["machine"], &["rm", "reset"]],
    )
    .none(HELP),
    M::new(DEV_VM_DELETE, &["docker-machine"], &[&["rm"]]).none(HELP),
    M::new(DEV_VM_DELETE, &["lando"], &[&["destroy"]]).none(HELP),
];
