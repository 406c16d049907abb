//! The `host` pack: taking the machine down or weakening it. Losing a home credential
//! (`TG-HOST-CREDENTIAL-LOSS`, reported by the engine) is read in [`credentials`], killing
//! every process or the host's daemons in [`processes`], mounts in [`mounts`], virtual
//! machines in [`machines`].

mod credentials;
mod machines;
mod mounts;
mod processes;
#[cfg(test)]
mod tests;

pub use credentials::loses_credentials;
#[cfg(test)]
pub(super) use credentials::may_name_credential;
pub(super) use machines::MACHINE_MATCHERS;
pub(super) use mounts::{MOUNT_MATCHERS, changes_system_mount};
pub(super) use processes::{
    DAEMON_MATCHERS, kills_every_process, kills_host_daemon, kills_looked_up_daemon,
};

use super::{Check, Matcher as M, Operands, Seen, View};

use crate::facts::writes::content_targets;
use crate::knowledge::specs::{ECHO, PRINTF, Spec};
use crate::model::SimpleCommand;
use crate::options::read_strict_flags;

const HELP: &[&str] = &["--help", "-h"];
const PACKAGE_MANAGERS_REMOVE: &[&[&str]] = &[&["remove", "purge", "autoremove", "erase"]];

/// Packages whose removal leaves the machine unable to boot, log in or manage packages.
const CORE_PACKAGES: &[&str] = &[
    "systemd",
    "systemd-sysv",
    "libsystemd0",
    "init",
    "libc6",
    "libc-bin",
    "glibc",
    "glibc-common",
    "musl",
    "coreutils",
    "util-linux",
    "bash",
    "sudo",
    "login",
    "passwd",
    "shadow-utils",
    "base-files",
    "base-passwd",
    "filesystem",
    "dpkg",
    "apt",
    "rpm",
    "dnf",
    "yum",
    "pacman",
    "zypper",
    "apk-tools",
    "busybox",
    "alpine-baselayout",
    "kernel",
    "kernel-core",
    "grub-common",
    "grub-pc",
    "grub2-common",
    "grub-efi*",
    "openssh-server",
    "python3",
    // Arch: the kernel packages (no older kernel stays installed), the base meta-package.
    "linux",
    "linux-lts",
    "linux-zen",
    "linux-hardened",
    "base",
    "systemd-libs",
    // Snaps: the base snaps every snap runs on, and snapd itself.
    "core",
    "core18",
    "core20",
    "core22",
    "core24",
    "snapd",
    // Void, Gentoo (atoms with their category), Nix.
    "base-system",
    "xbps",
    "sys-libs/glibc",
    "sys-apps/baselayout",
    "baselayout",
    "sys-apps/portage",
    "portage",
    "sys-apps/systemd",
    "sys-apps/openrc",
    "openrc",
    "sys-apps/coreutils",
    "app-shells/bash",
    "app-admin/sudo",
    "nix",
];

/// Services whose stop leaves the host open: firewalls and mandatory access control.
/// launchd's jobs of the system: Apple's, and the daemons every user shares.
const SYSTEM_LAUNCHD_JOBS: &[&str] = &[
    "/System/Library/LaunchDaemons/*",
    "/System/Library/LaunchAgents/*",
    "/Library/LaunchDaemons/*",
];

const FIREWALL_SERVICES: &[&str] = &[
    "firewalld",
    "firewalld.service",
    "ufw",
    "ufw.service",
    "nftables",
    "nftables.service",
    "iptables",
    "iptables.service",
    "apparmor",
    "apparmor.service",
];

