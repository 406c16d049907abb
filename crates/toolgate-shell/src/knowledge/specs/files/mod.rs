//! Option specs the facts read programs with: for the files they write (tar, patch, unzip,
//! sort, awk, and the table of options that name the files a program writes,
//! [`FILE_OPTIONS`]), the text they print (echo, printf), the variables they set (the
//! declaration builtins), and the packages they fetch (go's build commands, `python -m pip`).

use super::Spec;

mod outputs;
pub(crate) use outputs::*;

/// GNU tar's options (bsdtar's agree on these), read by argp: long names abbreviate.
pub(crate) const TAR: Spec = Spec {
    short_val: "bCfFgHIKLNTVX",
    long_val: &[
        "file",
        "directory",
        "files-from",
        "exclude-from",
        "exclude",
        "exclude-tag",
        "exclude-tag-all",
        "exclude-tag-under",
        "blocking-factor",
        "record-size",
        "listed-incremental",
        "level",
        "format",
        "starting-file",
        "tape-length",
        "newer",
        "after-date",
        "newer-mtime",
        "label",
        "use-compress-program",
        "info-script",
        "new-volume-script",
        "owner",
        "group",
        "owner-map",
        "group-map",
        "mode",
        "mtime",
        "transform",
        "xform",
        "strip-components",
        "to-command",
        "checkpoint-action",
        "suffix",
        "index-file",
        "volno-file",
        "rsh-command",
        "quoting-style",
        "quote-chars",
        "no-quote-chars",
        "hole-detection",
        "pax-option",
        "sparse-version",
        "warning",
        "add-file",
    ],
    long_flags: &[
        "create",
        "append",
        "update",
        "extract",
        "get",
        "list",
        "diff",
        "compare",
        "delete",
        "concatenate",
        "catenate",
        "test-label",
        "remove-files",
        "verbose",
        "gzip",
        "gunzip",
        "ungzip",
        "bzip2",
        "xz",
        "zstd",
        "lzma",
        "lzip",
        "lzop",
        "compress",
        "uncompress",
        "auto-compress",
        "keep-old-files",
        "keep-newer-files",
        "skip-old-files",
        "overwrite",
        "overwrite-dir",
        "unlink-first",
        "recursive-unlink",
        "preserve-permissions",
        "same-permissions",
        "absolute-names",
        "dereference",
        "hard-dereference",
        "to-stdout",
        "one-file-system",
        "recursion",
        "no-recursion",
        "wildcards",
        "no-wildcards",
        "same-owner",
        "no-same-owner",
        "numeric-owner",
        "sparse",
        "ignore-zeros",
        "verify",
        "incremental",
        "null",
        "exclude-vcs",
        "exclude-caches",
        "exclude-backups",
        "acls",
        "xattrs",
        "selinux",
        "interactive",
        "show-transformed-names",
        "help",
        "version",
    ],
    short: &[
        ('c', "create"),
        ('r', "append"),
        ('u', "update"),
        ('x', "extract"),
        ('t', "list"),
        ('d', "diff"),
        ('A', "concatenate"),
        ('f', "file"),
        ('C', "directory"),
        ('T', "files-from"),
        ('X', "exclude-from"),
        ('z', "gzip"),
        ('j', "bzip2"),
        ('J', "xz"),
        ('v', "verbose"),
        ('P', "absolute-names"),
        ('k', "keep-old-files"),
        ('O', "to-stdout"),
        ('p', "preserve-permissions"),
        ('h', "dereference"),
    ],
    long: &[
        ("get", "extract"),
        ("catenate", "concatenate"),
        ("compare", "diff"),
    ],
    abbreviate: true,
};

/// tar's options that add to an archive (its `-f` value is then written).
pub(crate) const TAR_WRITES_ARCHIVE: &[&str] = &[
    "-c",
    "-r",
    "-u",
    "-A",
    "--create",
    "--append",
    "--update",
    "--concatenate",
    "--catenate",
];

/// tar's options that extract (the members named are written).
pub(crate) const TAR_EXTRACTS: &[&str] = &["-x", "--extract", "--get"];

