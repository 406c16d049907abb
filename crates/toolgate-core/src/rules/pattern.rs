//! Rule patterns: compiling with a hint for Python-only syntax, and the literal prefilter that
//! lets a regex be skipped (and left uncompiled) when its required prefix is not in the text.

use regex::Regex;

use super::matcher::build_regex;

/// Why a pattern does not compile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternError {
    /// What is wrong, with the character position in the pattern when known.
    pub message: String,
    /// What to write instead.
    pub hint: String,
}

/// Python `re` constructs the Rust `regex` crate does not have, with what to do instead.
const PYTHON_ONLY: &[(&str, &str, &str)] = &[
    (
        "(?=",
        "look-ahead",
        "match the following text directly, or split the rule",
    ),
    (
        "(?!",
        "negative look-ahead",
        "write a separate rule for the case to exclude",
    ),
    ("(?<=", "look-behind", "match the preceding text directly"),
    (
        "(?<!",
        "negative look-behind",
        "use \\b or a character class instead",
    ),
    (
        "(?>",
        "atomic group",
        "use a plain group (?:...); Rust regexes never backtrack",
    ),
    (
        "(?P=",
        "named back-reference",
        "back-references are not supported; repeat the sub-pattern",
    ),
    ("(?(", "conditional group", "split into several patterns"),
    ("\\Z", "\\Z", "write \\z for the end of the text"),
];

/// Compiles `source` case-insensitively; Python-only syntax is reported with its position.
pub fn compile_pattern(source: &str) -> Result<Regex, PatternError> {
    match build_regex(source) {
        Ok(re) => Ok(re),
        Err(e) => {
            for (needle, name, hint) in PYTHON_ONLY {
                if let Some(at) = source.find(needle) {
                    let col = source[..at].chars().count() + 1;
                    return Err(PatternError {
                        message: format!(
                            "{name} at character {col} is Python `re` syntax that Rust regexes do not support"
                        ),
                        hint: (*hint).into(),
                    });
                }
            }
            if let Some(at) = backreference(source) {
                return Err(PatternError {
                    message: format!(
                        "back-reference at character {} is Python `re` syntax that Rust regexes do not support",
                        at + 1
                    ),
                    hint: "back-references are not supported; repeat the sub-pattern".into(),
                });
            }
            let detail = match &e {
                regex::Error::Syntax(s) => s.lines().last().unwrap_or("").trim().to_string(),
                regex::Error::CompiledTooBig(_) => "the compiled pattern is too big".into(),
                _ => "unsupported".into(),
            };
            Err(PatternError {
                message: detail,
                hint: "write the pattern in Rust `regex` syntax (https://docs.rs/regex)".into(),
            })
        }
    }
}

fn backreference(source: &str) -> Option<usize> {
    let chars: Vec<char> = source.chars().collect();
    let mut i = 0;
    while i + 1 < chars.len() {
        if chars[i] == '\\' {
            if chars[i + 1].is_ascii_digit() && chars[i + 1] != '0' {
                return Some(i);
            }
            i += 2;
        } else {
            i += 1;
        }
    }
    None
}

/// The ASCII literal every match of `source` must contain (case-insensitively), if a simple
/// scan of the pattern's start finds one of at least three characters.
pub fn literal_prefilter(source: &str) -> Option<String> {
    if source.contains('|') || source.contains("(?x") {
        return None;
    }
    let b = source.as_bytes();
    let mut i = 0;
    // Leading flag groups `(?i)`, anchors, and group openings.
    loop {
        if b[i..].starts_with(b"(?") {
            let close = b[i..].iter().position(|&c| c == b')')?;
            let flags = &b[i + 2..i + close];
            if flags.iter().all(|c| c.is_ascii_alphabetic() || *c == b'-') {
                if flags.contains(&b'x') {
                    return None;
                }
                i += close + 1;
                continue;
            }
            if b[i..].starts_with(b"(?:") {
                i += 3;
                continue;
            }
            return None;
        }
        if b[i..].starts_with(b"\\b") || b[i..].starts_with(b"\\A") {
            i += 2;
            continue;
        }
        if i < b.len() && (b[i] == b'^' || b[i] == b'(') {
            i += 1;
            continue;
        }
        break;
    }
    let mut lit = String::new();
    while i < b.len() {
        let c = b[i];
        if c == b'\\' {
            match b.get(i + 1) {
                Some(&n) if n.is_ascii_punctuation() => {
                    lit.push(n as char);
                    i += 2;
                }
                _ => break,
            }
        } else if b".+*?()[]{}^$|".contains(&c) || !c.is_ascii() || c.is_ascii_whitespace() {
            break;
        } else {
            lit.push(c as char);
            i += 1;
        }
    }
    if b.get(i) == Some(&b')') && matches!(b.get(i + 1), Some(b'?' | b'*' | b'{')) {
        return None; // an optional group
    }
    if matches!(b.get(i), Some(b'?' | b'*' | b'{')) {
        lit.pop();
    }
    (lit.len() >= 3).then(|| lit.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefilters_are_extracted_conservatively() {
        assert_eq!(
            literal_prefilter(r"(?i)(sk-[a-zA-Z0-9]{20,})").as_deref(),
            Some("sk-")
        );
        assert_eq!(
            literal_prefilter(r"\bghp_[A-Za-z0-9]{36}\b").as_deref(),
            Some("ghp_")
        );
        assert_eq!(literal_prefilter(r"colou?r").as_deref(), Some("colo"));
        assert_eq!(literal_prefilter(r"(cat|dog)food"), None);
        assert_eq!(literal_prefilter(r"\d{3}-\d{2}"), None);
        assert_eq!(
            literal_prefilter(r"-----BEGIN").as_deref(),
            Some("-----begin")
        );
        assert_eq!(literal_prefilter(r"ab\s+c"), None);
        assert_eq!(literal_prefilter(r"(abc)?d"), None);
    }

    #[test]
    fn python_only_syntax_gets_a_hint() {
        let e = compile_pattern(r"foo(?!bar)").unwrap_err();
        assert!(e.message.contains("character 4"), "{}", e.message);
        assert!(e.message.contains("look-ahead"));
        let e = compile_pattern(r"(a)\1").unwrap_err();
        assert!(e.message.contains("back-reference"));
        assert!(compile_pattern(r"(?P<x>a)b").is_ok());
    }
}