const POWER: &str = "TG-HOST-POWER";
const SERVICE_STOP: &str = "TG-HOST-SERVICE-STOP";
const KILL_ALL: &str = "TG-HOST-KILL-ALL";
const USER_DELETE: &str = "TG-HOST-USER-DELETE";
const FIREWALL_OFF: &str = "TG-HOST-FIREWALL-OFF";
const CRONTAB_REMOVE: &str = "TG-HOST-CRONTAB-REMOVE";
const CRONTAB_REPLACE: &str = "TG-HOST-CRONTAB-REPLACE";
const HISTORY_CLEAR: &str = "TG-HOST-HISTORY-CLEAR";
const SWAP_OFF: &str = "TG-HOST-SWAP-OFF";
const CORE_PACKAGE: &str = "TG-HOST-CORE-PACKAGE-REMOVE";
const CHATTR: &str = "TG-HOST-CHATTR";
const SSH_KEYGEN: &str = "TG-HOST-SSH-KEYGEN-OVERWRITE";
const KERNEL: &str = "TG-HOST-KERNEL-CHANGE";
const NETWORK_DOWN: &str = "TG-HOST-NETWORK-DOWN";
const ACCOUNT_LOCK: &str = "TG-HOST-ACCOUNT-LOCK";
const LOG_DELETE: &str = "TG-HOST-LOG-DELETE";
const PRIVILEGE: &str = "TG-HOST-PRIVILEGE-GRANT";
const BOOT_CHANGE: &str = "TG-HOST-BOOT-CHANGE";

/// efibootmgr's options that delete or deactivate a boot entry, or rewrite or delete the
/// boot order (listing, `-v`, and `-n` for the next boot only are everyday work).
const EFI_BOOT_CHANGES: &[&str] = &[
    "-B",
    "--delete-bootnum",
    "-o",
    "--bootorder",
    "-O",
    "--delete-bootorder",
    "-A",
    "--inactive",
];

/// Groups whose members are root in all but name: sudo rights, the shadow file, raw disks and
/// kernel memory. (`docker` and `lxd` are too, but joining them is those tools' documented
/// setup step, run with sudo by a user who already has it.)
const ADMIN_GROUPS: &[&str] = &["root", "sudo", "wheel", "admin", "shadow", "disk", "kmem"];

/// The kernel's magic SysRq trigger: a write crashes, reboots or powers off the machine.
const SYSRQ_TRIGGER: &[&str] = &["/proc/sysrq-trigger"];
/// The kernel's live settings and devices' control files.
const KERNEL_FILES: &[&str] = &["/proc/sys/*", "/sys/*"];
/// Kernel files whose write changes nothing that lasts: dropping the page cache.
const KERNEL_ROUTINE: &[&str] = &["/proc/sys/vm/drop_caches"];
/// Programs that put content into the files they name (with redirects, every program).
const CONTENT_WRITERS: &[&str] = &["tee", "cp", "dd", "dcfldd", "install", "ln"];
/// systemd's targets that stop the machine's services and logins (rescue, emergency) or
/// the machine itself, as `systemctl isolate` takes them, with or without `.target`.
const DOWN_TARGETS: &[&str] = &[
    "rescue",
    "rescue.target",
    "emergency",
    "emergency.target",
    "poweroff",
    "poweroff.target",
    "halt",
    "halt.target",
    "reboot",
    "reboot.target",
    "kexec",
    "kexec.target",
    "soft-reboot",
    "soft-reboot.target",
    "runlevel0",
    "runlevel0.target",
    "runlevel1",
    "runlevel1.target",
    "runlevel6",
    "runlevel6.target",
];
/// The default route, by name and as the prefix of every address (`route` on Windows and
/// the BSDs writes it `0.0.0.0`).
const DEFAULT_ROUTE: &[&str] = &["default", "0.0.0.0", "0.0.0.0/0", "0/0", "::/0"];
/// `ip route` and its `delete`, as ip abbreviates them.
const IP_ROUTE: &[&str] = &["route", "rout", "rou", "ro", "r"];
const IP_DELETE: &[&str] = &["delete", "delet", "dele", "del", "de", "d"];
/// `ip link` and `ip link set` as ip abbreviates them.
const IP_LINK: &[&str] = &["link", "lin", "li", "l"];
const IP_SET: &[&str] = &["set", "se", "s"];
/// `ip route|addr|neigh flush` as ip abbreviates them.
const IP_FLUSHED: &[&str] = &[
    "route",
    "rout",
    "rou",
    "ro",
    "r",
    "address",
    "addr",
    "add",
    "ad",
    "a",
    "neighbour",
    "neighbor",
    "neigh",
    "n",
];
/// The rule the engine reports for a credential file a command deletes or writes over.
pub const CREDENTIAL_LOSS: &str = "TG-HOST-CREDENTIAL-LOSS";