/// tar's options naming the archive.
pub(crate) const TAR_ARCHIVE: &[&str] = &["-f", "--file"];

/// tar's options naming the directory it changes to.
pub(crate) const TAR_DIRECTORY: &[&str] = &["-C", "--directory"];

/// tar's options that read the member list from a file.
pub(crate) const TAR_FILES_FROM: &[&str] = &["-T", "--files-from"];

/// sed's options giving a script.
pub(crate) const SED_EXPRESSION: &[&str] = &["-e", "--expression"];

/// sed's options reading the script from a file.
pub(crate) const SED_SCRIPT_FILE: &[&str] = &["-f", "--file"];

/// GNU patch's options.
pub(crate) const PATCH: Spec = Spec::with_flags(
    "BDdFgiopVxYz",
    &[
        "prefix",
        "ifdef",
        "directory",
        "fuzz",
        "get",
        "input",
        "output",
        "strip",
        "reject-file",
        "version-control",
        "basename-prefix",
        "suffix",
        "quoting-style",
        "reject-format",
        "read-only",
        "debug",
    ],
    &[
        "backup",
        "backup-if-mismatch",
        "no-backup-if-mismatch",
        "context",
        "ed",
        "remove-empty-files",
        "force",
        "ignore-whitespace",
        "merge",
        "normal",
        "forward",
        "dry-run",
        "silent",
        "quiet",
        "batch",
        "set-time",
        "set-utc",
        "unified",
        "verbose",
        "reverse",
        "posix",
        "binary",
        "follow-symlinks",
        "help",
        "version",
    ],
);

/// unzip's options that take a value (`-d DIR`, `-P PASSWORD`); `-x` lists files up to the
/// next option and is read as operands.
pub(crate) const UNZIP: Spec = Spec::values("dP", &[]);

/// openssl's options that take a value, written with one dash (`-in FILE`, `-connect
/// HOST:PORT`; its row reads long options with one dash).
pub(crate) const OPENSSL: Spec = Spec::values(
    "kKS",
    &[
        "in",
        "out",
        "inform",
        "outform",
        "keyform",
        "certform",
        "passin",
        "passout",
        "inkey",
        "key",
        "keyout",
        "newkey",
        "cert",
        "certfile",
        "chain",
        "connect",
        "servername",
        "name",
        "subj",
        "days",
        "config",
        "extensions",
        "extfile",
        "pkeyopt",
        "sigopt",
        "signer",
        "recip",
        "md",
        "cipher",
        "ciphersuites",
        "port",
        "host",
        "proxy",
        "url",
        "alpn",
        "sess_out",
        "sess_in",
        "engine",
        "rand",
        "writerand",
        "set_serial",
        "iter",
        "iv",
        "pass",
        "starttls",
        "verify",
        "nameopt",
        "section",
    ],
);

/// Mail senders' options that take a value (`mail -s SUBJECT -A FILE`, `mutt -a FILE`).
pub(crate) const MAIL: Spec = Spec::values("sabcAFfrS", &["subject", "attach", "return-address"]);

/// GnuPG's options that take a value (`-o FILE` is what it writes).
pub(crate) const GPG: Spec = Spec::values(
    "oruRz",
    &[
        "output",
        "recipient",
        "local-user",
        "hidden-recipient",
        "homedir",
        "passphrase",
        "passphrase-file",
        "passphrase-fd",
        "default-key",
        "keyring",
        "trust-model",
        "cipher-algo",
        "compress-algo",
        "digest-algo",
        "pinentry-mode",
    ],
);

/// age's options that take a value (`-o FILE` is what it writes).
pub(crate) const AGE: Spec = Spec::values(
    "oriR",
    &["output", "recipient", "identity", "recipients-file"],
);

/// mktemp's options (GNU and BSD): `-p DIR`, `--tmpdir[=DIR]`, `--suffix`.
pub(crate) const MKTEMP: Spec = Spec::with_flags(
    "p",
    &["tmpdir", "suffix"],
    &["directory", "quiet", "dry-run", "help", "version"],
);

