//! The built-in destructive-command pack: recursive deletes, disk tools, mode changes and
//! moves of critical directories, downloaded code, fork bombs, protected writes.
//!
//! Here: [`Check`], the conditions too specific for the rule schema. The rules themselves are
//! in `table`, the disk tools' harmless forms in `disks`, and what a command deletes or moves
//! in `targets`.

mod disks;
mod lockout;
mod system_files;
mod table;
mod targets;

use crate::SimpleCommand;
use crate::facts::paths::{PathClass, classify, is_critical_dir, is_link_hazard, resolved};
use crate::facts::writes::{writes_block_device, writes_protected};
use crate::rules::{CommandContext, CommandMemo};
use disks::{DEVICE_ONLY, READS_FIRST_OPERAND, disk_listing};
pub(crate) use table::rules;
use targets::{
    deletable, linked_targets, moved_sources, path_operands, rsync_deletes, tar_members,
};

/// Conditions too specific for the rule schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Check {
    GitCheckoutDiscard,
    GitRestoreWorktree,
    GitBranchForceDelete,
    DdToDevice,
    ForkBomb,
    DownloadedCode,
    InlineDestructive,
    ProtectedWrite,
    BlockDeviceWrite,
    CriticalDirOperand,
    /// A mode or owner change that locks the owner out of a critical directory
    /// ([`lockout`]).
    OwnerLockedOut,
    MovesSystemFile,
    /// One of the system's own files overwritten, edited or re-moded ([`system_files`]).
    SystemFileChanged,
    CriticalDirMoved,
    LinksCritical,
    /// A storage manager's subcommand that deletes a pool, volume or file system
    /// ([`table::STORAGE_DESTROYS`]).
    StorageDestroy,
    RsyncDeleteCritical,
    RsyncDeleteOutside,
    FindDeleteOutside,
    DiskTarget,
    TarRemovesOutside,
    /// `zip -m ARCHIVE FILE…`: a file it archives (and so deletes) is outside the working
    /// directory.
    ZipMovesOutside,
    OwnRepository,
    Git(super::git::GitCheck),
}

/// What of a repository's `.git` holds its history: the whole of it, its objects, its
/// branches. (Its hooks, index lock, rebase state and `refs/original` are routine to delete.)
const REPOSITORY_HISTORY: &[&str] = &[".git", ".git/objects", ".git/refs", ".git/refs/heads"];

/// Whether a delete's operand is the working directory's own history (`.git`, `./.git/`,
/// `$PWD/.git/objects`, its absolute path): the project's commits, branches and stashes,
/// where a `.git` in a subdirectory is usually a template's or a vendored clone's.
fn names_own_repository(operand: &str, cmd: &SimpleCommand, cx: &CommandContext) -> bool {
    let relative = crate::facts::paths::working_dir_form_of(operand, cmd);
    let text = relative.as_deref().unwrap_or(operand).trim_end_matches('/');
    let Some(cwd) = cx.cwd() else {
        // No context: only the plain spellings (`.git`, `./.git`) in the starting directory.
        let mut rest = text;
        while let Some(r) = rest.strip_prefix("./") {
            rest = r.trim_start_matches('/');
        }
        return names_history(rest) && !cmd.cwd_changed;
    };
    // The directory the delete runs in: the starting one, or where the `cd`s before it lead.
    let dir = match (&cmd.cwd_path, cmd.cwd_changed) {
        (_, false) => Some(cwd.to_path_buf()),
        (Some(path), true) => resolved(path, cwd, cx.home),
        (None, true) => None,
    };
    let cwd = crate::facts::paths::normalized(cwd);
    dir.and_then(|dir| resolved(text, &dir, cx.home))
        .as_deref()
        .and_then(|whole| whole.strip_prefix(&cwd).ok())
        .and_then(|rest| rest.to_str())
        .is_some_and(names_history)
}

/// Whether `cmd` is one of [`table::STORAGE_DESTROYS`]: its program, and its subcommand (or
/// first operand) and the operands after it are the row's path.
fn destroys_storage(cmd: &SimpleCommand) -> bool {
    let program = cmd.program_lower();
    let words: Vec<&str> = cmd
        .subcommand
        .iter()
        .chain(&cmd.operands)
        .map(String::as_str)
        .collect();
    table::STORAGE_DESTROYS.iter().any(|(p, path)| {
        *p == program.as_ref()
            && words.len() >= path.len()
            && words
                .iter()
                .zip(path.iter())
                .all(|(w, s)| w.eq_ignore_ascii_case(s))
    })
}

