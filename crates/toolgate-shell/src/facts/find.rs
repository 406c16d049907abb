//! What `find` lists: its start paths, and the commands that work on what it lists.

use crate::model::{Arg, SimpleCommand};
use crate::options::find::read_find;

/// The start paths of a `find` command line (the words before its expression; `.` when
/// there are none), or `None` when one of them is only known at run time.
pub(crate) fn find_roots(args: &[Arg]) -> Option<Vec<String>> {
    let args = args.get(1..).unwrap_or_default();
    let texts: Vec<String> = args.iter().map(|a| a.text.clone()).collect();
    let starts = &args[read_find(&texts).starts];
    if starts.is_empty() {
        return Some(vec![".".to_string()]);
    }
    // `find "$(pwd)"` lists the working directory, as `find .` does.
    starts
        .iter()
        .map(|a| match a.dynamic {
            false => Some(a.text.clone()),
            true => crate::facts::paths::working_dir_form(&a.text),
        })
        .collect()
}

/// Marks `cmd` as working on the paths under `roots` (`None`: only known at run time): a
/// delete or mode change applied to what `find` lists under a root that is not relative
/// (`/`, `~`, `$HOME`, or only known at run time) covers that tree, so it counts as
/// recursive (`find / -type f -exec rm -f {} +` is `rm -rf /`). Under a relative root the
/// flags stay as written: the root's class (inside the working directory, or unknown when
/// the directory is not known) decides.
pub(crate) fn from_tree(cmd: &mut SimpleCommand, roots: Option<Vec<String>>) {
    let wide = roots.as_ref().is_none_or(|r| {
        r.iter()
            .any(|p| p.starts_with(['/', '~']) || p.starts_with("$HOME"))
    });
    cmd.input_roots = roots.unwrap_or_default();
    if wide
        && matches!(
            cmd.program_lower().as_ref(),
            "rm" | "unlink" | "shred" | "chmod" | "chown" | "chgrp"
        )
    {
        cmd.flags.insert("recursive");
    }
}
