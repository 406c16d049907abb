//! Terminal emulators: each opens a window that runs a command given on its command line
//! (`xterm -e CMD ARGS`, `gnome-terminal -- CMD`, `kitty CMD`, `wezterm start -- CMD`), or a
//! shell when none is given. An agent that writes `xterm -e rm -rf /` runs `rm -rf /`.
//!
//! How a terminal takes its command differs: an option after which every word is the command
//! (`-e`, `-x`, `--execute`; some take one command-line string instead, which is also read as
//! a script), the words after `--`, or its first operand. X toolkit terminals write every
//! option with one dash (`-title T`), read here as whole words.

use crate::knowledge::specs::Spec;

pub(crate) mod pane_input;
mod standalone;
mod table;

/// The table: the toolkit terminals of `table.rs`, then the standalone ones.
pub(crate) const TERMINALS: &[Terminal] =
    &super::joined::<
        Terminal,
        { table::TOOLKIT_TERMINALS.len() + standalone::STANDALONE_TERMINALS.len() },
    >(table::TOOLKIT_TERMINALS, standalone::STANDALONE_TERMINALS);

/// How one terminal emulator is read.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Terminal {
    /// The program's basename.
    pub(crate) name: &'static str,
    /// Its options: those that take a value (the command options among them) and its long
    /// flags.
    pub(crate) spec: Spec,
    /// Its short flags, so that an option it does not know can be told apart.
    pub(crate) short_flags: &'static str,
    /// Options whose value starts the command, every later word its arguments (`xterm -e`,
    /// `gnome-terminal -x`); where a terminal takes one command-line string instead
    /// (`xfce4-terminal -e 'CMD ARGS'`) the value is read as a script too.
    pub(crate) command_options: &'static [&'static str],
    /// Its first operand starts the command (`kitty CMD`, `foot CMD`, `st CMD`): it reads
    /// options only up to there.
    pub(crate) operands_run: bool,
    /// X toolkit options: every option a whole word with one dash (`-title`, `-geometry`).
    pub(crate) one_dash_words: bool,
    /// Subcommands after which the words are options, then the command (`wezterm start`,
    /// `wezterm cli spawn`, `kitty @ launch`).
    pub(crate) subcommands: &'static [&'static [&'static str]],
    /// The row lists every option the program has, and the program refuses to start on any
    /// other (suckless st): an option the row does not know means the words are not its.
    pub(crate) options_complete: bool,
}

/// The table entry for a (lower-cased) program basename.
pub(crate) fn lookup(name: &str) -> Option<&'static Terminal> {
    TERMINALS.iter().find(|t| t.name == name)
}

impl Terminal {
    /// Whether the option `name` (`-T`, `--title`, as the reader spells it) is one the row
    /// knows. A long option written with its value (`--odd=1`) takes no word, so it is
    /// readable too.
    pub(crate) fn knows(&self, name: &str, has_value: bool) -> bool {
        self.spec.knows(name, has_value, self.short_flags)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_lower_case() {
        for (i, t) in TERMINALS.iter().enumerate() {
            assert_eq!(t.name, t.name.to_ascii_lowercase());
            assert!(
                TERMINALS[i + 1..].iter().all(|o| o.name != t.name),
                "{}",
                t.name
            );
        }
        assert!(lookup("xterm").is_some());
        assert!(lookup("rm").is_none());
    }

    /// A command option takes a value in its row's spec (the program, or the command
    /// line), so the reader stops after it; without one, the command would be read as the
    /// terminal's operands.
    #[test]
    fn command_options_take_a_value() {
        for t in TERMINALS {
            for o in t.command_options {
                assert!(t.spec.takes_value(o), "{o} of {}", t.name);
            }
            assert!(
                !t.command_options.is_empty() || t.operands_run || !t.subcommands.is_empty(),
                "{} takes no command",
                t.name
            );
        }
    }

    /// A short flag is no option that takes a value: the reader would read a word too few.
    #[test]
    fn short_flags_take_no_value() {
        for t in TERMINALS {
            for c in t.short_flags.chars() {
                assert!(!t.spec.short_val.contains(c), "-{c} of {}", t.name);
            }
        }
    }
}
