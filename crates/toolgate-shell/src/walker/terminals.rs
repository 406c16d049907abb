//! The unwrapping step for terminal emulators (`knowledge/terminals/`): the command a new
//! window runs (`xterm -e CMD ARGS`, `gnome-terminal -- CMD`, `kitty CMD`, `wezterm start --
//! CMD`), found with the one option reader.

use super::unwrap::{Invocation, Step};
use super::{Scope, Walker};
use crate::knowledge::name_shapes::{NameShapes, name_shapes_of};
use crate::knowledge::terminals::{TERMINALS, Terminal};
use crate::model::{Arg, IndeterminateKind};
use crate::options::{Grammar, Item, read_each, read_grammar, value_arg, with_one_dash_parameters};
use std::borrow::Cow;

/// Where a terminal's command is.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum TerminalCommand {
    /// No command: the terminal opens a shell (or acts on windows).
    None,
    /// A command option's value starts the command at this word; `glued` when the value was
    /// written in the option's word (`-eCMD`, `--command=CMD`).
    Option {
        at: usize,
        value: String,
        glued: bool,
    },
    /// The command starts at this word (after `--`, or the first operand).
    At(usize),
    /// An option the row does not know stands before words that may be the command.
    Unreadable,
}

/// Reads where `args` (headed by the terminal `t`, as the walker gives them) put the
/// command. The words are those of `args` one for one, X toolkit options spelt as long ones.
pub(crate) fn terminal_command(t: &Terminal, args: &[Arg]) -> (TerminalCommand, Vec<Arg>) {
    let args = if t.one_dash_words {
        with_one_dash_parameters(args, &t.spec, &[], &[])
    } else {
        args.to_vec()
    };
    let command = find_command(t, &args, 1, true);
    (command, args)
}

fn find_command(t: &Terminal, args: &[Arg], start: usize, global: bool) -> TerminalCommand {
    let grammar = Grammar::plain(t.spec).ending(t.command_options);
    let reading = read_grammar(args, start, &grammar);
    if let Some(ending) = &reading.ended_by {
        return option_command(
            args,
            ending.opt.value.as_deref(),
            ending.value_at,
            reading.end,
        );
    }
    let at = reading.end;
    if reading.dashdash {
        return if at < args.len() {
            TerminalCommand::At(at)
        } else {
            TerminalCommand::None
        };
    }
    if at >= args.len() {
        return TerminalCommand::None;
    }
    let unknown = reading
        .opts
        .iter()
        .any(|o| !t.knows(&o.name, o.value.is_some()));
    let subcommand = t
        .subcommands
        .iter()
        .find_map(|path| subcommand_end(t, args, at, path));
    if global && subcommand == Some(None) {
        return TerminalCommand::Unreadable;
    }
    if global && let Some(Some((after, unknown_between))) = subcommand {
        // `wezterm start [OPTIONS] [--] CMD`: what follows the subcommand is read like a
        // terminal whose operands run (an option it does not know there is judged there); an
        // option before the subcommand that the row does not know may have taken a word.
        return match find_command(t, args, after, false) {
            TerminalCommand::At(_) if unknown || unknown_between => TerminalCommand::Unreadable,
            found => found,
        };
    }
    if global && t.subcommands.iter().any(|path| path[0] == args[at].text) {
        // The terminal's own command (`kitty @ send-text …`, `wezterm cli list`): no
        // program of that name runs; its words are read as the terminal's.
        return TerminalCommand::None;
    }
    if !global || t.operands_run {
        // Options end at the first operand, which starts the command; an option the row
        // does not know may have taken it as its value.
        return if unknown && t.options_complete {
            TerminalCommand::None
        } else if unknown {
            TerminalCommand::Unreadable
        } else {
            TerminalCommand::At(at)
        };
    }
    // A terminal that reads options anywhere (GLib, Qt, the X toolkit): its command option
    // may follow an operand or the value of an option the row does not know.
    let mut found = TerminalCommand::None;
    read_each(args, at, &t.spec, |item| {
        if found != TerminalCommand::None {
            return;
        }
        match item {
            Item::Opt(k, o) if t.command_options.contains(&&*o.name) => {
                let again = read_grammar(args, k, &grammar);
                found = match again.ended_by {
                    Some(e) => option_command(args, e.opt.value.as_deref(), e.value_at, again.end),
                    None => TerminalCommand::Unreadable,
                };
            }
            Item::DashDash(k) if k + 1 < args.len() => found = TerminalCommand::At(k + 1),
            _ => {}
        }
    });
    found
}

