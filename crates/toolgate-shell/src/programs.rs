//! The program table: what toolgate knows about each program, in one row per program.
//!
//! A row gives the program's classes (shell, interpreter, downloader, network client, …),
//! its option spec (read by the one option reader in `options.rs`: options that take
//! values, abbreviations, clusters), the options it reads before a subcommand, and its
//! handlers (where its destinations are). Every list of programs elsewhere in the crate is
//! derived from this table ([`in_class`]) or checked against it by the consistency tests.

use crate::flag_specs::{self as specs, Spec};

/// What a program is. A program may be several things (`bun` runs code and installs
/// packages).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    /// A shell: runs a script from `-c`, a file or stdin.
    Shell,
    /// An interpreter that runs code given on its command line or stdin.
    Interpreter,
    /// Fetches content from a URL (`curl … | sh` runs downloaded code).
    Downloader,
    /// Connects to hosts named in its arguments.
    NetworkClient,
    /// Installs or fetches packages, images or repositories from registries.
    PackageManager,
    /// Runs another command given after its own options (`sudo`, `timeout`, `xargs`).
    Wrapper,
    /// Runs a command inside a project environment (`uv run`, `npm exec`).
    Runner,
    /// Only reads the files it is given.
    Reader,
    /// Shows text and can run commands from its prompt (`less`, `more`).
    Pager,
    /// Partitions, formats or wipes disks and files.
    DiskTool,
    /// Changes, moves or deletes the files it is given (`rm`, `cp`, `chmod`, `tee`).
    Writer,
}

/// Where a program's destinations are read from (see `dest.rs`). Each handler reads the
/// options listed by [`Destinations::reads`], which the program's spec must know.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Destinations {
    /// curl: operands and `--url` are URLs; proxies, `--resolve`, `--connect-to`, configs.
    Curl,
    /// wget, wget2: operands are URLs; `-i` lists, `-e` settings.
    Wget,
    /// lwp-request (`GET`, `POST`): operands are URLs; `-p` proxies.
    LwpRequest,
    /// HTTPie and xh: `[METHOD] URL`.
    Httpie,
    /// aria2c and fetch: URLs or bare hosts.
    Aria2c,
    /// ssh: the destination, jumps, forwards, `-o` settings.
    Ssh,
    /// mosh: the destination.
    Mosh,
    /// scp: `[user@]host:path` operands.
    Scp,
    /// sftp: like scp, or a bare host.
    Sftp,
    /// rsync: remote shell and daemon forms.
    Rsync,
    /// telnet: `host [port]`.
    Telnet,
    /// ftp: `host [port]`.
    Ftp,
    /// nc / ncat / netcat: `host port` unless listening.
    Netcat,
    /// socat: connecting address operands.
    Socat,
    /// git: remotes, config URLs, proxies.
    Git,
    /// pip, uv: indexes, find-links, URL requirements.
    Pip,
    /// npm and friends: registries, URL package specs.
    Npm,
    /// docker, podman, nerdctl: the daemon, registries.
    Docker,
    /// helm: repository and chart URLs.
    Helm,
    /// go get / install / run: module hosts.
    Go,
    /// cargo: `--git`, `--index`.
    Cargo,
    /// gem: sources, proxies.
    Gem,
}

impl Destinations {
    /// Whether the program's operands are its destinations (`curl URL`, `ssh HOST`), so that
    /// operands read from input at run time (`xargs curl`) are unknown destinations.
    pub(crate) fn operands_are_destinations(self) -> bool {
        use Destinations as D;
        matches!(
            self,
            D::Curl
                | D::Wget
                | D::LwpRequest
                | D::Httpie
                | D::Aria2c
                | D::Ssh
                | D::Mosh
                | D::Scp
                | D::Sftp
                | D::Telnet
                | D::Ftp
                | D::Netcat
                | D::Socat
        )
    }

