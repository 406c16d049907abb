//! Option specs of the network clients whose destinations `facts::destinations::clients`
//! reads: text browsers and downloaders, media tools, version control other than git, image
//! copiers, file-transfer clients, the package tools that name channels and sources, and the
//! subcommands of cluster and forge CLIs that name a server. Each lists the options that take
//! a value, so that a value (`axel -o out.tar.gz`, `yt-dlp -o '%(title)s.%(ext)s'`) is never
//! read as a URL or host operand.

use super::Spec;

/// lynx (long options with one dash, see `single_dash_long`; most values are attached with
/// `=`): the options that take the next word.
pub(crate) const LYNX: Spec = Spec::values(
    "",
    &[
        "width",
        "cfg",
        "lss",
        "cmd_log",
        "cmd_script",
        "useragent",
        "auth",
        "pauth",
        "cookie_file",
        "cookie_save_file",
        "display_charset",
        "assume_charset",
    ],
);

/// w3m (long options with one dash): `-o OPTION=VALUE`, `-T TYPE`, `-I`/`-O CHARSET`, and the
/// long options that take a file or a number.
pub(crate) const W3M: Spec = Spec::values(
    "oTIOtl",
    &["config", "bookmark", "header", "post", "cols", "ppc", "ppl"],
);

/// links and elinks (long options with one dash): the options that take a value, and the
/// flags that begin like one (`-dump` is no abbreviation of `-dump-width`).
pub(crate) const LINKS: Spec = Spec::with_flags(
    "",
    &[
        "enable-cookies",
        "width",
        "html-numbered-links",
        "codepage",
        "dump-width",
        "dump-charset",
        "dump-color-mode",
        "config-dir",
        "config-file",
        "eval",
        "session-ring",
        "base-session",
        "remote",
        "socks-proxy",
        "http-proxy",
        "ftp-proxy",
        "async-dns",
        "max-connections",
        "retries",
        "receive-timeout",
        "language",
    ],
    &[
        "dump",
        "source",
        "anonymous",
        "no-connect",
        "no-home",
        "stdin",
        "force-html",
    ],
);

/// axel: the options that take a value (`-S` takes its count attached, if at all).
pub(crate) const AXEL: Spec = Spec::values(
    "snoHUT",
    &[
        "max-speed",
        "num-connections",
        "output",
        "header",
        "user-agent",
        "timeout",
    ],
);

/// yt-dlp and youtube-dl: the options that take a value (`--proxy`, `-a`/`--batch-file` are
/// read as destinations).
pub(crate) const YT_DLP: Spec = Spec::values(
    "aofuprPINS",
    &[
        "batch-file",
        "output",
        "format",
        "username",
        "password",
        "proxy",
        "paths",
        "playlist-items",
        "audio-format",
        "audio-quality",
        "sub-lang",
        "sub-langs",
        "sub-format",
        "format-sort",
        "merge-output-format",
        "remux-video",
        "recode-video",
        "referer",
        "user-agent",
        "add-header",
        "cookies",
        "cookies-from-browser",
        "limit-rate",
        "retries",
        "download-archive",
        "exec",
        "postprocessor-args",
        "downloader",
        "external-downloader",
        "downloader-args",
        "external-downloader-args",
        "config-location",
        "default-search",
        "match-filter",
        "date",
        "datebefore",
        "dateafter",
        "min-filesize",
        "max-filesize",
        "max-downloads",
        "convert-subs",
        "convert-thumbnails",
        "parse-metadata",
        "replace-in-metadata",
        "sponsorblock-remove",
        "sponsorblock-mark",
        "concurrent-fragments",
        "source-address",
        "geo-verification-proxy",
    ],
);

/// ffmpeg, ffprobe and ffplay (long options with one dash): `-i INPUT`, `-f FORMAT` and the
/// long options whose values are no input (`-http_proxy` is read as a proxy); the flags that
/// begin like one (`-re` is no abbreviation of `-referer`).
pub(crate) const FFMPEG: Spec = Spec::with_flags(
    "ifrbsct",
    &[
        "http_proxy",
        "headers",
        "user_agent",
        "referer",
        "vf",
        "af",
        "filter_complex",
        "map",
        "ss",
        "to",
        "codec",
        "vcodec",
        "acodec",
        "pix_fmt",
        "metadata",
        "preset",
        "crf",
        "movflags",
        "framerate",
        "loglevel",
        "threads",
    ],
    &[
        "re",
        "an",
        "vn",
        "sn",
        "dn",
        "nostdin",
        "hide_banner",
        "shortest",
        "stats",
    ],
);

