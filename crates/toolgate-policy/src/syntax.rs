//! Syntax errors in toolgate's words, placed where the user must edit.
//!
//! A parser notices an unclosed `[`, `{` or quote only where the document stops making sense,
//! often lines later (a flow list may span lines). When a syntax error comes after an opener
//! that is still open, the diagnostic points at the opener and says what to add.

use crate::diagnostic::Diagnostic;
use crate::document::{DuplicateKey, Format, LineIndex, Position, SyntaxError};

/// The diagnostic for a key written twice.
pub fn duplicate_diagnostic(d: &DuplicateKey) -> Diagnostic {
    Diagnostic::error("duplicate-key", d.again, d.message()).with_hint(DuplicateKey::HINT)
}

/// The diagnostic for a document that does not parse.
pub fn syntax_diagnostic(e: &SyntaxError, format: Format, source: &str) -> Diagnostic {
    if let Some(open) = unclosed_opener(source, format, e.position) {
        let (what, close) = match open.ch {
            '[' => ("list", "]"),
            '{' => ("mapping", "}"),
            '"' => ("double-quoted string", "\""),
            _ => ("single-quoted string", "'"),
        };
        let noticed = if e.position.is_known() {
            format!(
                " (the {} parser only noticed at line {}, column {})",
                format.name(),
                e.position.line,
                e.position.column
            )
        } else {
            format!(" (the {} parser only noticed at the end)", format.name())
        };
        return Diagnostic::error(
            "unclosed",
            open.position,
            format!(
                "this `{}` starts a {what} that is never closed{noticed}",
                open.ch
            ),
        )
        .with_hint(format!(
            "add the closing `{close}` where the {what} ends, usually at the end of this line"
        ));
    }
    if let Some(d) = toml_duplicate(e) {
        return d;
    }
    Diagnostic::error(
        "syntax",
        e.position,
        format!("{} syntax error: {}", format.name(), e.message),
    )
    .with_hint(format!("fix the {} syntax at this position", format.name()))
}

/// TOML refuses a key written twice itself; its error becomes toolgate's duplicate-key error.
fn toml_duplicate(e: &SyntaxError) -> Option<Diagnostic> {
    if !e.message.contains("duplicate key") {
        return None;
    }
    Some(
        Diagnostic::error(
            "duplicate-key",
            e.position,
            format!("duplicate key: {}", e.message),
        )
        .with_hint(DuplicateKey::HINT),
    )
}

/// An opening bracket or quote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Opener {
    ch: char,
    position: Position,
}

/// The innermost bracket or quote still open at `error` (or at the end when the position is
/// unknown), when it was opened on an earlier line than the error, is where the error is, or
/// the error is at the end of the document. `None` when nothing is open there, or the error is
/// elsewhere on the opener's own line (the parser's position is then as good).
fn unclosed_opener(source: &str, format: Format, error: Position) -> Option<Opener> {
    let lines = LineIndex::new(source);
    let stop = if error.is_known() {
        lines.offset(error)
    } else {
        source.len()
    };
    let open = open_at(source, format, stop)?;
    let position = lines.position(open.1);
    let at_end = !error.is_known() || source[stop..].trim().is_empty();
    (position.line < error.line || position == error || at_end).then_some(Opener {
        ch: open.0,
        position,
    })
}

/// Scans `source` up to byte `stop` (included) and returns the innermost open bracket or quote with its
/// byte offset. Quotes and `[`/`{` count only where a value can start (after `:`, `-`, `,`,
/// `=`, `?`, an opening bracket, or at the start of a line), so `a[0]` or `don't` inside a
/// plain YAML scalar open nothing; `#` starts a comment after whitespace.
fn open_at(source: &str, format: Format, stop: usize) -> Option<(char, usize)> {
    let mut stack: Vec<(char, usize)> = Vec::new();
    let mut quote: Option<(char, usize)> = None;
    let mut comment = false;
    let mut escaped = false;
    let mut value_start = true;
    let mut prev_space = true;
    let mut skip_next = false;
    for (i, c) in source.char_indices() {
        if i > stop {
            break;
        }
        if c == '\n' {
            comment = false;
            value_start = true;
            prev_space = true;
            // A YAML or TOML basic string does not run past its line unless it is a flow
            // or multi-line form; keep it open so that the error can be traced back to it.
            continue;
        }
        if comment {
            continue;
        }
        if skip_next {
            skip_next = false;
            continue;
        }
        if let Some((q, _)) = quote {
            if q == '"' {
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == '"' {
                    quote = None;
                    value_start = false;
                }
            } else if c == '\'' {
                // YAML writes a quote inside a single-quoted string as `''`.
                if format == Format::Yaml && source[i + 1..].starts_with('\'') {
                    skip_next = true;
                } else {
                    quote = None;
                    value_start = false;
                }
            }
            continue;
        }
        match c {
            '#' if prev_space && format != Format::Json => comment = true,
            '"' | '\'' if value_start => quote = Some((c, i)),
            '[' | '{' if value_start || !stack.is_empty() => {
                stack.push((c, i));
                value_start = true;
            }
            ']' | '}' => {
                let want = if c == ']' { '[' } else { '{' };
                if stack.last().is_some_and(|(o, _)| *o == want) {
                    stack.pop();
                }
                value_start = false;
            }
            ':' | '-' | ',' | '=' | '?' => value_start = true,
            ' ' | '\t' | '\r' => {}
            _ => value_start = false,
        }
        prev_space = c == ' ' || c == '\t';
    }
    quote.or_else(|| stack.last().copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(text: &str, format: Format) -> Option<(char, usize)> {
        open_at(text, format, text.len())
    }

    #[test]
    fn finds_the_innermost_open_bracket_or_quote() {
        assert_eq!(open("a: [1, 2\n", Format::Yaml), Some(('[', 3)));
        assert_eq!(open("a: [1, {b: 2\n", Format::Yaml), Some(('{', 7)));
        assert_eq!(open("a: [1, {b: 2}]\n", Format::Yaml), None);
        assert_eq!(open("a: \"x\n", Format::Yaml), Some(('"', 3)));
        assert_eq!(open("a: 'x''y\n", Format::Yaml), Some(('\'', 3)));
        assert_eq!(open("a: \"x\\\"\" # [\n", Format::Yaml), None);
    }

    #[test]
    fn plain_scalars_open_nothing() {
        assert_eq!(open("text: a[0] don't {x\n", Format::Yaml), None);
        assert_eq!(open("text: it's # [\n", Format::Yaml), None);
        assert_eq!(open("a = [\"x\" # ]\n", Format::Toml), Some(('[', 4)));
    }
}
