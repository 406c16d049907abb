//! What `find` lists: its start paths, and the commands that work on what it lists.

use crate::knowledge::specs::FIND_NARROWING_TESTS;
use crate::model::{Arg, SimpleCommand};
use crate::options::find::{FindLine, Primary, read_find};

/// Whether a find expression (`args`, the program not among them, as `line` read them)
/// lists every entry under its start paths: a branch of it that acts (or, with no action
/// anywhere, prints) has no test that narrows the listing, or only negated ones (`! -name
/// keep`, `-not -path …` are nearly everything). Branches are split at `-o` (`find . -name x
/// -o -delete` deletes everything else) and parenthesised groups narrow when each of their
/// branches does.
pub(crate) fn lists_everything(args: &[String], line: &FindLine<'_>) -> bool {
    let tokens = expression_tokens(args, line);
    let mut at = 0;
    !level_narrows(&tokens, &mut at, 0).0
}

/// Most parentheses nested in a find expression that are read; deeper, the group counts as
/// narrowing nothing (and the stack stays bounded whatever the input).
const MAX_GROUP_DEPTH: usize = 32;

/// One word of a find expression, as the narrowing check reads it.
enum Token<'p, 'a> {
    Open,
    Close,
    Not,
    /// `-o`, `-or`, and `,` (both sides act).
    Or,
    Primary(&'p Primary<'a>),
}

/// The expression's operators and primaries in order (`-a` and `-and` are implied between
/// terms and left out; a primary's arguments are no words of their own).
fn expression_tokens<'p, 'a>(args: &[String], line: &'p FindLine<'a>) -> Vec<Token<'p, 'a>> {
    let mut out = Vec::new();
    let mut i = line.starts.end;
    // The primaries are in order: the next one is the only one that can start at `i`.
    let mut primaries = line.primaries.iter().peekable();
    while let Some(word) = args.get(i) {
        while primaries.next_if(|p| p.at < i).is_some() {}
        if let Some(p) = primaries.next_if(|p| p.at == i) {
            match p.name {
                "-o" | "-or" => out.push(Token::Or),
                "-not" => out.push(Token::Not),
                "-a" | "-and" => {}
                _ => out.push(Token::Primary(p)),
            }
            let command = match p.runs_command() {
                true => p.command.len() + 1,
                false => 0,
            };
            i += 1 + p.values.len() + command;
            continue;
        }
        match word.as_str() {
            "(" => out.push(Token::Open),
            ")" => out.push(Token::Close),
            "!" => out.push(Token::Not),
            "," => out.push(Token::Or),
            _ => {}
        }
        i += 1;
    }
    out
}

/// Find's actions: a branch with one lists, runs or deletes what it reaches.
const FIND_ACTIONS: &[&str] = &[
    "-delete", "-exec", "-execdir", "-ok", "-okdir", "-print", "-print0", "-printf", "-ls", "-fls",
    "-fprint", "-fprint0", "-fprintf",
];

/// Reads the branches of one level (to its `)` or the end) from `at`: whether every branch
/// that counts narrows (with an action in the level, the branches with one; else all), and
/// whether the level holds an action.
fn level_narrows(tokens: &[Token<'_, '_>], at: &mut usize, depth: usize) -> (bool, bool) {
    // Per branch: (narrows, acts).
    let mut branches: Vec<(bool, bool)> = vec![(false, false)];
    let mut negate = false;
    while let Some(token) = tokens.get(*at) {
        *at += 1;
        let (narrows, acts) = match token {
            Token::Close => break,
            Token::Or => {
                branches.push((false, false));
                negate = false;
                continue;
            }
            Token::Not => {
                negate = !negate;
                continue;
            }
            Token::Open if depth >= MAX_GROUP_DEPTH => {
                // Too deep to read: skip to the end of this group, narrowing nothing.
                let mut open = 1usize;
                let mut acts = false;
                while let Some(t) = tokens.get(*at) {
                    *at += 1;
                    match t {
                        Token::Open => open += 1,
                        Token::Close => open -= 1,
                        Token::Primary(p) => acts |= FIND_ACTIONS.contains(&p.name),
                        _ => {}
                    }
                    if open == 0 {
                        break;
                    }
                }
                (false, acts)
            }
            Token::Open => level_narrows(tokens, at, depth + 1),
            Token::Primary(p) => (narrows_listing(p), FIND_ACTIONS.contains(&p.name)),
        };
        if let Some(branch) = branches.last_mut() {
            branch.0 |= narrows && !negate;
            branch.1 |= acts;
        }
        negate = false;
    }
    let any_action = branches.iter().any(|b| b.1);
    let narrows = branches.iter().filter(|b| b.1 || !any_action).all(|b| b.0);
    (narrows, any_action)
}

