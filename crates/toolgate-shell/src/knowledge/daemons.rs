//! The daemons a host depends on: killed by name (`killall sshd`, `pkill -f journald`), the
//! machine loses its logins, its logs, its devices, its network, its containers or its
//! scheduled jobs (`TG-HOST-SERVICE-STOP`). A developer's own servers (`node`, `vite`,
//! `postgres`, `nginx` run for a project) are none of them.

/// The daemons a host depends on, by their process names as `ps` shows them and `killall`
/// takes them (compared with their case, as `pkill` and `killall` do unless told to ignore
/// it). (`mDNSResponder`, `Dock`, `Finder` and `SystemUIServer` are left out: `killall` of
/// them is macOS's documented way to flush the DNS cache or apply a setting, and each starts
/// again at once.)
pub(crate) const HOST_DAEMONS: &[&str] = &[
    // Process 1 and the service manager: killed, the machine (or the container) goes down.
    "init",
    "systemd",
    "launchd",
    // Remote and local logins, sessions and the privilege broker.
    "sshd",
    "systemd-logind",
    "agetty",
    "getty",
    "polkitd",
    // The system's logs and audit trail.
    "systemd-journald",
    "rsyslogd",
    "syslog-ng",
    "syslogd",
    "auditd",
    // Devices and the message bus the system's services talk over.
    "systemd-udevd",
    "udevd",
    "dbus-daemon",
    "dbus-broker",
    // The network: interfaces, addresses, names, wireless and time.
    "NetworkManager",
    "systemd-networkd",
    "systemd-resolved",
    "systemd-timesyncd",
    "wpa_supplicant",
    "dhclient",
    "dhcpcd",
    "chronyd",
    "ntpd",
    // Containers and a cluster node's agent.
    "containerd",
    "dockerd",
    "kubelet",
    // Scheduled jobs.
    "crond",
    "cron",
    "atd",
    // macOS's user session: its windows and its login.
    "WindowServer",
    "loginwindow",
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Servers a developer runs for a project and macOS's restartable agents: their names
    /// hold no daemon's and no daemon's name holds theirs (process names compare with their
    /// case, as `pkill` and `killall` do), so `pkill node` or `pkill -f postgres` names none.
    const DEVELOPER_SERVERS: &[&str] = &[
        "node", "vite", "python", "python3", "postgres", "nginx", "redis", "java", "ruby",
        "uvicorn", "gunicorn", "webpack", "next", "deno", "bun", "php", "mysqld", "Dock", "Finder",
    ];

    #[test]
    fn daemon_names_are_process_names_each_once() {
        for (i, d) in HOST_DAEMONS.iter().enumerate() {
            assert!(d.len() >= 3, "{d}");
            assert!(
                d.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_".contains(&b)),
                "{d}"
            );
            assert!(
                HOST_DAEMONS[..i].iter().all(|e| !e.eq_ignore_ascii_case(d)),
                "{d} twice"
            );
        }
    }

    #[test]
    fn no_developer_server_is_a_daemon() {
        for d in HOST_DAEMONS {
            for s in DEVELOPER_SERVERS {
                assert!(!d.contains(s) && !s.contains(d), "{d} {s}");
            }
        }
    }
}
