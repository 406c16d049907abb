//! The files interpreter one-liners write: the path a write call is given as a string literal
//! (`open('f', 'w')`, `fs.writeFileSync("f", …)`, `File.write("f", …)`, the destination of a
//! copy, move or link, `Path("f").write_text(…)`), and every string literal naming a file
//! that guards the agent (its settings and hooks, toolgate's policy): code that names one may
//! write it by a route no table lists (`p = '.claude/settings.json'; open(p, 'w')`).

use super::argv::{Item, call_items};
use super::{call_name_before, is_ident, names};

/// Calls whose argument at this index is a file they write: `(qualifier, name, index)`, the
/// qualifier the object before the dot when the name alone is ambiguous (`File.write`, not a
/// stream's `write`).
const WRITE_CALLS: &[(Option<&str>, &str, usize)] = &[
    // Node and Deno.
    (None, "writeFileSync", 0),
    (None, "writeFile", 0),
    (None, "appendFileSync", 0),
    (None, "appendFile", 0),
    (None, "createWriteStream", 0),
    (None, "writeTextFile", 0),
    (None, "writeTextFileSync", 0),
    (None, "truncateSync", 0),
    (None, "chmodSync", 0),
    (None, "copyFileSync", 1),
    (None, "copyFile", 1),
    (None, "cpSync", 1),
    (None, "renameSync", 1),
    (None, "symlinkSync", 1),
    (None, "linkSync", 1),
    // PHP.
    (None, "file_put_contents", 0),
    // Python's shutil and os, PHP's and Python's `rename`, `copy`, `symlink`.
    (None, "copyfile", 1),
    (None, "copy2", 1),
    (None, "copytree", 1),
    (None, "copy", 1),
    (None, "move", 1),
    (None, "rename", 1),
    (None, "symlink", 1),
    (Some("os"), "replace", 1),
    (Some("os"), "link", 1),
    (Some("os"), "chmod", 0),
    (Some("os"), "truncate", 0),
    // Ruby.
    (Some("File"), "write", 0),
    (Some("IO"), "write", 0),
    (Some("File"), "binwrite", 0),
    (Some("IO"), "binwrite", 0),
    (Some("FileUtils"), "cp", 1),
    (Some("FileUtils"), "cp_r", 1),
    (Some("FileUtils"), "mv", 1),
    (Some("FileUtils"), "ln_s", 1),
    (Some("FileUtils"), "ln_sf", 1),
    (Some("FileUtils"), "install", 1),
    (Some("FileUtils"), "touch", 0),
];

/// Calls that open their first argument in the mode their second names (`open`, `fopen`,
/// `fs.openSync`, Ruby's `File.open`); Perl's `open(FH, '>', 'f')` and `open(FH, '>f')` too.
const OPEN_CALLS: &[&str] = &["open", "fopen", "openSync"];

/// Methods of a path object that write the file it names (`Path("f").write_text(…)`).
const PATH_METHODS: &[&str] = &[
    "write_text",
    "write_bytes",
    "touch",
    "symlink_to",
    "hardlink_to",
    "chmod",
];

/// Path object constructors whose string argument a [`PATH_METHODS`] call writes.
const PATH_TYPES: &[&str] = &["Path", "PurePath", "PosixPath", "WindowsPath"];

/// Most write targets taken from one piece of code.
const MAX_TARGETS: usize = 32;

/// The files `chars` writes through calls given string literals.
pub(super) fn written_files(chars: &[char]) -> Vec<String> {
    let mut out = Vec::new();
    // A call whose arguments were read is not read again for the calls inside them, so the
    // scan stays linear (`open(open(open(…)))`).
    let mut read_to = 0;
    for (start, i) in names(chars) {
        if out.len() >= MAX_TARGETS {
            break;
        }
        if start < read_to {
            continue;
        }
        let name: String = chars[start..i].iter().collect();
        let mut j = i;
        while j < chars.len() && chars[j] == ' ' {
            j += 1;
        }
        if chars.get(j) != Some(&'(') {
            continue;
        }
        // Only the calls of the tables read their arguments (each read scans to its `)`).
        let mut items = || {
            let (items, end) = call_items(chars, j + 1, Some(')'));
            read_to = end;
            items
        };
        let qualifier = qualifier_of(chars, start);
        if let Some(&(_, _, at)) = WRITE_CALLS
            .iter()
            .find(|(q, n, _)| *n == name && q.is_none_or(|q| qualifier.as_deref() == Some(q)))
        {
            if let Some(Item::Str(file)) = items().get(at) {
                out.push(file.clone());
            }
        } else if OPEN_CALLS.contains(&name.as_str()) {
            out.extend(opened_for_writing(&items()));
        } else if PATH_METHODS.contains(&name.as_str()) && start > 0 && chars[start - 1] == '.' {
            out.extend(path_object_literal(chars, start - 1));
        }
    }
    out
}

/// The name before the dot in front of `start` (`File` in `File.write`).
fn qualifier_of(chars: &[char], start: usize) -> Option<String> {
    if start == 0 || chars[start - 1] != '.' {
        return None;
    }
    let end = start - 1;
    let mut begin = end;
    while begin > 0 && is_ident(chars[begin - 1]) {
        begin -= 1;
    }
    (begin < end).then(|| chars[begin..end].iter().collect())
}

/// The file an `open` call opens for writing: `open('f', 'w'|'a'|'x'|'r+')`, Perl's
/// `open(FH, '>', 'f')` and `open(FH, '>>f')`.
fn opened_for_writing(items: &[Item]) -> Option<String> {
    let writes = |mode: &str| mode.contains(['w', 'a', 'x', '+']);
    match items {
        [Item::Str(path), Item::Str(mode), ..] if writes(mode) && !mode.contains('/') => {
            Some(path.clone())
        }
        [_, Item::Str(mode), Item::Str(path), ..] if mode.starts_with(['>', '+']) => {
            Some(path.clone())
        }
        [_, Item::Str(spec)] if spec.starts_with(['>', '+']) => {
            let path = spec.trim_start_matches(['>', '+', '<']).trim();
            (!path.is_empty()).then(|| path.to_string())
        }
        _ => None,
    }
}

/// For a method called on a path object made from a literal (`Path("f").write_text(`, the dot
/// at `dot`), that literal.
fn path_object_literal(chars: &[char], dot: usize) -> Option<String> {
    let mut k = dot;
    while k > 0 && chars[k - 1].is_whitespace() {
        k -= 1;
    }
    if k == 0 || chars[k - 1] != ')' {
        return None;
    }
    k -= 1;
    while k > 0 && chars[k - 1].is_whitespace() {
        k -= 1;
    }
    let quote = *chars.get(k.checked_sub(1)?)?;
    if !matches!(quote, '"' | '\'') {
        return None;
    }
    let close = k - 1;
    let open = chars[..close].iter().rposition(|&c| c == quote)?;
    let constructor = call_name_before(chars, open)?;
    PATH_TYPES
        .contains(&constructor.as_str())
        .then(|| chars[open + 1..close].iter().collect())
}
