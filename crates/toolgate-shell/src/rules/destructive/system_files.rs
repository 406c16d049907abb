//! One of the system's own files overwritten, edited or re-moded (`TG-CMD-SYSTEM-FILE-WRITE`):
//! `echo x > /etc/fstab`, `sed -i … /boot/grub/grub.cfg`, `chmod 000 /`, `chmod 777
//! /etc/shadow`, an archive extracted into the root (`tar -xf a.tar -C /`), a device node
//! replaced by a file (`mv x /dev/null`). Which files are the system's own is `knowledge::system_files`; the files
//! that run code or commands (`/etc/profile`, cron, systemd units) are the persistence
//! classes', judged by the policy's `persistence:` instead.

use std::path::Path;

use toolgate_core::path_class::persistence_class;

use crate::SimpleCommand;
use crate::facts::paths::{PathClass, classify, normalized};
use crate::facts::writes::{content_targets, extraction_directories, replaces_device_node};
use crate::knowledge::system_files::{MODE_CHANGERS, in_work_tree};
use crate::rules::CommandContext;

use super::targets::path_operands;

/// Whether `cmd` puts content into one of the system's own files, or (a mode changer, not
/// recursively: those have their own rules) changes the mode or owner of one, of a system
/// directory itself, or of the root.
pub(super) fn changes_system_file(cmd: &SimpleCommand, cx: &CommandContext) -> bool {
    let program = cmd.program_lower();
    if MODE_CHANGERS.contains(&&*program) {
        if cmd.flags.contains("recursive") {
            return false;
        }
        return path_operands(cmd)
            .into_iter()
            .any(|o| is_system_own(o, cmd, cx, Change::Mode));
    }
    content_targets(cmd)
        .iter()
        .any(|t| is_system_own(t, cmd, cx, Change::Content))
        || replaces_device_node(cmd)
        || extracts_into_root(cmd, cx)
}

/// Whether `cmd` extracts an archive into the root (`tar -xf a.tar -C /`, `unzip -o a.zip -d
/// /`): the archive's members decide which of the system's files it overwrites.
fn extracts_into_root(cmd: &SimpleCommand, cx: &CommandContext) -> bool {
    extraction_directories(cmd).into_iter().any(|dir| {
        let at = cmd.args.iter().position(|a| a == dir);
        let dynamic = at.is_some_and(|i| cmd.is_dynamic(i));
        classify(dir, dynamic, cmd, cx) == PathClass::Root
    })
}

/// How a command changes a path.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Change {
    /// Puts content into it: a file that runs code is the persistence classes'.
    Content,
    /// Changes its mode or owner: the root and any system file count.
    Mode,
}

/// Whether `text`, a path `cmd` changes so, is one of the system's own files (or, for a
/// mode change, the root itself). A system path whose whole form is not known (`cd /etc &&
/// echo x > "$f"`) counts.
fn is_system_own(text: &str, cmd: &SimpleCommand, cx: &CommandContext, change: Change) -> bool {
    let at = cmd.args.iter().position(|a| a == text);
    let dynamic = at.is_some_and(|i| cmd.is_dynamic(i));
    match classify(text, dynamic, cmd, cx) {
        PathClass::Root => change == Change::Mode,
        PathClass::System => match whole_path(text, cmd) {
            Some(path) => {
                !in_work_tree(&path)
                    && (change == Change::Mode || persistence_class(&path, None, cx.home).is_none())
            }
            None => true,
        },
        _ => false,
    }
}

/// `text` as a whole, normalised path: itself when absolute, else below the directory the
/// command's written-out `cd`s lead to when that is a whole path. `None`: not known.
fn whole_path(text: &str, cmd: &SimpleCommand) -> Option<String> {
    let joined;
    let path = if text.starts_with('/') {
        text
    } else {
        let dir = cmd.cwd_target.as_deref().filter(|d| d.starts_with('/'))?;
        joined = format!("{dir}/{text}");
        &joined
    };
    if path.contains('$') || path.contains('`') {
        return None;
    }
    Some(normalized(Path::new(path)).to_string_lossy().into_owned())
}
