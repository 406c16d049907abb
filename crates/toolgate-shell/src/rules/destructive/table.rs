//! The pack's rules, in evaluation order (the git rules last), written with a short builder
//! that gives every rule a critical severity unless it asks a person instead.

use toolgate_core::Severity;

use super::Check;
use crate::facts::paths::PathGroup;
use crate::rules::CommandRule;

/// The id and text of the rule two `git submodule` subcommands share.
const SUBMODULE_DISCARD: (&str, &str) = (
    "TG-CMD-GIT-SUBMODULE-DISCARD",
    "git submodule deinit --force / update --force discards uncommitted work in submodules",
);

/// A storage manager's volume, pool or file system deleted with its data (`btrfs subvolume
/// delete`, `mdadm --zero-superblock`, `stratis pool destroy`, `ceph osd pool delete` …).
fn volume_destroy(programs: &[&str]) -> R {
    R::new(
        "TG-CMD-VOLUME-DESTROY",
        "Deleting a storage manager's volume, pool or file system (btrfs, mdadm, Stratis, ndctl, Ceph, Gluster) destroys its data",
        programs,
    )
}

/// A link to the root, a home directory, a system directory or above the working directory
/// (`ln -s / x`, `ln -s ../.. up`): anything deleted through it later is deleted there.
fn link_critical(programs: &[&str]) -> R {
    R::new(
        "TG-CMD-LINK-CRITICAL",
        "A link to the root, a home directory, a system directory or above the project makes a later delete through it reach there",
        programs,
    )
    .check(Check::LinksCritical)
    .review()
}

/// Storage managers' subcommands that delete a pool, volume, namespace or file system with
/// its data (one rule reads them all: each rule of the table is built per process).
pub(super) const STORAGE_DESTROYS: &[(&str, &[&str])] = &[
    ("stratis", &["pool", "destroy"]),
    ("stratis", &["filesystem", "destroy"]),
    ("stratis", &["fs", "destroy"]),
    ("ndctl", &["destroy-namespace"]),
    ("ceph", &["osd", "pool", "delete"]),
    ("ceph", &["osd", "pool", "rm"]),
    ("rbd", &["rm"]),
    ("rbd", &["remove"]),
    ("rados", &["rmpool"]),
    ("rados", &["purge"]),
    ("gluster", &["volume", "delete"]),
];

/// The programs of [`STORAGE_DESTROYS`].
const STORAGE_PROGRAMS: &[&str] = &["stratis", "ndctl", "ceph", "rbd", "rados", "gluster"];

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

