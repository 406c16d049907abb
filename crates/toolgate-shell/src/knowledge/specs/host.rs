//! Option specs of host administration tools: service managers, user, firewall, package,
//! scheduling and key tools, so that the option reader never takes a value for an operand.

use super::Spec;

/// systemctl.
pub(crate) const SYSTEMCTL: Spec = Spec::with_flags(
    "HMtpsno",
    &[
        "host",
        "machine",
        "type",
        "property",
        "signal",
        "lines",
        "output",
        "state",
        "kill-whom",
        "kill-value",
        "root",
        "image",
        "job-mode",
        "what",
        "when",
        "timestamp",
        "message",
        "reboot-argument",
        "boot-loader-entry",
        "boot-loader-menu",
        "check-inhibitors",
        "drop-in",
        "preset-mode",
    ],
    &[
        "user", "system", "global", "now", "force", "no-block", "quiet",
    ],
);

/// loginctl: `-H HOST`, `-M MACHINE`, `-p PROPERTY`, `-s SIGNAL`, `-n LINES`, `-o OUTPUT`.
pub(crate) const LOGINCTL: Spec = Spec::values(
    "HMpsno",
    &[
        "host",
        "machine",
        "property",
        "signal",
        "kill-whom",
        "lines",
        "output",
    ],
);

/// crontab: `-u USER`.
pub(crate) const CRONTAB: Spec = Spec::values("u", &[]);

/// userdel: `-R CHROOT`, `-P PREFIX`.
pub(crate) const USERDEL: Spec = Spec::values("RP", &["root", "prefix"]);

/// deluser / delgroup.
pub(crate) const DELUSER: Spec = Spec::values("", &["backup-to", "conf"]);

/// passwd: ageing values and `-R CHROOT`.
pub(crate) const PASSWD: Spec = Spec::with_flags(
    "nxwiR",
    &[
        "mindays",
        "maxdays",
        "warndays",
        "inactive",
        "root",
        "repository",
    ],
    &["delete", "status", "lock", "unlock", "expire", "all"],
);

/// iptables / ip6tables: the table (`-t nat`) and a chain's policy (`-P CHAIN TARGET`: the
/// chain is the value, the target the operand).
pub(crate) const IPTABLES: Spec = Spec::with_flags("tP", &["table", "policy"], &["flush"]);

/// apt / apt-get: `-o KEY=VALUE`, `-c FILE`, `-t RELEASE`.
pub(crate) const APT: Spec = Spec::values(
    "oct",
    &["option", "config-file", "target-release", "default-release"],
);

/// dnf / yum: `-c FILE`, `--setopt`, repositories, `--installroot`; `config-manager
/// --enable` and `--disable` are flags (exact names win over `--enablerepo`).
pub(crate) const DNF: Spec = Spec::with_flags(
    "cdex",
    &[
        "config",
        "setopt",
        "repo",
        "repoid",
        "enablerepo",
        "disablerepo",
        "installroot",
        "releasever",
        "exclude",
        "debuglevel",
        "errorlevel",
        "downloaddir",
        "destdir",
    ],
    &["enable", "disable"],
);

/// dpkg: `--root`, `--admindir`, `--instdir`, `--force-*` are glued.
pub(crate) const DPKG: Spec = Spec::with_flags(
    "",
    &["root", "admindir", "instdir", "log", "status-fd"],
    &["remove", "purge"],
);

/// chattr: `-v VERSION`, `-p PROJECT`.
pub(crate) const CHATTR: Spec = Spec::values("vp", &[]);

/// ssh-keygen: every option that takes a value.
pub(crate) const SSH_KEYGEN: Spec = Spec::values("abCDEFfGIJjMmNnOPRrSstVwYZz", &[]);

/// kill: `-s SIGNAL`, `-n NUMBER` (signals written `-9`, `-KILL` are read by the rule).
pub(crate) const KILL: Spec = Spec::values("sn", &["signal"]);

