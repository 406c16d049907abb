//! A linear pre-parse check that refuses input brush-parser 0.4 cannot handle safely.
//!
//! brush-parser overflows the stack on deep nesting (about 3,000 levels), goes exponential on
//! long runs of `(` and tokenizes some heredoc operators and NUL bytes without end. Each of
//! those kills or hangs the hook process, which Claude Code treats as "run the tool", so such
//! input is refused before it reaches the parser. The scan follows quoting only as far as
//! needed; where it is unsure it refuses rather than passes.

use crate::IndeterminateKind;

/// Deepest nesting of `(`, `{`, `$(`, `${`, backticks and quotes let through to the parser.
pub const MAX_NESTING: usize = 100;
/// Longest run of `(` (blanks and `$` between allowed), and most `(` open at once, let
/// through to the parser: brush-parser backtracks exponentially over open `(` (each `((` may
/// be arithmetic or two subshells).
pub const MAX_PAREN_RUN: usize = 16;

/// Most `[` subscripts open at once inside `${…}` (`${a[${b[i]}]}` is two): brush-parser's
/// word parser takes time exponential in them (six levels take half a minute).
const MAX_SUBSCRIPTS: usize = 3;

/// Why the pre-parse check refused a text.
pub type Refusal = (IndeterminateKind, &'static str);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Frame {
    /// `(`, `$(`, `((`: closed by `)`.
    Paren,
    /// `{`: closed by `}`.
    Brace,
    /// `${`: closed by `}`.
    Param,
    /// `[` inside `${…}`: closed by `]`.
    Subscript,
    /// `"…"`.
    Double,
    /// `` `…` ``.
    Backtick,
    /// `((…))` / `$((…))`: `<<` is a shift here, not a heredoc.
    Arith,
}

/// A heredoc whose body starts at the next newline.
struct PendingHeredoc {
    tag: Vec<u8>,
    strip_tabs: bool,
}

/// Checks `text` before it is handed to brush-parser.
pub fn check(text: &str) -> Result<(), Refusal> {
    let b = text.as_bytes();
    if b.contains(&0) {
        return Err((
            IndeterminateKind::ParseError,
            "the command contains a NUL byte",
        ));
    }
    check_paren_runs(b)?;
    let mut stack: Vec<Frame> = Vec::new();
    let mut pending: Vec<PendingHeredoc> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if stack.len() > MAX_NESTING {
            return Err((
                IndeterminateKind::TooDeep,
                "the command nests too deeply to parse",
            ));
        }
        let top = stack.last().copied();
        let c = b[i];
        if top == Some(Frame::Double) {
            match c {
                b'\\' => i += 2,
                b'"' => {
                    stack.pop();
                    i += 1;
                }
                b'$' if b.get(i + 1) == Some(&b'(') => {
                    let arith = b.get(i + 2) == Some(&b'(');
                    stack.push(if arith { Frame::Arith } else { Frame::Paren });
                    i += if arith { 3 } else { 2 };
                    check_open_parens(&stack)?;
                }
                b'$' if b.get(i + 1) == Some(&b'{') => {
                    stack.push(Frame::Param);
                    i += 2;
                }
                b'`' => {
                    stack.push(Frame::Backtick);
                    i += 1;
                }
                _ => i += 1,
            }
            continue;
        }
        match c {
            b'\\' => i += 2,
            b'\'' => {
                // `$'…'` knows backslash escapes, plain `'…'` does not.
                let ansi = i > 0 && b[i - 1] == b'$';
                i = skip_single(b, i + 1, ansi);
            }
            b'"' => {
                stack.push(Frame::Double);
                i += 1;
            }
            b'`' => {
                if top == Some(Frame::Backtick) {
                    stack.pop();
                } else {
                    stack.push(Frame::Backtick);
                }
                i += 1;
            }
            b'(' => {
                let arith = b.get(i + 1) == Some(&b'(') && top != Some(Frame::Arith);
                stack.push(if arith { Frame::Arith } else { Frame::Paren });
                i += if arith { 2 } else { 1 };
                check_open_parens(&stack)?;
            }
            b'$' if b.get(i + 1) == Some(&b'{') => {
                stack.push(Frame::Param);
                i += 2;
            }
            b'{' => {
                stack.push(Frame::Brace);
                i += 1;
            }
            b'[' if matches!(top, Some(Frame::Param | Frame::Subscript)) => {
                stack.push(Frame::Subscript);
                i += 1;
                let open = stack.iter().filter(|f| **f == Frame::Subscript).count();
                if open > MAX_SUBSCRIPTS {
                    return Err((
                        IndeterminateKind::TooDeep,
                        "the command nests array subscripts too deeply to parse",
                    ));
                }
            }
            b']' => {
                if top == Some(Frame::Subscript) {
                    stack.pop();
                }
                i += 1;
            }
            b')' => {
                if top == Some(Frame::Arith) && b.get(i + 1) == Some(&b')') {
                    stack.pop();
                    i += 2;
                } else {
                    if matches!(top, Some(Frame::Paren | Frame::Arith)) {
                        stack.pop();
                    }
                    i += 1;
                }
            }
            b'}' => {
                if matches!(top, Some(Frame::Brace | Frame::Param)) {
                    stack.pop();
                }
                i += 1;
            }
            b'#' if top != Some(Frame::Arith) && at_word_start(b, i) => {
                // A comment: quotes in it are literal.
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'<' if b.get(i + 1) == Some(&b'<') => {
                if b.get(i + 2) == Some(&b'<') {
                    i += 3; // here-string
                    continue;
                }
                let in_arith = stack.contains(&Frame::Arith);
                i = heredoc_operator(b, i + 2, in_arith, &mut pending)?;
            }
            b'\n' if !pending.is_empty() => {
                i = skip_heredoc_bodies(b, i + 1, &mut pending, stack.len())?;
            }
            _ => i += 1,
        }
    }
    Ok(())
}

