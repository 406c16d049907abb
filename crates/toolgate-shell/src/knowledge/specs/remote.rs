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

/// ping and ping6's options that take a value (iputils and BSD: `-c COUNT`, `-I IFACE`,
/// `-p PATTERN`, `-W TIMEOUT` …).
pub(crate) const PING: Spec = Spec::values("ceFiIlmMNpQsStTwW", &[]);

/// traceroute's options that take a value (`-I` and `-T` pick a method and take none).
pub(crate) const TRACEROUTE: Spec = Spec::values(
    "fgilmMNOpqstwz",
    &[
        "first",
        "gateway",
        "interface",
        "max-hops",
        "sim-queries",
        "wait",
        "queries",
        "port",
        "tos",
        "flowlabel",
        "source",
        "sendwait",
        "module",
        "options",
        "sport",
        "fwmark",
    ],
);

/// tracepath's options that take a value.
pub(crate) const TRACEPATH: Spec = Spec::values("lmp", &[]);

/// mtr's options that take a value (`-F FILE` reads the hosts from a file).
pub(crate) const MTR: Spec = Spec::values(
    "aBcfFGiILmMoPQsUy",
    &[
        "address",
        "bitpattern",
        "report-cycles",
        "first-ttl",
        "filename",
        "gracetime",
        "interval",
        "interface",
        "localport",
        "max-ttl",
        "mark",
        "order",
        "port",
        "tos",
        "psize",
        "max-unknown",
        "ipinfo",
        "timeout",
        "displaymode",
    ],
);

/// arping's options that take a value.
pub(crate) const ARPING: Spec = Spec::values("cIisSwW", &[]);

/// dig's, kdig's and delv's options that take a value (`-f FILE` reads queries, each of
/// which may name its server; `-x ADDR` is the address looked up).
pub(crate) const DIG: Spec = Spec::values("abcdEfGkpqtxy", &[]);

/// drill's options that take a value (`-c FILE` is a resolv.conf naming the servers).
pub(crate) const DRILL: Spec = Spec::values("ckIopy", &[]);

/// host's options that take a value.
pub(crate) const HOST_LOOKUP: Spec = Spec::values("cmNRtW", &[]);

/// whois's options that take a value (`-h HOST` is the server asked).
pub(crate) const WHOIS: Spec = Spec::values("hiMpqsTt", &["host", "port"]);