/// Whether `rest` (relative to the working directory) is one of [`REPOSITORY_HISTORY`], or
/// a glob that may expand to one (`.g*`, `.gi?`, `.[g]it`; a glob expands to a dot name only
/// when it starts with a dot), or all of one's entries (`.git/objects/*`).
fn names_history(rest: &str) -> bool {
    REPOSITORY_HISTORY.iter().any(|history| {
        let mut wanted = history.split('/');
        let mut given = rest.split('/').filter(|c| !c.is_empty() && *c != ".");
        loop {
            match (wanted.next(), given.next()) {
                (None, None) => return true,
                // Everything in it (`.git/objects/*`).
                (None, Some(g)) => return g.chars().all(|c| c == '*') && given.next().is_none(),
                (Some(w), Some(g)) if g.contains(['*', '?', '[']) => {
                    let dot_ok = !w.starts_with('.') || g.starts_with('.');
                    if !dot_ok || !toolgate_core::protected::glob_ci(g, w) {
                        return false;
                    }
                }
                (Some(w), Some(g)) if w == g => {}
                _ => return false,
            }
        }
    })
}

impl Check {
    fn checkout_paths(cmd: &SimpleCommand) -> bool {
        cmd.flags.contains("pathspec-from-file")
            || (cmd.flags.contains("--") && !cmd.operands.is_empty())
            || cmd.operands.len() >= 2
            // No branch is named `.`, `./x`, `:/`, `..` or a glob: these are paths.
            || cmd.operands.iter().any(|o| {
                o == "." || o == ".." || o.starts_with("./") || o.starts_with("../")
                    || o.starts_with(":/") || o.contains(['*', '?', '['])
            })
    }

