//! The named directories: the system's, the ones it cannot run without, temp directories and
//! the trees the OS owns; and what is judged of a directory itself: a working directory where
//! "inside" is no excuse, and an operand whose move or re-owning breaks the machine.

use std::path::{Component, Path, PathBuf};

use super::{
    climbs_after_glob, has_dynamic, has_glob, is_partial_glob, normalize, normalized, tilde_home,
    under,
};
use crate::model::{CommandContext, SimpleCommand};

pub(super) const SYSTEM_DIRS: &[&str] = &[
    "/etc",
    "/usr",
    "/bin",
    "/sbin",
    "/var",
    "/boot",
    "/lib",
    "/lib32",
    "/lib64",
    "/libx32",
    "/opt",
    "/sys",
    "/proc",
    "/dev",
    "/srv",
    "/run",
    "/snap",
    "/mnt",
    "/media",
    "/root",
    "/System",
    "/Library",
    "/Applications",
    "/private",
    "/Volumes",
    "/nix",
    "/efi",
    "/lost+found",
];
/// Directories inside system directories that the system cannot run without: moving one
/// (or re-owning it recursively, or `rsync --delete` into it) breaks the machine as moving
/// `/usr` does.
const CRITICAL_SYSTEM_SUBDIRS: &[&str] = &[
    "/usr/bin",
    "/usr/sbin",
    "/usr/lib",
    "/usr/lib32",
    "/usr/lib64",
    "/usr/libx32",
    "/usr/libexec",
    "/usr/local",
    "/usr/local/bin",
    "/usr/local/lib",
    "/usr/local/sbin",
    "/usr/share",
    "/usr/include",
    "/var/lib",
    "/var/log",
    "/var/spool",
    "/var/cache",
    "/etc/ssh",
    "/etc/systemd",
    "/etc/pam.d",
    "/etc/sudoers.d",
    "/etc/ssl",
    "/boot/efi",
    "/System/Library",
    "/Library/LaunchDaemons",
    "/Library/LaunchAgents",
    "/nix/store",
];
pub(super) const TEMP_DIRS: &[&str] = &[
    "/tmp",
    "/var/tmp",
    "/private/tmp",
    "/private/var/tmp",
    "/dev/shm",
];

/// Where the environment's own `$TMPDIR` counts as a temporary directory: under one of
/// these, at least so many components below it (macOS gives each user
/// `/var/folders/xx/yyyy/T`; `/var/folders` itself holds every user's).
const SESSION_TEMP_PARENTS: &[(&str, usize)] = &[
    ("/tmp", 0),
    ("/var/tmp", 0),
    ("/private/tmp", 0),
    ("/private/var/tmp", 0),
    ("/dev/shm", 0),
    ("/var/folders", 2),
    ("/private/var/folders", 2),
];

/// The environment's `$TMPDIR` ([`CommandContext::tmpdir`]), normalised, when it is a
/// temporary directory ([`SESSION_TEMP_PARENTS`]): paths under it are temp paths. A
/// `TMPDIR` set anywhere else names no temporary directory of the system.
pub(super) fn session_temp_dir(cx: &CommandContext) -> Option<String> {
    let dir = normalized(cx.tmpdir?);
    let dir = dir.to_str()?;
    SESSION_TEMP_PARENTS
        .iter()
        .any(|(parent, depth)| {
            under(dir, parent)
                && dir[parent.len()..]
                    .split('/')
                    .filter(|c| !c.is_empty())
                    .count()
                    >= *depth
        })
        .then(|| dir.to_string())
}

/// A home directory's caches, relative to it: what is in them is downloaded or built again
/// when missing (the XDG cache, macOS's, the package managers' download stores), so a
/// delete there loses nothing a person made.
pub(super) const HOME_CACHE_DIRS: &[&str] = &[
    ".cache",
    "Library/Caches",
    ".npm/_cacache",
    ".npm/_npx",
    ".pnpm-store",
    ".local/share/pnpm/store",
    ".yarn/berry/cache",
    ".bun/install/cache",
    ".cargo/registry",
    ".cargo/git",
    ".gradle/caches",
    ".m2/repository",
    ".nuget/packages",
    "go/pkg/mod",
    ".ccache",
];

/// Working directories where "inside the working directory" is no excuse: `/`, a home
/// directory itself, and system trees (but not temp directories).
pub(super) fn is_sensitive_cwd(cwd: &Path, home: Option<&Path>) -> bool {
    // `cwd` and `home` are normalized: equal paths are equal text.
    let text = cwd.as_os_str();
    if text == "/" || home.is_some_and(|h| normalized(h).as_os_str() == text) {
        return true;
    }
    // A working directory that is not UTF-8 is none of the named directories.
    let Some(c) = cwd.to_str() else {
        return false;
    };
    if TEMP_DIRS.iter().any(|t| under(c, t)) {
        return false;
    }
    let is_home_root =
        (under(c, "/home") || under(c, "/Users")) && cwd.components().count() == 3 || c == "/root";
    is_home_root
        || c == "/home"
        || c == "/Users"
        || SYSTEM_DIRS.contains(&c)
        || OS_TREES.iter().any(|d| under(c, d))
}

