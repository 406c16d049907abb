//! The commands a remote-control command puts into a terminal pane (the table in
//! `knowledge/terminals/pane_input.rs`): text typed into a pane's shell, or the command a new
//! pane runs.

use crate::facts::launched::{quote_argv, to_value};
use crate::knowledge::terminals::pane_input::{LINE_ENDS, PANE_INPUTS, PaneOperands};
use crate::model::{Arg, SimpleCommand};
use crate::options::{Scan, Value, args_of};

/// The index after the subcommand `path` in `args` (options read with `row`'s spec may
/// stand before and between its words), or `None` when the words are not that path.
fn after_path(args: &[Arg], path: &[&str], spec: &crate::knowledge::specs::Spec) -> Option<usize> {
    let mut at = 0;
    for word in path {
        let stop = Scan::read(&args[at..], spec, true).stop?;
        if args[at + stop].text != *word {
            return None;
        }
        at += stop + 1;
    }
    Some(at)
}

/// The scripts `cmd` (the program `program`, lower case) puts into a pane, with their step.
pub(crate) fn pane_scripts(
    cmd: &SimpleCommand,
    program: &str,
    out: &mut Vec<(&'static str, String)>,
) {
    // Nearly every program has no row: nothing is read for it.
    let mut rows = PANE_INPUTS
        .iter()
        .filter(|r| r.programs.contains(&program))
        .peekable();
    if rows.peek().is_none() {
        return;
    }
    let args = args_of(cmd, 0);
    for row in rows {
        let Some(at) = after_path(&args, row.path, &row.spec) else {
            continue;
        };
        let rest = &args[at..];
        let scan = Scan::read(rest, &row.spec, true);
        let words: Vec<Value> = scan
            .stop
            .map(|s| rest[s..].iter().map(to_value).collect())
            .unwrap_or_default();
        if words.is_empty() {
            continue;
        }
        match row.operands {
            PaneOperands::Typed => {
                let mut text = words
                    .iter()
                    .map(|v| v.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" ");
                for end in LINE_ENDS {
                    text = text.replace(end, "\n");
                }
                out.push(("text typed into a pane", text));
            }
            PaneOperands::Command => out.push(("command of a new pane", quote_argv(&words))),
        }
    }
}
