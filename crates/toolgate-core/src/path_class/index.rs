//! A prefilter for path tables: which rows could match a path, judged from the raw components
//! of the path, the working directory and the home directory, before resolving anything.
//!
//! Lexical resolution (`~`, relative paths, `.` and `..`) only takes components from those
//! three inputs (and drops some), and matching compares a glob-free component with a literal
//! (glob-free) pattern component by ASCII-case-insensitive equality. So when no input
//! component holds a glob character, a row whose key (one of its literal components) equals
//! no input component cannot match, and is skipped. A row without a literal key, or any glob
//! in the inputs, keeps the row on the slow path.

use std::path::Path;

/// The number of rows a [`KeyIndex`] can hold.
pub(crate) const MAX_ROWS: usize = 256;

/// The longest key kept (longer ones leave their row always tried).
const MAX_KEY_LEN: usize = 64;

/// A set of row indexes below [`MAX_ROWS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct RowSet([u64; MAX_ROWS / 64]);

impl RowSet {
    /// Every row below `len`.
    fn all(len: usize) -> RowSet {
        let mut s = RowSet::default();
        (0..len).for_each(|i| s.insert(i));
        s
    }

    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    fn union(&mut self, other: &RowSet) {
        self.0.iter_mut().zip(other.0).for_each(|(a, b)| *a |= b);
    }

    /// Whether `i` is in the set.
    pub(crate) fn contains(&self, i: usize) -> bool {
        i < MAX_ROWS && self.0[i / 64] & (1 << (i % 64)) != 0
    }

    /// Whether the set is empty.
    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }
}

/// Rows keyed by one literal component each (lower-cased ASCII), and the rows without one.
#[derive(Debug)]
pub(crate) struct KeyIndex {
    rows: usize,
    /// By key length: each key of that length (lower-cased) and the rows it keys.
    by_len: Vec<Vec<(Box<[u8]>, RowSet)>>,
    always: RowSet,
}

/// Whether a component holds a glob character.
fn has_glob(c: &[u8]) -> bool {
    c.iter().any(|b| matches!(b, b'*' | b'?' | b'['))
}

impl KeyIndex {
    /// An index of `keys`, one per row in order: `Some(literal)` when every match of the row
    /// needs a component equal (ignoring ASCII case) to `literal`, `None` when the row must
    /// always be tried. `None` when there are more than [`MAX_ROWS`] rows.
    pub(crate) fn new<'a>(keys: impl IntoIterator<Item = Option<&'a str>>) -> Option<KeyIndex> {
        let mut index = KeyIndex {
            rows: 0,
            by_len: Vec::new(),
            always: RowSet::default(),
        };
        for (row, key) in keys.into_iter().enumerate() {
            if row >= MAX_ROWS {
                return None;
            }
            index.rows = row + 1;
            match key {
                // Only a non-empty ASCII literal can be compared byte for byte.
                Some(k)
                    if !k.is_empty()
                        && k.len() <= MAX_KEY_LEN
                        && k.is_ascii()
                        && !has_glob(k.as_bytes()) =>
                {
                    let k = k.to_ascii_lowercase().into_bytes().into_boxed_slice();
                    if index.by_len.len() <= k.len() {
                        index.by_len.resize(k.len() + 1, Vec::new());
                    }
                    let bucket = &mut index.by_len[k.len()];
                    match bucket.iter_mut().find(|(key, _)| *key == k) {
                        Some((_, rows)) => rows.insert(row),
                        None => {
                            let mut rows = RowSet::default();
                            rows.insert(row);
                            bucket.push((k, rows));
                        }
                    }
                }
                _ => index.always.insert(row),
            }
        }
        Some(index)
    }

    /// The rows that could match `path` resolved against `cwd` and `home`: every row when an
    /// input component holds a glob character. The working directory counts only for a path
    /// not starting with `/`, the home only for one starting with `~` (as [`resolve`] uses
    /// them).
    ///
    /// [`resolve`]: crate::protected::resolve
    pub(crate) fn candidates(&self, path: &str, cwd: Option<&Path>, home: Option<&Path>) -> RowSet {
        let mut out = self.always;
        let inputs = [
            Some(path.as_bytes()),
            cwd.filter(|_| !path.starts_with('/'))
                .map(|c| c.as_os_str().as_encoded_bytes()),
            home.filter(|_| path.starts_with('~'))
                .map(|h| h.as_os_str().as_encoded_bytes()),
        ];
        for component in inputs
            .into_iter()
            .flatten()
            .flat_map(|b| b.split(|c| *c == b'/'))
        {
            if has_glob(component) {
                return RowSet::all(self.rows);
            }
            let Some(bucket) = self.by_len.get(component.len()) else {
                continue;
            };
            for (key, rows) in bucket {
                if component.eq_ignore_ascii_case(key) {
                    out.union(rows);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_kept_by_their_key_or_by_a_glob() {
        let index = KeyIndex::new([Some(".SSH"), None, Some("etc"), Some("a*")]).unwrap();
        let c = index.candidates("~/.ssh/x", None, Some(Path::new("/home/u")));
        assert!(c.contains(0) && c.contains(1) && !c.contains(2) && c.contains(3));
        let c = index.candidates("x", Some(Path::new("/ETC")), None);
        assert!(!c.contains(0) && c.contains(2));
        // The working directory does not count for an absolute path, nor the home without `~`.
        let c = index.candidates("/x", Some(Path::new("/etc")), Some(Path::new("/.ssh")));
        assert!(!c.contains(0) && !c.contains(2));
        let c = index.candidates("~/x", Some(Path::new("/etc")), Some(Path::new("/.ssh")));
        assert!(c.contains(0) && c.contains(2));
        let c = index.candidates("/srv/*", None, None);
        assert!((0..4).all(|i| c.contains(i)) && !c.contains(4));
        assert!(KeyIndex::new(std::iter::repeat_n(None, MAX_ROWS + 1)).is_none());
        assert!(
            KeyIndex::new([Some("x")])
                .unwrap()
                .candidates("y", None, None)
                .is_empty()
        );
    }
}
