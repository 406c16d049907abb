//! The `cloud` pack's object-storage tools: mirror syncs that delete at the destination
//! (gsutil, gcloud storage, az storage blob, azcopy, s3cmd, mc, b2), and recursive or whole
//! bucket deletes of azcopy, s3cmd, the MinIO client and Backblaze's b2. (`aws s3` and the
//! single-command deletes of gsutil and gcloud storage are in `mod.rs`.)

use super::super::{Check, Matcher as M};
use super::S3_URLS;
use crate::knowledge::specs::{AZ_BLOB_SYNC, GCLOUD_STORAGE_RSYNC, GSUTIL_RSYNC};

const SYNC_DELETE: &str = "TG-CLOUD-STORAGE-SYNC-DELETE";
const AZ_DELETE: &str = "TG-CLOUD-AZ-DELETE";
const PLATFORM: &str = "TG-CLOUD-PLATFORM-DELETE";

/// Help asked for deletes nothing.
const HELP: &[&str] = &["--help", "-h"];
/// A dry run deletes nothing (`-n` is s3cmd's).
const DRY_RUN: &[&str] = &["--dry-run", "-n", "--help", "-h"];
/// b2's dry runs, in v4's spelling and v3's camel case.
const B2_DRY_RUN: &[&str] = &["--dry-run", "--dryRun", "--help", "-h"];

/// azcopy's spellings of `sync` (its command aliases).
const AZCOPY_SYNC: &[&str] = &["sync", "sc", "s"];
/// azcopy's spellings of `remove`.
const AZCOPY_REMOVE: &[&str] = &["remove", "rm", "r"];

/// Where a sync's destination names Cloud Storage (gsutil and gcloud storage also write
/// into S3).
const GCS_URLS: &[&str] = &["gs://", "s3://"];
/// Where a sync's destination names a B2 bucket.
const B2_URLS: &[&str] = &["b2://"];
/// Where azcopy's destination names a storage account (a local destination is a path).
const AZURE_URLS: &[&str] = &["https://", "http://"];

/// The storage tools' matchers.
pub(in crate::rules::packs) const STORAGE_MATCHERS: &[M] = &[
    // Mirror syncs: whatever the source lacks is deleted at the destination (an empty or
    // wrong source empties it). Deploys do it routinely: a person decides, as for `aws s3
    // sync --delete`.
    M::new(SYNC_DELETE, &["gsutil"], &[&["rsync"]])
        .spec(&GSUTIL_RSYNC)
        .any(&["-d"])
        .none(&["-n", "--help"])
        .check(Check::SyncInto(2, GCS_URLS)),
    M::new(SYNC_DELETE, &["gcloud"], &[&["storage"], &["rsync"]])
        .spec(&GCLOUD_STORAGE_RSYNC)
        .any(&["--delete-unmatched-destination-objects"])
        .none(&["--dry-run", "--help", "-h"])
        .check(Check::SyncInto(3, GCS_URLS)),
    // `az storage blob sync` deletes at the destination unless told not to (its default is
    // `--delete-destination true`; the extension's `az storage azcopy blob sync` always
    // does). `prompt` is asked on the agent's own terminal: no person answers it.
    M::new(SYNC_DELETE, &["az"], &[&["storage"], &["blob"], &["sync"]])
        .spec(&AZ_BLOB_SYNC)
        .none(HELP)
        .check(Check::NotValue(&["--delete-destination"], &["false"])),
    M::new(
        SYNC_DELETE,
        &["az"],
        &[&["storage"], &["azcopy"], &["blob"], &["sync"]],
    )
    .spec(&AZ_BLOB_SYNC)
    .none(HELP)
    .check(Check::NotValue(&["--delete-destination"], &["false"])),
    // azcopy deletes only when told to (`--delete-destination=true|prompt`; `=false` is no
    // delete).
    M::new(SYNC_DELETE, &["azcopy"], &[AZCOPY_SYNC])
        .any(&["--delete-destination"])
        .none(&["--dry-run", "--help", "-h"])
        .check(Check::SyncInto(2, AZURE_URLS)),
    M::new(SYNC_DELETE, &["s3cmd"], &[&["sync"]])
        .any(&["--delete-removed"])
        .none(DRY_RUN)
        .check(Check::SyncInto(2, S3_URLS)),
    // mc names a bucket by an alias (`myminio/b`), which no prefix tells from a local path.
    M::new(SYNC_DELETE, &["mc"], &[&["mirror"]])
        .any(&["--remove"])
        .none(&["--dry-run", "--help", "-h"]),
    // `--replace-newer` overwrites newer files, whose earlier versions B2 keeps.
    M::new(SYNC_DELETE, &["b2"], &[&["sync"]])
        .any(&["--delete"])
        .none(B2_DRY_RUN)
        .check(Check::SyncInto(2, B2_URLS)),
    // Everything under a container or directory URL (one blob is routine, as one S3
    // object is).
    M::new(AZ_DELETE, &["azcopy"], &[AZCOPY_REMOVE])
        .any(&["--recursive"])
        .none(&["--dry-run", "--help", "-h"]),
    M::new(
        AZ_DELETE,
        &["az"],
        &[&["storage"], &["azcopy"], &["blob"], &["delete"]],
    )
    .any(&["--recursive", "-r"])
    .none(HELP),
    M::new(AZ_DELETE, &["az"], &[&["storage"], &["remove"]])
        .any(&["--recursive", "-r"])
        .none(HELP),
    // S3-compatible and B2 storage: everything under a prefix, or a bucket (which also frees
    // its name for anyone to take).
    M::new(PLATFORM, &["s3cmd"], &[&["del", "rm"]])
        .any(&["--recursive", "-r"])
        .none(DRY_RUN),
    M::new(PLATFORM, &["s3cmd"], &[&["rb"]]).none(DRY_RUN),
    // `mc rm --incomplete` removes unfinished uploads only; `--fake` is its dry run.
    M::new(PLATFORM, &["mc"], &[&["rm"]])
        .any(&["--recursive", "-r"])
        .none(&["--fake", "--incomplete", "-I", "--help", "-h"]),
    M::new(PLATFORM, &["mc"], &[&["rb"]]).none(HELP),
    M::new(PLATFORM, &["b2"], &[&["rm"]])
        .any(&["--recursive"])
        .none(B2_DRY_RUN),
    M::new(PLATFORM, &["b2"], &[&["delete-bucket"]]).none(HELP),
    M::new(PLATFORM, &["b2"], &[&["bucket"], &["delete"]]).none(HELP),
];