    /// The options (as written: `-x`, `--proxy`) whose values this handler reads.
    #[cfg(test)]
    pub(crate) fn reads(self) -> &'static [&'static str] {
        match self {
            Destinations::Curl => &[
                "--url",
                "--doh-url",
                "-x",
                "--proxy",
                "--preproxy",
                "--socks4",
                "--socks4a",
                "--socks5",
                "--socks5-hostname",
                "--proxy1.0",
                "--resolve",
                "--connect-to",
                "-K",
                "--config",
                "--unix-socket",
            ],
            Destinations::Wget => &["-i", "--input-file", "--config", "-e", "--execute"],
            Destinations::LwpRequest => &["-p"],
            Destinations::Httpie => &["--default-scheme", "--proxy"],
            Destinations::Aria2c => &[
                "-i",
                "--input-file",
                "--all-proxy",
                "--http-proxy",
                "--https-proxy",
                "--ftp-proxy",
            ],
            Destinations::Ssh => &["-p", "-J", "-o", "-F", "-W", "-R"],
            Destinations::Mosh => &["--ssh"],
            Destinations::Scp => &["-P", "-J", "-o", "-F", "-S"],
            Destinations::Sftp => &["-P", "-J", "-o", "-F", "-S", "-D"],
            Destinations::Rsync => &["--port", "-e", "--rsh"],
            Destinations::Telnet | Destinations::Ftp | Destinations::Socat => &[],
            Destinations::Netcat => &["-x", "--proxy"],
            Destinations::Git
            | Destinations::Npm
            | Destinations::Docker
            | Destinations::Helm
            | Destinations::Go => &[],
            Destinations::Pip => &[
                "--index",
                "--default-index",
                "-e",
                "--editable",
                "--from",
                "--with",
                "-i",
                "--index-url",
                "--extra-index-url",
                "-f",
                "--find-links",
                "--trusted-host",
                "--proxy",
            ],
            Destinations::Cargo => &["--git", "--index"],
            Destinations::Gem => &["-s", "--source", "-p", "--http-proxy"],
        }
    }
}

/// One program.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Program {
    /// The basename, lower case (`python` also stands for `python3`, `python3.12`).
    pub(crate) name: &'static str,
    /// What it is.
    pub(crate) classes: &'static [Class],
    /// Its options.
    pub(crate) options: &'static Spec,
    /// Where its destinations are, if it reaches any.
    pub(crate) destinations: Option<Destinations>,
    /// Version suffixes are the same program (`python3.12`, `perl5.36`, `lua5.4`).
    pub(crate) versioned: bool,
}

const fn row(name: &'static str, classes: &'static [Class], options: &'static Spec) -> Program {
    Program {
        name,
        classes,
        options,
        destinations: None,
        versioned: false,
    }
}

const fn reaches(mut p: Program, d: Destinations) -> Program {
    p.destinations = Some(d);
    p
}

const fn versioned(mut p: Program) -> Program {
    p.versioned = true;
    p
}

use Class::*;
use Destinations as D;

const NONE: &Spec = &specs::NONE;
const WEB: &[Class] = &[Downloader, NetworkClient];
const NET: &[Class] = &[NetworkClient];
const PKG: &[Class] = &[PackageManager, NetworkClient];
const SHELL: &[Class] = &[Shell];
const CODE: &[Class] = &[Interpreter];
const READ: &[Class] = &[Reader];
const WRAP: &[Class] = &[Wrapper];
const RUN: &[Class] = &[Runner];
const DISK: &[Class] = &[DiskTool];
const WRITE: &[Class] = &[Writer];

