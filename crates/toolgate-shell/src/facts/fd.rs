//! `fd` (`fdfind` on Debian): the paths it lists and the commands its `-x`/`-X` run on them,
//! read as `find`'s are (`facts::find`): the search paths are the roots, a pattern or an
//! extension narrows what is listed.

use std::ops::Range;

use super::find::{EVERY_ENTRY, is_working_dir};
use crate::knowledge::specs::FD;
use crate::model::Arg;
use crate::options::{Scan, Value};

/// The placeholders fd fills in a command: the path, its base name, its parent, the path
/// without extension, the base name without extension.
pub(crate) const FD_PLACEHOLDERS: &[&str] = &["{}", "{/}", "{//}", "{.}", "{/.}"];

/// Patterns that match every name (fd's default regex search, or `--glob`).
const EVERY_NAME: &[&str] = &["", ".", "^", ".*", "*", "**"];

/// An fd command line as the walker reads it.
#[derive(Debug, Default)]
pub(crate) struct FdLine {
    /// The roots of what it lists (`./*` for every entry of the working directory), or
    /// `None` when one is only known at run time.
    pub(crate) roots: Option<Vec<String>>,
    /// The words of each command it runs (`-x CMD…`, `-X CMD…`, ended by `;` or the line).
    pub(crate) commands: Vec<Range<usize>>,
}

/// The options that start a command fd runs; every word after one is the command's, up
/// to a `;`.
const EXEC_OPTIONS: &[&str] = &["-x", "--exec", "-X", "--exec-batch"];

/// Reads an fd command line (`args[0]` is the program).
pub(crate) fn read_fd(args: &[Arg]) -> FdLine {
    let mut line = FdLine::default();
    // fd's own words: those outside the commands it runs.
    let mut own: Vec<Arg> = Vec::new();
    let mut i = 1;
    while let Some(a) = args.get(i) {
        if !a.dynamic && EXEC_OPTIONS.contains(&a.text.as_str()) {
            let start = i + 1;
            let end = args[start..]
                .iter()
                .position(|w| w.text == ";")
                .map_or(args.len(), |p| start + p);
            line.commands.push(start..end);
            i = end + 1;
        } else {
            own.push(a.clone());
            i += 1;
        }
    }
    let scan = Scan::read(&own, &FD, false);
    // `--base-directory DIR` runs fd in another directory: relative roots are under it.
    if scan.has(&["--base-directory"]) {
        return line;
    }
    let narrowed = scan.has(&["-e", "--extension", "--and"])
        || scan
            .operands
            .first()
            .is_some_and(|p| p.dynamic || !EVERY_NAME.contains(&p.text.as_str()));
    let paths: Vec<&Value> = scan
        .operands
        .iter()
        .skip(1)
        .chain(scan.values(&["--search-path"]))
        .collect();
    line.roots = match paths.is_empty() {
        true => Some(vec![if narrowed {
            ".".to_string()
        } else {
            EVERY_ENTRY.to_string()
        }]),
        false => paths
            .iter()
            .map(|a| match a.dynamic {
                false => Some(a.text.clone()),
                true => crate::facts::paths::working_dir_form(&a.text),
            })
            .map(|root| {
                root.map(|r| match (is_working_dir(&r), narrowed) {
                    (true, true) => ".".to_string(),
                    (true, false) => EVERY_ENTRY.to_string(),
                    (false, _) => r,
                })
            })
            .collect(),
    };
    line
}