    pub(crate) fn holds<'c>(
        &self,
        cmd: &'c SimpleCommand,
        cx: &CommandContext,
        memo: &mut CommandMemo<'c>,
    ) -> bool {
        match self {
            Check::GitCheckoutDiscard => {
                // With -b/-B/--orphan git refuses paths, so only --force discards.
                let creates = ["-b", "-B", "orphan"].iter().any(|f| cmd.flags.contains(f));
                cmd.flags.contains("force") || (!creates && Self::checkout_paths(cmd))
            }
            Check::GitRestoreWorktree => {
                !cmd.flags.contains("help")
                    && (!cmd.flags.contains("staged") || cmd.flags.contains("worktree"))
            }
            Check::GitBranchForceDelete => {
                cmd.flags.contains("delete-force")
                    || (cmd.flags.contains("delete") && cmd.flags.contains("force"))
            }
            Check::DdToDevice | Check::BlockDeviceWrite => {
                writes_block_device(cmd, memo.modelled_targets(cmd), cx)
            }
            Check::ForkBomb => cmd.self_piping_recursion,
            Check::DownloadedCode => cmd.runs_downloaded_code,
            Check::InlineDestructive => {
                // Judged by what the calls delete, as `rm -rf` is, but stricter: only paths
                // inside the working directory pass (a temp path too is denied, as dcg
                // does). A call whose path is only known at run time (or past the scan's
                // limit) counts as outside.
                (!cmd.inline_code_hits.is_empty() && cmd.inline_deletes.is_empty())
                    || cmd.inline_deletes.iter().any(|target| match target {
                        Some(path) => classify(path, false, cmd, cx) != PathClass::InsideCwd,
                        None => true,
                    })
            }
            Check::FindDeleteOutside => {
                // find's operands are its start paths (`.` when none is given).
                let mut roots: Vec<PathClass> = Vec::new();
                for o in &cmd.operands {
                    let dynamic = cmd
                        .args
                        .iter()
                        .position(|a| a == o)
                        .is_some_and(|at| cmd.is_dynamic(at));
                    // `find "$(pwd)"` is `find .`.
                    let root = match dynamic {
                        false => Some(o.clone()),
                        true => crate::facts::paths::working_dir_form_of(o, cmd),
                    };
                    roots.push(root.map_or(PathClass::Unknown, |r| {
                        crate::facts::paths::root_class(&r, cmd, cx)
                    }));
                }
                // With nothing to narrow it, find under the working directory deletes every
                // entry of it, as `rm -rf ./*` does.
                // `-delete` removes a directory only when it is empty: `-type d` alone takes
                // empty directories, not their content.
                let line = crate::options::find::read_find(&cmd.args);
                let everything = !crate::facts::find::deletes_only_directories(&cmd.args, &line)
                    && crate::facts::find::lists_everything(&cmd.args, &line);
                if everything
                    && (cmd.operands.is_empty()
                        || cmd
                            .operands
                            .iter()
                            .any(|o| crate::facts::find::is_working_dir(o)))
                {
                    roots.push(PathClass::Cwd);
                }
                if roots.is_empty() {
                    roots.push(crate::facts::paths::root_class(".", cmd, cx));
                }
                roots.into_iter().any(|c| !deletable(c))
            }
            Check::DiskTarget => {
                if disk_listing(cmd) {
                    return false;
                }
                if DEVICE_ONLY.contains(&cmd.program_lower().as_ref()) {
                    return true;
                }
                // Image files and files inside the project may be formatted, partitioned
                // or shredded; devices and files elsewhere may not.
                let skip = usize::from(READS_FIRST_OPERAND.contains(&cmd.program_lower().as_ref()));
                crate::rules::operand_classes(cmd, skip, cx)
                    .as_slice()
                    .iter()
                    .any(|c| !deletable(*c))
            }
            Check::ZipMovesOutside => cmd.operands.iter().skip(1).any(|m| {
                let at = cmd.args.iter().position(|a| a == m);
                let dynamic = at.is_some_and(|i| cmd.is_dynamic(i));
                !deletable(classify(m, dynamic, cmd, cx))
            }),
            Check::TarRemovesOutside => match tar_members(cmd) {
                None => true,
                Some(members) => members.iter().any(|m| {
                    let at = cmd.args.iter().position(|a| a == m);
                    // `find ROOT -exec tar … --remove-files '{}'`: the paths find lists.
                    if at.is_some_and(|i| cmd.rooted_args.contains(&i))
                        && !cmd.input_roots.is_empty()
                    {
                        return cmd
                            .input_roots
                            .iter()
                            .any(|r| !deletable(crate::facts::paths::root_class(r, cmd, cx)));
                    }
                    let dynamic = at.is_some_and(|i| cmd.is_dynamic(i));
                    !deletable(classify(m, dynamic, cmd, cx))
                }),
            },
            Check::ProtectedWrite => writes_protected(cmd, memo.modelled_targets(cmd)),
            Check::StorageDestroy => destroys_storage(cmd),
            Check::SystemFileChanged => system_files::changes_system_file(cmd, cx),
            Check::OwnRepository => path_operands(cmd)
                .into_iter()
                .any(|o| names_own_repository(o, cmd, cx)),
            Check::Git(check) => check.holds(cmd, cx),
            Check::OwnerLockedOut => lockout::locks_owner_out(cmd, cx),
            Check::CriticalDirOperand => path_operands(cmd)
                .into_iter()
                .any(|o| is_critical_dir(o, cmd, cx)),
            // A destination directory is moved into, not away: only sources count.
            Check::CriticalDirMoved => moved_sources(cmd)
                .into_iter()
                .any(|o| is_critical_dir(o, cmd, cx)),
            Check::LinksCritical => linked_targets(cmd)
                .into_iter()
                .any(|target| is_link_hazard(&target, cmd, cx)),
            Check::MovesSystemFile => moved_sources(cmd).into_iter().any(|o| {
                let at = cmd.args.iter().position(|a| a == o);
                let dynamic = at.is_some_and(|i| cmd.is_dynamic(i));
                classify(o, dynamic, cmd, cx) == PathClass::System && !is_critical_dir(o, cmd, cx)
            }),
            Check::RsyncDeleteCritical => {
                rsync_deletes(cmd)
                    && cmd.operands.len() >= 2
                    && cmd
                        .operands
                        .last()
                        .is_some_and(|o| is_critical_dir(o, cmd, cx))
            }
            // The destination loses what the source lacks: on another machine, or in a
            // directory outside the working directory (or only known at run time).
            Check::RsyncDeleteOutside => {
                let Some((destination, sources)) = cmd.operands.split_last() else {
                    return false;
                };
                let remote = crate::facts::destinations::is_remote_path;
                let outside = |o: &str| {
                    let at = cmd.args.iter().position(|a| a == o);
                    let dynamic = at.is_some_and(|i| cmd.is_dynamic(i));
                    !deletable(classify(o, dynamic, cmd, cx))
                };
                let at_destination = rsync_deletes(cmd)
                    && !sources.is_empty()
                    && (remote(destination) || outside(destination));
                // `--remove-source-files` deletes the local sources it sent.
                let of_sources = cmd.flags.contains("remove-source-files")
                    && sources.iter().any(|s| !remote(s) && outside(s));
                at_destination || of_sources
            }
        }
    }
}
