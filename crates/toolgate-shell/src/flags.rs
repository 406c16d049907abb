//! Flag normalisation: clustered short flags expanded, long aliases mapped, option values
//! separated from operands, subcommands found (`git -C dir push -f` → `push`, `force`).

use crate::SimpleCommand;

/// How one program (or subcommand) spells its options.
struct Spec {
    /// Short options that take a value.
    short_val: &'static str,
    /// Long options that take a value (without `--`).
    long_val: &'static [&'static str],
    /// Short flag → normalised name.
    short: &'static [(char, &'static str)],
    /// Long alias → normalised name.
    long: &'static [(&'static str, &'static str)],
}

const NONE: Spec = Spec {
    short_val: "",
    long_val: &[],
    short: &[],
    long: &[],
};

const RM: Spec = Spec {
    short_val: "",
    long_val: &[],
    short: &[
        ('r', "recursive"),
        ('R', "recursive"),
        ('f', "force"),
        ('d', "dir"),
        ('i', "interactive"),
        ('I', "interactive"),
        ('v', "verbose"),
    ],
    long: &[],
};
const CHMOD: Spec = Spec {
    short_val: "",
    long_val: &[],
    short: &[
        ('R', "recursive"),
        ('f', "silent"),
        ('v', "verbose"),
        ('h', "no-dereference"),
    ],
    long: &[("quiet", "silent")],
};
const CP: Spec = Spec {
    short_val: "tS",
    long_val: &["target-directory", "suffix"],
    short: &[
        ('r', "recursive"),
        ('R', "recursive"),
        ('a', "archive"),
        ('f', "force"),
        ('t', "target-directory"),
    ],
    long: &[],
};
const SED: Spec = Spec {
    short_val: "ef",
    long_val: &["expression", "file"],
    short: &[
        ('i', "in-place"),
        ('e', "expression"),
        ('f', "file"),
        ('n', "quiet"),
    ],
    long: &[],
};
const TEE: Spec = Spec {
    short_val: "",
    long_val: &[],
    short: &[('a', "append")],
    long: &[],
};
const CURL: Spec = Spec {
    short_val: "AbcCdDeEFHKmoPQrtTuUwxXYyz",
    long_val: &[
        "output",
        "data",
        "data-raw",
        "data-binary",
        "data-urlencode",
        "data-ascii",
        "header",
        "request",
        "user",
        "user-agent",
        "referer",
        "upload-file",
        "form",
        "form-string",
        "proxy",
        "config",
        "write-out",
        "max-time",
        "cookie",
        "cookie-jar",
        "range",
        "cert",
        "key",
        "cacert",
        "connect-to",
        "resolve",
        "url",
        "retry",
        "connect-timeout",
        "output-dir",
        "json",
        "variable",
        "preproxy",
        "socks5",
        "socks5-hostname",
        "interface",
        "dns-servers",
        "proxy-user",
        "continue-at",
        "dump-header",
        "limit-rate",
        "max-filesize",
        "quote",
        "trace",
        "trace-ascii",
        "aws-sigv4",
        "oauth2-bearer",
        "netrc-file",
        "unix-socket",
    ],
    short: &[
        ('o', "output"),
        ('O', "remote-name"),
        ('T', "upload-file"),
        ('d', "data"),
        ('X', "request"),
        ('x', "proxy"),
        ('F', "form"),
        ('K', "config"),
        ('L', "location"),
        ('s', "silent"),
    ],
    long: &[],
};
const WGET: Spec = Spec {
    short_val: "aADeilOoPQRTtUw",
    long_val: &[
        "output-document",
        "output-file",
        "directory-prefix",
        "execute",
        "user-agent",
        "header",
        "post-data",
        "post-file",
        "input-file",
        "body-data",
        "body-file",
        "method",
        "user",
        "password",
        "timeout",
        "tries",
        "level",
        "wait",
        "quota",
        "domains",
        "accept",
        "reject",
        "append-output",
        "ca-certificate",
        "certificate",
        "private-key",
        "referer",
    ],
    short: &[
        ('O', "output-document"),
        ('o', "output-file"),
        ('P', "directory-prefix"),
        ('i', "input-file"),
    ],
    long: &[],
};
const SSH: Spec = Spec {
    short_val: "BbcDEeFIiJLlmOoPpQRSWw",
    long_val: &[],
    short: &[],
    long: &[],
};
const SCP: Spec = Spec {
    short_val: "cDFiJlOoPSX",
    long_val: &[],
    short: &[('r', "recursive")],
    long: &[],
};
const RSYNC: Spec = Spec {
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
    long: &[],
};
const NC: Spec = Spec {
    short_val: "cegGiIOpPqsTVwxX",
    long_val: &["exec", "sh-exec", "proxy", "source", "wait"],
    short: &[('l', "listen"), ('e', "exec"), ('c', "sh-exec")],
    long: &[],
};
const DOCKER_RUN: Spec = Spec {
    short_val: "acehlmpuvw",
    long_val: &[
        "name",
        "network",
        "net",
        "entrypoint",
        "mount",
        "env-file",
        "platform",
        "label-file",
        "add-host",
        "cap-add",
        "cap-drop",
        "cpus",
        "device",
        "dns",
        "expose",
        "gpus",
        "ipc",
        "log-driver",
        "log-opt",
        "pid",
        "restart",
        "runtime",
        "security-opt",
        "shm-size",
        "stop-signal",
        "tmpfs",
        "ulimit",
        "userns",
        "uts",
        "volumes-from",
        "workdir",
        "user",
        "volume",
        "publish",
        "env",
        "label",
        "hostname",
        "memory",
        "attach",
        "pull",
        "cidfile",
        "link",
        "network-alias",
        "ip",
        "ip6",
        "mac-address",
        "health-cmd",
        "memory-swap",
        "cpu-shares",
        "cgroupns",
        "cgroup-parent",
        "device-cgroup-rule",
        "domainname",
    ],
    short: &[],
    long: &[],
};
const DOCKER_PULL: Spec = Spec {
    short_val: "",
    long_val: &["platform"],
    short: &[('a', "all-tags"), ('q', "quiet")],
    long: &[],
};
const PIP: Spec = Spec {
    short_val: "ircetf",
    long_val: &[
        "index-url",
        "extra-index-url",
        "requirement",
        "constraint",
        "editable",
        "target",
        "find-links",
        "trusted-host",
        "proxy",
        "prefix",
        "root",
        "platform",
        "python-version",
        "src",
        "upgrade-strategy",
        "cache-dir",
        "log",
        "timeout",
        "retries",
        "implementation",
        "abi",
        "only-binary",
        "no-binary",
        "progress-bar",
        "report",
    ],
    short: &[('i', "index-url"), ('f', "find-links")],
    long: &[],
};
const NPM: Spec = Spec {
    short_val: "",
    long_val: &[
        "registry",
        "prefix",
        "tag",
        "cache",
        "userconfig",
        "workspace",
        "scope",
    ],
    short: &[('g', "global")],
    long: &[],
};