/// crontab's modes that do not install a table: list, edit, remove, help.
const CRONTAB_MODES: &[&str] = &["-l", "-e", "-r", "-h", "--help", "-V", "--version", "-T"];

/// The pack's matchers.
pub(super) const MATCHERS: &[M] = &[
    // `shutdown -c` cancels, `-k` only warns.
    M::new(POWER, &["shutdown"], &[]).none(&["-c", "-k", "--help"]),
    M::new(POWER, &["reboot", "halt", "poweroff"], &[]).none(&["--help", "-w", "--wtmp-only"]),
    // Runlevels 0 and 6 stop the machine; 1 (`s`, single user) stops its services and
    // logins, this session's included.
    M::new(
        POWER,
        &["init", "telinit"],
        &[&["0", "6", "1", "s", "single"]],
    ),
    // `--when cancel` cancels a scheduled one.
    M::new(
        POWER,
        &["systemctl"],
        &[&["poweroff", "reboot", "halt", "kexec", "soft-reboot"]],
    )
    .check(Check::NotCancel),
    M::new(POWER, &["systemctl"], &[&["rescue", "emergency"]]).none(&["--help", "-h"]),
    // (`isolate multi-user.target` or `graphical.target` keeps the services and remote logins.)
    M::new(POWER, &["systemctl"], &[&["isolate"]])
        .operands(Operands::Some(DOWN_TARGETS))
        .none(&["--help", "-h"]),
    // The user's own services are routine work.
    M::new(
        SERVICE_STOP,
        &["systemctl"],
        &[&["stop", "disable", "mask"]],
    )
    .none(&["--user", "--help", "-h"]),
    M::new(SERVICE_STOP, &["service"], &[&["*"], &["stop"]]),
    // launchd's system daemons (a user's own agents are routine work).
    M::new(SERVICE_STOP, &["launchctl"], &[&["unload"]])
        .operands(Operands::Some(SYSTEM_LAUNCHD_JOBS)),
    M::new(
        SERVICE_STOP,
        &["launchctl"],
        &[&["bootout", "disable", "kill"]],
    )
    .operands(Operands::Some(&["system", "system/*"])),
    M::new(KILL_ALL, &["kill"], &[]).check(Check::KillEveryProcess),
    M::new(KILL_ALL, &["killall5"], &[]),
    // Every process of a user (this session's shell and agent among them): a user and no
    // name or pattern.
    M::new(KILL_ALL, &["pkill"], &[])
        .any(&["-u", "--euid", "-U", "--uid"])
        .operands(Operands::Exactly(0)),
    M::new(KILL_ALL, &["killall"], &[])
        .any(&["-u", "--user"])
        .operands(Operands::Exactly(0)),
    // Every child of init, that is every service and login, with no name or pattern.
    M::new(KILL_ALL, &["pkill"], &[])
        .check(Check::AlsoValue(
            &["-P", "--parent"],
            &["1", "1,*", "*,1", "*,1,*"],
        ))
        .operands(Operands::Exactly(0)),
    M::new(USER_DELETE, &["userdel"], &[]).none(HELP),
    // `deluser USER GROUP` only takes the user out of a group.
    M::new(USER_DELETE, &["deluser"], &[])
        .operands(Operands::Exactly(1))
        .none(&["--help", "-h", "--group"]),
    M::new(USER_DELETE, &["passwd"], &[]).any(&["-d", "--delete"]),
    M::new(FIREWALL_OFF, &["ufw"], &[&["disable", "reset"]]).none(&["--dry-run"]),
    M::new(FIREWALL_OFF, &["iptables", "ip6tables"], &[]).any(&["-F", "--flush"]),
    M::new(FIREWALL_OFF, &["iptables", "ip6tables"], &[])
        .any(&["-P", "--policy"])
        .operands(Operands::Some(&["ACCEPT"])),
    M::new(FIREWALL_OFF, &["nft"], &[&["flush"], &["ruleset"]]),
    M::new(FIREWALL_OFF, &["setenforce"], &[&["0", "permissive"]]),
    // Unloads every AppArmor profile.
    M::new(FIREWALL_OFF, &["aa-teardown"], &[]).none(HELP),
    M::new(
        FIREWALL_OFF,
        &["systemctl"],
        &[&["stop", "disable", "mask"]],
    )
    .operands(Operands::Some(FIREWALL_SERVICES)),
    // macOS: Gatekeeper, System Integrity Protection, the application firewall, pf;
    // Windows' firewall.
    M::new(FIREWALL_OFF, &["spctl"], &[]).any(&["--master-disable", "--global-disable"]),
    M::new(FIREWALL_OFF, &["csrutil"], &[&["disable"]]),
    M::new(
        FIREWALL_OFF,
        &["csrutil"],
        &[&["authenticated-root"], &["disable"]],
    ),
    M::new(FIREWALL_OFF, &["socketfilterfw"], &[])
        .any(&["--setglobalstate"])
        .operands(Operands::Some(&["off"])),
    M::new(FIREWALL_OFF, &["pfctl"], &[]).any(&["-d", "-F"]),
    M::new(
        FIREWALL_OFF,
        &["netsh"],
        &[
            &["advfirewall"],
            &["set"],
            &["*profile*"],
            &["state"],
            &["off"],
        ],
    ),
    M::new(
        FIREWALL_OFF,
        &["netsh"],
        &[&["firewall"], &["set"], &["opmode"], &["disable"]],
    ),
    M::new(CRONTAB_REMOVE, &["crontab"], &[]).any(&["-r"]),
    M::new(CRONTAB_REPLACE, &["crontab"], &[])
        .none(CRONTAB_MODES)
        .operands(Operands::Present),
    M::new(CRONTAB_REPLACE, &["crontab"], &[])
        .none(CRONTAB_MODES)
        .operands(Operands::Exactly(0))
        .check(Check::FedByPipe),
    M::new(HISTORY_CLEAR, &["history"], &[]).any(&["-c"]),
    M::new(HISTORY_CLEAR, &["unset"], &[]).operands(Operands::Some(&["HISTFILE"])),
    M::new(HISTORY_CLEAR, &["export"], &[]).operands(Operands::Some(&[
        "HISTFILE=/dev/null",
        "HISTSIZE=0",
        "HISTFILESIZE=0",
        "SAVEHIST=0",
    ])),
    M::new(HISTORY_CLEAR, &["set"], &[&["+o"], &["history"]]),
    M::new(
        HISTORY_CLEAR,
        &["rm", "shred", "unlink", "truncate", "ln", "cp", "mv"],
        &[],
    )
    .check(Check::HistoryOperand),
    M::new(HISTORY_CLEAR, &[], &[]).check(Check::HistoryWrite),
    M::new(SWAP_OFF, &["swapoff"], &[]).none(&["--help", "-h", "--version", "-V"]),
    M::new(CORE_PACKAGE, &["apt", "apt-get"], PACKAGE_MANAGERS_REMOVE)
        .operands(Operands::Packages(CORE_PACKAGES)),
    M::new(
        CORE_PACKAGE,
        &["dnf", "yum", "microdnf"],
        PACKAGE_MANAGERS_REMOVE,
    )
    .operands(Operands::Packages(CORE_PACKAGES)),
    M::new(CORE_PACKAGE, &["zypper"], &[&["remove", "rm"]])
        .operands(Operands::Packages(CORE_PACKAGES)),
    M::new(CORE_PACKAGE, &["apk"], &[&["del"]]).operands(Operands::Packages(CORE_PACKAGES)),
    M::new(CORE_PACKAGE, &["dpkg"], &[])
        .any(&["-r", "-P", "--remove", "--purge"])
        .operands(Operands::Packages(CORE_PACKAGES)),
    M::new(CORE_PACKAGE, &["rpm"], &[])
        .any(&["-e", "--erase"])
        .operands(Operands::Packages(CORE_PACKAGES)),
    M::new(CORE_PACKAGE, &["pacman"], &[])
        .any(&["-R", "--remove"])
        .operands(Operands::Packages(CORE_PACKAGES)),
    M::new(CORE_PACKAGE, &["snap"], &[&["remove"]]).operands(Operands::Packages(CORE_PACKAGES)),
    M::new(CORE_PACKAGE, &["emerge"], &[])
        .any(&["-C", "--unmerge", "-c", "--depclean", "--rage-clean"])
        .none(&["-p", "--pretend"])
        .operands(Operands::Packages(CORE_PACKAGES)),
    M::new(CORE_PACKAGE, &["xbps-remove"], &[])
        .none(&["-n", "--dry-run", "-h", "--help"])
        .operands(Operands::Packages(CORE_PACKAGES)),
    M::new(CORE_PACKAGE, &["nix-env"], &[])
        .any(&["-e", "--uninstall"])
        .none(&["--dry-run"])
        .operands(Operands::Packages(CORE_PACKAGES)),
    M::new(CHATTR, &["chattr"], &[]).check(Check::ChattrAttributes),
    // `echo b > /proc/sysrq-trigger` reboots at once, `c` crashes, `o` powers off.
    M::new(POWER, &[], &[]).check(Check::ContentInto(SYSRQ_TRIGGER, &[])),
    M::new(POWER, CONTENT_WRITERS, &[]).check(Check::ContentInto(SYSRQ_TRIGGER, &[])),
    // The running kernel: its settings, devices' control files and modules.
    M::new(KERNEL, &[], &[]).check(Check::ContentInto(KERNEL_FILES, KERNEL_ROUTINE)),
    M::new(KERNEL, CONTENT_WRITERS, &[]).check(Check::ContentInto(KERNEL_FILES, KERNEL_ROUTINE)),
    M::new(KERNEL, &["sysctl"], &[]).any(&["-w", "--write"]),
    M::new(KERNEL, &["sysctl"], &[])
        .operands(Operands::Some(&["*=*"]))
        .none(&["-n", "--values", "-N", "--names", "-a", "--all", "-A", "-X"]),
    M::new(KERNEL, &["rmmod", "insmod"], &[]).none(&["--help", "-h", "--version", "-V"]),
    M::new(KERNEL, &["modprobe"], &[]).any(&["-r", "--remove"]),
    // Taking the machine off its network.
    M::new(NETWORK_DOWN, &["ip"], &[IP_LINK, IP_SET]).operands(Operands::Some(&["down"])),
    M::new(NETWORK_DOWN, &["ip"], &[IP_FLUSHED, &["flush", "f"]]),
    M::new(NETWORK_DOWN, &["ip"], &[IP_ROUTE, IP_DELETE]).operands(Operands::Some(DEFAULT_ROUTE)),
    M::new(NETWORK_DOWN, &["route"], &[&["del", "delete"]]).operands(Operands::Some(DEFAULT_ROUTE)),
    M::new(NETWORK_DOWN, &["ifconfig"], &[]).operands(Operands::Some(&["down"])),
    M::new(NETWORK_DOWN, &["ifdown"], &[]).none(&["--help", "-h", "-n", "--no-act"]),
    M::new(NETWORK_DOWN, &["nmcli"], &[&["networking", "n"], &["off"]]),
    M::new(
        NETWORK_DOWN,
        &["nmcli"],
        &[&["radio", "r"], &["all", "wifi"], &["off"]],
    ),
    M::new(
        NETWORK_DOWN,
        &["nmcli"],
        &[&["device", "d", "dev"], &["disconnect", "down"]],
    ),
    M::new(
        NETWORK_DOWN,
        &["nmcli"],
        &[&["connection", "c", "con"], &["down"]],
    ),
    // A default policy that drops what no rule accepts: rules flushed or missing, it cuts
    // the machine off, this session included.
    M::new(NETWORK_DOWN, &["iptables", "ip6tables"], &[])
        .any(&["-P", "--policy"])
        .operands(Operands::Some(&["DROP", "REJECT"])),
    // Locking or expiring an account locks its user out.
    M::new(ACCOUNT_LOCK, &["usermod"], &[]).any(&["-L", "--lock"]),
    M::new(ACCOUNT_LOCK, &["passwd"], &[]).any(&["-l", "--lock"]),
    M::new(ACCOUNT_LOCK, &["usermod", "chage"], &[]).check(Check::ExpiresAccount),
    // The system journal's records, deleted for good.
    M::new(LOG_DELETE, &["journalctl"], &[]).any(&[
        "--vacuum-size",
        "--vacuum-time",
        "--vacuum-files",
    ]),
    M::new(SSH_KEYGEN, &["ssh-keygen"], &[]).check(Check::SshKeyOverwrite),
    // Root-equivalent rights, granted for later: a setuid program, file capabilities, an
    // administrators' group, passwords set for accounts.
    M::new(PRIVILEGE, &["chmod"], &[]).check(Check::SetuidMode),
    M::new(PRIVILEGE, &["setcap"], &[])
        .none(&["-r", "-v", "-h", "--help"])
        .check(Check::CapabilityGrant),
    M::new(
        PRIVILEGE,
        &["usermod", "useradd", "adduser", "addgroup", "gpasswd"],
        &[],
    )
    .check(Check::AdminGroup),
    M::new(PRIVILEGE, &["chpasswd"], &[]).none(HELP),
    // The boot loader written to a disk or the EFI partition, or removed; the firmware's
    // boot entries deleted or reordered. (`update-grub` only rewrites its menu.)
    M::new(BOOT_CHANGE, &["grub-install", "grub2-install"], &[]).none(&[
        "--help",
        "-h",
        "--version",
        "-V",
        "--usage",
        "-?",
    ]),
    M::new(BOOT_CHANGE, &["efibootmgr"], &[]).any(EFI_BOOT_CHANGES),
    M::new(BOOT_CHANGE, &["bootctl"], &[&["install", "remove"]]).none(HELP),
];

