//! The working directory of a command (after the `cd`s before it) and the ways a word names
//! it or the home directory: `$(pwd)`, `` `pwd` ``, `$PWD`, `$HOME` read as `~`.

use std::path::{Path, PathBuf};

use super::has_dynamic;
use crate::model::{CommandAnalysis, CommandContext, SimpleCommand};

/// `path` with a leading `$HOME` / `${HOME}` written as `~` (`$HOME/.ssh/id_rsa` →
/// `~/.ssh/id_rsa`), so the path class tables read it as a home path; other text unchanged.
pub(crate) fn tilde_home(path: &str) -> std::borrow::Cow<'_, str> {
    for form in ["${HOME}", "$HOME"] {
        if let Some(rest) = path.strip_prefix(form)
            && (rest.is_empty() || rest.starts_with('/'))
        {
            return format!("~{rest}").into();
        }
    }
    path.into()
}

/// The working directory of command `index` when a `cd` before it changed it (as
/// [`working_directory`] finds it); `None` when none did, or to a place only known at run
/// time.
pub(crate) fn changed_directory(analysis: &CommandAnalysis, index: usize) -> Option<String> {
    analysis.commands[index]
        .cwd_changed
        .then(|| working_directory(analysis, index))
        .flatten()
}

/// The working directory of command `index`: the last `cd` before it (`~` for a bare `cd`),
/// `.` when none changed it, `None` when it changed to a place only known at run time.
pub(crate) fn working_directory(analysis: &CommandAnalysis, index: usize) -> Option<String> {
    let cmd = &analysis.commands[index];
    let mut dir: Option<String> = None;
    for c in &analysis.commands[..index] {
        let program = c.program_lower();
        if !matches!(&*program, "cd" | "pushd") {
            continue;
        }
        let Some(target) = c.operands.first() else {
            dir = Some("~".to_string());
            continue;
        };
        if !c.dynamic_args.is_empty() && !target.starts_with("$HOME") {
            return None;
        }
        let target = tilde_home(target);
        dir = Some(match (&dir, target.starts_with(['/', '~'])) {
            (Some(d), false) => format!("{d}/{target}"),
            _ => target.into_owned(),
        });
    }
    match dir {
        Some(d) => Some(d),
        None if cmd.cwd_changed => None,
        None => Some(".".to_string()),
    }
}

/// The spellings of the working directory as a command substitution: `$(pwd)`, `` `pwd` ``.
/// (A function named `pwd` defined in the command counts as a directory change.)
const PWD_SUBSTITUTIONS: &[&str] = &[
    "$(pwd)",
    "`pwd`",
    "$(pwd -L)",
    "`pwd -L`",
    "$(pwd -P)",
    "`pwd -P`",
];

/// The spellings of the shell's own working directory variable.
const PWD_VARIABLES: &[&str] = &["${PWD}", "$PWD"];

/// `$(pwd)/build` as the relative path it names (`./build`), when the rest is written out;
/// relative paths are judged against the working directory, and not at all after a `cd`.
pub(crate) fn working_dir_form(text: &str) -> Option<String> {
    let rest = PWD_SUBSTITUTIONS
        .iter()
        .find_map(|p| text.strip_prefix(p))?;
    relative_rest(rest)
}

/// [`working_dir_form`], and `$PWD/build` too unless the script gives `PWD` a value of its
/// own (`PWD=/; rm -rf $PWD/*`): the shell keeps `$PWD` at the working directory.
pub(crate) fn working_dir_form_of(text: &str, cmd: &SimpleCommand) -> Option<String> {
    if let Some(relative) = working_dir_form(text) {
        return Some(relative);
    }
    let rest = PWD_VARIABLES.iter().find_map(|p| text.strip_prefix(p))?;
    if cmd.script_sets("PWD") {
        return None;
    }
    relative_rest(rest)
}

/// `.` and the rest, when the rest is empty or a written-out `/…`.
fn relative_rest(rest: &str) -> Option<String> {
    if has_dynamic(rest) || !(rest.is_empty() || rest.starts_with('/')) {
        return None;
    }
    Some(format!(".{rest}"))
}

/// Where a directory change goes, as far as its text tells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum DirectoryChange {
    /// Into a subdirectory named outright: `cd DIR` or `pushd DIR` (options `-L`, `-P`, `-e`,
    /// `-@` aside) with one written-out relative name without `..` (`cd app`, `cd
    /// ./packages/web`), and no `CDPATH` that could send it elsewhere. The name, as written.
    Descent(String),
    /// To a directory named by its whole path (`cd /home/me/proj/web`, `cd ~/proj`, `cd
    /// "$HOME/proj"`; `~` kept): a descent when that is the working directory or under it,
    /// which only the command's context knows.
    Jump(String),
    /// Anywhere else (`cd`, `cd ~`, `cd -`, `cd ..`, `popd`, `pushd +1`), or only known at
    /// run time.
    Elsewhere,
}

