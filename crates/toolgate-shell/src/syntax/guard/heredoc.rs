//! Heredoc operators and bodies, as the pre-parse check sees them.
//!
//! brush-parser reads a heredoc body with its word parser, a backtracking PEG: the body of an
//! expanding heredoc as heredoc text, and any body inside a `$(…)` or `"…"` word as command
//! text. Each substitution, subshell, arithmetic or double-quoted frame that the body opens
//! and never closes makes that parser try every way to read it, which doubles its time
//! (`cat <<EOF` over twelve open `$((` takes minutes). Bash itself fails on such a body, so
//! a body leaving more than [`MAX_BODY_OPEN_FRAMES`] frames open is refused.

use super::{
    ARITH_FALLBACKS, Frame, MAX_NESTING, Refusal, SUBSCRIPTS, close_paren, open_subscript,
    toggle_backtick,
};
use crate::IndeterminateKind;

/// Most frames (`$(`, `(`, `$((`, `$[`, `${`, `"`, backticks) a heredoc body may leave open: bash
/// reports an error for any, and brush-parser's time doubles with each.
pub const MAX_BODY_OPEN_FRAMES: usize = 4;

/// A heredoc whose body starts at the next newline.
pub(super) struct PendingHeredoc {
    tag: Vec<u8>,
    strip_tabs: bool,
    /// An unquoted tag: the body's substitutions run (and are parsed as heredoc text).
    expands: bool,
}

/// How a body's text is read when counting what it leaves open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BodyText {
    /// As heredoc text: quotes are literal outside substitutions.
    Heredoc,
    /// As command text (a body inside a `$(…)` word): quotes count everywhere.
    Command,
    /// With every quote a plain character: what the parser reads after giving up a frame
    /// that never closes (its content is read again as plain text, where a quote that hid
    /// substitutions inside the frame hides nothing).
    QuotesLiteral,
}

/// Reads a heredoc operator's tag starting at `i` (just after `<<`). A tag that does not
/// start like a word is refused: brush-parser tokenizes some of those without end. Returns
/// the index after the tag.
pub(super) fn heredoc_operator(
    b: &[u8],
    mut i: usize,
    in_arith: bool,
    pending: &mut Vec<PendingHeredoc>,
) -> Result<usize, Refusal> {
    const REFUSED: Refusal = (
        IndeterminateKind::ParseError,
        "a heredoc operator is not followed by a plain word",
    );
    let strip_tabs = b.get(i) == Some(&b'-');
    if strip_tabs {
        i += 1;
    }
    while matches!(b.get(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    let first = b.get(i).copied();
    let word_like = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let starts_well = match first {
        Some(c) if word_like(c) || c == b'\'' || c == b'"' => true,
        Some(b'\\') => b.get(i + 1).is_some_and(|&n| word_like(n)),
        // Inside arithmetic `<<` is a shift: `1 << $n`, `x <<= 1`, `1 << (n)`.
        Some(b'$' | b'(' | b'=') if in_arith => true,
        _ => false,
    };
    if !starts_well {
        return Err(REFUSED);
    }
    if in_arith {
        return Ok(i);
    }
    let mut tag = Vec::new();
    let mut quote: Option<u8> = None;
    let mut expands = true;
    while i < b.len() {
        let c = b[i];
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => tag.push(c),
            None if c == b'\'' || c == b'"' => {
                quote = Some(c);
                expands = false;
            }
            None if c == b'\\' => {
                if let Some(&n) = b.get(i + 1) {
                    tag.push(n);
                }
                expands = false;
                i += 1;
            }
            None if c.is_ascii_whitespace() || b";&|<>()".contains(&c) => break,
            None if c == b'$' || c == b'`' => return Err(REFUSED),
            None => tag.push(c),
        }
        i += 1;
    }
    // An empty tag (`<<""`) or one running into `(` makes brush-parser allocate without end.
    if quote.is_some() || tag.is_empty() || tag.contains(&b'\n') || b.get(i) == Some(&b'(') {
        return Err(REFUSED);
    }
    pending.push(PendingHeredoc {
        tag,
        strip_tabs,
        expands,
    });
    Ok(i)
}

/// Skips the bodies of the pending heredocs, starting at the line after their operators.
/// Quotes in a body are literal; its parentheses still count towards the nesting limit,
/// because an unquoted body's substitutions are parsed too. `in_word` says the operators
/// stand inside a `$(…)`, backtick or `"…"` frame, whose word brush-parser also reads as
/// command text, bodies included.
pub(super) fn skip_heredoc_bodies(
    b: &[u8],
    mut i: usize,
    pending: &mut Vec<PendingHeredoc>,
    depth: usize,
    in_word: bool,
) -> Result<usize, Refusal> {
    let mut body_depth = 0usize;
    for doc in pending.drain(..) {
        let start = i;
        let mut end_of_body = b.len();
        while i < b.len() {
            let end = b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |p| i + p);
            let mut line = &b[i..end];
            if doc.strip_tabs {
                while let [b'\t', rest @ ..] = line {
                    line = rest;
                }
            }
            let line_start = i;
            i = (end + 1).min(b.len());
            if line == doc.tag.as_slice() {
                end_of_body = line_start;
                break;
            }
            for &c in line {
                match c {
                    b'(' | b'{' => body_depth += 1,
                    b')' | b'}' => body_depth = body_depth.saturating_sub(1),
                    _ => {}
                }
                if depth + body_depth > MAX_NESTING {
                    return Err((
                        IndeterminateKind::TooDeep,
                        "the command nests too deeply to parse",
                    ));
                }
            }
        }
        let body = &b[start..end_of_body.max(start)];
        // Each way the word parser may read the body (a quote inside a frame that never
        // closes hides substitutions from one reading and not from another).
        let readings = [
            (doc.expands, BodyText::Heredoc),
            (in_word, BodyText::Command),
            (doc.expands || in_word, BodyText::QuotesLiteral),
        ];
        for (_, text) in readings.into_iter().filter(|(parsed, _)| *parsed) {
            let frames = body_frames(body, text);
            if frames.open > MAX_BODY_OPEN_FRAMES {
                return Err((
                    IndeterminateKind::ParseError,
                    "a heredoc body opens substitutions it does not close",
                ));
            }
            SUBSCRIPTS.check(frames.subscripts)?;
            ARITH_FALLBACKS.check(frames.fallbacks)?;
        }
    }
    Ok(i)
}