/// Whether `cmd` puts content into a file matching one of `paths` and none of `spared`
/// (globs over the whole path; `*` crosses `/`).
pub(super) fn content_into(cmd: &SimpleCommand, paths: &[&str], spared: &[&str]) -> bool {
    let matches = |globs: &[&str], t: &str| globs.iter().any(|g| crate::rules::glob_match(g, t));
    content_targets(cmd)
        .iter()
        .any(|t| matches(paths, t) && !matches(spared, t))
}

/// Options that set an account's expiry date (usermod's `-e`, chage's `-E`).
const EXPIRY_DATE: &[&str] = &["-e", "-E", "--expiredate"];

/// Whether an account gets an expiry date: `-1` or an empty date removes it.
pub(super) fn expires_account(view: &View) -> bool {
    view.value(EXPIRY_DATE)
        .is_some_and(|date| !matches!(date.trim(), "" | "-1"))
}

/// `chattr` changing an attribute: a word `+i`, `-a`, `=e` (attribute letters only, so
/// `-R`, `-V`, `-f` are options).
pub(super) fn changes_attributes(cmd: &SimpleCommand) -> bool {
    cmd.args.iter().any(|a| {
        let mut chars = a.chars();
        matches!(chars.next(), Some('+' | '-' | '='))
            && a.len() > 1
            && chars.all(|c| "aAcCdDeFijmPsStTux".contains(c))
    })
}