/// For valid shell that brush-parser refuses, an equivalent text it parses: a trailing `\`
/// at the end of the input removed (bash ignores it), and `select NAME in …` loops written
/// as `for NAME in …` (same body, same words; only the menu differs). `None` when neither
/// applies.
pub fn parser_workarounds(text: &str) -> Option<String> {
    let mut out = text.to_string();
    let trailing = out.len() - out.trim_end_matches('\\').len();
    if trailing % 2 == 1 {
        out.pop();
    }
    let bytes = out.as_bytes();
    let mut i = 0;
    let mut changed = out.len() != text.len();
    let mut fixed = out.clone().into_bytes();
    while let Some(p) = out[i..].find("select") {
        let at = i + p;
        let before_ok = out[..at]
            .trim_end_matches([' ', '\t'])
            .chars()
            .last()
            .is_none_or(|c| matches!(c, ';' | '&' | '|' | '(' | ')' | '{' | '}' | '\n'))
            || out[..at].trim_end().ends_with("do")
            || out[..at].trim_end().ends_with("then");
        let after = &out[at + 6..];
        let name_len = after
            .trim_start()
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
        let loop_shape = after.starts_with([' ', '\t'])
            && name_len
                .is_some_and(|n| n > 0 && after.trim_start()[n..].trim_start().starts_with("in "));
        if before_ok && loop_shape && bytes.get(at + 6).is_some() {
            fixed[at..at + 6].copy_from_slice(b"for   ");
            changed = true;
        }
        i = at + 6;
    }
    let mut out = match changed {
        true => String::from_utf8(fixed).unwrap_or(out),
        false => out,
    };
    // `ssh host <<'EOF'` with no body at the end of the input: bash reads an empty heredoc
    // (and warns); the parser refuses it. The delimiter line is added.
    if let Some(delimiter) = trailing_heredoc_delimiter(&out) {
        out.push('\n');
        out.push_str(&delimiter);
        changed = true;
    }
    changed.then_some(out)
}