/// What a body's frames come to, read one way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct BodyFrames {
    /// Substitution, subshell, arithmetic, parameter, subscript, backtick and double-quote
    /// frames opened and never closed.
    open: usize,
    /// Most `[` subscripts inside `${…}` open at once (closed or not, brush-parser's word
    /// parser takes time exponential in them).
    subscripts: usize,
    /// `$((` read as arithmetic until a lone `)` made it a substitution.
    fallbacks: usize,
}

/// The frames `body` opens and does not close, and its deepest subscripts, read as `text`. Follows brush-parser's word grammar: in
/// command text a `'` without a closing one is a plain character.
fn body_frames(body: &[u8], text: BodyText) -> BodyFrames {
    let quotes = text != BodyText::QuotesLiteral;
    let mut stack: Vec<Frame> = Vec::new();
    let mut subscripts = 0usize;
    let mut fallbacks = 0usize;
    let mut i = 0;
    while i < body.len() {
        let c = body[i];
        let next = body.get(i + 1).copied();
        let top = stack.last().copied();
        // Text where only `$`, backticks and `\` are special.
        let plain_text = match top {
            None => text != BodyText::Command,
            Some(f) => f == Frame::Double,
        };
        match c {
            b'\\' => i += 2,
            b'$' if next == Some(b'(') && body.get(i + 2) == Some(&b'(') => {
                stack.push(Frame::Arith);
                i += 3;
            }
            b'$' if next == Some(b'(') => {
                stack.push(Frame::Paren);
                i += 2;
            }
            b'$' if next == Some(b'{') => {
                stack.push(Frame::Param);
                i += 2;
            }
            // `$[…]`, the old arithmetic: its frame closes at `]`.
            b'$' if next == Some(b'[') => {
                i += 2;
                subscripts = subscripts.max(open_subscript(&mut stack));
            }
            b'`' => {
                toggle_backtick(&mut stack);
                i += 1;
            }
            b'"' if top == Some(Frame::Double) => {
                stack.pop();
                i += 1;
            }
            _ if plain_text => i += 1,
            b'"' if quotes => {
                stack.push(Frame::Double);
                i += 1;
            }
            b'\'' if quotes => {
                i = match body[i + 1..].iter().position(|&q| q == b'\'') {
                    Some(p) => i + p + 2,
                    None => i + 1,
                };
            }
            b'(' => {
                stack.push(Frame::Paren);
                i += 1;
            }
            b')' => i += close_paren(&mut stack, next == Some(b')'), &mut fallbacks),
            b'}' => {
                if top == Some(Frame::Param) {
                    stack.pop();
                }
                i += 1;
            }
            b'[' if matches!(top, Some(Frame::Param | Frame::Subscript)) => {
                i += 1;
                subscripts = subscripts.max(open_subscript(&mut stack));
            }
            b']' => {
                if top == Some(Frame::Subscript) {
                    stack.pop();
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    BodyFrames {
        open: stack.len(),
        subscripts,
        fallbacks,
    }
}

#[cfg(test)]
mod tests;