/// Where the directory change `cmd` (a `cd`, `pushd` or `popd`) goes.
pub(crate) fn directory_change(cmd: &SimpleCommand) -> DirectoryChange {
    let program = cmd.program_lower();
    if !matches!(program.as_ref(), "cd" | "pushd") {
        return DirectoryChange::Elsewhere;
    }
    let [dir] = cmd.operands.as_slice() else {
        return DirectoryChange::Elsewhere;
    };
    // `$HOME/x` is `~/x` unless the command sets HOME; anything else run-time is unknown.
    let dir = tilde_home(dir);
    let sets_home = cmd.script_sets("HOME");
    if (!cmd.dynamic_args.is_empty() && !dir.starts_with("~/")) || dir.contains(['$', '`']) {
        return DirectoryChange::Elsewhere;
    }
    if dir.starts_with('/') || (dir.starts_with("~/") && !sets_home) {
        return DirectoryChange::Jump(dir.into_owned());
    }
    // `cd -` goes back; `pushd +N` turns the directory stack.
    let descent = cmd.dynamic_args.is_empty()
        && !cmd.script_sets("CDPATH")
        && dir != "-"
        && !(program == "pushd" && dir.starts_with('+'))
        && descending_path(&dir);
    match descent {
        true => DirectoryChange::Descent(dir.trim_end_matches('/').to_string()),
        false => DirectoryChange::Elsewhere,
    }
}

/// Whether a relative path stays at or below the directory it is relative to, by its text:
/// written out (no `~`, `$`, backquote or brace), without a `..` component, and no glob in a
/// component starting with `.` (`.*` matches `..` in older shells).
pub(crate) fn descending_path(path: &str) -> bool {
    !path.is_empty()
        && !path.starts_with(['/', '~'])
        && !path.contains(['$', '`', '{'])
        && !path
            .split('/')
            .any(|c| c == ".." || (c.starts_with('.') && c.contains(['*', '?', '['])))
}

/// Whether a relative path of `cmd` is judged against the working directory the command
/// string started in: no directory changed before it, or every change was a descent (then
/// the command runs there or below, and a path without `..` that is inside the starting
/// directory from there is inside it from below too). Without the context, a jump to a
/// whole path is not known to be a descent.
pub(crate) fn relative_to_start(path: &str, cmd: &SimpleCommand) -> bool {
    !cmd.cwd_changed || (cmd.cwd_descended && cmd.cwd_jumps.is_empty() && descending_path(path))
}

/// [`relative_to_start`] with the context: a jump (`cd /home/me/proj/web`) is a descent when
/// it lands in the working directory or under it.
pub(crate) fn relative_to_start_in(path: &str, cmd: &SimpleCommand, cx: &CommandContext) -> bool {
    if !cmd.cwd_changed {
        return true;
    }
    if !cmd.cwd_descended || !descending_path(path) {
        return false;
    }
    let Some(cwd) = cx.cwd() else {
        return cmd.cwd_jumps.is_empty();
    };
    let cwd = super::normalized(cwd);
    cmd.cwd_jumps
        .iter()
        .all(|jump| resolved(jump, &cwd, cx.home).is_some_and(|to| to.starts_with(&cwd)))
}

/// A path as a whole path: `~/x` under the home directory, a relative path under `base`, and
/// `.` and `..` resolved by the text. `None`: a `~` path with no home directory known.
pub(crate) fn resolved(path: &str, base: &Path, home: Option<&Path>) -> Option<PathBuf> {
    let whole = match path.strip_prefix("~/") {
        Some(rest) => home?.join(rest),
        None => base.join(path),
    };
    Some(super::normalize(&whole))
}

/// Where the directory change `cmd` (a `cd`, `pushd` or `popd`) leads from `from` (the
/// working directory before it, as [`SimpleCommand::cwd_target`] spells it; `None`: not
/// known): a whole path (`/etc`), `~` or `~/…`, or `from` joined with a relative name
/// (`./build/..`). `None` when the text does not tell: a run-time part, `cd -`, `popd`,
/// `pushd +N`, `~user`, or a relative name while `CDPATH` is set or `from` is not known.
pub(crate) fn directory_target(cmd: &SimpleCommand, from: Option<&str>) -> Option<String> {
    let program = cmd.program_lower();
    if !matches!(program.as_ref(), "cd" | "pushd") {
        return None;
    }
    let sets_home = cmd.script_sets("HOME");
    let dir = match cmd.operands.as_slice() {
        // A bare `cd` goes home; a bare `pushd` swaps the top two directories.
        [] if program == "cd" && !sets_home => return Some("~".to_string()),
        [dir] => tilde_home(dir),
        _ => return None,
    };
    // `$HOME/x` is `~/x` (tilde_home) unless the command sets HOME; nothing else at run time.
    let from_home = dir == "~" || dir.starts_with("~/");
    if (!cmd.dynamic_args.is_empty() && !from_home)
        || dir.contains(['$', '`'])
        || (from_home && sets_home)
    {
        return None;
    }
    if dir.starts_with('/') || from_home {
        return Some(dir.into_owned());
    }
    let cdpath = cmd.script_sets("CDPATH");
    if dir.is_empty()
        || dir == "-"
        || dir.starts_with('~')
        || cdpath
        || (program == "pushd" && dir.starts_with(['+', '-']))
    {
        return None;
    }
    Some(format!("{}/{dir}", from?))
}

/// The whole, normalised path of [`SimpleCommand::cwd_target`]: `None` when the command's
/// directory did not change, the target is not known, or it is relative (or under `~`)
/// and the starting (or home) directory is not known.
pub(crate) fn target_dir(cmd: &SimpleCommand, cx: &CommandContext) -> Option<PathBuf> {
    let target = cmd.cwd_target.as_deref().filter(|_| cmd.cwd_changed)?;
    if target.starts_with('/') {
        return Some(super::normalize(Path::new(target)));
    }
    if target == "~" {
        return cx.home.map(super::normalize);
    }
    resolved(target, cx.cwd()?, cx.home)
}