/// Whether a primary keeps only some entries: a name, path, time or owner test; `-type` of
/// special files only (`f` is every file and `d` every directory).
fn narrows_listing(p: &Primary<'_>) -> bool {
    FIND_NARROWING_TESTS.contains(&p.name)
        || (p.name == "-type" && p.value().is_some_and(|t| !t.contains(['f', 'd'])))
}

/// Whether `-delete` of a find expression takes only directories (`-type d`, not negated),
/// which it removes only when they are empty: it takes no content.
pub(crate) fn deletes_only_directories(args: &[String], line: &FindLine<'_>) -> bool {
    line.named(&["-type"])
        .any(|p| p.value() == Some("d") && !negated(args, p))
}

/// Whether a primary is negated by the word before it (`!`, `-not`).
fn negated(args: &[String], p: &Primary<'_>) -> bool {
    p.at.checked_sub(1)
        .and_then(|i| args.get(i))
        .is_some_and(|w| w == "!" || w == "-not")
}

/// Whether a start path is the working directory itself (`.`, `./`).
pub(crate) fn is_working_dir(root: &str) -> bool {
    root.starts_with('.') && root.trim_end_matches('/') == "."
}

/// What a find under the working directory lists when its expression takes everything:
/// every entry of the directory, which a delete takes as it takes `rm -rf ./*`.
pub(crate) const EVERY_ENTRY: &str = "./*";

/// The start paths of a `find` command line (the words before its expression; `.` when
/// there are none), or `None` when one of them is only known at run time.
pub(crate) fn find_roots(args: &[Arg]) -> Option<Vec<String>> {
    let args = args.get(1..).unwrap_or_default();
    let texts: Vec<String> = args.iter().map(|a| a.text.clone()).collect();
    let line = read_find(&texts);
    let everything = lists_everything(&texts, &line);
    let starts = &args[line.starts];
    // The working directory's entries: some of them (`find . -name '*.pyc'`), or all.
    let dot = || match everything {
        true => EVERY_ENTRY.to_string(),
        false => ".".to_string(),
    };
    if starts.is_empty() {
        return Some(vec![dot()]);
    }
    // `find "$(pwd)"` lists the working directory, as `find .` does.
    starts
        .iter()
        .map(|a| match a.dynamic {
            false => Some(a.text.clone()),
            true => crate::facts::paths::working_dir_form(&a.text),
        })
        .map(|root| root.map(|r| if is_working_dir(&r) { dot() } else { r }))
        .collect()
}

/// Marks `cmd` as working on the paths under `roots` (`None`: only known at run time): a
/// delete or mode change applied to what `find` lists under a root that is not relative
/// (`/`, `~`, `$HOME`, or only known at run time) covers that tree, so it counts as
/// recursive (`find / -type f -exec rm -f {} +` is `rm -rf /`). Under a relative root the
/// flags stay as written: the root's class (inside the working directory, or unknown when
/// the directory is not known) decides.
pub(crate) fn from_tree(cmd: &mut SimpleCommand, roots: Option<Vec<String>>) {
    // Every entry of the working directory is a tree too (`find . -type f -exec rm {} +`).
    let wide = roots.as_ref().is_none_or(|r| {
        r.iter()
            .any(|p| p.starts_with(['/', '~']) || p.starts_with("$HOME") || p == EVERY_ENTRY)
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