/// The table, one row per program basename.
pub(crate) const PROGRAMS: &[Program] = &[
    // Web clients.
    reaches(row("curl", WEB, &specs::CURL), D::Curl),
    reaches(row("wget", WEB, &specs::WGET), D::Wget),
    reaches(row("wget2", WEB, &specs::WGET2), D::Wget),
    reaches(row("lwp-request", WEB, &specs::LWP_REQUEST), D::LwpRequest),
    // lwp-request's aliases are written in capitals: `get`, `post` and `head` are others.
    reaches(row("GET", WEB, &specs::LWP_REQUEST), D::LwpRequest),
    reaches(row("POST", WEB, &specs::LWP_REQUEST), D::LwpRequest),
    reaches(row("HEAD", WEB, &specs::LWP_REQUEST), D::LwpRequest),
    reaches(row("http", WEB, &specs::HTTPIE), D::Httpie),
    reaches(row("https", WEB, &specs::HTTPIE), D::Httpie),
    reaches(row("xh", WEB, &specs::HTTPIE), D::Httpie),
    reaches(row("xhs", WEB, &specs::HTTPIE), D::Httpie),
    reaches(row("aria2c", WEB, &specs::ARIA2C), D::Aria2c),
    reaches(row("fetch", WEB, &specs::ARIA2C), D::Aria2c),
    // Remote shells, copies and sockets.
    reaches(row("ssh", NET, &specs::SSH), D::Ssh),
    reaches(row("mosh", NET, &specs::MOSH), D::Mosh),
    reaches(row("scp", NET, &specs::SCP), D::Scp),
    reaches(row("sftp", NET, &specs::SFTP), D::Sftp),
    reaches(row("rsync", NET, &specs::RSYNC), D::Rsync),
    reaches(row("telnet", NET, &specs::TELNET), D::Telnet),
    reaches(row("ftp", NET, &specs::FTP), D::Ftp),
    reaches(row("nc", NET, &specs::NC), D::Netcat),
    reaches(row("ncat", NET, &specs::NC), D::Netcat),
    reaches(row("netcat", NET, &specs::NC), D::Netcat),
    reaches(row("socat", NET, NONE), D::Socat),
    // Repositories, packages and images.
    reaches(row("git", PKG, NONE), D::Git),
    reaches(row("pip", PKG, &specs::PIP), D::Pip),
    reaches(row("pip3", PKG, &specs::PIP), D::Pip),
    reaches(
        row("uv", &[PackageManager, NetworkClient, Runner], &specs::PIP),
        D::Pip,
    ),
    reaches(
        row("uvx", &[PackageManager, NetworkClient, Runner], &specs::PIP),
        D::Pip,
    ),
    reaches(
        row(
            "pipx",
            &[PackageManager, NetworkClient, Runner],
            &specs::PIP,
        ),
        D::Pip,
    ),
    reaches(
        row("npm", &[PackageManager, NetworkClient, Runner], &specs::NPM),
        D::Npm,
    ),
    reaches(
        row(
            "yarn",
            &[PackageManager, NetworkClient, Runner],
            &specs::NPM,
        ),
        D::Npm,
    ),
    reaches(
        row(
            "pnpm",
            &[PackageManager, NetworkClient, Runner],
            &specs::NPM,
        ),
        D::Npm,
    ),
    reaches(
        row("npx", &[PackageManager, NetworkClient, Runner], &specs::NPM),
        D::Npm,
    ),
    reaches(
        row(
            "bunx",
            &[PackageManager, NetworkClient, Runner],
            &specs::NPM,
        ),
        D::Npm,
    ),
    reaches(
        versioned(row(
            "bun",
            &[Interpreter, PackageManager, NetworkClient],
            &specs::NPM,
        )),
        D::Npm,
    ),
    reaches(row("docker", PKG, &specs::DOCKER_GLOBAL), D::Docker),
    reaches(row("podman", PKG, &specs::DOCKER_GLOBAL), D::Docker),
    reaches(row("nerdctl", PKG, &specs::DOCKER_GLOBAL), D::Docker),
    reaches(row("helm", PKG, NONE), D::Helm),
    reaches(row("go", PKG, NONE), D::Go),
    reaches(row("cargo", PKG, &specs::CARGO), D::Cargo),
    reaches(row("gem", PKG, &specs::GEM), D::Gem),
    // Shells.
    row("sh", SHELL, NONE),
    row("bash", SHELL, NONE),
    row("zsh", SHELL, NONE),
    row("dash", SHELL, NONE),
    row("ksh", SHELL, NONE),
    row("mksh", SHELL, NONE),
    row("ash", SHELL, NONE),
    row("fish", SHELL, NONE),
    row("yash", SHELL, NONE),
    row("posh", SHELL, NONE),
    row("rbash", SHELL, NONE),
    row("csh", SHELL, NONE),
    row("tcsh", SHELL, NONE),
    // Interpreters and code runners.
    versioned(row("python", CODE, NONE)),
    versioned(row("pypy", CODE, NONE)),
    versioned(row("perl", CODE, &specs::PERL)),
    versioned(row("ruby", CODE, &specs::PERL)),
    versioned(row("lua", CODE, NONE)),
    versioned(row("luajit", CODE, NONE)),
    versioned(row("node", CODE, NONE)),
    versioned(row("nodejs", CODE, NONE)),
    versioned(row("php", CODE, NONE)),
    row("osascript", CODE, NONE),
    row("awk", CODE, NONE),
    row("gawk", CODE, NONE),
    row("mawk", CODE, NONE),
    row("nawk", CODE, NONE),
    row("busybox-awk", CODE, NONE),
    row("sed", CODE, &specs::SED),
    row("gsed", CODE, &specs::SED),
    row("vim", CODE, NONE),
    row("vi", CODE, NONE),
    row("nvim", CODE, NONE),
    row("ex", CODE, NONE),
    row("gvim", CODE, NONE),
    row("vimdiff", CODE, NONE),
    row("view", CODE, NONE),
    row("rvim", CODE, NONE),
    row("pwsh", CODE, NONE),
    row("powershell", CODE, NONE),
    row("pwsh-preview", CODE, NONE),
    row("powershell.exe", CODE, NONE),
    // Wrappers with their own grammar (the simple ones are in `wrappers.rs`, checked below).
    row("sudo", WRAP, NONE),
    row("sudoedit", WRAP, NONE),
    row("env", WRAP, NONE),
    row("command", WRAP, NONE),
    row("nice", WRAP, NONE),
    row("xargs", WRAP, NONE),
    row("parallel", WRAP, NONE),
    row("watch", WRAP, NONE),
    row("eval", WRAP, NONE),
    row("source", WRAP, NONE),
    row(".", WRAP, NONE),
    row("su", WRAP, NONE),
    row("runuser", WRAP, NONE),
    row("find", WRAP, NONE),
    // Simple wrappers (their grammar is the table in `wrappers.rs`).
    row("builtin", WRAP, NONE),
    row("nohup", WRAP, NONE),
    row("noglob", WRAP, NONE),
    row("catchsegv", WRAP, NONE),
    row("eatmydata", WRAP, NONE),
    row("nocache", WRAP, NONE),
    row("linux32", WRAP, NONE),
    row("linux64", WRAP, NONE),
    row("busybox", WRAP, NONE),
    row("toybox", WRAP, NONE),
    row("unbuffer", WRAP, NONE),
    row("doas", WRAP, NONE),
    row("pfexec", WRAP, NONE),
    row("exec", WRAP, NONE),
    row("time", WRAP, NONE),
    row("ionice", WRAP, NONE),
    row("timeout", WRAP, NONE),
    row("gtimeout", WRAP, NONE),
    row("stdbuf", WRAP, NONE),
    row("chroot", WRAP, NONE),
    row("strace", WRAP, NONE),
    row("ltrace", WRAP, NONE),
    row("setsid", WRAP, NONE),
    row("flock", WRAP, NONE),
    row("unshare", WRAP, NONE),
    row("nsenter", WRAP, NONE),
    row("systemd-run", WRAP, NONE),
    row("run0", WRAP, NONE),
    row("firejail", WRAP, NONE),
    row("taskset", WRAP, NONE),
    row("chrt", WRAP, NONE),
    row("prlimit", WRAP, NONE),
    row("sg", WRAP, NONE),
    row("pkexec", WRAP, NONE),
    row("script", WRAP, NONE),
    row("fakeroot", WRAP, NONE),
    row("faketime", WRAP, NONE),
    row("torsocks", WRAP, NONE),
    row("proxychains", WRAP, NONE),
    row("proxychains4", WRAP, NONE),
    row("valgrind", WRAP, NONE),
    row("xvfb-run", WRAP, NONE),
    row("dbus-run-session", WRAP, NONE),
    row("setarch", WRAP, NONE),
    row("cpulimit", WRAP, NONE),
    row("trickle", WRAP, NONE),
    row("numactl", WRAP, NONE),
    row("caffeinate", WRAP, NONE),
    // Project runners (their grammar is in `runners.rs`, checked below).
    row("poetry", RUN, NONE),
    row("pdm", RUN, NONE),
    row("hatch", RUN, NONE),
    row("rye", RUN, NONE),
    row("conda", RUN, NONE),
    row("mamba", RUN, NONE),
    row("micromamba", RUN, NONE),
    row("bundle", RUN, NONE),
    row("pixi", RUN, NONE),
    row("dotenv", RUN, NONE),
    row("direnv", RUN, NONE),
    row("aws-vault", RUN, NONE),
    row("op", RUN, NONE),
    row("doppler", RUN, NONE),
    row("infisical", RUN, NONE),
    row("nix-shell", RUN, NONE),
    row("devbox", RUN, NONE),
    row("mise", RUN, NONE),
    row("asdf", RUN, NONE),
    row("pipenv", RUN, NONE),
    row("tox", RUN, NONE),
    row("nox", RUN, NONE),
    row("deno", RUN, NONE),
    // Readers and pagers.
    row("cat", READ, NONE),
    row("bat", READ, NONE),
    row("less", &[Reader, Pager], NONE),
    row("more", &[Reader, Pager], NONE),
    row("head", READ, NONE),
    row("tail", READ, NONE),
    row("grep", READ, NONE),
    row("egrep", READ, NONE),
    row("fgrep", READ, NONE),
    row("rg", READ, NONE),
    row("ag", READ, NONE),
    row("jq", READ, NONE),
    row("diff", READ, NONE),
    row("cmp", READ, NONE),
    row("wc", READ, NONE),
    row("file", READ, NONE),
    row("stat", READ, NONE),
    row("ls", READ, NONE),
    row("od", READ, NONE),
    row("hexdump", READ, NONE),
    row("md5sum", READ, NONE),
    row("sha1sum", READ, NONE),
    row("sha256sum", READ, NONE),
    row("sha512sum", READ, NONE),
    row("cksum", READ, NONE),
    row("echo", READ, NONE),
    row("printf", READ, NONE),
    row("test", READ, NONE),
    row("[", READ, NONE),
    row("realpath", READ, NONE),
    row("readlink", READ, NONE),
    row("dirname", READ, NONE),
    row("basename", READ, NONE),
    row("du", READ, NONE),
    row("tree", READ, NONE),
    row("code", READ, NONE),
    row("nl", READ, NONE),
    row("strings", READ, NONE),
    row("column", READ, NONE),
    row("base64", READ, NONE),
    row("cut", READ, NONE),
    // Writers.
    row("rm", WRITE, &specs::RM),
    row("unlink", WRITE, NONE),
    row("chmod", WRITE, &specs::CHMOD),
    row("chown", WRITE, &specs::CHMOD),
    row("chgrp", WRITE, &specs::CHMOD),
    row("cp", WRITE, &specs::CP),
    row("mv", WRITE, &specs::CP),
    row("install", WRITE, &specs::CP),
    row("ln", WRITE, &specs::CP),
    row("tee", WRITE, &specs::TEE),
    // Disk tools.
    row("shred", DISK, &specs::SHRED),
    row("wipefs", DISK, NONE),
    row("fdisk", DISK, NONE),
    row("sfdisk", DISK, NONE),
    row("cfdisk", DISK, NONE),
    row("parted", DISK, NONE),
    row("gdisk", DISK, NONE),
    row("sgdisk", DISK, NONE),
    row("blkdiscard", DISK, NONE),
    row("ddrescue", DISK, NONE),
    row("wipe", DISK, NONE),
    row("scrub", DISK, NONE),
    row("nwipe", DISK, NONE),
];

