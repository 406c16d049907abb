//! A linear pre-parse check that refuses input brush-parser 0.4 cannot handle safely.
//!
//! brush-parser overflows the stack on deep nesting (about 3,000 levels), goes exponential on
//! long runs of `(` and tokenizes some heredoc operators and NUL bytes without end. Each of
//! those kills or hangs the hook process, which Claude Code treats as "run the tool", so such
//! input is refused before it reaches the parser. The scan follows quoting only as far as
//! needed; where it is unsure it refuses rather than passes.

mod heredoc;

use crate::IndeterminateKind;
pub use heredoc::MAX_BODY_OPEN_FRAMES;
use heredoc::{PendingHeredoc, heredoc_operator, skip_heredoc_bodies};

/// Deepest nesting of `(`, `{`, `$(`, `${`, backticks and quotes let through to the parser.
pub const MAX_NESTING: usize = 100;
/// Longest run of `(` (blanks and `$` between allowed), and most `(` open at once, let
/// through to the parser: brush-parser backtracks exponentially over open `(` (each `((` may
/// be arithmetic or two subshells).
pub const MAX_PAREN_RUN: usize = 16;

/// Most `[` subscripts inside `${…}` and `$[` arithmetic frames open at once (`${a[${b[i]}]}`
/// is two, `$[a[$[1]]]` three): brush-parser's word parser takes time exponential in them (six
/// levels of subscripts take half a minute).
pub(super) const MAX_SUBSCRIPTS: usize = 3;

/// Most `$((` that turn out not to be arithmetic (`$((a[) b)`, a subshell inside `$(…)`) in one
/// text: brush-parser's word parser tries each as arithmetic to the end of the text first, and
/// its time doubles with each (twelve took 1.6 s in a heredoc body, ten 0.17 s; six beside other
/// text the parser backtracks over, 2.5 s).
pub(super) const MAX_ARITH_FALLBACKS: usize = 4;

