//! The table of simple wrappers ([`WRAPPERS`]), one row per program, with the options each
//! takes.

use super::builders::{
    NO_OPTIONS, before, chdir, environment, no_command, plain, schedules, script, spec,
};
use super::{Environment, Wrapper};

/// The table's first part (the rest is in `sandboxes.rs`). Option lists follow each tool's
/// manual page.
pub(super) const GENERAL: &[Wrapper] = &[
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
    // Oils' multi-call binary: `oils-for-unix osh -c CMD`.
    plain("oils-for-unix", NO_OPTIONS),
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
];
