//! The `backups` pack in the catalog: deleting backups and snapshots, deleting files on
//! remotes.

use super::{Pack, deny, review};

pub(super) const PACK: Pack = Pack {
    name: "backups",
    summary: "deleting backups and snapshots, deleting files on remotes",
    rules: &[
        deny(
            "TG-BACKUP-DELETE",
            "Deleting backup archives, repositories or a remote tree cannot be undone",
            "borg delete, borg repo-delete|rdelete, restic forget --unsafe-allow-remove-all, rclone purge, velero backup|snapshot delete, tmutil delete|deletelocalsnapshots",
        ),
        review(
            "TG-BACKUP-PRUNE",
            "Pruning or rotating backups, or deleting and syncing files on a remote",
            "restic forget|prune, borg prune|compact, rclone delete|deletefile|rmdir|rmdirs|sync|move, velero restore|schedule|backup-location delete, tmutil thinlocalsnapshots",
        ),
    ],
};
