//! A prefilter for path tables: which rows could match a path, judged from the raw components
//! of the path, the working directory and the home directory, before resolving anything.
//!
//! Lexical resolution (`~`, relative paths, `.` and `..`) only takes components from those
//! three inputs (and drops some), and matching compares a glob-free component with a literal
//! (glob-free) pattern component by ASCII-case-insensitive equality. So when no input
//! component holds a glob character, a row whose key (one of its literal components) equals
//! no input component cannot match, and is skipped. A row without a literal key, or any glob
//! in the inputs, keeps the row on the slow path.

use std::collections::HashMap;
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
    keyed: HashMap<Box<[u8]>, RowSet>,
    always: RowSet,
    longest: usize,
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
            keyed: HashMap::new(),
            always: RowSet::default(),
            longest: 0,
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
                    index.longest = index.longest.max(k.len());
                    index.keyed.entry(k).or_default().insert(row);
                }
                _ => index.always.insert(row),
            }
        }
        Some(index)
    }

    /// The rows that could match `path` resolved against `cwd` and `home`: every row when an
    /// input component holds a glob character.
    pub(crate) fn candidates(&self, path: &str, cwd: Option<&Path>, home: Option<&Path>) -> RowSet {
        let mut out = self.always;
        let inputs = [
            Some(path.as_bytes()),
            cwd.map(|c| c.as_os_str().as_encoded_bytes()),
            home.map(|h| h.as_os_str().as_encoded_bytes()),
        ];
        let mut lower = [0u8; MAX_KEY_LEN];
        for component in inputs
            .into_iter()
            .flatten()
            .flat_map(|b| b.split(|c| *c == b'/'))
        {
            if has_glob(component) {
                return RowSet::all(self.rows);
            }
            if component.is_empty() || component.len() > self.longest {
                continue;
            }
            let buf = &mut lower[..component.len()];
            buf.copy_from_slice(component);
            buf.make_ascii_lowercase();
            if let Some(rows) = self.keyed.get(&*buf) {
                out.union(rows);
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