/// ssh-keygen's options that do something else than generate a key: show, convert,
/// change, sign, test, search known hosts.
const SSH_KEYGEN_OTHER_MODES: &[&str] = &[
    "-l", "-y", "-R", "-F", "-H", "-p", "-c", "-e", "-i", "-k", "-L", "-Q", "-s", "-A", "-B", "-D",
    "-Y", "-M", "-G", "-T", "-K", "-r", "-?", "--help",
];

/// Whether `path` is a default SSH identity in an `.ssh` directory (`~/.ssh/id_ed25519`,
/// not its `.pub`).
fn default_identity(path: &str) -> bool {
    let Some((dir, base)) = path.rsplit_once('/') else {
        return false;
    };
    (dir == ".ssh" || dir.ends_with("/.ssh")) && base.starts_with("id_") && !base.ends_with(".pub")
}

/// ssh-keygen generating a key where one usually is: `-f ~/.ssh/id_*`, or the default file
/// with a yes piped in (`yes | ssh-keygen`, `echo y | ssh-keygen`: yes to overwriting; an
/// empty answer keeps the old key).
pub(super) fn overwrites_ssh_key(seen: &Seen<'_>) -> bool {
    let view = seen.view;
    if view.has(SSH_KEYGEN_OTHER_MODES) {
        return false;
    }
    match view.value(&["-f"]) {
        Some(file) => default_identity(file),
        None => fed_by_pipe(seen) && pipes_a_yes(&seen.analysis.commands[seen.index - 1]),
    }
}

