//! The `host` pack's mounts (`TG-HOST-MOUNT-CRITICAL`): unmounting a file system the system
//! runs from (`umount -l /`, `umount /proc`, `umount -a`), remounting one read-only (`mount
//! -o remount,ro /`) and mounting over a system directory or a home directory (`mount --bind
//! DIR /etc`, `mount -t tmpfs none ~`), and binding one elsewhere (`mount --bind / m`: a
//! delete through the new name reaches it). Which directories count is the knowledge layer's
//! [`SYSTEM_MOUNT_POINTS`](crate::knowledge::system_files::SYSTEM_MOUNT_POINTS).
//!
//! A device unmounted lazily (`umount -l /dev/sda1`) may be the root's: where it is mounted
//! is not known, and a lazy unmount succeeds where a plain one finds the root busy and fails
//! (`umount /dev/sdb1` is not matched).
//!
//! Listing mounts, mounting under `/mnt` or a project, a mount named by one word (looked up
//! in fstab: `mount /home`) and remounting read-write are everyday work and not matched.
//! Operands only known at run time are not judged.

use std::path::Path;

use super::super::{Check, Matcher as M, Seen, View};
use crate::facts::paths::names_whole_path;
use crate::knowledge::system_files::{SYSTEM_MOUNT_POINTS, is_system_mount};
use crate::rules::glob_match;

const MOUNT_CRITICAL: &str = "TG-HOST-MOUNT-CRITICAL";

const HELP: &[&str] = &["--help", "-h", "--version", "-V"];

/// The mounts' matchers.
pub(in crate::rules::packs) const MOUNT_MATCHERS: &[M] = &[
    // Every file system of the mount table, the root's and the kernel's among them.
    M::new(MOUNT_CRITICAL, &["umount"], &[])
        .any(&["-a", "--all"])
        .none(HELP),
    M::new(MOUNT_CRITICAL, &["umount", "mount"], &[])
        .none(HELP)
        .check(Check::SystemMount),
];

/// Whether the whole path `path` (normalised, globs kept) is a system mount point (or in a
/// tree whose every file is the system's; for a new mount `over` it, no kernel file
/// system's place) or a home directory. A glob is judged by what it may name (`/b*` names
/// `/boot`).
fn names_system_mount(path: &Path, home: Option<&Path>, over: bool) -> bool {
    // A path that is no UTF-8 is no system directory's.
    let Some(text) = path.to_str() else {
        return false;
    };
    let home_text = home.and_then(Path::to_str);
    if text.contains(['*', '?', '[']) {
        return SYSTEM_MOUNT_POINTS
            .iter()
            .any(|m| glob_match(text, m.path) && is_system_mount(m.path, over))
            || home_text.is_some_and(|h| glob_match(text, h))
            || ["/home/*", "/Users/*"].iter().any(|h| glob_match(text, h));
    }
    let parent = path.parent().and_then(Path::to_str);
    is_system_mount(text, over)
        || home_text == Some(text)
        || matches!(parent, Some("/home" | "/Users"))
}

/// What a `mount` or `umount` command does to a system mount point: `umount` of one; `mount`
/// remounting one read-only, or mounting a source over one.
pub(in crate::rules::packs) fn changes_system_mount(seen: &Seen<'_>) -> bool {
    let view = seen.view;
    let system = |text: &str, over: bool| {
        names_whole_path(text, seen.cmd, seen.cx, |path, home| {
            names_system_mount(path, home, over)
        })
    };
    if seen.cmd.program_lower() == "umount" {
        // Each operand is a mount point or a device. Where a device is mounted is not
        // known: a plain unmount of the root's fails (it is busy), a lazy one detaches it.
        let lazy = view.has(&["-l", "--lazy"]);
        return view
            .operands()
            .any(|t| system(t, false) || (lazy && t.starts_with("/dev/")));
    }
    let options: Vec<&str> = view
        .values(&["-o", "--options"])
        .flat_map(|list| list.split(','))
        .collect();
    let operands: Vec<&str> = view.operands().collect();
    let given_target = view.value(&["--target"]);
    // util-linux's `-o remount`, the BSDs' `-u`.
    if options.contains(&"remount") || view.has(&["-u", "--update"]) {
        let target = given_target.or(operands.last().copied());
        return read_only(view, &options) && target.is_some_and(|t| system(t, false));
    }
    // A new mount: a source and a target (one word alone is looked up in fstab).
    let sources = operands.len() + usize::from(view.has(&["--source"]));
    let target = match given_target {
        Some(t) if sources >= 1 => Some(t),
        None if sources >= 2 => operands.last().copied(),
        _ => None,
    };
    if target.is_some_and(|t| system(t, true)) {
        return true;
    }
    // A bind mount of the root, a system directory or a home (`mount --bind / m`) makes it
    // reachable under the new name: a delete through it (`rm -rf m/*`) reaches there, as
    // through a link to it.
    let binds = view.has(&["--bind", "--rbind", "-B", "-R"])
        || options.iter().any(|o| matches!(*o, "bind" | "rbind"));
    let source = match (view.value(&["--source"]), given_target) {
        (Some(s), _) => Some(s),
        (None, Some(_)) => operands.first().copied(),
        (None, None) if operands.len() >= 2 => operands.first().copied(),
        _ => None,
    };
    // (The kernel's file systems, bound into a chroot, are not: `mount --bind /dev x/dev`.)
    binds && source.is_some_and(|s| system(s, true) || s.trim_end_matches('/').is_empty())
}

/// Whether a remount makes the file system read-only: the last of `ro` and `rw` in its
/// options, or `-r` when neither is given.
fn read_only(view: &View, options: &[&str]) -> bool {
    match options.iter().rev().find(|o| matches!(**o, "ro" | "rw")) {
        Some(o) => *o == "ro",
        None => view.has(&["-r", "--read-only"]),
    }
}