/// Where the subcommand `path` that starts at `at` ends (`kitty @ launch`), with options
/// between its words (`kitty @ --to SOCKET launch`), and whether one of those is an option
/// the row does not know: `None` when `path` is not there, `Some(None)` when an option the
/// row does not know may have taken the word that would have been its next.
fn subcommand_end(
    t: &Terminal,
    args: &[Arg],
    at: usize,
    path: &[&str],
) -> Option<Option<(usize, bool)>> {
    let mut i = at;
    let mut unknown = false;
    for (k, word) in path.iter().enumerate() {
        if args.get(i).is_none_or(|a| a.text != *word) {
            return unknown.then_some(None);
        }
        i += 1;
        if k + 1 < path.len() {
            let reading = read_grammar(args, i, &Grammar::plain(t.spec));
            if reading.dashdash {
                return None;
            }
            unknown |= reading
                .opts
                .iter()
                .any(|o| !t.knows(&o.name, o.value.is_some()));
            i = reading.end;
        }
    }
    Some(Some((i, unknown)))
}

fn option_command(
    args: &[Arg],
    value: Option<&str>,
    value_at: Option<usize>,
    end: usize,
) -> TerminalCommand {
    match (value, value_at) {
        (Some(v), Some(at)) => TerminalCommand::Option {
            at,
            value: v.to_string(),
            glued: false,
        },
        (Some(v), None) => TerminalCommand::Option {
            at: end,
            value: v.to_string(),
            glued: true,
        },
        // `xterm -e` as the last word: no command.
        (None, _) if end >= args.len() => TerminalCommand::None,
        (None, _) => TerminalCommand::Unreadable,
    }
}

/// The shapes of the terminals' names.
const TERMINAL_SHAPES: NameShapes = name_shapes_of!(TERMINALS, |row| row.name);

/// The terminal emulator's row for a (lower-cased) program basename: every command that is
/// no wrapper asks, so a name whose first byte and length no row has is refused without
/// scanning the table.
pub(crate) fn terminal_named(name: &str) -> Option<&'static Terminal> {
    if !TERMINAL_SHAPES.may_hold(name) {
        return None;
    }
    crate::knowledge::terminals::lookup(name)
}