/// `unlink` over what `find` lists deletes as `rm` does; `rimraf` is `rm -rf`; `srm`
/// overwrites, then deletes.
const RM: &[&str] = &["rm", "unlink", "rimraf", "srm"];

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
        // The project's own repository: inside the working directory, yet its history.
        R::new(
            "TG-CMD-RM-REPOSITORY",
            "Deleting the working directory's .git loses the history, branches and stashes that were never pushed",
            RM,
        )
        .any(&["recursive"])
        .check(Check::OwnRepository)
        .review(),
        // One file of the system, deleted or shredded (recursive deletes are RM-SYSTEM's).
        R::new(
            "TG-CMD-RM-SYSTEM-FILE",
            "Deleting a file of the system (its configuration, programs, libraries or data)",
            &["rm", "unlink", "shred"],
        )
        .none(&["recursive"])
        .paths(&[PathGroup::System])
        .review(),
        R::new(
            "TG-CMD-FIND-DELETE",
            "find -delete over a tree outside the working directory (or only known at run time), or over the whole working directory with nothing to narrow it, removes every match",
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
            "TG-CMD-ZIP-MOVE",
            "zip -m deletes what it archives: files outside the working directory (or only known at run time)",
            &["zip"],
        )
        .any(&["-m", "move"])
        .check(Check::ZipMovesOutside),
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
        .any(&["force"])
        // `-n` lists what would go and deletes nothing.
        .none(&["dry-run"]),
        R::new(
            "TG-CMD-GIT-CLEAN",
            "git clean -f deletes untracked files",
            git,
        )
        .sub(&["clean"])
        .none(&["dry-run"])
        .check(Check::Git(crate::rules::git::GitCheck::CleanForceOff)),
        // Plumbing that writes the index over the working tree.
        R::new(
            "TG-CMD-GIT-CHECKOUT-DISCARD",
            "git read-tree -u --reset and git checkout-index -f discard uncommitted changes",
            git,
        )
        .sub(&["read-tree"])
        .any(&["-u"])
        .check(Check::Git(crate::rules::git::GitCheck::ReadTreeReset)),
        R::new(
            "TG-CMD-GIT-CHECKOUT-DISCARD",
            "git read-tree -u --reset and git checkout-index -f discard uncommitted changes",
            git,
        )
        .sub(&["checkout-index"])
        .any(&["-f", "force"])
        // `--prefix=DIR/` writes the files elsewhere (an export).
        .none(&["prefix"]),
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
        // Without `--cached`, `git rm -f` deletes the files with the changes never committed.
        R::new(
            "TG-CMD-GIT-RM-FORCE",
            "git rm --force deletes files with their uncommitted changes",
            git,
        )
        .sub(&["rm"])
        .any(&["force"])
        .none(&["cached", "dry-run"])
        .review(),
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
        // Without `--force` both refuse when a submodule has local changes.
        R::new(SUBMODULE_DISCARD.0, SUBMODULE_DISCARD.1, git)
            .sub(&["submodule", "deinit"])
            .any(&["force"]),
        R::new(SUBMODULE_DISCARD.0, SUBMODULE_DISCARD.1, git)
            .sub(&["submodule", "update"])
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
        // badblocks' write-mode test overwrites the whole device (`-n` puts the data back).
        R::new(
            "TG-CMD-DISK-WIPE",
            "Disk wiping or partitioning of a device (or of a file outside the working directory) destroys data",
            &["badblocks"],
        )
        .any(&["-w"])
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
        volume_destroy(&["btrfs"]).sub(&["subvolume", "delete"]),
        volume_destroy(&["mdadm"]).any(&["zero-superblock"]),
        volume_destroy(STORAGE_PROGRAMS).check(Check::StorageDestroy),
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
            "TG-CMD-CHMOD-LOCKOUT",
            "Mode or owner change that locks its owner out of a home directory, the root or a system directory",
            &["chmod", "chown"],
        )
        .check(Check::OwnerLockedOut),
        R::new(
            "TG-CMD-MV-CRITICAL",
            "Moving the root, a home directory or a system directory breaks the machine",
            &["mv"],
        )
        .check(Check::CriticalDirMoved),
        // A link made into the root, a home or a system directory, or above the project:
        // a later delete through it (`rm -rf link/*`) reaches there, and no path class sees
        // the link for what it is.
        link_critical(&["ln", "gln"]),
        link_critical(&["cp", "gcp"]).any(&["-s", "symbolic-link", "-l", "link"]),
        // Any program: a redirect, `tee`, `sed -i`, a copy's destination; `chmod`/`chown`.
        R::new(
            "TG-CMD-SYSTEM-FILE-WRITE",
            "Overwriting, editing or re-moding a file of the system (its configuration, boot files, programs, libraries or package data), or the mode of the root or a system directory",
            &[],
        )
        .check(Check::SystemFileChanged)
        .review(),
        R::new(
            "TG-CMD-MV-SYSTEM-FILE",
            "Moving a file of the system away (its configuration, programs, libraries or data)",
            &["mv"],
        )
        .check(Check::MovesSystemFile)
        .review(),
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
    .chain(crate::rules::git::rules())
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_storage_rule_names_every_program_of_its_table() {
        for (program, path) in STORAGE_DESTROYS {
            assert!(STORAGE_PROGRAMS.contains(program), "{program}");
            assert!(!path.is_empty(), "{program}");
        }
        for program in STORAGE_PROGRAMS {
            assert!(
                STORAGE_DESTROYS.iter().any(|(p, _)| p == program),
                "{program}"
            );
        }
    }
}
