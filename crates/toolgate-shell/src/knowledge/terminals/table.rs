//! The table of terminal emulators: X toolkit, GTK and Qt terminals here, the standalone
//! ones (alacritty, kitty, foot, wezterm, st …) in `standalone.rs`; the const builders the
//! rows are written with.

use super::Terminal;
use crate::knowledge::specs::Spec;

pub(super) const fn terminal(
    name: &'static str,
    short_val: &'static str,
    long_val: &'static [&'static str],
    long_flags: &'static [&'static str],
    command_options: &'static [&'static str],
) -> Terminal {
    Terminal {
        name,
        spec: Spec::with_flags(short_val, long_val, long_flags),
        short_flags: "hv",
        command_options,
        operands_run: false,
        one_dash_words: false,
        subcommands: &[],
        options_complete: false,
    }
}

pub(super) const fn short_flags(mut t: Terminal, flags: &'static str) -> Terminal {
    t.short_flags = flags;
    t
}

pub(super) const fn operands_run(mut t: Terminal) -> Terminal {
    t.operands_run = true;
    t
}

/// The row lists all the program's options (see [`Terminal::options_complete`]).
pub(super) const fn options_complete(mut t: Terminal) -> Terminal {
    t.options_complete = true;
    t
}

pub(super) const fn subcommands(
    mut t: Terminal,
    paths: &'static [&'static [&'static str]],
) -> Terminal {
    t.subcommands = paths;
    t
}

/// An X toolkit terminal: `-e` ends its options, every option a one-dash word.
const fn x_toolkit(name: &'static str) -> Terminal {
    Terminal {
        name,
        spec: Spec::with_flags("", X_TOOLKIT_VALUES, X_TOOLKIT_FLAGS),
        short_flags: "",
        command_options: &["--e"],
        operands_run: false,
        one_dash_words: true,
        subcommands: &[],
        options_complete: false,
    }
}

/// The X toolkit terminals' options that take a value (xterm's, rxvt's), `e` among them.
const X_TOOLKIT_VALUES: &[&str] = &[
    "e",
    "bg",
    "bd",
    "bw",
    "borderwidth",
    "cc",
    "cd",
    "chdir",
    "class",
    "cr",
    "display",
    "fa",
    "fb",
    "fd",
    "fg",
    "fi",
    "fn",
    "fs",
    "fw",
    "fx",
    "geometry",
    "hc",
    "icon",
    "into",
    "kt",
    "lf",
    "mc",
    "ms",
    "n",
    "name",
    "nb",
    "pr",
    "selbg",
    "selfg",
    "sl",
    "ti",
    "title",
    "tm",
    "tn",
    "uc",
    "xrm",
    "ziconbeep",
    "baudrate",
];

/// The X toolkit terminals' common flags.
const X_TOOLKIT_FLAGS: &[&str] = &[
    "fullscreen",
    "maximized",
    "hold",
    "iconic",
    "ls",
    "rv",
    "sb",
    "ut",
    "vb",
    "help",
    "version",
];

/// The table.
/// The X toolkit, GTK and Qt terminals.
pub(super) const TOOLKIT_TERMINALS: &[Terminal] = &[
    x_toolkit("xterm"),
    x_toolkit("uxterm"),
    x_toolkit("lxterm"),
    x_toolkit("koi8rxterm"),
    x_toolkit("urxvt"),
    x_toolkit("urxvtc"),
    x_toolkit("rxvt"),
    x_toolkit("rxvt-unicode"),
    x_toolkit("aterm"),
    x_toolkit("eterm"),
    x_toolkit("mlterm"),
    x_toolkit("kterm"),
    // Debian's alternative: every terminal it names takes `-e CMD ARGS` and `-T TITLE`.
    x_toolkit("x-terminal-emulator"),
    terminal(
        "gnome-terminal",
        "tpex",
        &[
            "title",
            "profile",
            "window-with-profile",
            "tab-with-profile",
            "working-directory",
            "geometry",
            "zoom",
            "role",
            "display",
            "load-config",
            "save-config",
            "app-id",
            "fd",
            "command",
            "execute",
        ],
        &[
            "tab",
            "window",
            "maximize",
            "full-screen",
            "hide-menubar",
            "show-menubar",
            "wait",
            "quiet",
            "verbose",
            "preferences",
            "help",
        ],
        &["-e", "--command", "-x", "--execute"],
    ),
    // GNOME Console.
    terminal(
        "kgx",
        "e",
        &["working-directory", "title", "command"],
        &["tab", "wait", "help", "version"],
        &["-e", "--command"],
    ),
    terminal(
        "ptyxis",
        "dx",
        &["working-directory", "execute"],
        &["new-window", "tab", "preferences", "help", "version"],
        &["-x", "--execute"],
    ),
    terminal(
        "xfce4-terminal",
        "eTxI",
        &[
            "command",
            "execute",
            "title",
            "initial-title",
            "working-directory",
            "default-working-directory",
            "geometry",
            "role",
            "startup-id",
            "icon",
            "display",
            "default-display",
            "font",
            "zoom",
        ],
        &[
            "tab",
            "window",
            "hold",
            "maximize",
            "fullscreen",
            "minimize",
            "disable-server",
            "drop-down",
            "preferences",
            "help",
            "version",
        ],
        &["-e", "--command", "-x", "--execute"],
    ),
    terminal(
        "mate-terminal",
        "etxp",
        &[
            "command",
            "execute",
            "title",
            "working-directory",
            "geometry",
            "profile",
            "window-with-profile",
            "tab-with-profile",
            "role",
            "zoom",
            "display",
            "load-config",
            "save-config",
        ],
        &[
            "tab",
            "window",
            "maximize",
            "full-screen",
            "disable-factory",
            "hide-menubar",
            "show-menubar",
            "help",
            "version",
        ],
        &["-e", "--command", "-x", "--execute"],
    ),
    short_flags(
        terminal(
            "terminator",
            "eTgxirlp",
            &[
                "command",
                "execute",
                "title",
                "geometry",
                "config",
                "working-directory",
                "icon",
                "role",
                "layout",
                "profile",
                "classname",
                "debug-classes",
                "debug-methods",
            ],
            &[
                "maximise",
                "fullscreen",
                "borderless",
                "hidden",
                "no-dbus",
                "new-tab",
                "debug",
                "help",
                "version",
            ],
            &["-e", "--command", "-x", "--execute"],
        ),
        "vmfbHudh",
    ),
    short_flags(
        terminal(
            "tilix",
            "ewptsax",
            &[
                "command",
                "execute",
                "working-directory",
                "profile",
                "title",
                "session",
                "action",
                "geometry",
                "window-style",
                "group",
            ],
            &[
                "maximize",
                "minimize",
                "full-screen",
                "focus-window",
                "new-process",
                "preferences",
                "quake",
                "help",
                "version",
            ],
            &["-e", "--command", "-x", "--execute"],
        ),
        "qhv",
    ),
    short_flags(
        terminal(
            "lxterminal",
            "etT",
            &["command", "title", "working-directory", "geometry", "tabs"],
            &["loginshell", "no-remote", "help", "version"],
            &["-e", "--command"],
        ),
        "lhv",
    ),
    short_flags(
        terminal(
            "qterminal",
            "ewp",
            &["execute", "workdir", "profile"],
            &["drop", "help", "version"],
            &["-e", "--execute"],
        ),
        "dhv",
    ),
    terminal(
        "konsole",
        "ep",
        &[
            "workdir",
            "profile",
            "layout",
            "tabs-from-file",
            "stylesheet",
        ],
        &[
            "hold",
            "noclose",
            "new-tab",
            "separate",
            "nofork",
            "fullscreen",
            "hide-menubar",
            "hide-tabbar",
            "show-menubar",
            "show-tabbar",
            "notransparency",
            "list-profiles",
            "background-mode",
            "help",
            "version",
        ],
        &["-e"],
    ),
];
