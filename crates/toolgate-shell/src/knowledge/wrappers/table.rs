//! The table of simple wrappers ([`WRAPPERS`]), one row per program, with the options each
//! takes.

use super::builders::{
    NO_OPTIONS, before, chdir, environment, multi_value, no_command, plain, schedules, script, spec,
};
use super::{Environment, Wrapper};

/// The table. Option lists follow each tool's manual page.
pub(crate) const WRAPPERS: &[Wrapper] = &[
    plain("builtin", NO_OPTIONS),
    plain("nohup", NO_OPTIONS),
    plain("chronic", NO_OPTIONS),
    environment(
        plain(
            "setpriv",
            spec(
                "",
                &[
                    "reuid",
                    "regid",
                    "ruid",
                    "euid",
                    "rgid",
                    "egid",
                    "groups",
                    "inh-caps",
                    "ambient-caps",
                    "bounding-set",
                    "securebits",
                    "pdeathsig",
                    "selinux-label",
                    "apparmor-profile",
                    "landlock-access",
                    "landlock-rule",
                    "seccomp-filter",
                ],
                &[
                    "clear-groups",
                    "keep-groups",
                    "init-groups",
                    "no-new-privs",
                    "reset-env",
                    "dump",
                ],
            ),
        ),
        Environment::ClearedWith(&["--reset-env"]),
    ),
    // `screen -dmS NAME CMD`: a detached session running CMD; reattaching, listing or
    // sending to a session runs none (`-X` sends a screen command, not a shell one).
    no_command(
        plain("screen", crate::knowledge::specs::SCREEN),
        &[
            "-r", "-R", "-x", "-X", "-ls", "-list", "-wipe", "-Q", "-v", "-version", "-help",
        ],
    ),
    // `nix-shell -p PKG --run CMD`: the operands are packages or Nix files.
    Wrapper {
        operands_are_data: true,
        options_anywhere: true,
        ..script(
            plain(
                "nix-shell",
                spec(
                    "IAEj",
                    &[
                        "run", "command", "attr", "expr", "keep", "include", "cores", "max-jobs",
                        "arg", "argstr", "option",
                    ],
                    &["pure", "impure", "packages", "show-trace"],
                ),
            ),
            &["--run", "--command"],
        )
    },
    // `npx shx rm -rf dist`: ShellJS's commands, run portably from npm scripts.
    plain(
        "shx",
        spec(
            "",
            &[],
            &["silent", "verbose", "noglob", "globstar", "help", "version"],
        ),
    ),
    // `ssh-agent bash -c CMD` runs CMD with an agent; alone it starts one and prints its
    // variables; `-k` kills the running agent.
    Wrapper {
        runs_alone: true,
        ..no_command(plain("ssh-agent", spec("aEOPt", &[], &[])), &["-k"])
    },
    // `capsh --drop=cap_net_raw -- -c CMD`: its options are all `--name[=value]` words; the
    // words after `--` are bash's.
    Wrapper {
        shell_args_after: Some("--"),
        ..plain("capsh", NO_OPTIONS)
    },
    plain("noglob", NO_OPTIONS),
    plain("catchsegv", NO_OPTIONS),
    plain("eatmydata", NO_OPTIONS),
    plain("nocache", NO_OPTIONS),
    plain("linux32", spec("", &[], &["uname-2.6", "verbose"])),
    plain("linux64", spec("", &[], &["uname-2.6", "verbose"])),
    plain("busybox", NO_OPTIONS),
    plain("toybox", NO_OPTIONS),
    plain("unbuffer", NO_OPTIONS),
    environment(plain("doas", spec("uC", &[], &[])), Environment::Cleared),
    plain("pfexec", spec("P", &[], &[])),
    environment(
        plain("exec", spec("a", &[], &[])),
        Environment::ClearedWith(&["-c"]),
    ),
    plain("nice", crate::knowledge::specs::launchers::NICE),
    plain(
        "time",
        spec(
            "fo",
            &["format", "output"],
            &["portability", "verbose", "append", "quiet"],
        ),
    ),
    no_command(
        plain(
            "ionice",
            spec(
                "cnpPu",
                &["class", "classdata", "pid", "pgid", "uid"],
                &["ignore"],
            ),
        ),
        &["-p", "--pid", "-P", "--pgid", "-u", "--uid"],
    ),
    before(
        plain(
            "timeout",
            spec(
                "sk",
                &["signal", "kill-after"],
                &["preserve-status", "foreground", "verbose"],
            ),
        ),
        1,
    ),
    before(
        plain(
            "gtimeout",
            spec(
                "sk",
                &["signal", "kill-after"],
                &["preserve-status", "foreground", "verbose"],
            ),
        ),
        1,
    ),
    plain("stdbuf", spec("ioe", &["input", "output", "error"], &[])),
    before(
        plain("chroot", spec("", &["userspec", "groups"], &["skip-chdir"])),
        1,
    ),
    plain(
        "strace",
        spec(
            "abeEIoOpPsSuX",
            &[
                "output",
                "attach",
                "trace",
                "signal",
                "status",
                "user",
                "env",
                "string-limit",
                "columns",
                "trace-path",
                "decode-fds",
                "quiet",
                "summary-sort-by",
                "const-print-style",
            ],
            &[
                "follow-forks",
                "output-separately",
                "summary-only",
                "summary",
                "no-abbrev",
                "verbose",
                "raw",
                "timestamps",
                "relative-timestamps",
                "syscall-times",
                "instruction-pointer",
                "stack-traces",
                "seccomp-bpf",
                "daemonize",
            ],
        ),
    ),
    plain(
        "ltrace",
        spec(
            "aADeFlnopsuwx",
            &["output", "library", "indent", "align"],
            &["demangle", "no-signals"],
        ),
    ),
    plain("setsid", spec("", &[], &["ctty", "fork", "wait"])),
    // A session bus for the program it starts.
    plain(
        "dbus-launch",
        spec(
            "",
            &["config-file", "autolaunch"],
            &[
                "sh-syntax",
                "csh-syntax",
                "auto-syntax",
                "binary-syntax",
                "exit-with-session",
                "exit-with-x11",
                "close-stderr",
            ],
        ),
    ),
    script(
        before(
            plain(
                "flock",
                spec(
                    "wEc",
                    &["timeout", "wait", "conflict-exit-code", "command"],
                    &[
                        "shared",
                        "exclusive",
                        "unlock",
                        "nonblock",
                        "nb",
                        "close",
                        "no-fork",
                        "verbose",
                    ],
                ),
            ),
            1,
        ),
        &["-c", "--command"],
    ),
    chdir(
        plain(
            "unshare",
            spec(
                "RwSGl",
                &[
                    "root",
                    "wd",
                    "setuid",
                    "setgid",
                    "propagation",
                    "setgroups",
                    "map-user",
                    "map-group",
                    "map-users",
                    "map-groups",
                    "load-interp",
                ],
                &[
                    "mount",
                    "uts",
                    "ipc",
                    "net",
                    "pid",
                    "user",
                    "cgroup",
                    "time",
                    "fork",
                    "map-root-user",
                    "map-current-user",
                    "map-auto",
                    "mount-proc",
                    "kill-child",
                    "keep-caps",
                ],
            ),
        ),
        &["-R", "--root", "-w", "--wd"],
    ),
    chdir(
        plain(
            "nsenter",
            spec(
                "tSG",
                &["target", "setuid", "setgid", "env"],
                &[
                    "all",
                    "mount",
                    "uts",
                    "ipc",
                    "net",
                    "pid",
                    "cgroup",
                    "user",
                    "time",
                    "preserve-credentials",
                    "no-fork",
                    "root",
                    "wd",
                    "follow-context",
                ],
            ),
        ),
        &["-r", "--root", "-w", "--wd"],
    ),
    environment(
        schedules(
            chdir(
                plain(
                    "systemd-run",
                    spec(
                        "pEHMu",
                        &[
                            "unit",
                            "property",
                            "description",
                            "slice",
                            "uid",
                            "gid",
                            "nice",
                            "working-directory",
                            "setenv",
                            "service-type",
                            "on-active",
                            "on-boot",
                            "on-startup",
                            "on-unit-active",
                            "on-unit-inactive",
                            "on-calendar",
                            "on-timer-change",
                            "on-clock-change",
                            "timer-property",
                            "path-property",
                            "socket-property",
                            "machine",
                            "host",
                            "background",
                        ],
                        &[
                            "user",
                            "system",
                            "scope",
                            "remain-after-exit",
                            "send-sighup",
                            "pty",
                            "pipe",
                            "quiet",
                            "wait",
                            "collect",
                            "same-dir",
                            "shell",
                            "no-block",
                            "no-ask-password",
                            "expand-environment",
                        ],
                    ),
                ),
                &["--working-directory", "-d", "--same-dir"],
            ),
            super::SYSTEMD_RUN_TIMERS,
        ),
        Environment::Cleared,
    ),
    // run0 and systemd-run start the command as a unit of the service manager, in its
    // environment.
    environment(
        plain(
            "run0",
            spec(
                "uDg",
                &[
                    "user",
                    "chdir",
                    "group",
                    "unit",
                    "property",
                    "description",
                    "slice",
                    "nice",
                    "setenv",
                    "machine",
                    "background",
                ],
                &["no-ask-password", "slice-inherit"],
            ),
        ),
        Environment::Cleared,
    ),
    plain("firejail", NO_OPTIONS),
    no_command(
        before(
            plain("taskset", spec("", &[], &["cpu-list", "all-tasks", "pid"])),
            1,
        ),
        &["-p", "--pid"],
    ),
    no_command(
        before(
            plain(
                "chrt",
                spec(
                    "TPD",
                    &["sched-runtime", "sched-period", "sched-deadline"],
                    &[
                        "batch",
                        "deadline",
                        "fifo",
                        "idle",
                        "other",
                        "rr",
                        "ext",
                        "all-tasks",
                        "reset-on-fork",
                        "verbose",
                    ],
                ),
            ),
            1,
        ),
        &["-p", "--pid", "-m", "--max"],
    ),
    no_command(
        plain(
            "prlimit",
            spec("po", &["pid", "output"], &["noheadings", "raw", "verbose"]),
        ),
        &["-p", "--pid"],
    ),
    Wrapper {
        rest_is_script: true,
        ..script(before(plain("sg", NO_OPTIONS), 1), &["-c"])
    },
    environment(
        plain(
            "pkexec",
            spec("", &["user"], &["disable-internal-agent", "keep-cwd"]),
        ),
        Environment::Cleared,
    ),
    Wrapper {
        operands_are_data: true,
        ..script(
            plain(
                "script",
                spec(
                    "cEIOBTm",
                    &[
                        "command",
                        "echo",
                        "log-in",
                        "log-out",
                        "log-io",
                        "log-timing",
                        "logging-format",
                        "output-limit",
                        "timing",
                    ],
                    &["append", "force", "flush", "quiet", "return"],
                ),
            ),
            &["-c", "--command"],
        )
    },
    plain(
        "fakeroot",
        spec("lsib", &["lib", "faked"], &["unknown-is-real"]),
    ),
    before(plain("faketime", spec("p", &[], &["exclude-monotonic"])), 1),
    plain(
        "torsocks",
        spec(
            "upaP",
            &["user", "pass", "address", "port"],
            &["isolate", "quiet", "debug"],
        ),
    ),
    plain("proxychains", spec("f", &[], &[])),
    plain("proxychains4", spec("f", &[], &[])),
    plain("valgrind", NO_OPTIONS),
    plain(
        "xvfb-run",
        spec(
            "efnpsw",
            &[
                "error-file",
                "auth-file",
                "server-num",
                "xauth-protocol",
                "server-args",
                "wait",
            ],
            &["auto-servernum", "listen-tcp", "auto-display"],
        ),
    ),
    plain(
        "dbus-run-session",
        spec("", &["config-file", "dbus-daemon"], &[]),
    ),
    before(
        plain(
            "setarch",
            spec(
                "",
                &[],
                &["verbose", "addr-no-randomize", "3gb", "uname-2.6"],
            ),
        ),
        1,
    ),
    no_command(
        plain(
            "cpulimit",
            spec(
                "lpe",
                &["limit", "pid", "exe", "cpu"],
                &["lazy", "include-children"],
            ),
        ),
        &["-p", "--pid", "-e", "--exe"],
    ),
    plain("trickle", spec("duwtlsn", &[], &[])),
    plain(
        "numactl",
        spec(
            "CNmpiP",
            &[
                "physcpubind",
                "cpunodebind",
                "membind",
                "preferred",
                "interleave",
                "preferred-many",
            ],
            &["localalloc", "all", "touch", "strict", "balancing"],
        ),
    ),
    no_command(plain("caffeinate", spec("wt", &[], &[])), &["-w"]),
    // Password feeders, socksifiers and init shims that exec their command.
    plain("sshpass", spec("pfdP", &[], &[])),
    plain("tsocks", NO_OPTIONS),
    plain("with-contenv", NO_OPTIONS),
    plain("ifne", NO_OPTIONS),
    plain("tini", spec("pe", &[], &[])),
    plain(
        "dumb-init",
        spec(
            "r",
            &["rewrite"],
            &["single-child", "verbose", "version", "help"],
        ),
    ),
    // Run as another user: `gosu USER CMD`.
    before(plain("gosu", NO_OPTIONS), 1),
    before(plain("su-exec", NO_OPTIONS), 1),
    before(plain("s6-setuidgid", NO_OPTIONS), 1),
    before(plain("setuidgid", NO_OPTIONS), 1),
    // runit's chpst: `-/ ROOT` chroots, `-C DIR` changes directory, `-e DIR` sets variables
    // from files.
    chdir(
        plain("chpst", spec("uUbe/CnlLmdopfcrt", &[], &[])),
        &["-/", "-C"],
    ),
    plain("cgexec", spec("g", &[], &["sticky"])),
    no_command(
        plain(
            "systemd-inhibit",
            spec(
                "",
                &["what", "who", "why", "mode"],
                &["list", "no-pager", "no-legend", "help", "version"],
            ),
        ),
        &["--list"],
    ),
    plain(
        "fakechroot",
        spec(
            "lde",
            &["lib", "elfloader", "environment", "config-dir"],
            &["use-system-libs", "help", "version"],
        ),
    ),
    chdir(
        plain(
            "proot",
            spec(
                "rbmwqkivRS",
                &[
                    "rootfs",
                    "bind",
                    "mount",
                    "cwd",
                    "qemu",
                    "kernel-release",
                    "change-id",
                    "verbose",
                ],
                &["root-id", "link2symlink", "kill-on-exit", "help", "version"],
            ),
        ),
        &["-r", "--rootfs", "-w", "--cwd", "-R", "-S"],
    ),
    // Flatpak's way out of its sandbox: `--host` runs the command on the host.
    chdir(
        environment(
            plain(
                "flatpak-spawn",
                spec(
                    "",
                    &[
                        "env",
                        "unset-env",
                        "directory",
                        "forward-fd",
                        "sandbox-expose",
                        "sandbox-expose-ro",
                        "sandbox-expose-path",
                        "sandbox-expose-path-ro",
                        "sandbox-flag",
                        "app-path",
                        "usr-path",
                    ],
                    &[
                        "host",
                        "clear-env",
                        "watch-bus",
                        "expose-pids",
                        "share-pids",
                        "latest-version",
                        "sandbox",
                        "no-network",
                        "verbose",
                        "help",
                    ],
                ),
            ),
            Environment::ClearedWith(&["--clear-env"]),
        ),
        &["--directory"],
    ),
    // File watchers that rerun a command line on changes: watchexec and entr hand their
    // words to a shell (`entr -s 'make test'`); reflex runs them as a command; nodemon runs
    // `--exec CMD`, else node on its operands.
    Wrapper {
        rest_is_script: true,
        ..plain(
            "watchexec",
            spec(
                "wWFefidsoE",
                &[
                    "watch",
                    "watch-non-recursive",
                    "watch-file",
                    "exts",
                    "filter",
                    "filter-file",
                    "filter-prog",
                    "ignore",
                    "ignore-file",
                    "debounce",
                    "delay-run",
                    "poll",
                    "signal",
                    "stop-signal",
                    "stop-timeout",
                    "shell",
                    "env",
                    "workdir",
                    "project-origin",
                    "on-busy-update",
                    "emit-events-to",
                    "log-file",
                    "wrap-process",
                    "socket",
                    "color",
                    "timings",
                ],
                &[
                    "restart",
                    "clear",
                    "postpone",
                    "notify",
                    "no-vcs-ignore",
                    "no-project-ignore",
                    "no-global-ignore",
                    "no-default-ignore",
                    "no-discover-ignore",
                    "no-meta",
                    "no-process-group",
                    "only-emit-events",
                    "quiet",
                    "bell",
                    "verbose",
                    "manual",
                ],
            ),
        )
    },
    Wrapper {
        rest_is_script: true,
        ..plain("entr", NO_OPTIONS)
    },
    plain(
        "reflex",
        spec(
            "rgRGcdt",
            &[
                "regex",
                "glob",
                "inverse-regex",
                "inverse-glob",
                "config",
                "decoration",
                "shutdown-timeout",
                "substitute",
            ],
            &[
                "start-service",
                "only-files",
                "only-dirs",
                "all",
                "verbose",
                "sequential",
            ],
        ),
    ),
    Wrapper {
        operands_are_data: true,
        ..script(
            plain(
                "nodemon",
                spec(
                    "xweid",
                    &[
                        "exec", "watch", "ext", "ignore", "delay", "signal", "config", "cwd",
                        "spawn",
                    ],
                    &[
                        "legacy-watch",
                        "on-change-only",
                        "no-colours",
                        "quiet",
                        "verbose",
                        "dump",
                    ],
                ),
            ),
            &["-x", "--exec"],
        )
    },
    // bubblewrap: most options take two or three words (`--bind SRC DEST`).
    multi_value(
        chdir(
            environment(
                plain(
                    "bwrap",
                    spec(
                        "",
                        &[
                            "args",
                            "argv0",
                            "userns",
                            "userns2",
                            "pidns",
                            "uid",
                            "gid",
                            "hostname",
                            "chdir",
                            "unsetenv",
                            "lock-file",
                            "sync-fd",
                            "remount-ro",
                            "overlay-src",
                            "tmp-overlay",
                            "ro-overlay",
                            "exec-label",
                            "file-label",
                            "proc",
                            "dev",
                            "tmpfs",
                            "mqueue",
                            "dir",
                            "seccomp",
                            "add-seccomp-fd",
                            "block-fd",
                            "userns-block-fd",
                            "info-fd",
                            "json-status-fd",
                            "cap-add",
                            "cap-drop",
                            "perms",
                            "size",
                            "bind",
                            "bind-try",
                            "dev-bind",
                            "dev-bind-try",
                            "ro-bind",
                            "ro-bind-try",
                            "bind-fd",
                            "ro-bind-fd",
                            "file",
                            "bind-data",
                            "ro-bind-data",
                            "symlink",
                            "chmod",
                            "setenv",
                            "overlay",
                        ],
                        &[
                            "unshare-all",
                            "share-net",
                            "unshare-user",
                            "unshare-user-try",
                            "unshare-ipc",
                            "unshare-pid",
                            "unshare-net",
                            "unshare-uts",
                            "unshare-cgroup",
                            "unshare-cgroup-try",
                            "disable-userns",
                            "assert-userns-disabled",
                            "clearenv",
                            "new-session",
                            "die-with-parent",
                            "as-pid-1",
                            "level-prefix",
                            "help",
                            "version",
                        ],
                    ),
                ),
                Environment::ClearedWith(&["--clearenv"]),
            ),
            &["--chdir"],
        ),
        &[
            ("--bind", 2),
            ("--bind-try", 2),
            ("--dev-bind", 2),
            ("--dev-bind-try", 2),
            ("--ro-bind", 2),
            ("--ro-bind-try", 2),
            ("--bind-fd", 2),
            ("--ro-bind-fd", 2),
            ("--file", 2),
            ("--bind-data", 2),
            ("--ro-bind-data", 2),
            ("--symlink", 2),
            ("--chmod", 2),
            ("--setenv", 2),
            ("--overlay", 3),
        ],
    ),
];
