//! The code as the ORM reader reads it: string literals' contents and comments blanked (so
//! `puts "User.delete_all"` holds no call), the literals kept apart, and the questions the
//! reader asks of a call (its receiver chain, its arguments).

use super::{Arguments, CodeLanguage, is_constant};

/// The code with its string literals' contents and its comments blanked, and the literals.
pub(super) struct Masked {
    /// The code, same length, literal contents and comments as spaces (quotes kept).
    text: String,
    /// Each literal: where its opening quote is, and its contents.
    literals: Vec<(usize, String)>,
}

impl Masked {
    pub(super) fn new(code: &str, language: CodeLanguage) -> Masked {
        let bytes = code.as_bytes();
        let mut text = Vec::with_capacity(bytes.len());
        let mut literals = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            let javascript = language == CodeLanguage::JavaScript;
            // A comment to the end of the line (Ruby's `#{` only appears in strings; `#` is
            // no comment in JavaScript, whose private names start with it).
            let line_comment = match javascript {
                false => b == b'#',
                true => bytes[i..].starts_with(b"//"),
            };
            if line_comment {
                while i < bytes.len() && bytes[i] != b'\n' {
                    text.push(b' ');
                    i += 1;
                }
                continue;
            }
            if javascript && bytes[i..].starts_with(b"/*") {
                while i < bytes.len() && !bytes[i..].starts_with(b"*/") {
                    text.push(if bytes[i] == b'\n' { b'\n' } else { b' ' });
                    i += 1;
                }
                let closing = (bytes.len() - i).min(2);
                text.extend(std::iter::repeat_n(b' ', closing));
                i += closing;
                continue;
            }
            if b == b'"' || b == b'\'' || (javascript && b == b'`') {
                let triple = language == CodeLanguage::Python
                    && bytes[i..].starts_with(if b == b'"' { b"\"\"\"" } else { b"'''" });
                let quote_len = if triple { 3 } else { 1 };
                let start = i;
                text.extend(std::iter::repeat_n(b, quote_len));
                i += quote_len;
                let content_start = i;
                let mut content_end = bytes.len();
                while i < bytes.len() {
                    if bytes[i] == b'\\' {
                        text.extend([b' ', b' '].iter().take(bytes.len() - i));
                        i += 2;
                        continue;
                    }
                    let closes = if triple {
                        bytes[i..].starts_with(&bytes[start..start + 3])
                    } else {
                        bytes[i] == b
                    };
                    if closes {
                        content_end = i;
                        text.extend(std::iter::repeat_n(b, quote_len));
                        i += quote_len;
                        break;
                    }
                    text.push(if bytes[i] == b'\n' { b'\n' } else { b' ' });
                    i += 1;
                }
                let content = &code[content_start..content_end.min(code.len())];
                literals.push((start, content.to_string()));
                continue;
            }
            text.push(b);
            i += 1;
        }
        text.truncate(bytes.len());
        // Only ASCII bytes were replaced by ASCII, and whole multi-byte characters were
        // copied or blanked byte for byte; blanking can cut none in half since it replaces
        // each byte with a space.
        let text = String::from_utf8(text).unwrap_or_else(|e| {
            String::from_utf8_lossy(e.as_bytes())
                .chars()
                .map(|c| if c.is_ascii() { c } else { ' ' })
                .collect()
        });
        Masked { text, literals }
    }

    /// Every identifier in the code (outside literals and comments), with where it starts.
    pub(super) fn names(&self) -> impl Iterator<Item = (usize, &str)> {
        let b = self.text.as_bytes();
        let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'$';
        let mut i = 0;
        std::iter::from_fn(move || {
            while i < b.len() {
                if ident(b[i]) && (i == 0 || !ident(b[i - 1])) {
                    let start = i;
                    while i < b.len() && (ident(b[i]) || b[i] == b'!' || b[i] == b'?') {
                        i += 1;
                    }
                    let name = self.text[start..i].trim_end_matches(['!', '?']);
                    return Some((start, name));
                }
                i += 1;
            }
            None
        })
    }

    /// The receiver chain of a method name at `at`: what stands before its `.` up to a space
    /// or operator (`User.where(a: 1)` before `.delete_all`); empty for a bare call.
    pub(super) fn chain_before(&self, at: usize) -> &str {
        let b = self.text.as_bytes();
        if at == 0 || b[at - 1] != b'.' {
            return "";
        }
        let end = at - 1;
        let mut i = end;
        while i > 0 {
            let c = b[i - 1];
            if c == b')' || c == b']' {
                // Back over a balanced group.
                let mut depth = 0usize;
                while i > 0 {
                    match b[i - 1] {
                        b')' | b']' => depth += 1,
                        b'(' | b'[' => depth -= 1,
                        _ => {}
                    }
                    i -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                continue;
            }
            if c.is_ascii_alphanumeric()
                || matches!(c, b'_' | b'$' | b'.' | b':' | b'&' | b'"' | b'\'' | b'`')
            {
                i -= 1;
                continue;
            }
            break;
        }
        &self.text[i..end]
    }

    /// Whether the byte before `at` is `byte`.
    pub(super) fn byte_before(&self, at: usize, byte: u8) -> bool {
        at > 0 && self.text.as_bytes()[at - 1] == byte
    }

    /// The index of the `(` that opens a call's arguments after a name ending at `end`.
    pub(super) fn open_paren(&self, end: usize) -> Option<usize> {
        let rest = &self.text[end..];
        let skipped = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        (rest.as_bytes().get(skipped) == Some(&b'(')).then_some(end + skipped)
    }

    /// The index just past the `)` matching the `(` at `open` (the end of the text if none).
    pub(super) fn close_paren(&self, open: usize) -> usize {
        let mut depth = 0usize;
        for (i, b) in self.text.bytes().enumerate().skip(open) {
            match b {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        return i + 1;
                    }
                }
                _ => {}
            }
        }
        self.text.len()
    }

    /// Whether the name ending at `end` is called with no arguments (`delete()`).
    pub(super) fn empty_call_at(&self, end: usize) -> bool {
        self.open_paren(end)
            .is_some_and(|open| self.text[open + 1..].trim_start().starts_with(')'))
    }

    /// The arguments of the call whose name ends at `end`, spaces removed (literals blank).
    pub(super) fn compact_arguments(&self, end: usize) -> Option<String> {
        let open = self.open_paren(end)?;
        let close = self.close_paren(open);
        let inside = &self.text[open + 1..close.saturating_sub(1).max(open + 1)];
        Some(inside.chars().filter(|c| !c.is_whitespace()).collect())
    }

    /// Whether the call whose name ends at `end` has the arguments `need` asks.
    pub(super) fn arguments_hold(&self, need: Arguments, end: usize) -> bool {
        match need {
            Arguments::Any => true,
            Arguments::Empty => self.empty_call_at(end),
            Arguments::EmptyFilter => self
                .compact_arguments(end)
                .is_some_and(|a| matches!(a.as_str(), "" | "{}" | "{where:{}}")),
            Arguments::NoWhere => self
                .compact_arguments(end)
                .is_some_and(|a| !a.contains("where")),
            Arguments::Containing(text) => self
                .compact_arguments(end)
                .is_some_and(|a| a.contains(text)),
        }
    }

    /// The string literals among the arguments of the call whose name ends at `end`: inside
    /// its parentheses, or an unparenthesised first argument (Ruby's `execute "SQL"`, a
    /// JavaScript template tag's ``sql`SQL` ``).
    pub(super) fn arguments_of(&self, end: usize) -> Vec<&str> {
        let span = match self.open_paren(end) {
            Some(open) => open..self.close_paren(open),
            None => {
                let rest = &self.text[end..];
                let start = end + rest.len() - rest.trim_start_matches([' ', '\t']).len();
                start..start + 1
            }
        };
        self.literals
            .iter()
            .filter(|(at, _)| span.contains(at))
            .map(|(_, s)| s.as_str())
            .collect()
    }

    /// Whether the call whose name ends at `end` has a constant as its only argument
    /// (`delete(User)`).
    pub(super) fn constant_argument_at(&self, end: usize) -> bool {
        self.open_paren(end).is_some_and(|open| {
            let close = self.close_paren(open);
            let inside = self.text[open + 1..close.saturating_sub(1).max(open + 1)].trim();
            is_constant(inside)
        })
    }

    /// Whether the call whose name ends at `end` is followed by a condition (`.where(`,
    /// `.filter(`, `.filter_by(`).
    pub(super) fn followed_by_where(&self, end: usize) -> bool {
        let Some(open) = self.open_paren(end) else {
            return false;
        };
        let after = &self.text[self.close_paren(open)..];
        let after = after.trim_start();
        [".where(", ".filter(", ".filter_by("]
            .iter()
            .any(|w| after.starts_with(w))
    }

    /// Whether the name ending at `end` takes a symbol block that destroys each record
    /// (`each(&:destroy)`, `find_each(&:delete)`).
    pub(super) fn symbol_block_at(&self, end: usize) -> bool {
        self.open_paren(end).is_some_and(|open| {
            let inside: String = self.text[open + 1..]
                .chars()
                .take_while(|c| *c != ')')
                .filter(|c| !c.is_whitespace())
                .collect();
            matches!(inside.as_str(), "&:destroy" | "&:destroy!" | "&:delete")
        })
    }
}
