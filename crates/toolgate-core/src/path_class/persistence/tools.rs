//! Files the user's interactive tools read at their start and act on: editors' start-up
//! files and plugins, the start-up files of multiplexers, readline, debuggers, REPLs and
//! database shells (each can run a shell command), and downloaders' configuration (a proxy
//! or a hook for every later download).

use super::{PersistenceClass, PersistenceInfo, file, tree};
use crate::path_class::pattern::Anchor::{Home, Root};

pub(super) const EDITOR_STARTUP: PersistenceInfo = PersistenceInfo {
    class: PersistenceClass::EditorStartup,
    name: "editor_startup",
    describe: "an editor's start-up file or plugin (vim, neovim, emacs)",
    effect: "plants code that runs later",
    patterns: &[
        // vim: its vimrc, and the runtime directory whose plugins it loads at every start.
        file(Home, &[".vimrc"]),
        file(Home, &[".gvimrc"]),
        file(Home, &[".exrc"]),
        tree(Home, &[".vim"]),
        file(Root, &["etc", "vimrc"]),
        tree(Root, &["etc", "vim"]),
        // neovim: init.vim / init.lua and everything they load; installed plugins.
        tree(Home, &[".config", "nvim"]),
        tree(Home, &[".local", "share", "nvim", "site"]),
        // emacs: its init files, which are Lisp it runs.
        file(Home, &[".emacs"]),
        file(Home, &[".emacs.el"]),
        tree(Home, &[".emacs.d"]),
        tree(Home, &[".config", "emacs"]),
        file(Home, &[".spacemacs"]),
    ],
};

pub(super) const TOOL_STARTUP: PersistenceInfo = PersistenceInfo {
    class: PersistenceClass::ToolStartup,
    name: "tool_startup",
    describe: "a start-up file of an interactive tool that can run commands (tmux, screen, readline, a debugger, a REPL or database shell)",
    effect: "plants code that runs later",
    patterns: &[
        // `run-shell`, `if-shell`; screen's `exec`.
        file(Home, &[".tmux.conf"]),
        tree(Home, &[".config", "tmux"]),
        file(Root, &["etc", "tmux.conf"]),
        file(Home, &[".screenrc"]),
        file(Root, &["etc", "screenrc"]),
        // readline's key bindings: a macro bound to Enter types a command into every line.
        file(Home, &[".inputrc"]),
        file(Root, &["etc", "inputrc"]),
        // Debuggers' `shell` and Python commands.
        file(Home, &[".gdbinit"]),
        tree(Home, &[".config", "gdb"]),
        file(Root, &["etc", "gdb", "gdbinit"]),
        file(Home, &[".lldbinit"]),
        file(Home, &[".lldbinit-*"]),
        // REPLs' start-up code: Python's `PYTHONSTARTUP` files by their usual names,
        // IPython's, Ruby's, R's.
        file(Home, &[".pythonrc"]),
        file(Home, &[".pythonrc.py"]),
        file(Home, &[".pythonstartup"]),
        file(Home, &[".pystartup"]),
        tree(Home, &[".ipython", "profile_*", "startup"]),
        file(Home, &[".ipython", "profile_*", "ipython_config.py"]),
        file(Home, &[".irbrc"]),
        tree(Home, &[".config", "irb"]),
        file(Home, &[".pryrc"]),
        file(Home, &[".rprofile"]),
        // Database shells' `\!` and `.shell`.
        file(Home, &[".psqlrc"]),
        file(Home, &[".psqlrc-*"]),
        file(Home, &[".sqliterc"]),
    ],
};

pub(super) const DOWNLOADER_CONFIG: PersistenceInfo = PersistenceInfo {
    class: PersistenceClass::DownloaderConfig,
    name: "downloader_config",
    describe: "a downloader's configuration file (~/.curlrc, ~/.wgetrc, aria2.conf)",
    effect: "redirects or hooks every later download",
    patterns: &[
        // A proxy, output file or header for every request.
        file(Home, &[".curlrc"]),
        file(Home, &["_curlrc"]),
        file(Home, &[".config", ".curlrc"]),
        file(Home, &[".wgetrc"]),
        file(Home, &[".config", "wget", "wgetrc"]),
        file(Root, &["etc", "wgetrc"]),
        // `on-download-complete` runs a command.
        file(Home, &[".aria2", "aria2.conf"]),
        file(Home, &[".config", "aria2", "aria2.conf"]),
    ],
};
