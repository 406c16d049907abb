//! The table of options that name the files a program writes ([`FILE_OPTIONS`]): downloads,
//! patches, encryptions, extractions, keys and certificates.

use super::super::{ARIA2C, CP, CURL, HTTPIE, WGET, WGET2};
use super::{AGE, GPG, OPENSSL, PATCH, SORT, SORT_OUTPUT, Spec, UNZIP};

/// When a downloader saves a download under the last path segment of its URL.
#[derive(Debug, Clone, Copy)]
pub(crate) enum UrlNamed {
    /// It never does (it writes no downloads, or only to the names its options give).
    Never,
    /// Unless an option in [`FileOptions::saved_as`] names the file.
    UnlessSavedAs,
    /// When one of these options is given (and none names the file).
    When(&'static [&'static str]),
}

/// Where a program's options name the files it writes.
#[derive(Debug, Clone, Copy)]
pub(crate) struct FileOptions {
    /// The programs (basenames, lower case).
    pub(crate) programs: &'static [&'static str],
    /// Their option spec.
    pub(crate) spec: &'static Spec,
    /// Options whose value is a file (or directory) the program writes.
    pub(crate) written: &'static [&'static str],
    /// Options whose value names the file a download is saved to.
    pub(crate) saved_as: &'static [&'static str],
    /// When a download is saved under the URL's last path segment.
    pub(crate) url_named: UrlNamed,
    /// Options whose value is the directory such a file is saved in.
    pub(crate) url_named_into: &'static [&'static str],
}

const WGET_FILES: &[&str] = &[
    "-O",
    "--output-document",
    "-o",
    "--output-file",
    "-a",
    "--append-output",
    "-P",
    "--directory-prefix",
];

/// The programs whose written files are options (tar's, which depend on what it does, are
/// read in `facts::writes`).
pub(crate) const FILE_OPTIONS: &[FileOptions] = &[
    FileOptions {
        programs: &["curl"],
        spec: &CURL,
        written: &[
            "-o",
            "--output",
            "--output-dir",
            "-c",
            "--cookie-jar",
            "-D",
            "--dump-header",
        ],
        saved_as: &[],
        url_named: UrlNamed::When(&["-O", "--remote-name", "--remote-name-all"]),
        url_named_into: &["--output-dir"],
    },
    FileOptions {
        programs: &["wget"],
        spec: &WGET,
        written: WGET_FILES,
        saved_as: &["-O", "--output-document"],
        url_named: UrlNamed::UnlessSavedAs,
        url_named_into: &["-P", "--directory-prefix"],
    },
    FileOptions {
        programs: &["wget2"],
        spec: &WGET2,
        written: WGET_FILES,
        saved_as: &["-O", "--output-document"],
        url_named: UrlNamed::UnlessSavedAs,
        url_named_into: &["-P", "--directory-prefix"],
    },
    FileOptions {
        programs: &["aria2c"],
        spec: &ARIA2C,
        written: &["-o", "--out", "-d", "--dir"],
        saved_as: &["-o", "--out"],
        url_named: UrlNamed::UnlessSavedAs,
        url_named_into: &["-d", "--dir"],
    },
    FileOptions {
        programs: &["http", "https", "xh", "xhs"],
        spec: &HTTPIE,
        written: &["-o", "--output"],
        saved_as: &["-o", "--output"],
        url_named: UrlNamed::When(&["-d", "--download"]),
        url_named_into: &[],
    },
    FileOptions {
        programs: &["patch"],
        spec: &PATCH,
        written: &["-o", "--output"],
        saved_as: &[],
        url_named: UrlNamed::Never,
        url_named_into: &[],
    },
    // Encrypting a file into another (`gpg -c -o /tmp/k.gpg ~/.ssh/id_rsa`).
    FileOptions {
        programs: &["gpg", "gpg2"],
        spec: &GPG,
        written: &["-o", "--output"],
        saved_as: &[],
        url_named: UrlNamed::Never,
        url_named_into: &[],
    },
    FileOptions {
        programs: &["age"],
        spec: &AGE,
        written: &["-o", "--output"],
        saved_as: &[],
        url_named: UrlNamed::Never,
        url_named_into: &[],
    },
    // Keys, requests and certificates (`openssl genrsa -out KEY`, `req -keyout KEY -out CSR`),
    // read after its one-dash long options are written with two.
    FileOptions {
        programs: &["openssl"],
        spec: &OPENSSL,
        written: &["--out", "--keyout", "--writerand", "--sess_out"],
        saved_as: &[],
        url_named: UrlNamed::Never,
        url_named_into: &[],
    },
    FileOptions {
        programs: &["sort"],
        spec: &SORT,
        written: SORT_OUTPUT,
        saved_as: &[],
        url_named: UrlNamed::Never,
        url_named_into: &[],
    },
    FileOptions {
        programs: &["unzip"],
        spec: &UNZIP,
        written: &["-d"],
        saved_as: &[],
        url_named: UrlNamed::Never,
        url_named_into: &[],
    },
];

/// The row of [`FILE_OPTIONS`] for `program`.
pub(crate) fn file_options(program: &str) -> Option<&'static FileOptions> {
    FILE_OPTIONS.iter().find(|f| f.programs.contains(&program))
}

/// coreutils' copiers' option naming the directory they copy into (rsync's and scp's `-t`
/// keep times and take no directory).
pub(crate) const COPY_TARGET_DIRECTORY: (&Spec, &[&str]) = (&CP, &["-t", "--target-directory"]);
