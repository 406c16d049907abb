//! Remote control of terminals and multiplexers that puts a command into a pane: text typed
//! into the shell there (`wezterm cli send-text`, `kitty @ send-text`, `zellij action
//! write-chars`) and panes opened on a command (`zellij action new-pane -- CMD`). tmux's and
//! screen's are read with their own command tables (`facts/launched.rs`).

use crate::knowledge::specs::Spec;

/// What the operands after a [`PaneInput`]'s path are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PaneOperands {
    /// Text typed into a pane's shell, the words joined by blanks; `\n`, `\r` and their
    /// kin, as the program reads them, end a line.
    Typed,
    /// A command and its arguments, run in a new pane.
    Command,
}

/// One remote-control command that puts a command into a pane.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PaneInput {
    /// The programs' basenames.
    pub(crate) programs: &'static [&'static str],
    /// The subcommand's words (`["cli", "send-text"]`); options may stand between them.
    pub(crate) path: &'static [&'static str],
    /// Options, global and the subcommand's, that take a value (and its long flags).
    pub(crate) spec: Spec,
    /// What its operands are.
    pub(crate) operands: PaneOperands,
}

/// kitty's remote-control options (`kitty @ --to SOCKET …`) and `send-text`'s.
const KITTY_SEND_TEXT: Spec = Spec::with_flags(
    "mt",
    &[
        "to",
        "password",
        "password-file",
        "password-env",
        "use-password",
        "match",
        "match-tab",
        "from-file",
        "bracketed-paste",
    ],
    &["all", "exclude-active", "stdin", "help"],
);

/// zellij's global options that take a value, and those of `action new-pane`.
const ZELLIJ_ACTION: Spec = Spec::with_flags(
    "slcdpnxyw",
    &[
        "session",
        "layout",
        "config",
        "config-dir",
        "data-dir",
        "max-panes",
        "direction",
        "plugin",
        "cwd",
        "name",
        "width",
        "height",
        "x",
        "y",
        "configuration",
        "pinned",
    ],
    &[
        "floating",
        "in-place",
        "close-on-exit",
        "start-suspended",
        "debug",
        "sanitize-names",
        "help",
    ],
);

/// The table.
pub(crate) const PANE_INPUTS: &[PaneInput] = &[
    PaneInput {
        programs: &["wezterm"],
        path: &["cli", "send-text"],
        spec: Spec::with_flags(
            "",
            &["pane-id", "class"],
            &["no-paste", "prefer-mux", "no-auto-start"],
        ),
        operands: PaneOperands::Typed,
    },
    PaneInput {
        programs: &["kitty", "kitten"],
        path: &["@", "send-text"],
        spec: KITTY_SEND_TEXT,
        operands: PaneOperands::Typed,
    },
    PaneInput {
        programs: &["zellij"],
        path: &["action", "write-chars"],
        spec: ZELLIJ_ACTION,
        operands: PaneOperands::Typed,
    },
    PaneInput {
        programs: &["zellij"],
        path: &["action", "new-pane"],
        spec: ZELLIJ_ACTION,
        operands: PaneOperands::Command,
    },
];

/// Escapes that end a typed line, as these programs read them in their text.
pub(crate) const LINE_ENDS: &[&str] =
    &["\\n", "\\r", "\\x0d", "\\x0a", "\\015", "\\012", "\\u000d"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_names_a_known_program_and_a_path() {
        for row in PANE_INPUTS {
            assert!(!row.path.is_empty(), "{:?}", row.programs);
            for p in row.programs {
                assert!(
                    crate::knowledge::programs::lookup(p).is_some(),
                    "{p} has no program row"
                );
            }
        }
    }
}
