//! Writes to block devices (`/dev/sda`, `/dev/disk/by-id/…`), also through a relative path
//! after a `cd` to `/dev`.

use std::path::{Component, Path, PathBuf};

use super::targets_with;
use crate::SimpleCommand;
use crate::model::CommandContext;

/// Character devices that are safe to write.
const SAFE_DEVICES: &[&str] = &[
    "null", "zero", "full", "random", "urandom", "stdin", "stdout", "stderr", "tty", "console",
    "ptmx", "kmsg",
];

/// Whether `target` is a device under `/dev` that is not a known safe character device
/// (`/dev/sda`, `//dev/nvme0n1`, `/dev/../dev/sda`, `/dev/disk/by-id/…`).
pub(crate) fn is_block_device(target: &str) -> bool {
    if !target.starts_with('/') {
        return false;
    }
    let path = normalised(target);
    let Ok(rest) = path.strip_prefix("/dev") else {
        return false;
    };
    let rest = rest.to_string_lossy();
    if rest.is_empty() {
        return false;
    }
    let first = rest.split('/').next().unwrap_or("");
    !(SAFE_DEVICES.contains(&rest.as_ref())
        || matches!(
            first,
            "fd" | "pts" | "shm" | "mqueue" | "hugepages" | "tcp" | "udp"
        )
        || (first.starts_with("tty") && !rest.contains('/')))
}

/// Whether `target` is one of the device nodes under `/dev` that are safe to write into
/// (`/dev/null`, `/dev/tty1`): replaced by a regular file, whatever writes there fills it.
fn is_character_device_node(target: &str) -> bool {
    let path = normalised(target);
    let Ok(rest) = path.strip_prefix("/dev") else {
        return false;
    };
    let rest = rest.to_string_lossy();
    SAFE_DEVICES.contains(&rest.as_ref()) || (rest.starts_with("tty") && !rest.contains('/'))
}

/// `path` (whole) with `..` and `.` taken out.
fn normalised(target: &str) -> PathBuf {
    let mut path = PathBuf::from("/");
    for c in Path::new(target).components() {
        match c {
            Component::ParentDir => {
                path.pop();
            }
            Component::Normal(n) => path.push(n),
            _ => {}
        }
    }
    path
}

/// Programs that replace the file at their destination (a new inode, not a write into the
/// old one): `mv`, `install`, and `ln -f`.
const REPLACERS: &[&str] = &["mv", "install", "ln"];

/// Whether `cmd` replaces a safe character device node with a file of its own (`mv x
/// /dev/null`, `ln -sf x /dev/null`): as root the node is gone and whatever writes there
/// fills a regular file. (`cp x /dev/null` writes into the node.)
pub(crate) fn replaces_device_node(cmd: &SimpleCommand) -> bool {
    let program = cmd.program_lower();
    if !REPLACERS.contains(&program.as_ref()) || (program == "ln" && !cmd.flags.contains("force")) {
        return false;
    }
    let Some(destination) = cmd.operands.last() else {
        return false;
    };
    cmd.operands.len() >= 2
        && destination.starts_with('/')
        && !destination.ends_with('/')
        && is_character_device_node(destination)
}

/// Whether `cmd` writes a block device (`cat x > /dev/sda`, `tee /dev/nvme0n1`,
/// `cp /dev/zero /dev/sda`, `dd of=//dev/sda`, `cd /dev && dd of=sda`), or `dd` with an
/// operand only known at run time (`dd if=/dev/zero of=$DISK`). `modelled` is what
/// [`modelled_targets`] finds for `cmd`.
pub(crate) fn writes_block_device(
    cmd: &SimpleCommand,
    modelled: Option<&[&str]>,
    cx: &CommandContext,
) -> bool {
    if matches!(cmd.program_lower().as_ref(), "dd" | "dcfldd")
        && cmd.operands.iter().enumerate().any(|(i, o)| {
            (o.starts_with("of=$") || o.starts_with("of=`") || o.starts_with(['$', '`']))
                && cmd.is_dynamic(i)
        })
    {
        return true;
    }
    targets_with(cmd, modelled).any(|target| {
        is_block_device(target)
            || (!target.starts_with('/') && relative_block_device(target, cmd, cx))
    })
}

/// Whether relative `target` names a block device from where `cmd` runs: the starting
/// directory (unless a `cd` before surely left it) or where the `cd`s before lead.
fn relative_block_device(target: &str, cmd: &SimpleCommand, cx: &CommandContext) -> bool {
    let start = cx
        .cwd()
        .filter(|_| !cmd.cwd_changed || !cmd.cwd_certain)
        .map(Path::to_path_buf);
    let moved = crate::facts::paths::target_dir(cmd, cx);
    start
        .into_iter()
        .chain(moved)
        .filter_map(|dir| dir.join(target).to_str().map(str::to_string))
        .any(|whole| is_block_device(&whole))
}
