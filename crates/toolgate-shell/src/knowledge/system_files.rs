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

#[cfg(test)]
mod tests {
    use super::*;

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