/// The delimiter of a heredoc operator that ends the input (`<<EOF`, `<<-'EOF'`,
/// `<<"EOF"`, `<<\EOF`), when it is the only `<<` of the last line.
fn trailing_heredoc_delimiter(text: &str) -> Option<String> {
    let last = text.trim_end().rsplit('\n').next()?;
    let (before, op) = last.rsplit_once("<<")?;
    if before.contains("<<") || before.ends_with('<') {
        return None;
    }
    let word = op.strip_prefix('-').unwrap_or(op).trim();
    let bare = word
        .strip_prefix('\'')
        .and_then(|w| w.strip_suffix('\''))
        .or_else(|| word.strip_prefix('"').and_then(|w| w.strip_suffix('"')))
        .or_else(|| word.strip_prefix('\\'))
        .unwrap_or(word);
    let plain = !bare.is_empty()
        && bare
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    plain.then(|| bare.to_string())
}

/// Refuses more than [`MAX_PAREN_RUN`] `(` open at once (`((` counts twice).
fn check_open_parens(stack: &[Frame]) -> Result<(), Refusal> {
    let open: usize = stack
        .iter()
        .map(|f| match f {
            Frame::Paren => 1,
            Frame::Arith => 2,
            _ => 0,
        })
        .sum();
    if open > MAX_PAREN_RUN {
        return Err((
            IndeterminateKind::TooDeep,
            "the command opens too many parentheses at once to parse",
        ));
    }
    Ok(())
}

/// Refuses more than [`MAX_PAREN_RUN`] `(` with only blanks or `$` between them, wherever
/// they are: brush-parser backtracks exponentially on them.
fn check_paren_runs(b: &[u8]) -> Result<(), Refusal> {
    let mut run = 0usize;
    for &c in b {
        match c {
            b'(' => {
                run += 1;
                if run > MAX_PAREN_RUN {
                    return Err((
                        IndeterminateKind::TooDeep,
                        "the command opens too many parentheses in a row to parse",
                    ));
                }
            }
            b' ' | b'\t' | b'\n' | b'\r' | b'$' => {}
            _ => run = 0,
        }
    }
    Ok(())
}

/// Skips a single-quoted string starting after its opening quote; returns the index after
/// the closing quote (or the end).
fn skip_single(b: &[u8], mut i: usize, ansi: bool) -> usize {
    while i < b.len() {
        match b[i] {
            b'\\' if ansi => i += 2,
            b'\'' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

fn at_word_start(b: &[u8], i: usize) -> bool {
    i == 0
        || matches!(
            b[i - 1],
            b' ' | b'\t' | b'\n' | b'\r' | b';' | b'&' | b'|' | b'(' | b')' | b'<' | b'>'
        )
}

/// Reads a heredoc operator's tag starting at `i` (just after `<<`). A tag that does not
/// start like a word is refused: brush-parser tokenizes some of those without end. Returns
/// the index after the tag.
fn heredoc_operator(
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
    while i < b.len() {
        let c = b[i];
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => tag.push(c),
            None if c == b'\'' || c == b'"' => quote = Some(c),
            None if c == b'\\' => {
                if let Some(&n) = b.get(i + 1) {
                    tag.push(n);
                }
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
    pending.push(PendingHeredoc { tag, strip_tabs });
    Ok(i)
}

/// Skips the bodies of the pending heredocs, starting at the line after their operators.
/// Quotes in a body are literal; its parentheses still count towards the nesting limit,
/// because an unquoted body's substitutions are parsed too.
fn skip_heredoc_bodies(
    b: &[u8],
    mut i: usize,
    pending: &mut Vec<PendingHeredoc>,
    depth: usize,
) -> Result<usize, Refusal> {
    let mut body_depth = 0usize;
    for doc in pending.drain(..) {
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
            i = (end + 1).min(b.len());
            if line == doc.tag.as_slice() {
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
    }
    Ok(i)
}

#[cfg(test)]
mod tests {
    use super::check;

    #[test]
    fn refuses_deep_nesting() {
        assert!(check(&"(a;".repeat(200)).is_err());
        assert!(check(&"(a;".repeat(3000)).is_err());
        let a = crate::analyze(&"(a;".repeat(3000));
        assert!(a.indeterminate.is_some());
    }
}