/// pacman: `-r ROOT`, `-b DBPATH` and the path options.
pub(crate) const PACMAN: Spec = Spec::values(
    "rb",
    &[
        "root", "dbpath", "config", "cachedir", "arch", "gpgdir", "hookdir", "logfile", "sysroot",
    ],
);

/// rpm: `--root`, `--dbpath`.
pub(crate) const RPM: Spec = Spec::with_flags("", &["root", "dbpath"], &["erase"]);

/// tmux's global options (`-c` runs a shell command; `-L`, `-S`, `-f`, `-T` take values).
pub(crate) const TMUX: Spec = Spec::values("cfLST", &[]);

/// GNU screen's options that take a value (`-S NAME`, `-p WINDOW`, `-X COMMAND`, whose
/// arguments follow as operands: `screen -S dev -X stuff 'make\n'`).
pub(crate) const SCREEN: Spec = Spec::values("SceshptTX", &["logfile"]);

/// The screen commands (`-X CMD`) that run something in a window: `stuff` types its text
/// into the window's shell, `exec` runs a program there.
pub(crate) const SCREEN_RUNS: &[&str] = &["stuff", "exec"];

/// ip: `-n NETNS`, `-b FILE`, `-rc FILE` and the family (`-f inet`) take a value.
pub(crate) const IP: Spec = Spec::values("nbf", &["netns", "batch", "rcvbuf", "family"]);

/// sysctl: `-p` takes an optional file (attached), `--pattern` a value.
pub(crate) const SYSCTL: Spec = Spec::values("", &["pattern"]);

/// usermod: the options that take a value (`-L`, `--lock` and `-U` are flags).
pub(crate) const USERMOD: Spec = Spec::values(
    "cdefgGlpPRsuZ",
    &[
        "comment",
        "home",
        "expiredate",
        "inactive",
        "gid",
        "groups",
        "login",
        "password",
        "prefix",
        "root",
        "shell",
        "uid",
        "selinux-user",
        "add-subuids",
        "del-subuids",
        "add-subgids",
        "del-subgids",
    ],
);

/// pkill: the options that take a value (signals are written `-9`, `-KILL`, read as flags).
pub(crate) const PKILL: Spec = Spec::values(
    "uUgGPstF",
    &[
        "euid", "uid", "pgroup", "group", "parent", "session", "terminal", "pidfile", "signal",
        "ns", "nslist",
    ],
);

/// nix-env: the options that take a value (`-f FILE`, `-p PROFILE`, `-I PATH`).
pub(crate) const NIX_ENV: Spec = Spec::values("fpI", &["file", "profile", "include"]);

/// efibootmgr: the options that take a value (`-b 0003`, `-o 0001,0000`, `-L LABEL`).
pub(crate) const EFIBOOTMGR: Spec = Spec::values(
    "bdlLoptneEi",
    &[
        "bootnum",
        "disk",
        "loader",
        "label",
        "bootorder",
        "part",
        "timeout",
        "bootnext",
        "edd",
        "device",
        "iface",
    ],
);

/// pgrep: pkill's options that take a value, and `-d` (the delimiter it prints between ids).
pub(crate) const PGREP: Spec = Spec::values(
    "uUgGPstFd",
    &[
        "euid",
        "uid",
        "pgroup",
        "group",
        "parent",
        "session",
        "terminal",
        "pidfile",
        "signal",
        "ns",
        "nslist",
        "delimiter",
    ],
);

/// pidof: `-o` omits a process id.
pub(crate) const PIDOF: Spec = Spec::values("o", &["omit-pid"]);

/// killall: the options that take a value.
pub(crate) const KILLALL: Spec = Spec::values(
    "usoyZ",
    &["user", "signal", "older-than", "younger-than", "context"],
);

/// useradd: the options that take a value.
pub(crate) const USERADD: Spec = Spec::values(
    "bcdefgGkKpRPsuZ",
    &[
        "base-dir",
        "comment",
        "home-dir",
        "expiredate",
        "inactive",
        "gid",
        "groups",
        "skel",
        "key",
        "password",
        "root",
        "prefix",
        "shell",
        "uid",
        "selinux-user",
    ],
);