// git subcommands
const GIT_CHECKOUT: Spec = Spec {
    short_val: "bBU",
    long_val: &[
        "orphan",
        "conflict",
        "unified",
        "inter-hunk-context",
        "pathspec-from-file",
    ],
    short: &[
        ('f', "force"),
        ('q', "quiet"),
        ('t', "track"),
        ('p', "patch"),
        ('m', "merge"),
    ],
    long: &[],
};
const GIT_SWITCH: Spec = Spec {
    short_val: "cC",
    long_val: &["create", "force-create", "orphan", "conflict"],
    short: &[
        ('f', "force"),
        ('q', "quiet"),
        ('t', "track"),
        ('d', "detach"),
        ('m', "merge"),
    ],
    long: &[],
};
const GIT_PUSH: Spec = Spec {
    short_val: "o",
    long_val: &["repo", "push-option", "receive-pack", "exec"],
    short: &[
        ('f', "force"),
        ('d', "delete"),
        ('u', "set-upstream"),
        ('q', "quiet"),
        ('v', "verbose"),
        ('n', "dry-run"),
    ],
    long: &[],
};
const GIT_CLEAN: Spec = Spec {
    short_val: "eE",
    long_val: &["exclude"],
    short: &[
        ('f', "force"),
        ('d', "dirs"),
        ('n', "dry-run"),
        ('q', "quiet"),
        ('i', "interactive"),
        ('x', "ignored"),
        ('X', "only-ignored"),
    ],
    long: &[],
};
const GIT_BRANCH: Spec = Spec {
    short_val: "u",
    long_val: &[
        "set-upstream-to",
        "contains",
        "no-contains",
        "points-at",
        "format",
        "sort",
    ],
    short: &[
        ('D', "delete-force"),
        ('d', "delete"),
        ('f', "force"),
        ('m', "move"),
        ('M', "move-force"),
        ('c', "copy"),
        ('C', "copy-force"),
        ('a', "all"),
        ('r', "remotes"),
        ('v', "verbose"),
        ('q', "quiet"),
        ('l', "list"),
    ],
    long: &[],
};
const GIT_RESET: Spec = Spec {
    short_val: "",
    long_val: &["pathspec-from-file"],
    short: &[('q', "quiet"), ('p', "patch"), ('N', "intent-to-add")],
    long: &[],
};
const GIT_RESTORE: Spec = Spec {
    short_val: "s",
    long_val: &["source", "pathspec-from-file", "conflict"],
    short: &[
        ('S', "staged"),
        ('W', "worktree"),
        ('q', "quiet"),
        ('p', "patch"),
        ('s', "source"),
    ],
    long: &[],
};
const GIT_COMMIT: Spec = Spec {
    short_val: "mFCct",
    long_val: &[
        "message",
        "file",
        "author",
        "date",
        "template",
        "reuse-message",
        "reedit-message",
        "fixup",
        "squash",
        "trailer",
        "cleanup",
    ],
    short: &[('a', "all"), ('m', "message")],
    long: &[],
};
const GIT_CLONE: Spec = Spec {
    short_val: "bojcu",
    long_val: &[
        "branch",
        "origin",
        "depth",
        "reference",
        "separate-git-dir",
        "config",
        "jobs",
        "upload-pack",
        "template",
        "filter",
        "shallow-since",
        "shallow-exclude",
        "reference-if-able",
        "server-option",
        "bundle-uri",
    ],
    short: &[],
    long: &[],
};
const GIT_WORKTREE: Spec = Spec {
    short_val: "bB",
    long_val: &["reason", "expire"],
    short: &[('f', "force")],
    long: &[],
};
const GIT_REMOTE: Spec = Spec {
    short_val: "tm",
    long_val: &["track", "master"],
    short: &[('f', "fetch"), ('v', "verbose")],
    long: &[],
};
const GIT_STASH: Spec = Spec {
    short_val: "m",
    long_val: &["message", "pathspec-from-file"],
    short: &[
        ('q', "quiet"),
        ('u', "include-untracked"),
        ('a', "all"),
        ('k', "keep-index"),
    ],
    long: &[],
};

