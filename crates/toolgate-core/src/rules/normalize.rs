//! The normalised views of a rendered tool call, in which evasions read as the text they imitate.
//!
//! - The **folded view** (patterns and ASCII keywords): compatibility-decomposed (NFKD), with
//!   combining marks, format characters (Cf) and default-ignorable characters removed,
//!   recomposed, and every remaining non-ASCII character replaced by the ASCII character with the
//!   same UTS #39 confusable skeleton (`unicode-security`): Cyrillic `р` reads `p`, Greek `Ι`
//!   reads `I`, `‐` reads `-`. **Case is kept**, so case-sensitive patterns (`AKIA…`,
//!   `sk-ant-…AA`) still match keys split by zero-width characters, written in full-width
//!   letters or spelled with confusables; keywords are matched ASCII-case-insensitively anyway.
//! - The **caseless view** (only for keywords that are not ASCII): lower-cased, decomposed, marks
//!   and format characters removed, recomposed, lower-cased again, without confusable folding,
//!   so a Cyrillic keyword matches Cyrillic text in any case.
//!
//! Pure-ASCII text has no view: nothing here runs on it, and the skeleton tables are never
//! touched on the hook's hot path for an ASCII call.

use std::collections::HashMap;
use std::sync::OnceLock;

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;
use unicode_security::skeleton;

use super::fields::Fields;

/// The folded view of `text` (see the module documentation). ASCII text is returned as is.
pub fn folded_view(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    fold_into(text, &mut out, &mut HashMap::new());
    out
}

/// The caseless view of `text`: ASCII text is only lower-cased.
pub fn caseless_view(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    caseless_into(text, &mut out);
    out
}

/// What a non-ASCII character becomes in the folded view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Folded {
    Ascii(char),
    Dropped,
    Kept,
}

fn fold_into(text: &str, out: &mut String, cache: &mut HashMap<char, Folded>) {
    if text.is_ascii() {
        out.push_str(text);
        return;
    }
    let stripped = text
        .nfkd()
        .filter(|c| !is_combining_mark(*c) && !is_format_char(*c))
        .nfc();
    for c in stripped {
        if c.is_ascii() {
            out.push(c);
            continue;
        }
        match *cache.entry(c).or_insert_with(|| fold_char(c)) {
            Folded::Ascii(a) => out.push(a),
            Folded::Dropped => {}
            Folded::Kept => out.push(c),
        }
    }
}

fn caseless_into(text: &str, out: &mut String) {
    if text.is_ascii() {
        out.extend(text.chars().map(|c| c.to_ascii_lowercase()));
        return;
    }
    let lower = text.to_lowercase();
    let stripped: String = lower
        .nfkd()
        .filter(|c| !is_combining_mark(*c) && !is_format_char(*c))
        .nfc()
        .collect();
    // NFKC can produce upper-case letters again (e.g. from ligatures); fold once more.
    out.push_str(&stripped.to_lowercase());
}

/// The skeleton of every printable ASCII character, computed once, on the first non-ASCII text.
fn ascii_skeletons() -> &'static [(char, String)] {
    static TABLE: OnceLock<Vec<(char, String)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (b'!'..=b'~')
            .map(|b| {
                let c = char::from(b);
                (c, skeleton(c.encode_utf8(&mut [0; 4])).collect())
            })
            .collect()
    })
}

/// The ASCII character that `c` is confusable with, preferring one of the same kind (an
/// upper-case letter for an upper-case letter, a lower-case one for a lower-case one, a digit
/// for a digit): Greek `Ι` and Latin `l` share the skeleton `l`, but `Ι` reads `I`.
fn fold_char(c: char) -> Folded {
    let sk: String = skeleton(c.encode_utf8(&mut [0; 4])).collect();
    if sk.is_empty() {
        // A default-ignorable character (Hangul fillers, variation selectors, …).
        return Folded::Dropped;
    }
    if !sk.is_ascii() {
        return Folded::Kept;
    }
    let candidates: Vec<char> = ascii_skeletons()
        .iter()
        .filter(|(_, s)| *s == sk)
        .map(|(a, _)| *a)
        .collect();
    let same_kind = |a: &char| {
        if c.is_uppercase() {
            a.is_ascii_uppercase()
        } else if c.is_lowercase() {
            a.is_ascii_lowercase()
        } else if c.is_numeric() {
            a.is_ascii_digit()
        } else {
            false
        }
    };
    let own = sk.chars().next().filter(|_| sk.chars().count() == 1);
    candidates
        .iter()
        .find(|a| same_kind(a))
        .or_else(|| own.as_ref().filter(|o| candidates.contains(o)))
        .or(candidates.first())
        .map_or(Folded::Kept, |a| Folded::Ascii(*a))
}

