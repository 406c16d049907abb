//! Which files under the system's directories are the system's own: its configuration, boot
//! files, programs, libraries and package data, whose overwrite, edit or mode change can
//! leave the machine unable to boot, log in or run its programs (`TG-CMD-SYSTEM-FILE-WRITE`).
//!
//! The system's directories are the path classifier's (`facts::paths`); here are those of
//! their subtrees where writing is everyday work and changes nothing the system runs on.

/// Subtrees of the system's directories where an agent's everyday work writes: a site under
/// `/var/www`, an application under `/opt` or `/srv`, mounts, programs installed under
/// `/usr/local` (whose `bin` directories the persistence classes judge), logs and caches,
/// and the kernel's and devices' interfaces (`/dev/null`, `/proc/self/fd/1`, `/run/…`),
/// whose writes other rules judge.
pub(crate) const WORK_TREES_OF_THE_SYSTEM: &[&str] = &[
    "/var/www",
    "/var/tmp",
    "/var/log",
    "/var/cache",
    "/var/run",
    "/var/folders",
    "/srv",
    "/opt",
    "/mnt",
    "/media",
    "/usr/local",
    "/dev",
    "/proc",
    "/sys",
    "/run",
    "/snap",
    "/nix",
    "/Volumes",
    "/Applications",
    "/Library",
    "/private/tmp",
    "/private/var/folders",
    "/private/var/tmp",
];

/// Programs that change a file's mode, owner or group: one of the system's own files (or
/// the root, or a system directory itself) changed so is `chmod 000 /`, `chmod 777
/// /etc/shadow`, `chown nobody /etc/sudoers`. (Recursive changes have their own rules.)
pub(crate) const MODE_CHANGERS: &[&str] = &["chmod", "chown", "chgrp"];

/// Whether the whole, normalised path `path` is in [`WORK_TREES_OF_THE_SYSTEM`].
pub(crate) fn in_work_tree(path: &str) -> bool {
    WORK_TREES_OF_THE_SYSTEM.iter().any(|t| {
        path.strip_prefix(t)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
    })
}

/// What a mount or an unmount at a system mount point ([`SystemMount`]) reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MountReach {
    /// The directory itself: unmounted, remounted read-only or mounted over, the system
    /// loses what it runs on.
    Itself,
    /// The directory and everything below it, every file of which is the system's (`/etc`,
    /// `/usr`, `/boot`: a bind mount over `/etc/shadow` or `/usr/bin`, the EFI partition
    /// at `/boot/efi`).
    Tree,
    /// A kernel file system's place (`/proc`, `/sys`, `/dev`, `/run`): unmounted or
    /// remounted read-only, the system loses it; a mount there is how it is set up (`mount
    /// -t proc proc /proc`), and its subdirectories take the kernel's other file systems
    /// every day (binfmt_misc, debugfs, bpf).
    KernelFs,
}

/// A directory the running system is mounted at, or one a mount over which hides what the
/// system runs on (`TG-HOST-MOUNT-CRITICAL`). A home directory (`/home/NAME`, `/Users/NAME`,
/// the session's own) counts as well; the rule reads it from the context.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SystemMount {
    /// The directory: a whole, normalised path.
    pub(crate) path: &'static str,
    /// What a change there reaches.
    pub(crate) reach: MountReach,
}

const fn at(path: &'static str) -> SystemMount {
    SystemMount {
        path,
        reach: MountReach::Itself,
    }
}

const fn tree(path: &'static str) -> SystemMount {
    SystemMount {
        path,
        reach: MountReach::Tree,
    }
}

const fn kernel(path: &'static str) -> SystemMount {
    SystemMount {
        path,
        reach: MountReach::KernelFs,
    }
}

