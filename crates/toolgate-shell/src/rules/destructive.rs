//! The built-in destructive-command pack: recursive deletes, disk tools, mode changes and
//! moves of critical directories, downloaded code, fork bombs, protected writes.

use toolgate_core::Severity;

use crate::SimpleCommand;
use crate::facts::paths::{PathClass, PathGroup, classify, is_critical_dir};
use crate::facts::writes::{writes_block_device, writes_protected};
use crate::rules::{CommandContext, CommandMemo, CommandRule};

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
    RsyncDeleteCritical,
    RsyncDeleteOutside,
    FindDeleteOutside,
    DiskTarget,
    TarRemovesOutside,
    Git(super::git::GitCheck),
}

/// The operands of `cmd` as paths: an operand standing for what `find` lists (`{}`, input
/// arguments) is its start paths.
fn path_operands(cmd: &SimpleCommand) -> Vec<&str> {
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

/// Whether a path class is one a delete may touch: inside the working directory, or temp.
fn deletable(class: PathClass) -> bool {
    matches!(class, PathClass::InsideCwd | PathClass::Temp)
}

/// Disk tools that only take devices or volumes (no file of a project is at stake).
const DEVICE_ONLY: &[&str] = &[
    "cfdisk",
    "blkdiscard",
    "nwipe",
    "lvremove",
    "vgremove",
    "pvremove",
    "lvreduce",
];

/// Disk tools whose `-h` asks for help (in sgdisk it is `--hybrid`, which writes).
const SHORT_HELP: &[&str] = &[
    "lvremove",
    "vgremove",
    "pvremove",
    "lvreduce",
    "wipefs",
    "fdisk",
    "sfdisk",
    "cfdisk",
    "parted",
    "blkdiscard",
    "ddrescue",
];

/// Disk tools that read their first operand and write the others: `ddrescue DEVICE IMAGE
/// [MAPFILE]` rescues a device into an image file.
const READS_FIRST_OPERAND: &[&str] = &["ddrescue"];

/// A disk tool run only to list, print help or rehearse (`fdisk -l`, `wipefs` without `-a`
/// or with `--no-act`, `parted DEV print`, `sgdisk --backup=FILE`, `vgremove -h`).
fn disk_listing(cmd: &SimpleCommand) -> bool {
    let has = |names: &[&str]| names.iter().any(|n| cmd.flags.contains(n));
    let only =
        |names: &[&str]| !cmd.flags.is_empty() && cmd.flags.iter().all(|f| names.contains(&f));
    let program = cmd.program_lower();
    if has(&["help", "version"]) || (SHORT_HELP.contains(&&*program) && has(&["-h"])) {
        return true;
    }
    match &*program {
        "fdisk" | "gdisk" => has(&["-l", "list"]),
        "sfdisk" => has(&[
            "-l",
            "list",
            "-d",
            "dump",
            "-V",
            "verify",
            "-J",
            "json",
            "-s",
            "show-size",
            "-F",
            "list-free",
            "-T",
            "list-types",
        ]),
        "parted" => {
            has(&["-l", "list"])
                || (cmd.operands.iter().any(|o| o == "print")
                    && !cmd.operands.iter().any(|o| {
                        matches!(
                            o.as_str(),
                            "mklabel"
                                | "mktable"
                                | "mkpart"
                                | "rm"
                                | "resizepart"
                                | "name"
                                | "set"
                                | "toggle"
                                | "rescue"
                                | "mkfs"
                        )
                    }))
        }
        "sgdisk" => only(&[
            "-p",
            "print",
            "-v",
            "verify",
            "-L",
            "list-types",
            "-i",
            "info",
            "-O",
            "print-mbr",
            // Saves the partition tables to a file.
            "-b",
            "backup",
        ]),
        "wipefs" => has(&["-n", "no-act"]) || !has(&["-a", "all", "-o", "offset", "-b", "backup"]),
        "nwipe" => only(&["-V", "version", "-h", "help"]),
        _ => false,
    }
}

/// The files `tar` archives (and with `--remove-files` deletes): its operands but the archive
/// (`-f`, or the word after an old-style `czf` cluster), each under the `-C` directories when
/// relative. `None` when the list comes from a file (`-T`, `--files-from`).
fn tar_members(cmd: &SimpleCommand) -> Option<Vec<String>> {
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
                writes_block_device(cmd, memo.modelled_targets(cmd))
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
                        true => crate::facts::paths::working_dir_form(o),
                    };
                    roots.push(root.map_or(PathClass::Unknown, |r| {
                        crate::facts::paths::root_class(&r, cmd, cx)
                    }));
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
            Check::Git(check) => check.holds(cmd, cx),
            Check::CriticalDirOperand => path_operands(cmd)
                .into_iter()
                .any(|o| is_critical_dir(o, cmd, cx)),
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

/// Whether an rsync deletes at its destination (`--delete`, `--delete-after`, `--del`, …).
fn rsync_deletes(cmd: &SimpleCommand) -> bool {
    cmd.flags
        .iter()
        .any(|f| f.starts_with("delete") || f == "del")
}

struct R(CommandRule);

impl R {
    fn new(id: &str, text: &str, programs: &[&str]) -> R {
        let mut r = CommandRule::new(id, text);
        r.severity = Severity::Critical;
        r.workflow_action = Severity::Critical.default_action();
        r.programs = programs.iter().map(|s| s.to_string()).collect();
        R(r)
    }
    /// Asks a person instead of denying (a high-severity rule).
    fn review(mut self) -> R {
        self.0.severity = Severity::High;
        self.0.workflow_action = toolgate_core::WorkflowAction::RequireHumanReview;
        self
    }
    fn sub(mut self, words: &[&str]) -> R {
        self.0.subcommand = strings(words);
        self
    }
    fn any(mut self, f: &[&str]) -> R {
        self.0.flags_any = strings(f);
        self
    }
    fn none(mut self, f: &[&str]) -> R {
        self.0.flags_none = strings(f);
        self
    }
    fn args_any(mut self, a: &[&str]) -> R {
        self.0.args_any = strings(a);
        self
    }
    fn paths(mut self, p: &[PathGroup]) -> R {
        self.0.path_class = p.to_vec();
        self
    }
    fn check(mut self, c: Check) -> R {
        self.0.check = Some(c);
        self
    }
}

fn strings(s: &[&str]) -> Vec<String> {
    s.iter().map(|s| s.to_string()).collect()
}

/// `unlink` over what `find` lists deletes as `rm` does; `rimraf` is `rm -rf`.
const RM: &[&str] = &["rm", "unlink", "rimraf"];

/// The pack, in evaluation order.
pub(crate) fn rules() -> Vec<CommandRule> {
    let git = &["git"];
    vec![
        R::new(
            "TG-CMD-RM-ROOT",
            "Recursive delete of the root directory",
            RM,
        )
        .any(&["recursive"])
        .paths(&[PathGroup::Root]),
        R::new(
            "TG-CMD-RM-HOME",
            "Recursive delete in a home directory",
            RM,
        )
        .any(&["recursive"])
        .paths(&[PathGroup::Home]),
        R::new(
            "TG-CMD-RM-SYSTEM",
            "Recursive delete of a system directory",
            RM,
        )
        .any(&["recursive"])
        .paths(&[PathGroup::System]),
        R::new(
            "TG-CMD-RM-OUTSIDE-CWD",
            "Recursive delete outside the working directory (or of a path only known at run time)",
            RM,
        )
        .any(&["recursive"])
        .paths(&[PathGroup::OutsideCwd]),
        R::new(
            "TG-CMD-FIND-DELETE",
            "find -delete over a tree outside the working directory (or only known at run time) removes every match",
            &["find"],
        )
        .any(&["delete"])
        .check(Check::FindDeleteOutside),
        R::new(
            "TG-CMD-TAR-REMOVE-FILES",
            "tar --remove-files deletes what it archives: files outside the working directory (or only known at run time)",
            &["tar", "gtar"],
        )
        .any(&["remove-files"])
        .check(Check::TarRemovesOutside),
        R::new(
            "TG-CMD-TRUNCATE-SYSTEM",
            "Truncating a file of the system (or the root) destroys its content",
            &["truncate"],
        )
        .paths(&[PathGroup::Root, PathGroup::System]),
        R::new(
            "TG-CMD-GIT-PUSH-FORCE",
            "Force push rewrites remote history (use --force-with-lease)",
            git,
        )
        .sub(&["push"])
        .any(&["force"])
        .none(&["force-with-lease"]),
        R::new(
            "TG-CMD-GIT-PUSH-REFSPEC",
            "A +refspec push force-updates the remote branch",
            git,
        )
        .sub(&["push"])
        .any(&["force-refspec"]),
        R::new(
            "TG-CMD-GIT-RESET-HARD",
            "git reset --hard/--merge discards uncommitted work",
            git,
        )
        .sub(&["reset"])
        .any(&["hard", "merge"]),
        R::new(
            "TG-CMD-GIT-CLEAN",
            "git clean -f deletes untracked files",
            git,
        )
        .sub(&["clean"])
        .any(&["force"]),
        R::new(
            "TG-CMD-GIT-CHECKOUT-DISCARD",
            "git checkout of paths (or --force) discards uncommitted changes",
            git,
        )
        .sub(&["checkout"])
        .check(Check::GitCheckoutDiscard),
        R::new(
            "TG-CMD-GIT-RESTORE",
            "git restore of the worktree discards uncommitted changes",
            git,
        )
        .sub(&["restore"])
        .check(Check::GitRestoreWorktree),
        R::new(
            "TG-CMD-GIT-SWITCH-DISCARD",
            "git switch --force/--discard-changes discards uncommitted changes",
            git,
        )
        .sub(&["switch"])
        .any(&["force", "discard-changes"]),
        R::new(
            "TG-CMD-GIT-BRANCH-FORCE-DELETE",
            "git branch -D deletes a branch even when unmerged",
            git,
        )
        .sub(&["branch"])
        .check(Check::GitBranchForceDelete),
        R::new(
            "TG-CMD-GIT-STASH-DROP",
            "git stash drop deletes stashed work",
            git,
        )
        .sub(&["stash", "drop"]),
        R::new(
            "TG-CMD-GIT-STASH-CLEAR",
            "git stash clear deletes all stashed work",
            git,
        )
        .sub(&["stash", "clear"]),
        R::new(
            "TG-CMD-GIT-WORKTREE-REMOVE-FORCE",
            "git worktree remove --force deletes uncommitted work",
            git,
        )
        .sub(&["worktree", "remove"])
        .any(&["force"]),
        R::new(
            "TG-CMD-DD-DEVICE",
            "dd writing to a device overwrites a disk",
            &["dd", "dcfldd"],
        )
        .check(Check::DdToDevice),
        R::new(
            "TG-CMD-BLOCK-DEVICE-WRITE",
            "Writing to a block device overwrites a disk",
            &[],
        )
        .check(Check::BlockDeviceWrite),
        R::new(
            "TG-CMD-MKFS",
            "Creating a file system on a device (or a file outside the working directory) erases it",
            &[
                "mkfs",
                "mkfs.*",
                "mke2fs",
                "mkswap",
                "newfs*",
                "mkdosfs",
                "mkntfs",
                "mkexfatfs",
                "mkfs_*",
                "mformat",
            ],
        )
        .check(Check::DiskTarget),
        R::new(
            "TG-CMD-DISK-WIPE",
            "Disk wiping or partitioning of a device (or of a file outside the working directory) destroys data",
            &[
                "shred",
                "wipefs",
                "fdisk",
                "sfdisk",
                "cfdisk",
                "parted",
                "gdisk",
                "sgdisk",
                "blkdiscard",
                "ddrescue",
                "lvremove",
                "vgremove",
                "pvremove",
                "lvreduce",
                "wipe",
                "scrub",
                "nwipe",
            ],
        )
        .check(Check::DiskTarget),
        R::new(
            "TG-CMD-CRYPTSETUP-FORMAT",
            "cryptsetup luksFormat/erase destroys a disk's data",
            &["cryptsetup"],
        )
        .args_any(&[
            "luksFormat",
            "luksformat",
            "erase",
            "luksErase",
            "reencrypt",
            "luksKillSlot",
        ]),
        R::new(
            "TG-CMD-NVME-FORMAT",
            "nvme format/sanitize erases a disk",
            &["nvme"],
        )
        .args_any(&["format", "sanitize"]),
        R::new(
            "TG-CMD-HDPARM-ERASE",
            "hdparm secure erase or sector writes destroy a disk's data",
            &["hdparm"],
        )
        .args_any(&[
            "--security-erase*",
            "--trim-sector-ranges*",
            "--write-sector",
            "--dco-restore",
            "--make-bad-sector",
        ]),
        R::new(
            "TG-CMD-DISKUTIL-ERASE",
            "diskutil erase/partition/zero destroys a disk's data",
            &["diskutil"],
        )
        .args_any(&[
            "erase*",
            "zeroDisk",
            "secureErase",
            "randomDisk",
            "partitionDisk",
            "reformat",
        ]),
        R::new(
            "TG-CMD-ZFS-DESTROY",
            "zpool/zfs destroy deletes a pool or data set",
            &["zpool", "zfs"],
        )
        .args_any(&["destroy", "labelclear"]),
        R::new(
            "TG-CMD-CHMOD-SYSTEM",
            "Recursive mode or owner change of the root or a system directory",
            &["chmod", "chown", "chgrp"],
        )
        .any(&["recursive"])
        .paths(&[PathGroup::Root, PathGroup::System]),
        R::new(
            "TG-CMD-CHMOD-CRITICAL",
            "Recursive mode or owner change of a home directory, the root or a system directory",
            &["chmod", "chown", "chgrp", "setfacl", "chattr"],
        )
        .any(&["recursive", "-R"])
        .check(Check::CriticalDirOperand),
        R::new(
            "TG-CMD-MV-CRITICAL",
            "Moving the root, a home directory or a system directory breaks the machine",
            &["mv"],
        )
        .check(Check::CriticalDirOperand),
        R::new(
            "TG-CMD-RSYNC-DELETE-CRITICAL",
            "rsync --delete into the root, a home or a system directory deletes it",
            &["rsync"],
        )
        .check(Check::RsyncDeleteCritical),
        R::new(
            "TG-CMD-RSYNC-DELETE-OUTSIDE",
            "rsync --delete onto another machine or outside the working directory (or --remove-source-files of sources outside it) deletes files there",
            &["rsync"],
        )
        .none(&["dry-run"])
        .check(Check::RsyncDeleteOutside)
        .review(),
        R::new(
            "TG-CMD-FORK-BOMB",
            "A function that pipes into itself (fork bomb)",
            &[],
        )
        .check(Check::ForkBomb),
        R::new(
            "TG-CMD-PIPE-TO-SHELL",
            "Running downloaded code (download piped to a shell or interpreter)",
            &[],
        )
        .check(Check::DownloadedCode),
        R::new(
            "TG-CMD-INLINE-DESTRUCTIVE",
            "Interpreter one-liner that deletes files",
            &[],
        )
        .check(Check::InlineDestructive),
        R::new(
            "TG-CMD-PROTECTED-WRITE",
            "Writes to Claude Code settings or to toolgate's own policy or binary",
            &[],
        )
        .check(Check::ProtectedWrite),
    ]
    .into_iter()
    .map(|r| r.0)
    .chain(super::git::rules())
    .collect()
}