impl Walker {
    /// A terminal emulator: the command its window runs, with the same environment.
    pub(crate) fn terminal(
        &mut self,
        t: &Terminal,
        inv: &mut Invocation<'_>,
        scope: &mut Cow<'_, Scope>,
    ) -> Step {
        let (command, args) = terminal_command(t, inv.args);
        match command {
            TerminalCommand::None => Step::Final,
            TerminalCommand::Unreadable => {
                self.indeterminate(
                    scope,
                    IndeterminateKind::ParseError,
                    "an option of a terminal emulator could not be read",
                );
                Step::Done
            }
            TerminalCommand::At(at) => Step::Skip(at, t.name),
            TerminalCommand::Option { at, value, glued } => {
                // Some terminals take one command-line string (`xfce4-terminal -e 'CMD
                // ARGS'`): the value is read as a script as well as a program.
                if value.contains(char::is_whitespace) {
                    self.script(&value, &scope.process(t.name));
                }
                if glued {
                    let mut words = vec![value_arg(&args[..at], &value)];
                    words.extend_from_slice(&args[at..]);
                    return Step::Replace(words, t.name);
                }
                Step::Skip(at, t.name)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::terminals::lookup;

    fn read(words: &[&str]) -> TerminalCommand {
        let args: Vec<Arg> = words
            .iter()
            .map(|t| Arg {
                text: t.to_string(),
                ..Arg::default()
            })
            .collect();
        terminal_command(lookup(words[0]).expect("a terminal"), &args).0
    }

    fn option_at(at: usize, value: &str) -> TerminalCommand {
        TerminalCommand::Option {
            at,
            value: value.to_string(),
            glued: false,
        }
    }

    #[test]
    fn commands_are_found() {
        use TerminalCommand::{At, None, Unreadable};
        assert_eq!(read(&["xterm", "-e", "rm", "-rf", "/"]), option_at(2, "rm"));
        assert_eq!(
            read(&["xterm", "-T", "t", "-geometry", "80x24", "-e", "rm"]),
            option_at(6, "rm")
        );
        assert_eq!(
            read(&["xterm", "-fullscreen", "-e", "rm"]),
            option_at(3, "rm")
        );
        assert_eq!(
            read(&["xterm", "+sb", "-xrm", "a: b", "-e", "rm"]),
            option_at(5, "rm")
        );
        assert_eq!(read(&["xterm", "-T", "Example"]), None);
        assert_eq!(read(&["xterm", "-fullscreen"]), None);
        assert_eq!(read(&["gnome-terminal", "--", "rm", "-rf"]), At(2));
        assert_eq!(read(&["gnome-terminal", "--tab", "--", "rm"]), At(3));
        assert_eq!(read(&["gnome-terminal", "--tab", "-t", "title"]), None);
        assert_eq!(
            read(&["gnome-terminal", "-x", "rm", "-rf"]),
            option_at(2, "rm")
        );
        assert_eq!(
            read(&["xfce4-terminal", "--command=rm -rf /"]),
            TerminalCommand::Option {
                at: 2,
                value: "rm -rf /".to_string(),
                glued: true
            }
        );
        assert_eq!(
            read(&["konsole", "--noclose", "-e", "ls"]),
            option_at(3, "ls")
        );
        assert_eq!(read(&["konsole", "--workdir", "src"]), None);
        assert_eq!(read(&["kitty", "rm", "-rf", "/"]), At(1));
        assert_eq!(read(&["kitty", "--title", "t", "rm"]), At(3));
        assert_eq!(read(&["kitty", "--title", "title"]), None);
        assert_eq!(read(&["kitty", "--odd", "x", "rm"]), Unreadable);
        assert_eq!(
            read(&["kitty", "@", "launch", "--type=tab", "rm", "-rf"]),
            At(4)
        );
        // `kitty @` takes its remote-control options before the subcommand.
        assert_eq!(
            read(&["kitty", "@", "--to", "unix:s", "launch", "rm", "-rf"]),
            At(5)
        );
        assert_eq!(read(&["kitten", "@", "--to=unix:s", "launch", "rm"]), At(4));
        assert_eq!(
            read(&["kitty", "@", "--odd", "x", "launch", "rm"]),
            Unreadable
        );
        assert_eq!(read(&["kitty", "@", "run", "--cwd", "d", "rm"]), At(5));
        assert_eq!(read(&["foot", "ls"]), At(1));
        assert_eq!(read(&["foot", "-s"]), None);
        assert_eq!(read(&["st", "-e", "rm"]), option_at(2, "rm"));
        assert_eq!(read(&["wezterm", "start", "--", "rm", "-rf"]), At(3));
        assert_eq!(read(&["wezterm", "start", "--cwd", "d", "rm"]), At(4));
        assert_eq!(read(&["wezterm", "cli", "spawn", "--", "rm"]), At(4));
        assert_eq!(read(&["wezterm", "cli", "list"]), None);
        assert_eq!(read(&["alacritty", "--daemon"]), None);
        assert_eq!(read(&["alacritty", "-e", "rm", "-rf"]), option_at(2, "rm"));
        assert_eq!(
            read(&["alacritty", "msg", "create-window", "-e", "rm"]),
            option_at(4, "rm")
        );
        assert_eq!(read(&["xdg-terminal-exec", "--hold", "ls"]), At(2));
        // st refuses options it lacks: these words are another `st`'s.
        assert_eq!(read(&["st", "-s", "src/main.rs"]), None);
        assert_eq!(read(&["st", "-T", "t", "rm"]), At(3));
    }
}