fn git_spec(sub: &str) -> &'static Spec {
    match sub {
        "checkout" => &GIT_CHECKOUT,
        "switch" => &GIT_SWITCH,
        "push" => &GIT_PUSH,
        "clean" => &GIT_CLEAN,
        "branch" => &GIT_BRANCH,
        "reset" => &GIT_RESET,
        "restore" => &GIT_RESTORE,
        "commit" => &GIT_COMMIT,
        "clone" | "fetch" | "pull" | "ls-remote" | "submodule" => &GIT_CLONE,
        "worktree" => &GIT_WORKTREE,
        "remote" => &GIT_REMOTE,
        "stash" => &GIT_STASH,
        _ => &NONE,
    }
}

fn spec_for(program: &str) -> &'static Spec {
    match program {
        "rm" => &RM,
        "chmod" | "chown" | "chgrp" => &CHMOD,
        "cp" | "mv" | "install" | "ln" => &CP,
        "sed" | "gsed" => &SED,
        "tee" => &TEE,
        "curl" => &CURL,
        "wget" => &WGET,
        "ssh" => &SSH,
        "scp" | "sftp" => &SCP,
        "rsync" => &RSYNC,
        "nc" | "ncat" | "netcat" => &NC,
        "pip" | "pip3" | "uv" => &PIP,
        "npm" | "yarn" | "pnpm" | "npx" | "bun" => &NPM,
        _ => &NONE,
    }
}

