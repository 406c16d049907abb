//! The `backups` pack: deleting backups and snapshots, and deleting files on remotes.

use super::Matcher as M;

const HELP: &[&str] = &["--help", "-h"];
/// A dry run deletes nothing (`-n` is `--dry-run` for borg, restic and rclone).
const DRY_RUN: &[&str] = &["--dry-run", "-n", "--help", "-h"];

const DELETE: &str = "TG-BACKUP-DELETE";
const PRUNE: &str = "TG-BACKUP-PRUNE";

/// The pack's matchers.
pub(super) const MATCHERS: &[M] = &[
    // BorgBackup: `delete` removes archives or the whole repository; `--cache-only` only the
    // local cache.
    M::new(DELETE, &["borg"], &[&["delete"]]).none(&[
        "--cache-only",
        "--dry-run",
        "-n",
        "--help",
        "-h",
    ]),
    M::new(DELETE, &["borg"], &[&["repo-delete", "rdelete"]]).none(DRY_RUN),
    M::new(PRUNE, &["borg"], &[&["prune", "compact"]]).none(DRY_RUN),
    // restic: `forget` drops snapshots (their data goes with the next `prune`); a routine
    // rotation, unless it is told it may drop every snapshot.
    M::new(DELETE, &["restic"], &[&["forget"]])
        .any(&["--unsafe-allow-remove-all"])
        .none(DRY_RUN),
    M::new(PRUNE, &["restic"], &[&["forget", "prune"]]).none(&[
        "--unsafe-allow-remove-all",
        "--dry-run",
        "-n",
        "--help",
        "-h",
    ]),
    // rclone: `purge` removes a path with everything under it; `sync` deletes what the source
    // lacks at the destination; `move` deletes the source once it is copied.
    M::new(DELETE, &["rclone"], &[&["purge"]]).none(DRY_RUN),
    M::new(
        PRUNE,
        &["rclone"],
        &[&[
            "delete",
            "deletefile",
            "rmdir",
            "rmdirs",
            "sync",
            "move",
            "moveto",
        ]],
    )
    .none(DRY_RUN),
    // Time Machine: backups and local snapshots deleted, or thinned to free space.
    M::new(DELETE, &["tmutil"], &[&["delete", "deletelocalsnapshots"]]).none(HELP),
    M::new(PRUNE, &["tmutil"], &[&["thinlocalsnapshots"]]).none(HELP),
    // Velero: a cluster's backups.
    M::new(
        DELETE,
        &["velero"],
        &[&["backup", "backups", "snapshot", "snapshots"], &["delete"]],
    )
    .none(HELP),
    M::new(
        PRUNE,
        &["velero"],
        &[
            &[
                "restore",
                "schedule",
                "backup-location",
                "snapshot-location",
            ],
            &["delete"],
        ],
    )
    .none(HELP),
];
