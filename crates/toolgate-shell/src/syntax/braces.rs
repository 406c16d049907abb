//! Brace expansion (`{rm,-rf,/}`, `r{m,} -rf /`, `/{etc,home}`, `{1..3}`) on a raw word, done
//! like bash before quote removal: only unquoted braces expand.

/// Most words one raw word may expand to; more is reported as too large.
pub const MAX_BRACE_WORDS: usize = 256;

/// The expansion would exceed [`MAX_BRACE_WORDS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooManyWords;

/// Expands the braces in `raw` (an `ast::Word` value, quotes still in it). A word without a
/// brace expression comes back as itself. Empty results are dropped, as bash drops them.
pub fn expand(raw: &str) -> Result<Vec<String>, TooManyWords> {
    let mut out = Vec::new();
    expand_into(raw, 0, &mut out)?;
    if out.is_empty() && !raw.is_empty() {
        // Every alternative was empty (`{,}`): bash removes the word.
        return Ok(Vec::new());
    }
    Ok(out)
}

fn expand_into(raw: &str, from: usize, out: &mut Vec<String>) -> Result<(), TooManyWords> {
    let Some((open, close, alternatives)) = find_expression(raw, from) else {
        if !raw.is_empty() {
            if out.len() >= MAX_BRACE_WORDS {
                return Err(TooManyWords);
            }
            out.push(raw.to_string());
        }
        return Ok(());
    };
    let prefix = &raw[..open];
    let suffix = &raw[close + 1..];
    for alt in alternatives {
        let word = format!("{prefix}{alt}{suffix}");
        // The prefix holds no expression any more; continue after it.
        expand_into(&word, prefix.len(), out)?;
        if out.len() > MAX_BRACE_WORDS {
            return Err(TooManyWords);
        }
    }
    Ok(())
}

/// Finds the first brace expression at or after `from`: (index of `{`, index of `}`, the
/// alternatives).
fn find_expression(raw: &str, from: usize) -> Option<(usize, usize, Vec<String>)> {
    let b = raw.as_bytes();
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'\'' | b'"' | b'`' => i = skip_quoted(b, i),
            b'$' if matches!(b.get(i + 1), Some(b'{' | b'(')) => {
                i = skip_group(b, i + 1).unwrap_or(b.len());
            }
            b'$' if b.get(i + 1) == Some(&b'\'') => i = skip_quoted(b, i + 1),
            b'{' => {
                if let Some((close, commas)) = group_commas(b, i) {
                    let inner = &raw[i + 1..close];
                    if !commas.is_empty() {
                        let mut alts = Vec::new();
                        let mut start = i + 1;
                        for c in commas.iter().copied().chain([close]) {
                            alts.push(raw[start..c].to_string());
                            start = c + 1;
                        }
                        return Some((i, close, alts));
                    }
                    if let Some(seq) = sequence(inner) {
                        return Some((i, close, seq));
                    }
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    None
}

/// The index after a quoted string starting at `i` (its opening quote).
fn skip_quoted(b: &[u8], i: usize) -> usize {
    let q = b[i];
    let mut j = i + 1;
    while j < b.len() {
        if b[j] == b'\\' && q != b'\'' {
            j += 2;
            continue;
        }
        if b[j] == q {
            return j + 1;
        }
        j += 1;
    }
    b.len()
}

/// The index after the `${…}` / `$(…)` group whose opening bracket is at `i`.
fn skip_group(b: &[u8], i: usize) -> Option<usize> {
    let (open, close) = (b[i], if b[i] == b'{' { b'}' } else { b')' });
    let mut depth = 0usize;
    let mut j = i;
    while j < b.len() {
        match b[j] {
            b'\\' => j += 1,
            b'\'' | b'"' | b'`' => {
                j = skip_quoted(b, j);
                continue;
            }
            c if c == open => depth += 1,
            c if c == close => {
                depth -= 1;
                if depth == 0 {
                    return Some(j + 1);
                }
            }
            _ => {}
        }
        j += 1;
    }
    None
}

/// For the `{` at `i`: the index of its matching `}` and the top-level commas between.
fn group_commas(b: &[u8], i: usize) -> Option<(usize, Vec<usize>)> {
    let mut depth = 0usize;
    let mut commas = Vec::new();
    let mut j = i;
    while j < b.len() {
        match b[j] {
            b'\\' => j += 1,
            b'\'' | b'"' | b'`' => {
                j = skip_quoted(b, j);
                continue;
            }
            b'$' if matches!(b.get(j + 1), Some(b'{' | b'(')) => {
                j = skip_group(b, j + 1)?;
                continue;
            }
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some((j, commas));
                }
            }
            b',' if depth == 1 => commas.push(j),
            _ => {}
        }
        j += 1;
    }
    None
}