/// A view of a text with fields: the separators between fields are copied, each field's content
/// is transformed by itself, so the view's fields line up with the text's.
pub(crate) struct View {
    /// The view's text.
    pub text: String,
    /// Its fields.
    pub fields: Fields,
}

impl View {
    /// The folded view of `text`, field by field.
    pub(crate) fn folded(text: &str, fields: &Fields) -> View {
        let mut cache = HashMap::new();
        View::build(text, fields, |part, out| fold_into(part, out, &mut cache))
    }

    /// The caseless view of `text`, field by field.
    pub(crate) fn caseless(text: &str, fields: &Fields) -> View {
        View::build(text, fields, caseless_into)
    }

    fn build(text: &str, fields: &Fields, mut transform: impl FnMut(&str, &mut String)) -> View {
        let mut out = String::with_capacity(text.len() + 16);
        let mut content = Vec::with_capacity(fields.len());
        let mut at = 0;
        for r in fields.content() {
            out.push_str(&text[at..r.start]);
            let start = out.len();
            transform(&text[r.clone()], &mut out);
            content.push(start..out.len());
            at = r.end;
        }
        out.push_str(&text[at..]);
        let fields = Fields::new(content, out.len());
        View { text: out, fields }
    }
}

/// Unicode general category Cf (format characters), Unicode 15.1.
pub fn is_format_char(c: char) -> bool {
    matches!(
        c as u32,
        0x00AD
            | 0x0600..=0x0605
            | 0x061C
            | 0x06DD
            | 0x070F
            | 0x0890..=0x0891
            | 0x08E2
            | 0x180E
            | 0x200B..=0x200F
            | 0x202A..=0x202E
            | 0x2060..=0x2064
            | 0x2066..=0x206F
            | 0xFEFF
            | 0xFFF9..=0xFFFB
            | 0x110BD
            | 0x110CD
            | 0x13430..=0x1343F
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0001
            | 0xE0020..=0xE007F
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evasions_fold_to_ascii_with_case_kept() {
        assert_eq!(folded_view("pass\u{200b}word"), "password");
        assert_eq!(folded_view("pa\u{ad}ss\u{feff}wo\u{2060}rd"), "password");
        assert_eq!(folded_view("ｐａｓｓｗｏｒｄ"), "password");
        assert_eq!(folded_view("pa\u{301}ssword"), "password");
        assert_eq!(folded_view("SKİP AUDIT"), "SKIP AUDIT");
        assert_eq!(folded_view("ＳＫ-abc"), "SK-abc");
        assert_eq!(folded_view("ＡＫＩＡ"), "AKIA");
        // Cyrillic А, К, І and Greek Α, Κ, Ι read as upper-case Latin.
        assert_eq!(folded_view("\u{410}\u{41a}\u{406}\u{410}"), "AKIA");
        assert_eq!(folded_view("\u{391}\u{39a}\u{399}\u{391}"), "AKIA");
        // Cyrillic р, а, о and Greek ο read as lower-case Latin.
        assert_eq!(folded_view("\u{440}\u{430}ssw\u{43e}rd"), "password");
        assert_eq!(folded_view("unauth\u{3bf}rized"), "unauthorized");
        // Dashes and default-ignorable fillers.
        assert_eq!(folded_view("sk\u{2010}ant"), "sk-ant");
        assert_eq!(folded_view("a\u{3164}b"), "ab");
        // Text without Latin look-alikes stays.
        assert_eq!(folded_view("한국어"), "한국어");
        assert_eq!(folded_view("plain ascii"), "plain ascii");
    }

    #[test]
    fn caseless_view_lowers_without_folding_confusables() {
        assert_eq!(caseless_view("ПАРОЛЬ"), "пароль");
        assert_eq!(caseless_view("SKİP AUDIT"), "skip audit");
        assert_eq!(caseless_view("ＳＫ-abc"), "sk-abc");
        assert_eq!(caseless_view("ASCII"), "ascii");
    }

    #[test]
    fn views_keep_the_fields_apart() {
        let text = "tool: T\nk: ｐａｓｓ\nz: ok";
        let fields = Fields::new(vec![0..7, 8..23, 24..29], text.len());
        let view = View::folded(text, &fields);
        assert_eq!(view.text, "tool: T\nk: pass\nz: ok");
        let spans: Vec<&str> = view.fields.spans().map(|r| &view.text[r]).collect();
        assert_eq!(spans, vec!["tool: T\n", "\nk: pass\n", "\nz: ok"]);
    }
}