/// Fills in `flags`, `subcommand` and `operands` of `cmd`.
pub fn normalize(cmd: &mut SimpleCommand) {
    let program = cmd.program_lower();
    let args = cmd.args.clone();
    match program.as_str() {
        "git" => git(cmd, &args),
        "find" => find(cmd, &args),
        "docker" | "podman" | "nerdctl" => docker(cmd, &args),
        "dd" => {
            cmd.operands = args.clone();
        }
        "pip" | "pip3" | "npm" | "yarn" | "pnpm" => {
            parse(cmd, &args, spec_for(&program), true);
        }
        _ => parse(cmd, &args, spec_for(&program), false),
    }
}

/// Generic option parsing. With `subcommand`, the first operand becomes the subcommand.
fn parse(cmd: &mut SimpleCommand, args: &[String], spec: &Spec, subcommand: bool) {
    let mut i = 0;
    let mut only_operands = false;
    while i < args.len() {
        let w = args[i].as_str();
        if only_operands || w == "-" || !w.starts_with('-') {
            if w.starts_with('+') && w.len() > 1 && cmd.subcommand.as_deref() == Some("push") {
                cmd.flags.insert("force-refspec");
            }
            if subcommand && cmd.subcommand.is_none() && !only_operands {
                cmd.subcommand = Some(w.to_string());
            } else {
                cmd.operands.push(w.to_string());
            }
            i += 1;
            continue;
        }
        if w == "--" {
            cmd.flags.insert("--");
            only_operands = true;
            i += 1;
            continue;
        }
        if let Some(long) = w.strip_prefix("--") {
            let (name, has_value) = match long.split_once('=') {
                Some((n, _)) => (n, true),
                None => (long, false),
            };
            let mapped = spec
                .long
                .iter()
                .find(|(a, _)| *a == name)
                .map(|(_, n)| *n)
                .unwrap_or(name);
            cmd.flags.insert(mapped);
            if !has_value && spec.long_val.contains(&name) {
                i += 1;
            }
            i += 1;
            continue;
        }
        // A short cluster.
        let body = &w[1..];
        let mut skip_next = false;
        for (pos, c) in body.char_indices() {
            let name = spec
                .short
                .iter()
                .find(|(s, _)| *s == c)
                .map(|(_, n)| n.to_string())
                .unwrap_or_else(|| format!("-{c}"));
            cmd.flags.insert(name);
            if spec.short_val.contains(c) {
                skip_next = body[pos + c.len_utf8()..].is_empty();
                break;
            }
        }
        i += if skip_next { 2 } else { 1 };
    }
}

