//! Byte offsets of a source turned into 1-based lines and columns, and back.

use super::Position;

/// Maps byte offsets to line and column.
pub struct LineIndex<'a> {
    source: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    /// Indexes the line starts of `source`.
    pub fn new(source: &'a str) -> Self {
        let mut starts = vec![0];
        starts.extend(source.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { source, starts }
    }

    /// The byte offset of a 1-based position (clamped to the source; an unknown position is
    /// the end).
    pub fn offset(&self, position: Position) -> usize {
        let Some(start) = (position.line as usize)
            .checked_sub(1)
            .and_then(|l| self.starts.get(l))
        else {
            return self.source.len();
        };
        let line = &self.source[*start..];
        let line = &line[..line.find('\n').unwrap_or(line.len())];
        let column = (position.column as usize).saturating_sub(1);
        start
            + line
                .char_indices()
                .nth(column)
                .map_or(line.len(), |(i, _)| i)
    }

    /// The 1-based position of a byte offset.
    pub fn position(&self, offset: usize) -> Position {
        let offset = offset.min(self.source.len());
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts[line - 1];
        let column = self
            .source
            .get(start..offset)
            .map_or(1, |s| s.chars().count() + 1);
        Position {
            line: line as u32,
            column: column as u32,
        }
    }
}