/// adduser, Debian's and busybox's (`-G GROUP`, `-h DIR`, `-s SHELL`, …): the options that
/// take a value.
pub(crate) const ADDUSER: Spec = Spec::values(
    "hgsGuk",
    &[
        "home", "shell", "ingroup", "gid", "uid", "firstuid", "lastuid", "firstgid", "lastgid",
        "gecos", "comment", "conf",
    ],
);

/// addgroup: `-g GID`, `--gid`, `--conf`.
pub(crate) const ADDGROUP: Spec = Spec::values("g", &["gid", "conf", "firstgid", "lastgid"]);

/// gpasswd: `-a USER`, `-d USER`, `-A USERS`, `-M USERS`, `-Q DIR` (the group is the
/// operand).
pub(crate) const GPASSWD: Spec = Spec::values(
    "adAMQ",
    &["add", "delete", "administrators", "members", "root"],
);

/// setcap: `-n ROOTID`.
pub(crate) const SETCAP: Spec = Spec::values("n", &[]);

/// chage: the options that take a value.
pub(crate) const CHAGE: Spec = Spec::values(
    "dEImMRPW",
    &[
        "lastday",
        "expiredate",
        "inactive",
        "mindays",
        "maxdays",
        "root",
        "prefix",
        "warndays",
    ],
);

/// journalctl: the options that take a value the host pack reads past (`--vacuum-*` among
/// them).
pub(crate) const JOURNALCTL: Spec = Spec::values(
    "uDMnpottS",
    &[
        "unit",
        "user-unit",
        "directory",
        "file",
        "machine",
        "lines",
        "priority",
        "output",
        "identifier",
        "since",
        "until",
        "boot",
        "vacuum-size",
        "vacuum-time",
        "vacuum-files",
        "root",
        "image",
        "namespace",
        "facility",
        "grep",
        "cursor",
        "after-cursor",
    ],
);

/// visudo: `-f FILE` edits another sudoers file.
pub(crate) const VISUDO: Spec = Spec::values("f", &["file"]);

/// mount (util-linux's and the BSDs'): the options that take a value (`-o OPTIONS`, `-t
/// TYPES`, `-O TEST`, `-L LABEL`, `-U UUID`, `-N NAMESPACE`, `-T FSTAB`), so the source and
/// the target are read as operands; `--mkdir[=MODE]` takes its mode attached.
pub(crate) const MOUNT: Spec = Spec::with_flags(
    "otOLUNT",
    &[
        "options",
        "types",
        "test-opts",
        "label",
        "uuid",
        "namespace",
        "fstab",
        "source",
        "target",
        "target-prefix",
        "options-mode",
        "options-source",
        "map-users",
        "map-groups",
    ],
    &[
        "all",
        "bind",
        "rbind",
        "move",
        "read-only",
        "read-write",
        "rw",
        "ro",
        "fake",
        "fork",
        "verbose",
        "no-mtab",
        "no-canonicalize",
        "internal-only",
        "show-labels",
        "sloppy",
        "onlyonce",
        "options-source-force",
        "mkdir",
        "help",
        "version",
    ],
);

/// umount: `-t TYPES`, `-O TEST`, `-N NAMESPACE` take a value; every operand is a mount point
/// or a device.
pub(crate) const UMOUNT: Spec = Spec::with_flags(
    "tON",
    &["types", "test-opts", "namespace"],
    &[
        "all",
        "all-targets",
        "force",
        "lazy",
        "recursive",
        "read-only",
        "fake",
        "detach-loop",
        "no-canonicalize",
        "no-mtab",
        "internal-only",
        "quiet",
        "verbose",
        "help",
        "version",
    ],
);

/// route (net-tools' and the BSDs'): `-A FAMILY` takes a value; `-net`, `-host` and the
/// BSDs' modifiers are flags before operands.
pub(crate) const ROUTE: Spec = Spec::values("A", &[]);
