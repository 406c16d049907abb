//! Whether a path, globs included, is aimed at the files of a class (`~/.ssh/*`, `*.pem`)
//! rather than only able to expand to one of them (`dist/*`).

use toolgate_core::path_class::{Anchor, component_matches};
use toolgate_core::protected::glob_ci;

use super::has_glob;

/// The class `class` gives `path`, when the path is aimed at the files of that class. A
/// path whose last component is a glob lists whatever its directory holds: it counts when
/// its directory is in the class (`~/.ssh/*`) or the glob's own letters are part of a name
/// the class covers (`*.pem`, `.env*`, `id_*`) or fit a name it covers (`.e?v`), or its
/// directory is the home directory a file of the class is named in (`~/.docker/*`); not when
/// it only could expand to such a name (`dist/*`, `*ela*L1*`, `.*`). `patterns` gives a
/// class's path patterns.
pub(crate) fn aimed_class<T: Copy>(
    path: &str,
    class: impl Fn(&str) -> Option<T>,
    patterns: impl Fn(T) -> &'static [toolgate_core::path_class::PathPattern],
) -> Option<T> {
    let found = class(path)?;
    let trimmed = path.trim_end_matches('/');
    let (dir, last) = trimmed.rsplit_once('/').unwrap_or((".", trimmed));
    if !has_glob(last) {
        return Some(found);
    }
    // (A directory with `**` in it may be any directory: it says nothing of the aim.)
    let globstar = dir.split('/').any(|c| c == "**");
    if !dir.is_empty()
        && !globstar
        && let Some(parent) = class(dir)
    {
        return Some(parent);
    }
    let letters = glob_letters(last);
    let named = patterns(found).iter().any(|p| {
        p.parts.last().is_some_and(|name| {
            let literal = !has_glob(name);
            // `.e?v`: the glob fits the name itself, with letters of its own.
            let fits = literal && letters.len() >= 2 && glob_ci(last, name);
            // `~/.docker/*`: a glob in the home directory a file of the class is named in (its
            // name put in place of the glob is still of the class), not in any directory.
            let beside = literal
                && !p.subtree
                && p.anchor == Anchor::Home
                && p.parts.len() >= 2
                && !has_glob(dir)
                && component_matches(last, name)
                && class(&format!("{dir}/{name}")).is_some();
            let name = glob_letters(name);
            fits || beside
                || (letters.len() >= 2
                    && (name.contains(&letters) || (name.len() >= 2 && letters.contains(&name))))
        })
    });
    named.then_some(found)
}

/// The letters of a glob, lower case, with its wildcards and `[…]` classes left out.
fn glob_letters(glob: &str) -> String {
    let mut out = String::new();
    let mut in_class = false;
    for c in glob.chars() {
        match c {
            '[' => in_class = true,
            ']' if in_class => in_class = false,
            '*' | '?' => {}
            _ if in_class => {}
            _ => out.push(c.to_ascii_lowercase()),
        }
    }
    out
}
