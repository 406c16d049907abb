//! Option specs of remote shells, file copies and sockets: ssh, scp, sftp, mosh, telnet, ftp,
//! rsync, netcat.

use super::Spec;

pub(crate) const SSH: Spec = Spec {
    short_val: "BbcDEeFIiJLlmOoPpQRSWw",
    long_val: &[],
    short: &[],
    long: &[],
    long_flags: &[],
    abbreviate: false,
};

pub(crate) const SCP: Spec = Spec {
    short_val: "cDFiJlOoPSX",
    long_val: &[],
    short: &[('r', "recursive")],
    long: &[],
    long_flags: &[],
    abbreviate: false,
};

/// sftp's options that take a value.
pub(crate) const SFTP: Spec = Spec {
    short_val: "BbcDFiJlOoPRSs",
    long_val: &[],
    short: &[],
    long: &[],
    long_flags: &[],
    abbreviate: false,
};

/// mosh's options that take a value.
pub(crate) const MOSH: Spec = Spec {
    short_val: "p",
    long_val: &[
        "ssh",
        "port",
        "predict",
        "family",
        "bind-server",
        "server",
        "client",
        "experimental-remote-ip",
    ],
    short: &[],
    long: &[],
    long_flags: &[],
    abbreviate: false,
};

/// telnet's options that take a value.
pub(crate) const TELNET: Spec = Spec {
    short_val: "Xbeln",
    long_val: &[],
    short: &[],
    long: &[],
    long_flags: &[],
    abbreviate: false,
};

/// ftp's (tnftp's) options that take a value.
pub(crate) const FTP: Spec = Spec {
    short_val: "oPrsTu",
    long_val: &[],
    short: &[],
    long: &[],
    long_flags: &[],
    abbreviate: false,
};

pub(crate) const RSYNC: Spec = Spec {
    short_val: "eBfT",
    long_val: &[
        "rsh",
        "exclude",
        "include",
        "exclude-from",
        "include-from",
        "filter",
        "files-from",
        "rsync-path",
        "temp-dir",
        "password-file",
        "port",
        "log-file",
        "bwlimit",
        "timeout",
        "chmod",
        "chown",
        "backup-dir",
        "suffix",
        "link-dest",
        "compare-dest",
        "copy-dest",
        "partial-dir",
        "block-size",
        "max-size",
        "min-size",
        "usermap",
        "groupmap",
    ],
    short: &[('r', "recursive"), ('a', "archive")],
    // The old name rsync still accepts.
    long: &[("remove-sent-files", "remove-source-files")],
    // Flags whose names begin value options' names: exact names win (`--partial` is no
    // `--partial-dir`).
    long_flags: &["partial", "backup", "progress"],
    abbreviate: false,
};

pub(crate) const NC: Spec = Spec {
    short_val: "cegGiIOpPqsTVwxX",
    long_val: &["exec", "sh-exec", "proxy", "source", "wait"],
    short: &[('l', "listen"), ('e', "exec"), ('c', "sh-exec")],
    long: &[],
    long_flags: &[],
    abbreviate: false,
};
