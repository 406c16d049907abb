//! Writes to protected files: the agents' hook settings and plugins, toolgate's policy and
//! binary, whether written, linked to, or removed or moved with their directory.

use toolgate_core::protected::{holds_protected, is_protected_path};

use super::{copied_into_directory, remote_names, target_directories, targets_with, write_targets};
use crate::{CommandAnalysis, SimpleCommand};

/// git subcommands that do not change the work tree's files.
const GIT_READERS: &[&str] = &[
    "add",
    "diff",
    "log",
    "show",
    "status",
    "blame",
    "ls-files",
    "grep",
    "check-ignore",
    "commit",
];

/// A program toolgate does not model that is given a protected file: it may rewrite it
/// (`sort -o`, `yq -i`, `vim`, `tar xf`, `openssl … -out`), so it counts as a write.
/// Readers and the writers modelled in [`write_targets`] are judged by what they do.
fn unknown_program_touches_protected(cmd: &SimpleCommand, modelled: bool) -> bool {
    let program = cmd.program_lower();
    if crate::knowledge::programs::in_class(&program, crate::knowledge::programs::Class::Reader) {
        return false;
    }
    if program == "git"
        && cmd
            .subcommand
            .as_deref()
            .is_some_and(|s| GIT_READERS.contains(&s))
    {
        return false;
    }
    // toolgate's own read-only commands.
    if program == "toolgate"
        && cmd.args.first().is_some_and(|a| {
            matches!(
                a.as_str(),
                "validate" | "explain" | "check-url" | "check-urls" | "eval"
            )
        })
    {
        return false;
    }
    if modelled {
        return false;
    }
    cmd.args.iter().enumerate().any(|(i, a)| {
        // Quoted glob characters are text (`find -name '*-*'`, `apropos -r '.*'`): such a
        // word names no protected file. Unquoted ones expand to the files they match.
        if a.contains(['*', '?', '[']) && !cmd.glob_args.contains(&i) {
            return false;
        }
        let value = match a.split_once('=') {
            Some((k, v)) if k.starts_with('-') => v,
            _ => a.as_str(),
        };
        // The binary by path only: a bare `toolgate` argument (`cargo build -p toolgate`)
        // names a package, not the installed binary.
        !value.starts_with('-') && is_protected_path(value, false)
    })
}

/// A run-time target with its known variables filled in (`f=.claude/settings.json; cp x
/// "$f"`), or one that asks where toolgate is installed (`"$(which toolgate)"`).
fn expanded_is_protected(target: &str, cmd: &SimpleCommand) -> bool {
    if !target.contains(['$', '`']) {
        return false;
    }
    let lower = target.to_ascii_lowercase();
    if (lower.contains("$(") || lower.contains('`')) && lower.contains("toolgate") {
        return true;
    }
    let mut text = target.to_string();
    // Latest assignment wins; a few rounds cover variables built from variables.
    for _ in 0..4 {
        let before = text.clone();
        for (name, value) in cmd.env.iter().rev() {
            text = text
                .replace(&format!("${{{name}}}"), value)
                .replace(&format!("${name}"), value);
        }
        if text == before {
            break;
        }
    }
    text != target && is_protected(&text)
}

/// Whether `path` names a protected file (or a directory holding them).
pub(crate) fn is_protected(path: &str) -> bool {
    is_protected_path(path, true)
}

/// The directories `cmd` removes with their contents or moves away: a recursive `rm`'s
/// operands, `mv`'s sources.
fn removed_directories(cmd: &SimpleCommand) -> &[String] {
    match cmd.program_lower().as_ref() {
        "rm" if cmd.flags.contains("recursive") => &cmd.operands,
        "mv" if target_directories(cmd).is_empty() => {
            &cmd.operands[..cmd.operands.len().saturating_sub(1)]
        }
        "mv" => &cmd.operands,
        _ => &[],
    }
}

/// The files `cmd` makes links to (`ln [-s] TARGET… NAME`, `cp -s|-l SOURCE… DEST`): a link
/// to a guard file made in one call is written through in the next, by a name no rule knows.
fn linked_files(cmd: &SimpleCommand) -> &[String] {
    let links = match cmd.program_lower().as_ref() {
        "ln" | "link" => true,
        "cp" => ["-s", "-l", "symbolic-link", "link"]
            .iter()
            .any(|f| cmd.flags.contains(f)),
        _ => false,
    };
    match (links, cmd.operands.len()) {
        (false, _) | (true, 0) => &[],
        // `ln -s TARGET`: a link named like the target, here.
        (true, 1) => &cmd.operands,
        (true, _) if !target_directories(cmd).is_empty() => &cmd.operands,
        (true, n) => &cmd.operands[..n - 1],
    }
}

/// Whether `cmd` writes a protected file, removes or moves a directory holding one, or links
/// to one.
/// `modelled` is what [`modelled_targets`] finds for `cmd`.
pub(crate) fn writes_protected(cmd: &SimpleCommand, modelled: Option<&[&str]>) -> bool {
    targets_with(cmd, modelled).any(|t| is_protected(t) || expanded_is_protected(t, cmd))
        || removed_directories(cmd).iter().any(|d| holds_protected(d))
        || linked_files(cmd).iter().any(|t| is_protected(t))
        || copied_into_directory(cmd).iter().any(|t| is_protected(t))
        || remote_names(cmd).iter().any(|t| is_protected(t))
        || unknown_program_touches_protected(cmd, modelled.is_some())
}

/// Whether a command writes a protected file through a relative path after `cd` into a
/// protected directory (`cd .claude && tee settings.json`).
pub(crate) fn writes_protected_after_cd(analysis: &CommandAnalysis) -> bool {
    let mut dir: Option<String> = None;
    for cmd in &analysis.commands {
        let program = cmd.program_lower();
        if matches!(&*program, "cd" | "pushd" | "popd") {
            dir = match (&*program, cmd.operands.first()) {
                ("popd", _) | (_, None) => None,
                (_, Some(o)) if o.starts_with('/') || o.starts_with('~') => Some(o.clone()),
                (_, Some(o)) => Some(match &dir {
                    Some(d) => format!("{d}/{o}"),
                    None => o.clone(),
                }),
            };
            continue;
        }
        let Some(d) = &dir else { continue };
        if write_targets(cmd)
            .into_iter()
            .filter(|t| !t.starts_with('/') && !t.starts_with('~'))
            .any(|t| is_protected(&format!("{d}/{t}")))
        {
            return true;
        }
    }
    false
}
