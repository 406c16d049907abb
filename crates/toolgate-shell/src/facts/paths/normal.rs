//! Normalised absolute paths (no `.`, `..` or empty components) and comparing them as text.

use std::path::{Component, Path, PathBuf};

/// [`normalize`] without a copy when `p` is already normal: absolute, no empty, `.` or `..`
/// component and no trailing `/` (the working and home directories nearly always are).
pub(crate) fn normalized(p: &Path) -> std::borrow::Cow<'_, Path> {
    let normal = p.to_str().is_some_and(|t| {
        t == "/"
            || (t.starts_with('/')
                && !t.ends_with('/')
                && t[1..]
                    .split('/')
                    .all(|c| !c.is_empty() && c != "." && c != ".."))
    });
    if normal {
        std::borrow::Cow::Borrowed(p)
    } else {
        std::borrow::Cow::Owned(normalize(p))
    }
}

pub(super) fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::from("/");
    for c in p.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::Normal(n) => out.push(n),
            _ => {}
        }
    }
    out
}

/// `Path::starts_with` for a normalized absolute path (as [`normalize`] makes it) and an
/// absolute `dir` without a trailing `/`, by text: the classification tries some forty
/// directories per operand, and splitting both paths into components each time was most
/// of a delete's analysis.
pub(super) fn under(path: &str, dir: &str) -> bool {
    path == dir
        || (path.starts_with(dir)
            && (dir.ends_with('/') || path.as_bytes().get(dir.len()) == Some(&b'/')))
}
