//! What a destructive command acts on: its path operands (with the paths `find` lists), the
//! files `tar` archives, whether an rsync deletes, and which path classes a delete may touch.

use crate::SimpleCommand;
use crate::facts::paths::PathClass;

/// The operands of `cmd` as paths: an operand standing for what `find` lists (`{}`, input
/// arguments) is its start paths.
pub(super) fn path_operands(cmd: &SimpleCommand) -> Vec<&str> {
    // `find ~ -name x -exec mv {} …` moves what matched, not the start path: only a mode or
    // owner change covers the tree.
    let tree = !cmd.program_lower().eq("mv");
    let mut out = Vec::new();
    for o in &cmd.operands {
        let rooted = cmd
            .args
            .iter()
            .position(|a| a == o)
            .is_some_and(|i| cmd.rooted_args.contains(&i));
        if rooted {
            if tree {
                out.extend(cmd.input_roots.iter().map(String::as_str));
            }
        } else {
            out.push(o.as_str());
        }
    }
    if cmd.args_from_input && tree {
        out.extend(cmd.input_roots.iter().map(String::as_str));
    }
    out
}

/// The paths `mv` moves away: every path operand with `-t DIR`, else all but the last (the
/// destination).
pub(super) fn moved_sources(cmd: &SimpleCommand) -> Vec<&str> {
    let mut operands = path_operands(cmd);
    if !cmd.flags.contains("target-directory") {
        operands.pop();
    }
    operands
}

/// What `ln` or `cp -s` links to, each as a path from the working directory: a relative
/// target is relative to the link's own directory, which is the link name's parent or the
/// link name itself (an existing directory the link goes into), so both are given. With
/// `-t DIR` (whose value is not an operand) the directory is taken to be the working one.
pub(crate) fn linked_targets(cmd: &SimpleCommand) -> Vec<String> {
    let mut targets = path_operands(cmd);
    let link = match (cmd.flags.contains("target-directory"), targets.len()) {
        (false, n) if n >= 2 => targets.pop(),
        _ => None,
    };
    let dirs: Vec<&str> = match link.map(|l| l.trim_end_matches('/')) {
        Some(l) if !l.is_empty() => {
            let parent = match l.rsplit_once('/') {
                Some(("", _)) => "/",
                Some((d, _)) => d,
                None => ".",
            };
            vec![parent, l]
        }
        _ => vec!["."],
    };
    let mut out = Vec::new();
    for target in targets {
        if target.starts_with(['/', '~', '$']) {
            out.push(target.to_string());
        } else {
            out.extend(dirs.iter().map(|d| format!("{d}/{target}")));
        }
    }
    out
}

/// Whether a path class is one a delete may touch: inside the working directory, temp or a
/// cache.
pub(super) fn deletable(class: PathClass) -> bool {
    matches!(
        class,
        PathClass::InsideCwd | PathClass::Temp | PathClass::Cache
    )
}

/// The files `tar` archives (and with `--remove-files` deletes): its operands but the archive
/// (`-f`, or the word after an old-style `czf` cluster), each under the `-C` directories when
/// relative. `None` when the list comes from a file (`-T`, `--files-from`).
pub(super) fn tar_members(cmd: &SimpleCommand) -> Option<Vec<String>> {
    use crate::knowledge::specs::{TAR_DIRECTORY, TAR_FILES_FROM};
    let scan = crate::facts::writes::tar_scan(cmd);
    if scan.has(TAR_FILES_FROM) {
        return None;
    }
    let dirs: Vec<&str> = scan
        .values(TAR_DIRECTORY)
        .map(|v| v.text.as_str())
        .collect();
    let mut out = Vec::new();
    for o in scan.operands.iter().map(|v| &v.text) {
        if o.starts_with('/') || dirs.is_empty() {
            out.push(o.clone());
        } else {
            out.extend(
                dirs.iter()
                    .map(|d| format!("{}/{o}", d.trim_end_matches('/'))),
            );
        }
    }
    Some(out)
}

/// Whether an rsync deletes at its destination (`--delete`, `--delete-after`, `--del`, …).
pub(super) fn rsync_deletes(cmd: &SimpleCommand) -> bool {
    cmd.flags
        .iter()
        .any(|f| f.starts_with("delete") || f == "del")
}
