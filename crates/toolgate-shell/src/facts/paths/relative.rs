//! Plain relative paths (`build/`, `src/main.rs`) under an ordinary working directory:
//! classified without joining and normalising them.

use std::cell::RefCell;
use std::path::{Path, PathBuf};

use super::{PathClass, has_glob, is_sensitive_cwd, normalized};
use crate::model::{CommandContext, SimpleCommand};

/// The class of a plain relative path (`build/`, `src/main.rs`: names only, without `.`,
/// `..`, empty components, globs, `~` or run-time parts) under a known working directory
/// that is not sensitive and holds no glob character: inside it, as
/// [`classify_full`](super::classify_full) finds by joining, normalising and comparing.
/// `None`: not such a path (ask `classify_full`).
pub(super) fn plain_relative_class(
    text: &str,
    dynamic: bool,
    cmd: &SimpleCommand,
    cx: &CommandContext,
) -> Option<PathClass> {
    let cwd = cx
        .cwd()
        .filter(|_| !dynamic && super::relative_to_start_in(text, cmd, cx))?;
    if !plain_names(text.trim_end_matches('/')) {
        return None;
    }
    ordinary_cwd(cwd, cx.home).then_some(PathClass::InsideCwd)
}

/// Whether `names` is names only, read in one pass over its bytes: not empty, no leading
/// `~`, no run-time part ([`has_dynamic`](super::has_dynamic)), no glob character
/// ([`has_glob`]), and no empty, `.` or `..` component.
fn plain_names(names: &str) -> bool {
    let b = names.as_bytes();
    if b.first().is_none_or(|c| *c == b'~') {
        return false;
    }
    let mut start = 0;
    for i in 0..=b.len() {
        if let Some(&c) = b.get(i) {
            match c {
                b'$' | b'`' | b'*' | b'?' | b'[' => return false,
                b'<' if b.get(i + 1) == Some(&b'(') => return false,
                b'/' => {}
                _ => continue,
            }
        }
        // A component ends at `i` (a slash or the end).
        if matches!(&b[start..i], b"" | b"." | b"..") {
            return false;
        }
        start = i + 1;
    }
    true
}

thread_local! {
    /// The last working and home directories [`ordinary_cwd`] judged, as given, and its
    /// answer: a session asks about one pair for every relative operand it classifies.
    static ORDINARY_CWD: RefCell<Option<(PathBuf, Option<PathBuf>, bool)>> =
        const { RefCell::new(None) };
}

/// Whether relative names under `cwd` are simply inside it: `cwd` (normalised) is UTF-8,
/// holds no glob character, and is not sensitive ([`is_sensitive_cwd`]). Remembered for the
/// last pair of directories asked about, by their text.
fn ordinary_cwd(cwd: &Path, home: Option<&Path>) -> bool {
    let judge = || {
        let cwd = normalized(cwd);
        let home = home.map(normalized);
        let plain_cwd = cwd.to_str().is_some_and(|c| !has_glob(c));
        plain_cwd && !is_sensitive_cwd(&cwd, home.as_deref())
    };
    ORDINARY_CWD.with_borrow_mut(|memo| match memo {
        Some((c, h, answer))
            if c.as_os_str() == cwd.as_os_str()
                && h.as_deref().map(Path::as_os_str) == home.map(Path::as_os_str) =>
        {
            *answer
        }
        _ => {
            let answer = judge();
            *memo = Some((cwd.to_path_buf(), home.map(Path::to_path_buf), answer));
            answer
        }
    })
}

#[cfg(test)]
mod tests {
    use super::super::has_dynamic;
    use super::*;

    /// The one-pass check answers as the checks it replaced, over words built from the
    /// pieces that matter to it.
    #[test]
    fn plain_names_is_the_checks_it_replaced() {
        let before = |names: &str| {
            !(names.is_empty()
                || names.starts_with('~')
                || has_dynamic(names)
                || has_glob(names)
                || !names
                    .split('/')
                    .all(|n| !n.is_empty() && n != "." && n != ".."))
        };
        let pieces = [
            "", "a", "b.c", ".", "..", "...", "/", "~", "$", "`", "<", "(", "<(", "*", "?", "[",
            "]", "é", "-",
        ];
        let mut checked = 0;
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    for d in ["", "/", "x", "/."] {
                        let word = format!("{a}{b}{c}{d}");
                        assert_eq!(plain_names(&word), before(&word), "{word:?}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 20_000);
    }
}