/// Whether `producer` writes a yes: `yes`, or `echo`/`printf` of words with a `y`.
fn pipes_a_yes(producer: &SimpleCommand) -> bool {
    match producer.program_lower().as_ref() {
        "yes" => true,
        "echo" => text_has_a_yes(&producer.args, &ECHO),
        "printf" => text_has_a_yes(&producer.args, &PRINTF),
        _ => false,
    }
}

/// Whether the words `echo` or `printf` print (after the options `spec` knows) have a `y`.
fn text_has_a_yes(args: &[String], spec: &Spec) -> bool {
    let (_, text) = read_strict_flags(args, spec);
    args[text..].iter().any(|a| a.contains(['y', 'Y']))
}

/// `systemctl poweroff --when cancel` cancels a scheduled shutdown.
pub(super) fn not_a_cancel(seen: &Seen<'_>) -> bool {
    seen.view.value(&["--when"]) != Some("cancel")
}

/// Whether the command reads its stdin from the pipeline it stands in (the command before
/// it in the same pipeline writes to it).
pub(super) fn fed_by_pipe(seen: &Seen<'_>) -> bool {
    seen.cmd.in_pipeline
        && seen.index > 0
        && seen
            .analysis
            .commands
            .get(seen.index - 1)
            .is_some_and(|before| before.in_pipeline && before.via == seen.cmd.via)
}