/// Subversion: the options that take a value.
pub(crate) const SVN: Spec = Spec::values(
    "mFrclx",
    &[
        "message",
        "file",
        "revision",
        "change",
        "username",
        "password",
        "depth",
        "set-depth",
        "config-dir",
        "config-option",
        "limit",
        "targets",
        "changelist",
        "cl",
        "encoding",
        "accept",
        "extensions",
        "editor-cmd",
        "diff-cmd",
        "diff3-cmd",
        "show-item",
        "search",
        "search-and",
        "with-revprop",
        "native-eol",
    ],
);

/// Mercurial: the options that take a value (global and the common command ones). `-e` /
/// `--ssh` name the remote shell.
pub(crate) const HG: Spec = Spec::values(
    "RmrbBuIXdelpa",
    &[
        "repository",
        "cwd",
        "config",
        "message",
        "rev",
        "branch",
        "bookmark",
        "updaterev",
        "include",
        "exclude",
        "date",
        "user",
        "ssh",
        "remotecmd",
        "limit",
        "port",
        "address",
        "name",
        "style",
        "template",
        "certificate",
        "logfile",
        "encoding",
    ],
);

/// Subcommands of Mercurial and Subversion whose operands name a remote repository: an
/// operand only known at run time there may be any server.
pub(crate) const REMOTE_REPOSITORY_SUBCOMMANDS: &[(&str, &[&str])] = &[
    (
        "hg",
        &[
            "clone", "pull", "push", "incoming", "in", "outgoing", "out", "identify", "id",
        ],
    ),
    (
        "svn",
        &["checkout", "co", "import", "switch", "sw", "relocate"],
    ),
];

/// deno: the options that take a value (a URL among them, `--import-map URL`, is a
/// destination too).
pub(crate) const DENO: Spec = Spec::values(
    "cL",
    &[
        "config",
        "import-map",
        "lock",
        "cert",
        "location",
        "seed",
        "v8-flags",
        "inspect",
        "inspect-brk",
        "inspect-wait",
        "env-file",
        "name",
        "root",
        "output",
        "target",
        "include",
        "ext",
        "log-level",
    ],
);

/// skopeo: the options that take a value.
pub(crate) const SKOPEO: Spec = Spec::values(
    "uf",
    &[
        "authfile",
        "creds",
        "src-creds",
        "dest-creds",
        "src-authfile",
        "dest-authfile",
        "username",
        "password",
        "format",
        "override-arch",
        "override-os",
        "override-variant",
        "retry-times",
        "registries-conf",
        "registries.d",
        "policy",
        "src-cert-dir",
        "dest-cert-dir",
        "command-timeout",
        "tmpdir",
        "multi-arch",
    ],
);

/// tftp (tftp-hpa): `-m MODE`, `-R PORT:PORT`, `-c COMMAND` (the command's words follow).
pub(crate) const TFTP: Spec = Spec::values("mRc", &[]);

/// smbclient: the options that take a value (`-L HOST`, `-I ADDRESS`, `-M HOST` and `-p PORT`
/// are read as destinations).
pub(crate) const SMBCLIENT: Spec = Spec::values(
    "ULIMpWDcAsldOnitTbmRy",
    &[
        "user",
        "list",
        "ip-address",
        "message",
        "port",
        "workgroup",
        "directory",
        "command",
        "authentication-file",
        "configfile",
        "debuglevel",
        "log-basename",
        "socket-options",
        "netbiosname",
        "scope",
        "terminal",
        "tar",
        "send-buffer",
        "max-protocol",
        "name-resolve",
        "option",
        "realm",
    ],
);

/// lftp: `-c COMMANDS` and `-e COMMANDS` (read for `open` and URLs), `-f SCRIPT`, `-u
/// USER[,PASS]`, `-p PORT`.
pub(crate) const LFTP: Spec = Spec::values("cefup", &["user", "password", "env-password"]);

/// lftp's `open` command: the options that take a value; its operand is the site.
pub(crate) const LFTP_OPEN: Spec = Spec::values("upse", &["user", "password"]);