/// The row of a program basename: a row in capitals matches only as written (`GET`), any
/// other ignoring case; `python3.12` finds `python`.
pub(crate) fn lookup(name: &str) -> Option<&'static Program> {
    let exact = PROGRAMS
        .iter()
        .find(|p| p.name == name || (!is_capitals(p.name) && p.name.eq_ignore_ascii_case(name)));
    if exact.is_some() {
        return exact;
    }
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    if base.len() == name.len() || base.is_empty() {
        return None;
    }
    PROGRAMS
        .iter()
        .find(|p| p.versioned && !is_capitals(p.name) && p.name.eq_ignore_ascii_case(base))
}

/// Whether a row's name is written in capitals (`GET`): such names are case-sensitive.
fn is_capitals(name: &str) -> bool {
    name.bytes().any(|b| b.is_ascii_uppercase())
}

/// Whether the program `name` (a basename) belongs to `class`.
pub(crate) fn in_class(name: &str, class: Class) -> bool {
    lookup(name).is_some_and(|p| p.classes.contains(&class))
}

/// The table's name for a program basename, for destinations and reasons.
pub(crate) fn table_name(name: &str) -> Option<&'static str> {
    lookup(name).map(|p| p.name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_lower_case() {
        for (i, p) in PROGRAMS.iter().enumerate() {
            let case =
                p.name == p.name.to_ascii_lowercase() || p.name == p.name.to_ascii_uppercase();
            assert!(case, "{} mixes cases", p.name);
            assert!(!p.classes.is_empty(), "{} has no class", p.name);
            assert!(
                PROGRAMS[i + 1..].iter().all(|o| o.name != p.name),
                "{} has two rows",
                p.name
            );
        }
    }

    #[test]
    fn downloaders_and_network_clients_have_a_destination_handler() {
        for p in PROGRAMS {
            if p.classes.contains(&Downloader) || p.classes.contains(&NetworkClient) {
                assert!(
                    p.destinations.is_some(),
                    "{} reaches hosts but has no handler",
                    p.name
                );
            }
        }
    }

    #[test]
    fn every_option_a_handler_reads_is_in_the_spec() {
        for p in PROGRAMS {
            let Some(d) = p.destinations else { continue };
            for name in d.reads() {
                assert!(
                    p.options.takes_value(name)
                        || name
                            .strip_prefix("--")
                            .is_some_and(|l| p.options.long_flags.contains(&l)),
                    "{}: its handler reads {name}, which its spec does not know",
                    p.name
                );
            }
        }
    }

    #[test]
    fn every_program_named_in_another_table_has_a_row() {
        for w in crate::wrappers::WRAPPERS {
            assert!(in_class(w.name, Wrapper), "wrapper {} has no row", w.name);
        }
        for name in crate::runners::runner_names() {
            assert!(in_class(name, Runner), "runner {name} has no row");
        }
    }

    #[test]
    fn versions_find_their_program() {
        assert_eq!(table_name("python3.12"), Some("python"));
        assert_eq!(table_name("PYTHON3"), Some("python"));
        assert_eq!(table_name("wget2"), Some("wget2"));
        assert_eq!(table_name("curl2"), None);
        assert!(in_class("GET", Downloader));
        assert!(!in_class("get", Downloader));
        assert!(in_class("head", Reader) && in_class("HEAD", Downloader));
    }
}
