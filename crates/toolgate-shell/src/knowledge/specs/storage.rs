//! Option specs of object-storage CLIs: the sync commands of gsutil, gcloud and az, and the
//! whole of azcopy, s3cmd, the MinIO client (`mc`) and Backblaze's `b2`. They list the
//! options that take a value, so that a sync's destination is read at its place and a value
//! is never taken for a subcommand word or an operand, and the flags the rule packs test
//! where a value option starts with the same letters (or the program accepts abbreviations).

use super::infra::{AZ_GLOBAL_FLAGS, AZ_GLOBAL_OPTIONS, GCLOUD_GLOBAL_OPTIONS};
use super::{Spec, names_after};

/// `gsutil rsync`: `-a CANNED_ACL`, `-j EXTENSIONS`, `-x PATTERN`, `-y PATTERN` (its other
/// options are flags; gsutil's own options come before `rsync`).
pub(crate) const GSUTIL_RSYNC: Spec = Spec::values("ajxy", &[]);

/// `gcloud storage rsync`: the global options and the sync's that take a value (`-n` is
/// `--no-clobber` there, no dry run).
pub(crate) const GCLOUD_STORAGE_RSYNC: Spec = Spec::values(
    "ajxs",
    names_after!(
        GCLOUD_GLOBAL_OPTIONS,
        [
            "additional-headers",
            "canned-acl",
            "predefined-acl",
            "content-md5",
            "exclude",
            "gzip-in-flight",
            "decryption-keys",
            "encryption-key",
            "cache-control",
            "content-disposition",
            "content-encoding",
            "content-language",
            "content-type",
            "custom-time",
            "custom-metadata",
            "remove-custom-metadata",
            "update-custom-metadata",
            "custom-contexts",
            "custom-contexts-file",
            "remove-custom-contexts",
            "update-custom-contexts",
            "if-generation-match",
            "if-metageneration-match",
            "storage-class",
        ]
    ),
);

/// `az storage blob sync` (and the storage-preview extension's `az storage azcopy blob
/// sync`): the global options and the sync's (`-s SOURCE`, `-c CONTAINER`, `-d DESTINATION`,
/// `--delete-destination true|false|prompt`).
pub(crate) const AZ_BLOB_SYNC: Spec = Spec::with_flags(
    "ngolscd",
    names_after!(
        AZ_GLOBAL_OPTIONS,
        [
            "source",
            "container",
            "destination",
            "delete-destination",
            "exclude-pattern",
            "include-pattern",
            "exclude-path",
            "include-path",
            "blob-endpoint",
            "timeout",
        ]
    ),
    AZ_GLOBAL_FLAGS,
);

/// azcopy: its options that take a value (cobra: `--name=value` or `--name value`; its
/// boolean flags such as `--recursive` and `--dry-run` take a value only after `=`).
pub(crate) const AZCOPY: Spec = Spec::with_flags(
    "",
    &[
        "delete-destination",
        "overwrite",
        "from-to",
        "log-level",
        "output-type",
        "output-level",
        "cap-mbps",
        "trusted-microsoft-suffixes",
        "block-size-mb",
        "put-blob-size-mb",
        "blob-type",
        "block-blob-tier",
        "page-blob-tier",
        "check-md5",
        "compare-hash",
        "content-type",
        "content-encoding",
        "content-disposition",
        "content-language",
        "cache-control",
        "metadata",
        "blob-tags",
        "cpk-by-name",
        "exclude-attributes",
        "include-attributes",
        "exclude-path",
        "include-path",
        "exclude-pattern",
        "include-pattern",
        "exclude-regex",
        "include-regex",
        // The hidden legacy names of the patterns, still read.
        "include",
        "exclude",
        "exclude-blob-type",
        "exclude-container",
        "include-after",
        "include-before",
        "list-of-files",
        "list-of-versions",
        "local-hash-storage-mode",
        "hash-meta-dir",
        "trailing-dot",
        "delete-snapshots",
        "permanent-delete",
        "tenant-id",
        "aad-endpoint",
        "certificate-path",
        "application-id",
    ],
    &["recursive", "dry-run", "help"],
);

/// s3cmd (Python's optparse: options anywhere, long names abbreviated): `-c CONFIG`,
/// `-m MIME_TYPE` and the long options that take a value; the flags the rule packs test.
pub(crate) const S3CMD: Spec = Spec::with_flags(
    "cm",
    &[
        "config",
        "access_key",
        "secret_key",
        "access_token",
        "region",
        "bucket-location",
        "host",
        "host-bucket",
        "storage-class",
        "acl-grant",
        "acl-revoke",
        "add-header",
        "remove-header",
        "encoding",
        "mime-type",
        "default-mime-type",
        "exclude",
        "exclude-from",
        "rexclude",
        "rexclude-from",
        "include",
        "include-from",
        "rinclude",
        "rinclude-from",
        "files-from",
        "expiry-date",
        "expiry-days",
        "expiry-prefix",
        "cache-file",
        "limit-rate",
        "multipart-chunk-size-mb",
        "max-delete",
        "add-encoding-exts",
        "ca-certs",
        "kms-key",
        "server-side-encryption-kms-id",
        "ws-index",
        "ws-error",
        "progress-interval",
    ],
    &[
        "recursive",
        "force",
        "dry-run",
        "delete-removed",
        "no-delete-removed",
        "delete-after",
        "help",
    ],
);

/// The MinIO client `mc`: the global options (`-C CONFIG_DIR`, `-H HEADER`) and those of
/// `rm`, `rb` and `mirror` that take a value.
pub(crate) const MC: Spec = Spec::values(
    "CH",
    &[
        "config-dir",
        "custom-header",
        "limit-upload",
        "limit-download",
        "resolve",
        "conn-read-deadline",
        "conn-write-deadline",
        "older-than",
        "newer-than",
        "version-id",
        "vid",
        "rewind",
        "encrypt-key",
        "encrypt",
        "exclude",
        "exclude-bucket",
        "exclude-storageclass",
        "storage-class",
        "attr",
        "region",
        "checksum",
        "max-workers",
        "monitoring-address",
    ],
);

/// Backblaze's `b2` (Python's argparse: long names abbreviated), in its v4 spelling and the
/// camel case of v3 (`--dryRun`, `--keepDays`): the global options and those of `sync` and
/// `rm` that take a value; the flags the rule packs test.
pub(crate) const B2: Spec = Spec::with_flags(
    "",
    &[
        "profile",
        "log-config",
        "threads",
        "sync-threads",
        "download-threads",
        "upload-threads",
        "queue-size",
        "compare-versions",
        "compare-threshold",
        "exclude-regex",
        "include-regex",
        "exclude-dir-regex",
        "exclude-if-modified-after",
        "exclude-if-uploaded-after",
        "keep-days",
        "write-buffer-size",
        "max-download-streams-per-file",
        "destination-server-side-encryption",
        "destination-server-side-encryption-algorithm",
        "source-server-side-encryption",
        "source-server-side-encryption-algorithm",
        "compareVersions",
        "compareThreshold",
        "excludeRegex",
        "includeRegex",
        "excludeDirRegex",
        "excludeIfModifiedAfter",
        "keepDays",
        "syncThreads",
        "downloadThreads",
        "uploadThreads",
        "writeBufferSize",
        "maxDownloadStreamsPerFile",
    ],
    &[
        "delete",
        "recursive",
        "dry-run",
        "dryRun",
        "replace-newer",
        "replaceNewer",
        "help",
    ],
);