/// `a..e`, `1..10`, `01..10`, `1..10..2` → the sequence (capped), or `None`.
fn sequence(inner: &str) -> Option<Vec<String>> {
    let parts: Vec<&str> = inner.split("..").collect();
    if !(2..=3).contains(&parts.len()) {
        return None;
    }
    let step: i64 = match parts.get(2) {
        Some(s) => s.parse::<i64>().ok()?.checked_abs()?.max(1),
        None => 1,
    };
    let (a, z) = (parts[0], parts[1]);
    if let (Ok(x), Ok(y)) = (a.parse::<i64>(), z.parse::<i64>()) {
        let padded = |s: &str| {
            s.trim_start_matches('-').len() > 1 && s.trim_start_matches('-').starts_with('0')
        };
        let width = if padded(a) || padded(z) {
            a.len().max(z.len())
        } else {
            0
        };
        let count = (x.abs_diff(y) / step.unsigned_abs()).saturating_add(1);
        let count = usize::try_from(count)
            .unwrap_or(usize::MAX)
            .min(MAX_BRACE_WORDS + 1);
        let dir = if y >= x { step } else { -step };
        return Some(
            (0..count)
                .map(|k| format!("{:0width$}", x.saturating_add(dir.saturating_mul(k as i64))))
                .collect(),
        );
    }
    let (ca, cz) = (single_letter(a)?, single_letter(z)?);
    let (lo, hi) = (ca.min(cz), ca.max(cz));
    let mut seq: Vec<String> = (lo..=hi)
        .step_by(step as usize)
        .map(|c| (c as char).to_string())
        .collect();
    if ca > cz {
        seq.reverse();
    }
    Some(seq)
}

fn single_letter(s: &str) -> Option<u8> {
    match s.as_bytes() {
        [c] if c.is_ascii_alphabetic() => Some(*c),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{MAX_BRACE_WORDS, TooManyWords, expand};

    #[test]
    fn expands_like_bash() {
        assert_eq!(expand("{rm,-rf,/}").unwrap(), ["rm", "-rf", "/"]);
        assert_eq!(expand("r{m,}").unwrap(), ["rm", "r"]);
        assert_eq!(expand("-{r,f}").unwrap(), ["-r", "-f"]);
        assert_eq!(expand("/{etc,home}").unwrap(), ["/etc", "/home"]);
        assert_eq!(expand("a{b,c{d,e}}f").unwrap(), ["abf", "acdf", "acef"]);
        assert_eq!(expand("{a,b}{1,2}").unwrap(), ["a1", "a2", "b1", "b2"]);
        assert_eq!(expand("x{1..3}").unwrap(), ["x1", "x2", "x3"]);
        assert_eq!(expand("{c..a}").unwrap(), ["c", "b", "a"]);
        assert_eq!(expand("{01..03}").unwrap(), ["01", "02", "03"]);
        assert_eq!(expand("{}").unwrap(), ["{}"]);
        assert_eq!(expand("'{a,b}'").unwrap(), ["'{a,b}'"]);
        assert_eq!(expand("${x,}").unwrap(), ["${x,}"]);
        assert_eq!(expand("{a}").unwrap(), ["{a}"]);
        assert!(expand("{,}").unwrap().is_empty());
    }

    #[test]
    fn refuses_huge_expansions() {
        assert_eq!(expand("{1..100000}"), Err(TooManyWords));
        let word = "{a,b}".repeat(9);
        assert_eq!(expand(&word), Err(TooManyWords));
        assert_eq!(expand(&"{a,b}".repeat(8)).unwrap().len(), MAX_BRACE_WORDS);
    }
}