/// GNU sort's options.
pub(crate) const SORT: Spec = Spec::with_flags(
    "kotST",
    &[
        "key",
        "output",
        "field-separator",
        "buffer-size",
        "temporary-directory",
        "parallel",
        "batch-size",
        "compress-program",
        "files0-from",
        "random-source",
        "sort",
    ],
    &[
        "reverse",
        "unique",
        "numeric-sort",
        "general-numeric-sort",
        "human-numeric-sort",
        "month-sort",
        "version-sort",
        "random-sort",
        "ignore-case",
        "ignore-leading-blanks",
        "dictionary-order",
        "ignore-nonprinting",
        "stable",
        "merge",
        "check",
        "zero-terminated",
        "debug",
        "help",
        "version",
    ],
);

/// sort's options naming the file it writes.
pub(crate) const SORT_OUTPUT: &[&str] = &["-o", "--output"];

/// awk's options (POSIX, gawk's and mawk's) that take a value.
pub(crate) const AWK: Spec = Spec::values(
    "EefFilvW",
    &[
        "field-separator",
        "assign",
        "file",
        "exec",
        "include",
        "load",
        "source",
    ],
);

/// awk's options whose value is program text (gawk's `-e TEXT`).
pub(crate) const AWK_SOURCE: &[&str] = &["-e", "--source"];

/// awk's options that read the program from a file.
pub(crate) const AWK_PROGRAM_FILE: &[&str] = &["-f", "--file", "-E", "--exec"];

/// awk's options that load a library (gawk's `-i inplace` edits its files in place).
pub(crate) const AWK_INCLUDE: &[&str] = &["-i", "--include"];

/// echo's options: a word is one only when every letter after its dash is one of these;
/// any other word, `--` included, is text.
pub(crate) const ECHO: Spec = Spec {
    short: &[('n', "no-newline"), ('e', "escapes"), ('E', "no-escapes")],
    ..Spec::values("", &[])
};

/// `ls` options that only order or pick the working directory's entries, so that with no
/// operand it prints their names and nothing else (`-l`, `-F`, `-R`, `-a` and the rest print
/// more: details, markers, headers, `.` and `..`).
pub(crate) const LS_NAMES_ONLY: Spec = Spec {
    short: &[
        ('t', "sort-time"),
        ('r', "reverse"),
        ('S', "sort-size"),
        ('1', "one-per-line"),
        ('A', "almost-all"),
        ('c', "ctime"),
        ('u', "atime"),
        ('X', "sort-extension"),
        ('v', "version-sort"),
        ('U', "unsorted"),
    ],
    ..Spec::values("", &[])
};

/// The shell's declaration builtins (`export`, `declare`, `typeset`, `readonly`, `local`):
/// their options (`-x`, `-r`, `-f` …) take no value.
pub(crate) const DECLARE: Spec = Spec::values("", &[]);

/// The shell's `read`: `-a NAME` fills an array; `-d`, `-i`, `-n`, `-N`, `-p`, `-t`, `-u` take
/// values too.
pub(crate) const READ: Spec = Spec::values("adinNptu", &[]);

/// The shell's `mapfile` / `readarray`: options with values (`-C CALLBACK` among them) before
/// the array's name.
pub(crate) const MAPFILE: Spec = Spec::values("dnOsuCc", &[]);

/// The shell's `printf`: `-v NAME` assigns the output to a variable.
pub(crate) const PRINTF: Spec = Spec::values("v", &[]);

/// go's build commands (`go get`, `install`, `run`, `build`), their long options written
/// with one dash (Go's `flag` package).
pub(crate) const GO_BUILD: Spec = Spec::values(
    "oCp",
    &[
        "ldflags",
        "gcflags",
        "asmflags",
        "gccgoflags",
        "tags",
        "mod",
        "modfile",
        "pkgdir",
        "toolexec",
        "exec",
        "overlay",
        "pgo",
        "buildmode",
        "compiler",
        "installsuffix",
        "coverpkg",
        "covermode",
        "buildvcs",
    ],
);

#[cfg(test)]
mod tests;
