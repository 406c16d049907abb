//! find's command line, read with its spec (`knowledge::specs::FIND`): options before the
//! start paths (`-H`, `-L`, `-P`, `-D LIST`, `-OLEVEL`), the start paths, then an expression
//! whose primaries may take arguments (`-name PATTERN`, `-fprintf FILE FORMAT`) or run a
//! command up to `;` or `+` (`-exec`, `-execdir`, `-ok`, `-okdir`).

use std::ops::Range;

use super::{Opt, read_strict_flags};
use crate::knowledge::specs::{
    FIND, FIND_COMMAND_PRIMARIES, FIND_TWO_VALUE_PRIMARIES, FIND_VALUE_PRIMARIES,
};

/// One primary of a find expression (tests, actions, and the operators written as
/// primaries: `-o`, `-not`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Primary<'a> {
    /// Its name as written (`-name`).
    pub(crate) name: &'a str,
    /// Where its name is in the arguments (its arguments follow).
    pub(crate) at: usize,
    /// Its arguments (`PATTERN`; `FILE FORMAT` for `-fprintf`).
    pub(crate) values: &'a [String],
    /// The command a `-exec`-like action runs, up to (not with) its `;` or `+`.
    pub(crate) command: &'a [String],
}

impl<'a> Primary<'a> {
    /// Its first argument.
    pub(crate) fn value(&self) -> Option<&'a str> {
        self.values.first().map(String::as_str)
    }

    /// Whether it runs a command (`-exec`, `-execdir`, `-ok`, `-okdir`).
    pub(crate) fn runs_command(&self) -> bool {
        FIND_COMMAND_PRIMARIES.contains(&self.name)
    }
}

/// A find command line read.
#[derive(Debug, Clone)]
pub(crate) struct FindLine<'a> {
    /// The options before the start paths.
    pub(crate) options: Vec<Opt>,
    /// Where the start paths are in the arguments.
    pub(crate) starts: Range<usize>,
    /// The primaries of the expression, in order.
    pub(crate) primaries: Vec<Primary<'a>>,
}

impl<'a> FindLine<'a> {
    /// Whether a primary spelled as one of `names` is in the expression.
    pub(crate) fn has(&self, names: &[&str]) -> bool {
        self.primaries.iter().any(|p| names.contains(&p.name))
    }

    /// The primaries spelled as one of `names`, in order.
    pub(crate) fn named<'n>(
        &'n self,
        names: &'n [&str],
    ) -> impl Iterator<Item = &'n Primary<'a>> + 'n {
        self.primaries.iter().filter(|p| names.contains(&p.name))
    }
}

/// Reads find's arguments (the program not among them).
pub(crate) fn read_find(args: &[String]) -> FindLine<'_> {
    let (options, first) = read_strict_flags(args, &FIND);
    let is_start = |a: &String| !a.starts_with(['-', '(', '!', ')']) && a != ",";
    let end = first + args[first..].iter().take_while(|a| is_start(a)).count();
    let mut primaries = Vec::new();
    let mut i = end;
    while let Some(word) = args.get(i) {
        i += 1;
        if !word.starts_with('-') || word.len() < 2 {
            continue; // `(`, `)`, `!`, `,` and stray words.
        }
        let name = word.as_str();
        let from = i.min(args.len());
        let mut primary = Primary {
            name,
            at: i - 1,
            values: &[],
            command: &[],
        };
        if FIND_COMMAND_PRIMARIES.contains(&name) {
            let len = args[from..]
                .iter()
                .take_while(|w| !matches!(w.as_str(), ";" | "+"))
                .count();
            primary.command = &args[from..from + len];
            i = from + len + 1;
        } else {
            let arity = if FIND_TWO_VALUE_PRIMARIES.contains(&name) {
                2
            } else {
                usize::from(FIND_VALUE_PRIMARIES.contains(&name))
            };
            let to = (from + arity).min(args.len());
            primary.values = &args[from..to];
            i = to;
        }
        primaries.push(primary);
    }
    FindLine {
        options,
        starts: first..end,
        primaries,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(ws: &[&str]) -> Vec<String> {
        ws.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn reads_options_starts_and_primaries() {
        let args = strings(&[
            "-L", "-D", "tree", "/a", "b", "(", "-name", "-fprint", "-o", "-fprintf", "out", "%p",
            ")", "-exec", "grep", "-l", "x", "{}", ";", "-delete",
        ]);
        let line = read_find(&args);
        assert_eq!(line.options.len(), 2);
        assert_eq!(&args[line.starts.clone()], ["/a", "b"]);
        let names: Vec<&str> = line.primaries.iter().map(|p| p.name).collect();
        // `-fprint` is the pattern of `-name`, no primary.
        assert_eq!(names, ["-name", "-o", "-fprintf", "-exec", "-delete"]);
        assert_eq!(line.primaries[0].value(), Some("-fprint"));
        assert_eq!(line.primaries[0].at, 6);
        assert_eq!(line.primaries[2].values, ["out", "%p"]);
        assert_eq!(line.primaries[3].command, ["grep", "-l", "x", "{}"]);
        assert!(line.primaries[3].runs_command());
        assert!(line.has(&["-delete"]) && !line.has(&["-fprint"]));
    }

    #[test]
    fn no_start_paths_and_unfinished_primaries() {
        let args = strings(&["-name"]);
        let line = read_find(&args);
        assert!(line.starts.is_empty());
        assert_eq!(line.primaries[0].value(), None);
        let args = strings(&["-exec", "rm"]);
        assert_eq!(read_find(&args).primaries[0].command, ["rm"]);
    }
}