fn git(cmd: &mut SimpleCommand, args: &[String]) {
    // Global options before the subcommand.
    let mut i = 0;
    while i < args.len() {
        let w = args[i].as_str();
        if matches!(
            w,
            "-C" | "-c"
                | "--git-dir"
                | "--work-tree"
                | "--namespace"
                | "--config-env"
                | "--super-prefix"
        ) {
            i += 2;
        } else if w == "--" {
            i += 1;
            break;
        } else if w.starts_with('-') {
            i += 1;
        } else {
            break;
        }
    }
    let Some(sub) = args.get(i) else { return };
    let sub_lower = sub.to_ascii_lowercase();
    cmd.subcommand = Some(sub.clone());
    let rest = &args[i + 1..];
    if sub_lower == "checkout" {
        // `--track` and `--recurse-submodules` take an optional separate value.
        let mut filtered = Vec::with_capacity(rest.len());
        let mut j = 0;
        while j < rest.len() {
            filtered.push(rest[j].clone());
            let next = rest.get(j + 1).map(|s| s.as_str());
            if (rest[j] == "--track" && matches!(next, Some("direct" | "inherit")))
                || (rest[j] == "--recurse-submodules"
                    && matches!(next, Some("checkout" | "on-demand")))
            {
                j += 1;
            }
            j += 1;
        }
        parse(cmd, &filtered, git_spec(&sub_lower), false);
        if cmd.flags.contains("--") {
            cmd.flags.insert("pathspec");
        }
        return;
    }
    parse(cmd, rest, git_spec(&sub_lower), false);
}

const FIND_VALUE: &[&str] = &[
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
    "-fprintf",
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

fn find(cmd: &mut SimpleCommand, args: &[String]) {
    let mut i = 0;
    let mut paths_done = false;
    while i < args.len() {
        let w = args[i].as_str();
        if matches!(w, "-exec" | "-execdir" | "-ok" | "-okdir") {
            paths_done = true;
            cmd.flags.insert(&w[1..]);
            let mut j = i + 1;
            while j < args.len() && !matches!(args[j].as_str(), ";" | "+") {
                j += 1;
            }
            if let Some(prog) = args.get(i + 1) {
                cmd.flags
                    .insert(format!("{}:{}", &w[1..], crate::unwrap::basename(prog)));
            }
            i = j + 1;
            continue;
        }
        if w.starts_with('-') && w.len() > 1 {
            paths_done = true;
            cmd.flags.insert(&w[1..]);
            i += if FIND_VALUE.contains(&w) { 2 } else { 1 };
            continue;
        }
        if (!paths_done || matches!(w, "(" | ")" | "!" | ","))
            && !matches!(w, "(" | ")" | "!" | ",")
        {
            cmd.operands.push(w.to_string());
        }
        i += 1;
    }
}

fn docker(cmd: &mut SimpleCommand, args: &[String]) {
    let mut i = 0;
    while i < args.len() {
        let w = args[i].as_str();
        if matches!(
            w,
            "-H" | "--host" | "-c" | "--context" | "--config" | "-l" | "--log-level"
        ) {
            i += 2;
        } else if w.starts_with('-') {
            i += 1;
        } else {
            break;
        }
    }
    let Some(sub) = args.get(i) else { return };
    cmd.subcommand = Some(sub.clone());
    let mut rest = &args[i + 1..];
    // `docker image pull`, `docker container run`.
    if matches!(sub.as_str(), "image" | "container") && !rest.is_empty() {
        cmd.subcommand = Some(rest[0].clone());
        rest = &rest[1..];
    }
    let spec = match cmd.subcommand.as_deref() {
        Some("run" | "create") => &DOCKER_RUN,
        _ => &DOCKER_PULL,
    };
    parse(cmd, rest, spec, false);
}

/// The normalised name of a flag as a rule writes it: `--force` → `force`, `-f` → the
/// program's long name for it (`force` for `rm`), else `-f`; bare names stay as they are.
pub fn canonical_flag(program: &str, subcommand: Option<&str>, flag: &str) -> String {
    if let Some(long) = flag.strip_prefix("--") {
        return long.split('=').next().unwrap_or(long).to_string();
    }
    if let Some(short) = flag.strip_prefix('-') {
        let mut chars = short.chars();
        if let (Some(c), None) = (chars.next(), chars.clone().next()) {
            let spec = if program == "git" {
                git_spec(subcommand.unwrap_or(""))
            } else {
                spec_for(program)
            };
            return spec
                .short
                .iter()
                .find(|(s, _)| *s == c)
                .map(|(_, n)| n.to_string())
                .unwrap_or_else(|| flag.to_string());
        }
        return short.to_string();
    }
    flag.to_string()
}
