//! find's command line as data: the options before its start paths and the primaries of its
//! expression that take arguments or run commands (read by `options::find`).

use super::Spec;

/// find's options before its start paths: `-H`, `-L`, `-P`, `-D LIST`, `-OLEVEL`.
pub(crate) const FIND: Spec = Spec {
    short: &[
        ('H', "follow-arguments"),
        ('L', "follow"),
        ('P', "no-follow"),
    ],
    ..Spec::values("DO", &[])
};

/// find's primaries that take one argument.
pub(crate) const FIND_VALUE_PRIMARIES: &[&str] = &[
    "-name",
    "-iname",
    "-path",
    "-ipath",
    "-wholename",
    "-iwholename",
    "-regex",
    "-iregex",
    "-type",
    "-xtype",
    "-newer",
    "-anewer",
    "-cnewer",
    "-user",
    "-group",
    "-uid",
    "-gid",
    "-perm",
    "-size",
    "-mtime",
    "-atime",
    "-ctime",
    "-mmin",
    "-amin",
    "-cmin",
    "-maxdepth",
    "-mindepth",
    "-printf",
    "-fprint",
    "-fprint0",
    "-fls",
    "-lname",
    "-ilname",
    "-links",
    "-inum",
    "-samefile",
    "-used",
    "-context",
    "-regextype",
    "-fstype",
    "-newermt",
    "-files0-from",
];

/// find's primaries that take two arguments (`-fprintf FILE FORMAT`).
pub(crate) const FIND_TWO_VALUE_PRIMARIES: &[&str] = &["-fprintf"];

/// find's actions that run a command, up to `;` or `+`.
pub(crate) const FIND_COMMAND_PRIMARIES: &[&str] = &["-exec", "-execdir", "-ok", "-okdir"];

/// find's actions that write the file they name.
pub(crate) const FIND_FILE_PRIMARIES: &[&str] = &["-fprint", "-fprint0", "-fprintf", "-fls"];

/// find's actions that print what it lists in a format of their own.
pub(crate) const FIND_FORMAT_PRIMARIES: &[&str] = &["-printf", "-fprintf"];

/// find's action that prints `ls -dils` lines (inode, mode, owner, size, date, then the
/// path) to stdout: what it prints is no list of paths.
pub(crate) const FIND_LS_PRIMARY: &str = "-ls";

/// find's tests on names: with `-delete`, the names they give are deleted.
pub(crate) const FIND_NAME_TESTS: &[&str] = &[
    "-name",
    "-iname",
    "-path",
    "-ipath",
    "-wholename",
    "-iwholename",
];

/// find's tests that select some entries of a tree: by name or path, time, size, owner,
/// mode, links or emptiness. (`-type` alone selects every file or every directory, and
/// `-maxdepth` every entry down to a depth: neither narrows what `-delete` takes.)
pub(crate) const FIND_NARROWING_TESTS: &[&str] = super::names_after!(
    FIND_NAME_TESTS,
    [
        "-regex",
        "-iregex",
        "-lname",
        "-ilname",
        "-newer",
        "-anewer",
        "-cnewer",
        "-newermt",
        "-user",
        "-group",
        "-uid",
        "-gid",
        "-nouser",
        "-nogroup",
        "-perm",
        "-size",
        "-empty",
        "-mtime",
        "-atime",
        "-ctime",
        "-mmin",
        "-amin",
        "-cmin",
        "-used",
        "-links",
        "-inum",
        "-samefile",
        "-context",
    ]
);

/// fd's options that take a value (`-x`/`-X` and their long forms start its commands and are
/// read apart).
pub(crate) const FD: Spec = Spec::values(
    "tedESocj",
    &[
        "type",
        "extension",
        "exclude",
        "max-depth",
        "min-depth",
        "exact-depth",
        "size",
        "changed-within",
        "changed-before",
        "newer",
        "older",
        "owner",
        "format",
        "threads",
        "max-results",
        "color",
        "ignore-file",
        "base-directory",
        "path-separator",
        "search-path",
        "batch-size",
        "max-buffer-time",
        "and",
        "hyperlink",
    ],
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_primaries_take_their_arguments() {
        for p in FIND_FILE_PRIMARIES
            .iter()
            .chain(FIND_NAME_TESTS)
            .chain(FIND_FORMAT_PRIMARIES)
        {
            assert!(
                FIND_VALUE_PRIMARIES.contains(p) || FIND_TWO_VALUE_PRIMARIES.contains(p),
                "{p}"
            );
        }
        for p in FIND_TWO_VALUE_PRIMARIES
            .iter()
            .chain(FIND_COMMAND_PRIMARIES)
        {
            assert!(!FIND_VALUE_PRIMARIES.contains(p), "{p}");
        }
    }
}