/// Where the system is mounted: the root, its boot, program, library and configuration
/// trees (the operating system's own, `facts::paths`' OS trees less the kernel's), the
/// variable data it keeps, the homes, and the kernel's file systems. Unmounting one (`umount
/// -l /`), remounting it read-only or mounting over it (`mount --bind DIR /etc`) leaves the
/// machine unable to run, log or log in. `/mnt`, `/media`, `/opt`, `/srv` and `/tmp` are
/// where mounts go every day and are none of them.
pub(crate) const SYSTEM_MOUNT_POINTS: &[SystemMount] = &[
    at("/"),
    tree("/boot"),
    tree("/efi"),
    tree("/etc"),
    tree("/usr"),
    tree("/bin"),
    tree("/sbin"),
    tree("/lib"),
    tree("/lib32"),
    tree("/lib64"),
    tree("/libx32"),
    tree("/System"),
    at("/var"),
    at("/var/lib"),
    at("/var/log"),
    at("/home"),
    at("/Users"),
    at("/root"),
    at("/nix/store"),
    at("/System/Volumes/Data"),
    kernel("/proc"),
    kernel("/sys"),
    kernel("/sys/fs/cgroup"),
    kernel("/dev"),
    kernel("/dev/pts"),
    kernel("/run"),
];

/// Whether the whole, normalised path `path` is a system mount point, or inside a tree whose
/// every file is the system's; for a new mount over it (`over`), not a kernel file system's
/// place.
pub(crate) fn is_system_mount(path: &str, over: bool) -> bool {
    SYSTEM_MOUNT_POINTS.iter().any(|m| match m.reach {
        MountReach::Itself => path == m.path,
        MountReach::KernelFs => !over && path == m.path,
        MountReach::Tree => path
            .strip_prefix(m.path)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/')),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn system_mount_points_are_whole_normal_paths_each_once() {
        for (i, m) in SYSTEM_MOUNT_POINTS.iter().enumerate() {
            let t = m.path;
            assert!(t == "/" || (t.starts_with('/') && !t.ends_with('/')), "{t}");
            assert!(!t.contains("//") && !t.contains("/."), "{t}");
            assert!(
                SYSTEM_MOUNT_POINTS[..i].iter().all(|e| e.path != t),
                "{t} twice"
            );
            // The system's work trees (where mounts go every day) are covered by no tree.
            assert!(!in_work_tree(t) || m.reach != MountReach::Tree, "{t}");
        }
    }

    #[test]
    fn a_system_mount_point_covers_its_tree_only_when_told() {
        for over in [false, true] {
            assert!(is_system_mount("/", over));
            assert!(is_system_mount("/usr/bin", over));
            assert!(is_system_mount("/boot/efi", over));
            assert!(is_system_mount("/etc/shadow", over));
            assert!(is_system_mount("/var/lib", over));
            assert!(!is_system_mount("/proc/sys/fs/binfmt_misc", over));
            assert!(!is_system_mount("/sys/kernel/debug", over));
            assert!(!is_system_mount("/mnt", over));
            assert!(!is_system_mount("/home/dev", over));
            assert!(!is_system_mount("/tmp/x", over));
            assert!(!is_system_mount("/etcetera", over));
            assert!(!is_system_mount("/var/lib/docker", over));
        }
        assert!(is_system_mount("/proc", false));
        assert!(!is_system_mount("/proc", true));
        assert!(!is_system_mount("/dev/pts", true));
    }

    #[test]
    fn work_trees_are_whole_normal_paths_in_order_of_no_overlap() {
        for t in WORK_TREES_OF_THE_SYSTEM {
            assert!(t.starts_with('/') && !t.ends_with('/'), "{t}");
            assert!(!t.contains("//") && !t.contains("/."), "{t}");
            // No tree inside another (it would never be consulted).
            for u in WORK_TREES_OF_THE_SYSTEM {
                assert!(t == u || !t.starts_with(&format!("{u}/")), "{t} inside {u}");
            }
        }
    }

    #[test]
    fn a_work_tree_holds_its_own_paths_only() {
        assert!(in_work_tree("/var/www/html/index.html"));
        assert!(in_work_tree("/opt"));
        assert!(in_work_tree("/dev/null"));
        assert!(!in_work_tree("/var/lib/dpkg/status"));
        assert!(!in_work_tree("/optical"));
        assert!(!in_work_tree("/etc/fstab"));
        assert!(!in_work_tree("/usr/lib/libc.so.6"));
    }
}
