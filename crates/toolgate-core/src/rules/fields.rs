//! The fields of a rendered tool call, so that no keyword or pattern match spans two of them.
//!
//! A field is one unit of the rendering: the `tool: NAME` line, the `arguments:` line, one
//! `path: value` line per leaf (the path names its value, so they match together), `(none)`,
//! and each item of the `normalized:` line (the first one with the `normalized: ` label).
//! A match may cover one field and the separators around it (`\n`, ` | `), never text of a
//! neighbour: a private-key header in `content` cannot borrow characters from the `file_path`
//! line, so the verdict on a value never depends on an unrelated field.

use std::ops::Range;

/// The fields of a text: their content ranges, in order, not overlapping.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fields {
    content: Vec<Range<usize>>,
    len: usize,
}

impl Fields {
    /// The whole text as one field (text given without structure).
    pub fn whole(len: usize) -> Fields {
        Fields {
            content: std::iter::once(0..len).collect(),
            len,
        }
    }

    /// The content ranges, given back for a later [`Fields::new`] to reuse.
    pub(crate) fn into_content(self) -> Vec<Range<usize>> {
        self.content
    }

    /// Fields from content ranges in text order within a text of `len` bytes.
    pub(crate) fn new(content: Vec<Range<usize>>, len: usize) -> Fields {
        debug_assert!(
            content
                .windows(2)
                .all(|w| w[0].start <= w[0].end && w[0].end <= w[1].start)
        );
        debug_assert!(content.last().is_none_or(|r| r.end <= len));
        if content.is_empty() {
            return Fields::whole(len);
        }
        Fields { content, len }
    }

    /// The number of fields.
    pub fn len(&self) -> usize {
        self.content.len()
    }

    /// Never true: a text has at least one field.
    pub fn is_empty(&self) -> bool {
        self.content.is_empty()
    }

    /// The content ranges, in order.
    pub fn content(&self) -> &[Range<usize>] {
        &self.content
    }

    /// What a match inside field `k` may cover: from the end of the previous field's content to
    /// the start of the next one's, so the separators on both sides are included.
    pub fn span(&self, k: usize) -> Range<usize> {
        let start = if k == 0 { 0 } else { self.content[k - 1].end };
        let end = self.content.get(k + 1).map_or(self.len, |next| next.start);
        start..end
    }

    /// Every field's span, in order.
    pub fn spans(&self) -> impl Iterator<Item = Range<usize>> + '_ {
        (0..self.content.len()).map(|k| self.span(k))
    }

    /// Whether `start..end` lies inside one field's span. Spans only overlap on separators and
    /// both their ends grow with `k`, so the last field starting at or before `start` decides.
    pub fn holds(&self, start: usize, end: usize) -> bool {
        // Span k starts where content k-1 ends: the last span starting at or before `start`
        // is the one after every content that ends by `start`.
        let k = self
            .content
            .partition_point(|r| r.end <= start)
            .min(self.content.len() - 1);
        end <= self.span(k).end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_cover_separators_but_not_neighbours() {
        // "tool: T\nargs\na: 1 | b"
        let text = "tool: T\nargs\na: 1 | b";
        let f = Fields::new(vec![0..7, 8..12, 13..17, 20..21], text.len());
        let spans: Vec<&str> = f.spans().map(|r| &text[r]).collect();
        assert_eq!(spans, vec!["tool: T\n", "\nargs\n", "\na: 1 | ", " | b"]);
        assert!(f.holds(0, 8)); // "tool: T\n"
        assert!(!f.holds(0, 9)); // into "args"
        assert!(f.holds(7, 13)); // "\nargs\n"
        assert!(f.holds(12, 20)); // "\na: 1 | "
        assert!(!f.holds(16, 21)); // "1 | b": two items
        assert!(f.holds(17, 21)); // " | b"
        assert!(!f.holds(5, 14));
        for start in 0..text.len() {
            for end in start..=text.len() {
                let inside = f.spans().any(|s| s.start <= start && end <= s.end);
                assert_eq!(f.holds(start, end), inside, "{start}..{end}");
            }
        }
    }

    #[test]
    fn one_field_holds_everything() {
        let f = Fields::whole(10);
        assert!(f.holds(0, 10));
        assert_eq!(f.spans().collect::<Vec<_>>(), vec![0..10]);
    }
}