/// Why the pre-parse check refused a text.
pub type Refusal = (IndeterminateKind, &'static str);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Frame {
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
    let mut fallbacks = 0usize;
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
                b'$' if b.get(i + 1) == Some(&b'[') => {
                    i += 2;
                    SUBSCRIPTS.check(open_subscript(&mut stack))?;
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
                toggle_backtick(&mut stack);
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
            // `$[…]`, the old arithmetic: brush-parser's word parser backtracks over its `]`
            // as over a subscript's.
            b'$' if b.get(i + 1) == Some(&b'[') => {
                i += 2;
                SUBSCRIPTS.check(open_subscript(&mut stack))?;
            }
            b'[' if matches!(top, Some(Frame::Param | Frame::Subscript)) => {
                i += 1;
                SUBSCRIPTS.check(open_subscript(&mut stack))?;
            }
            b']' => {
                if top == Some(Frame::Subscript) {
                    stack.pop();
                }
                i += 1;
            }
            b')' => {
                i += close_paren(&mut stack, b.get(i + 1) == Some(&b')'), &mut fallbacks);
                ARITH_FALLBACKS.check(fallbacks)?;
            }
            // `${a[x}`: bash rejects it ("bad substitution"), and brush-parser's word parser
            // searches for the missing `]` across the rest of the text, again for each reading
            // of what surrounds it (a fuzzer's input: three inside `$(($(…` took 2.6 s).
            b'}' if top == Some(Frame::Subscript) && stack.contains(&Frame::Param) => {
                return Err((
                    IndeterminateKind::ParseError,
                    "an array subscript inside ${...} is not closed",
                ));
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
                let in_word = stack.iter().any(|f| {
                    matches!(
                        f,
                        Frame::Paren | Frame::Arith | Frame::Double | Frame::Backtick
                    )
                });
                i = skip_heredoc_bodies(b, i + 1, &mut pending, stack.len(), in_word)?;
            }
            _ => i += 1,
        }
    }
    // A heredoc operator whose body never starts, inside a substitution or quote the input
    // never closes (`$(<(<<  l)`): bash fails on it, and brush-parser's tokenizer allocates
    // without end on some of them.
    if !pending.is_empty() && !stack.is_empty() {
        return Err((
            IndeterminateKind::ParseError,
            "a heredoc operator stands inside a substitution the command never closes",
        ));
    }
    // The same `<<` where the scan saw a comment or a quote (`$(s  #<<  `): once brush-parser
    // gives up an unclosed substitution it reads its text again in other ways, one of which
    // takes the `<<` for an operator whose tag it never finds (2 GB and growing). bash fails
    // on any unclosed substitution or quote, so refusing these costs no valid command.
    let open_substitution = stack.iter().any(|f| *f != Frame::Brace);
    if open_substitution && b.windows(2).any(|w| w == b"<<") {
        return Err((
            IndeterminateKind::ParseError,
            "a heredoc operator stands in a command with a substitution or quote it never closes",
        ));
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

/// A backtick closes the backtick frame on top, or opens one.
/// Opens a frame that closes at `]` (a `[` subscript inside `${…}`, or `$[`) and returns how
/// many such frames are open.
pub(super) fn open_subscript(stack: &mut Vec<Frame>) -> usize {
    stack.push(Frame::Subscript);
    stack.iter().filter(|f| **f == Frame::Subscript).count()
}

/// A count the scan holds a text to (brush-parser's time doubles with each one more), and
/// the refusal past it.
pub(super) struct CountLimit {
    max: usize,
    reason: &'static str,
}

impl CountLimit {
    /// Refuses `count` when it is past the limit.
    pub(super) fn check(&self, count: usize) -> Result<(), Refusal> {
        if count > self.max {
            return Err((IndeterminateKind::TooDeep, self.reason));
        }
        Ok(())
    }
}

/// Subscripts and `$[` open at once: at most [`MAX_SUBSCRIPTS`].
pub(super) const SUBSCRIPTS: CountLimit = CountLimit {
    max: MAX_SUBSCRIPTS,
    reason: "the command nests array subscripts or $[...] arithmetic too deeply to parse",
};

/// `$((` read first as arithmetic and then, at a lone `)`, as a command substitution: at most
/// [`MAX_ARITH_FALLBACKS`].
pub(super) const ARITH_FALLBACKS: CountLimit = CountLimit {
    max: MAX_ARITH_FALLBACKS,
    reason: "the command has too many $(( that are not arithmetic to parse",
};

pub(super) fn toggle_backtick(stack: &mut Vec<Frame>) {
    if stack.last() == Some(&Frame::Backtick) {
        stack.pop();
    } else {
        stack.push(Frame::Backtick);
    }
}

/// Closes what a `)` closes (`next_too`: a second `)` follows) and returns how many bytes it
/// took. `((` needs two: brush-parser's tokenizer counts them, and after one `)` of `$((a)`
/// it reads on as command text (a `<<` there is a heredoc operator), so that frame becomes a
/// parenthesis.
/// Each such change counts in `fallbacks`.
pub(super) fn close_paren(stack: &mut Vec<Frame>, next_too: bool, fallbacks: &mut usize) -> usize {
    match stack.last_mut() {
        Some(Frame::Arith) if next_too => {
            stack.pop();
            2
        }
        Some(top @ Frame::Arith) => {
            *top = Frame::Paren;
            *fallbacks += 1;
            1
        }
        Some(Frame::Paren) => {
            stack.pop();
            1
        }
        _ => 1,
    }
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

#[cfg(test)]
mod tests {
    use super::check;

    #[test]
    fn one_paren_does_not_close_arithmetic() {
        // The fuzzer's input (analyze, out of memory before the check): after `$((a)` and an
        // inner `$((…)` brush-parser's tokenizer reads `<<` as a heredoc operator whose tag
        // it never finds, allocating without end.
        let found = "sudsudb \"&i$((te[e ot)u1>$((te[e ot)u1>&1\x1ax&&Oho) sd\x03si&Os[SL htt\t\t<<\t\t\t\t\t\t<Esu\x7f/dis[)\"~*~\t\t";
        assert!(check(found).is_err());
        assert!(crate::analyze(found).indeterminate.is_some());
        // Arithmetic that closes as it should still passes.
        for text in [
            "echo $((a) + 1))",
            "echo \"$(( (1 << 2) ))\"",
            "(( x <<= 1 ))",
        ] {
            assert!(check(text).is_ok(), "{text:?} passes");
        }
    }

    #[test]
    fn a_heredoc_operator_in_an_unclosed_substitution_is_refused() {
        // The fuzzer's input (analyze, out of memory before the check), and its shortest form.
        for text in [
            "depth=$(pstree -sA $processid | he <(           <<-      harl)",
            "$(<(<<  l)",
            "\"$(<(<<  l)",
            // `<<` in what the scan reads as a comment (analyze, out of memory again).
            "depth=$(pstree -sA $he          # <<-      -- <<      it {t {tash ptashgit {t {e -sA $he find     # <<-      -- <<      it {t {tash ptashgtash ptash p/Libraryl)",
            "$(s  #<<  ",
            "$(s '<<'  ",
            "\"<< $(s  ",
        ] {
            assert!(check(text).is_err(), "{text:?}");
            assert!(crate::analyze(text).indeterminate.is_some());
        }
        // A heredoc without a body at the end stays valid where nothing is left open.
        for text in [
            "ssh host <<'EOF'",
            "x=$(cat <<EOF\nEOF\n)",
            "cat <<  EOF\nx\nEOF",
            "x=$(git log # <<\n)",
            "{ cat <<EOF\nx\nEOF",
        ] {
            assert!(check(text).is_ok(), "{text:?}");
        }
    }

    #[test]
    fn refuses_deep_nesting() {
        assert!(check(&"(a;".repeat(200)).is_err());
        assert!(check(&"(a;".repeat(3000)).is_err());
        let a = crate::analyze(&"(a;".repeat(3000));
        assert!(a.indeterminate.is_some());
    }
}