/// Whether `chmod` sets the setuid bit: an octal mode with it (`4755`, `6711`), or a symbolic
/// one adding `s` for the owner (`u+s`, `+s`, `a=rwxs`). The group's `s` alone (`g+s`,
/// `2775`) is the shared-directory idiom and is left alone.
pub(super) fn sets_setuid(view: &View) -> bool {
    let Some(mode) = view.operands().next() else {
        return false;
    };
    if !mode.is_empty() && mode.bytes().all(|b| b.is_ascii_digit()) {
        // The special bits are the digit before the last three.
        let digits = mode.as_bytes();
        return digits.len() >= 4 && (digits[digits.len() - 4] - b'0') & 4 != 0;
    }
    mode.split(',').any(|clause| {
        let who_end = clause
            .find(|c: char| !"ugoa".contains(c))
            .unwrap_or(clause.len());
        let (who, change) = clause.split_at(who_end);
        let owner = who.is_empty() || who.contains(['u', 'a']);
        // `+s` and `=s` grant; `-s` takes away. Each operator starts a new list.
        owner
            && change
                .split_inclusive(['+', '-', '='])
                .zip(change.split(['+', '-', '=']).skip(1))
                .any(|(op, perms)| op.ends_with(['+', '=']) && perms.contains('s'))
    })
}

/// Whether `setcap` grants a capability: a set with an operator that makes it effective or
/// permitted (`cap_setuid+ep`, `cap_net_admin=eip`).
pub(super) fn grants_capability(view: &View) -> bool {
    view.operands().any(|w| {
        w.to_ascii_lowercase().starts_with("cap_")
            && w.split(['+', '='])
                .skip(1)
                .any(|flags| flags.contains(['e', 'p', 'i']))
    })
}

/// Whether an account joins an administrators' group (`usermod -aG sudo alice`, `useradd -G
/// wheel bob`, `gpasswd -a alice sudo`, `adduser alice sudo`) or gets user id 0.
pub(super) fn joins_admin_group(seen: &Seen<'_>) -> bool {
    // Group id 0 is root's group.
    let admin = |list: &str| {
        list.split(',')
            .any(|g| g.trim() == "0" || ADMIN_GROUPS.contains(&g.trim()))
    };
    let view = seen.view;
    match seen.cmd.program_lower().as_ref() {
        "usermod" | "useradd" => {
            view.value(&["-G", "--groups", "-g", "--gid"])
                .is_some_and(admin)
                || view.value(&["-u", "--uid"]) == Some("0")
        }
        // `adduser USER GROUP` and busybox's `addgroup USER GROUP` add a user to a group.
        "adduser" | "addgroup" => {
            view.value(&["--ingroup", "-G"]).is_some_and(admin)
                || (view.operands().count() == 2 && view.operands().last().is_some_and(admin))
        }
        // `gpasswd -a USER GROUP`, `gpasswd -M USERS GROUP`.
        _ => {
            view.has(&["-a", "--add", "-M", "--members"])
                && view.operands().last().is_some_and(admin)
        }
    }
}