/// Trees the operating system owns: no project lives there, so every path in them is a
/// system path even when it is the working directory (unlike `/opt/app` or `/var/www/site`).
pub(super) const OS_TREES: &[&str] = &[
    "/etc", "/usr", "/bin", "/sbin", "/boot", "/lib", "/lib32", "/lib64", "/libx32", "/sys",
    "/proc", "/dev", "/System", "/Library", "/nix", "/efi",
];

/// Whether operand `text` is the root, a home directory itself (or `/home`), a system
/// directory itself or one the system cannot run without (`/usr/bin`), or every entry of one
/// (`/*`, `~/*`): moving or re-owning it breaks the machine or the account. Paths only known
/// at run time are not judged here.
pub(crate) fn is_critical_dir(text: &str, cmd: &SimpleCommand, cx: &CommandContext) -> bool {
    reaches(text, cmd, cx, is_critical_whole)
}

/// Whether a link to `text` (the target of `ln -s`, relative to where the link is made) is
/// a way into what a delete through it must never reach: a critical directory
/// ([`is_critical_dir`]) or the working directory's parent or above (`../..`), so `rm -rf
/// link/*` there deletes the account, the machine or the projects around this one.
pub(crate) fn is_link_hazard(text: &str, cmd: &SimpleCommand, cx: &CommandContext) -> bool {
    let cwd = cx.cwd().map(normalize);
    reaches(text, cmd, cx, |path, home| {
        is_critical_whole(path, home)
            || cwd.as_deref().is_some_and(|cwd| {
                let path = normalize(path);
                path != cwd && cwd.starts_with(&path)
            })
    })
}

/// Whether `judge` holds for the whole, normalised path operand `text` names (globs kept),
/// from every directory the command may run in (`~` under the home directory, `judge`'s
/// second argument). Paths only known at run time are not judged (`false`).
pub(crate) fn names_whole_path(
    text: &str,
    cmd: &SimpleCommand,
    cx: &CommandContext,
    judge: impl Fn(&Path, Option<&Path>) -> bool,
) -> bool {
    reaches(text, cmd, cx, |path, home| judge(&normalize(path), home))
}

/// Whether `judge` holds for the whole path operand `text` names, from every directory the
/// command may run in (`~` under the home directory). Paths only known at run time are not
/// judged (`false`); with no home directory known, only `~` and `~/*` count.
fn reaches(
    text: &str,
    cmd: &SimpleCommand,
    cx: &CommandContext,
    judge: impl Fn(&Path, Option<&Path>) -> bool,
) -> bool {
    let home = cx.home.map(normalize);
    let mut text = text.trim_end_matches('/').to_string();
    if text.is_empty() {
        text = "/".to_string();
    }
    text = tilde_home(&text).into_owned();
    if has_dynamic(&text) {
        return false;
    }
    let whole = if text == "~" || text.starts_with("~/") {
        match &home {
            Some(h) => h.join(text[1..].trim_start_matches('/')),
            None => return text == "~" || text == "~/*",
        }
    } else if text.starts_with('/') {
        PathBuf::from(&text)
    } else {
        // Relative: from where the `cd`s before lead, and from the starting directory too
        // when one of them may have failed (or there was none).
        let start = cx
            .cwd()
            .filter(|_| !cmd.cwd_changed || !cmd.cwd_certain)
            .map(|cwd| cwd.join(&text));
        let moved = super::target_dir(cmd, cx).map(|dir| dir.join(&text));
        return start
            .into_iter()
            .chain(moved)
            .any(|path| judge(&path, home.as_deref()));
    };
    judge(&whole, home.as_deref())
}

/// [`is_critical_dir`] of a whole path (not normalised, globs and all).
fn is_critical_whole(path: &Path, home: Option<&Path>) -> bool {
    // `..` after a glob component is the glob's parent again: `/tmp/*/../..` is `/`; read
    // up to the glob as well (`/*/..`).
    is_critical_glob_parent(path, home)
        || (climbs_after_glob(path) && is_critical_glob_parent(&normalize(path), home))
}

/// [`is_critical_whole`] of a path read up to its first glob component.
fn is_critical_glob_parent(path: &Path, home: Option<&Path>) -> bool {
    // `/*`, `~/*`: every entry of the directory.
    let mut kept = PathBuf::new();
    for c in path.components() {
        if let Component::Normal(n) = c
            && has_glob(&n.to_string_lossy())
        {
            if is_partial_glob(&n.to_string_lossy()) {
                return false;
            }
            break;
        }
        kept.push(c);
    }
    let path = normalize(&kept);
    let parent = path.parent();
    path == Path::new("/")
        || home == Some(path.as_path())
        || path == Path::new("/home")
        || path == Path::new("/Users")
        || parent == Some(Path::new("/home"))
        || parent == Some(Path::new("/Users"))
        || SYSTEM_DIRS.iter().any(|d| path == Path::new(d))
        || CRITICAL_SYSTEM_SUBDIRS.iter().any(|d| path == Path::new(d))
}
