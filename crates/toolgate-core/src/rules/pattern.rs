//! Rule patterns: compiling with a hint for Python-only syntax, and the literal prefilter that
//! lets a regex be skipped (and left uncompiled) when its required prefix is not in the text.

use regex_automata::meta::Regex;

use super::matcher::{build_ascii_regex, build_regex};

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
            let detail = if let Some(syntax) = e.syntax_error() {
                let text = syntax.to_string();
                text.lines().last().unwrap_or("").trim().to_string()
            } else if e.size_limit().is_some() {
                "the compiled pattern is too big".into()
            } else {
                "unsupported".into()
            };
            Err(PatternError {
                message: detail,
                hint: "write the pattern in Rust `regex` syntax (https://docs.rs/regex)".into(),
            })
        }
    }
}

/// The pattern compiled without Unicode, for texts that are all ASCII, when that finds
/// exactly what the Unicode pattern finds in such a text: Unicode classes (`\d`, `\w`, `\s`,
/// `\b`) restricted to ASCII are their ASCII forms, and case folding between ASCII
/// letters is the same; only non-ASCII characters differ, and an ASCII text has none. A
/// pattern that names non-ASCII characters (written out or as `\x`, `\u`, `\U`, `\p`, `\P`
/// escapes, which may fold to ASCII letters) gets no twin. The lazy DFA cannot run most
/// Unicode classes within its cache, so without the twin `\d{3}-\d{2}-\d{4}` runs the
/// PikeVM over every text (about 500 times slower).
pub(crate) fn ascii_twin(source: &str) -> Option<Regex> {
    if !source.is_ascii() {
        return None;
    }
    let names_characters = source
        .as_bytes()
        .windows(2)
        .any(|w| w[0] == b'\\' && matches!(w[1], b'x' | b'u' | b'U' | b'p' | b'P'));
    if names_characters {
        return None;
    }
    build_ascii_regex(source).ok()
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

/// Literals one of which every match of `source` starts with (lower-cased; matched
/// ASCII-case-insensitively), if the pattern's prefixes form a small set of literals of at least
/// three bytes (`None`: the pattern is always tested). Uses regex-syntax's literal extractor, which already runs inside `regex`:
/// parsing is cheap, compiling the automaton is what the prefilter avoids.
pub fn literal_prefilter(source: &str) -> Option<Vec<String>> {
    use regex_syntax::hir::literal::{ExtractKind, Extractor};
    // ASCII-only case folding: Unicode folds (`ſ` for `s`, the Kelvin sign for `k`) would put
    // non-ASCII variants in the set. Such text is not plain ASCII, so the automaton also scans
    // its NFKC view, where those characters are ASCII again.
    let hir = regex_syntax::ParserBuilder::new()
        .case_insensitive(true)
        .unicode(false)
        .utf8(false)
        .build()
        .parse(source)
        .ok()?;
    let mut extractor = Extractor::new();
    extractor
        .kind(ExtractKind::Prefix)
        // Small classes only: `\s` (6 ASCII members) must not be expanded, since the pattern
        // itself matches Unicode whitespace that the ASCII set would miss.
        .limit_class(5)
        .limit_total(128);
    let seq = extractor.extract(&hir);
    let literals = seq.literals()?;
    let mut out: Vec<String> = Vec::new();
    for lit in literals {
        let text = std::str::from_utf8(lit.as_bytes()).ok()?;
        // Only ASCII literals: the automaton folds ASCII case only.
        if text.len() < 3
            || !text.is_ascii()
            || text
                .bytes()
                .any(|b| b.is_ascii_whitespace() || b.is_ascii_control())
        {
            return None;
        }
        let lower = text.to_ascii_lowercase();
        if !out.contains(&lower) {
            out.push(lower);
        }
    }
    (!out.is_empty() && out.len() <= 32).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use regex_automata::Input;

    /// Every built-in pattern and some that exercise classes, boundaries and folding.
    fn patterns() -> Vec<String> {
        let mut out: Vec<String> = vec![
            r"\b\d{3}-\d{2}-\d{4}\b".into(),
            r"\w+@\w+\.com".into(),
            r"\s{2,}k\B".into(),
            r"(?i)[^k]s\b".into(),
            r"\W\D\S".into(),
            r"secret.{0,5}key".into(),
            r"^tool: \w+$".into(),
            r"(?-i)Kelvin|\bSS\b".into(),
        ];
        for c in [
            crate::rules::Constitution::toolgate(),
            crate::rules::Constitution::acgs_default(),
        ] {
            for r in c.rules {
                out.extend(r.patterns);
            }
        }
        out.sort();
        out.dedup();
        out
    }

    fn matches(re: &Regex, hay: &str) -> Vec<(usize, usize)> {
        re.find_iter(Input::new(hay))
            .map(|m| (m.start(), m.end()))
            .collect()
    }

    #[test]
    fn ascii_twins_are_made_only_for_patterns_without_named_characters() {
        assert!(ascii_twin(r"\b\d{3}-\d{2}-\d{4}\b").is_some());
        for source in [
            r"\x{212A}",
            r"\u212A",
            r"\p{Greek}",
            r"\PL",
            "\u{212A}",
            "caf\u{e9}",
        ] {
            assert!(ascii_twin(source).is_none(), "{source}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn an_ascii_twin_finds_what_its_pattern_finds_in_ascii_text(
            hay in "([ -~\t\n]|123-45-6789|sk-[a-z0-9]{24}|kelvin|KELVIN|  k)*",
        ) {
            for source in patterns() {
                let Some(twin) = ascii_twin(&source) else { continue };
                let unicode = compile_pattern(&source).unwrap();
                prop_assert_eq!(matches(&twin, &hay), matches(&unicode, &hay), "{}", source);
            }
        }
    }

    #[test]
    fn prefilters_are_extracted_conservatively() {
        // Every example match must start with one of the literals, and the literals must not
        // be trivially short.
        let covers = |pattern: &str, examples: &[&str]| {
            let lits =
                literal_prefilter(pattern).unwrap_or_else(|| panic!("no prefilter for {pattern}"));
            assert!(lits.iter().all(|l| l.len() >= 3), "{lits:?}");
            for ex in examples {
                let lower = ex.to_ascii_lowercase();
                assert!(
                    lits.iter().any(|l| lower.starts_with(l.as_str())),
                    "{pattern}: {ex} not covered by {lits:?}"
                );
            }
            lits
        };
        assert_eq!(
            covers(r"(?i)(sk-[a-zA-Z0-9]{20,})", &["SK-abc"]),
            vec!["sk-"]
        );
        assert_eq!(covers(r"\bghp_[A-Za-z0-9]{36}\b", &["ghp_x"]), vec!["ghp_"]);
        covers(r"colou?r", &["color", "colour"]);
        covers(r"(cat|dog)food", &["catfood", "dogfood"]);
        assert_eq!(
            covers(r"(?-i)\bgh[pou]_x", &["gho_x", "ghp_x", "ghu_x"]).len(),
            3
        );
        covers(r"\b[sr]k_live_", &["rk_live_", "sk_live_"]);
        covers(r"(?:AKIA|ASIA)[A-Z2-7]{16}", &["AKIAX", "ASIAX"]);
        covers(r"-----BEGIN", &["-----BEGIN"]);
        // No small literal set: always tested.
        assert_eq!(literal_prefilter(r"\d{3}-\d{2}"), None);
        assert_eq!(literal_prefilter(r"ab\s+c"), None);
        assert_eq!(literal_prefilter(r"(abc)?d"), None);
        assert_eq!(literal_prefilter(r"\w+@\w+"), None);
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
