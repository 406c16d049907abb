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
use std::sync::atomic::{AtomicU8, Ordering};

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::{decompose_compatible, is_combining_mark};
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

/// Folds `text` character by character: each one is compatibility-decomposed, combining marks
/// and format characters are dropped, and what remains is folded by skeleton. Once the marks
/// are gone, canonical recomposition has nothing left to join but Hangul, so only runs of
/// Hangul syllables and jamo go through NFC; the result is what NFKD, mark removal and NFC
/// would give (a test checks this), without their buffering on every character.
fn fold_into(text: &str, out: &mut String, cache: &mut HashMap<char, Folded>) {
    if text.is_ascii() {
        out.push_str(text);
        return;
    }
    let mut folder = Folder {
        out,
        cache,
        hangul: Vec::new(),
    };
    for c in text.chars() {
        if c.is_ascii() {
            folder.flush_hangul();
            folder.out.push(c);
        } else {
            decompose_compatible(c, |d| folder.take(d));
        }
    }
    folder.flush_hangul();
}

struct Folder<'a> {
    out: &'a mut String,
    cache: &'a mut HashMap<char, Folded>,
    /// A run of Hangul syllables and jamo, which NFC may join.
    hangul: Vec<char>,
}

impl Folder<'_> {
    fn take(&mut self, d: char) {
        if is_combining_mark(d) || is_format_char(d) {
            return;
        }
        if is_hangul(d) {
            self.hangul.push(d);
            return;
        }
        self.flush_hangul();
        self.push(d);
    }

    fn flush_hangul(&mut self) {
        if self.hangul.is_empty() {
            return;
        }
        let run: Vec<char> = self.hangul.drain(..).nfc().collect();
        for h in run {
            self.push(h);
        }
    }

    fn push(&mut self, c: char) {
        if c.is_ascii() {
            self.out.push(c);
            return;
        }
        match folded(c, self.cache) {
            Folded::Ascii(a) => self.out.push(a),
            Folded::Dropped => {}
            Folded::Kept => self.out.push(c),
        }
    }
}

/// Hangul syllables and conjoining jamo: the only characters canonical composition joins
/// without a combining mark.
fn is_hangul(c: char) -> bool {
    ('\u{1100}'..='\u{11FF}').contains(&c) || ('\u{AC00}'..='\u{D7A3}').contains(&c)
}

/// The first code points past ASCII (Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic, the Indic
/// scripts, general punctuation, letter-like symbols) keep their folding in a process-wide
/// table, filled on first use; others in the caller's map.
const COMMON_END: u32 = 0x3000;

fn folded(c: char, cache: &mut HashMap<char, Folded>) -> Folded {
    // 0: not yet known; 1: kept; 2: dropped; otherwise the ASCII byte it reads as.
    static COMMON: [AtomicU8; (COMMON_END - 0x80) as usize] =
        [const { AtomicU8::new(0) }; (COMMON_END - 0x80) as usize];
    let code = c as u32;
    if !(0x80..COMMON_END).contains(&code) {
        return *cache.entry(c).or_insert_with(|| fold_char(c));
    }
    let slot = &COMMON[(code - 0x80) as usize];
    match slot.load(Ordering::Relaxed) {
        0 => {
            let f = fold_char(c);
            let byte = match f {
                Folded::Kept => 1,
                Folded::Dropped => 2,
                Folded::Ascii(a) => a as u8,
            };
            slot.store(byte, Ordering::Relaxed);
            f
        }
        1 => Folded::Kept,
        2 => Folded::Dropped,
        byte => Folded::Ascii(char::from(byte)),
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
        // Text without Latin look-alikes stays; Hangul syllables stay whole.
        assert_eq!(folded_view("한국어"), "한국어");
        assert_eq!(folded_view("\u{1112}\u{1161}\u{11ab}"), "한");
        assert_eq!(folded_view("\u{320e}"), "(가)");
        // Compatibility forms decompose: ligatures, the Kelvin sign, circled letters.
        assert_eq!(folded_view("\u{fb01}le \u{212a} \u{24d0}"), "file K a");
        assert_eq!(folded_view("plain ascii"), "plain ascii");
    }

    /// The fold as the module documentation states it: NFKD, marks and format characters
    /// removed, NFC, then skeleton folding.
    fn reference_fold(text: &str) -> String {
        let mut cache = HashMap::new();
        text.nfkd()
            .filter(|c| !is_combining_mark(*c) && !is_format_char(*c))
            .nfc()
            .filter_map(|c| {
                if c.is_ascii() {
                    return Some(c);
                }
                match folded(c, &mut cache) {
                    Folded::Ascii(a) => Some(a),
                    Folded::Dropped => None,
                    Folded::Kept => Some(c),
                }
            })
            .collect()
    }

    proptest::proptest! {
        #[test]
        fn character_folding_equals_the_stated_normalisation(
            text in "[a-zA-Z0-9 \u{80}-\u{d7ff}\u{e000}-\u{fffd}\u{10000}-\u{10ffff}]{0,24}"
        ) {
            proptest::prop_assert_eq!(folded_view(&text), reference_fold(&text));
        }

        #[test]
        fn hangul_runs_join_as_nfc_joins_them(
            // Jamo, syllables, half-width and parenthesised forms, marks, fillers.
            text in "[\u{1100}-\u{11ff}\u{ac00}-\u{ac1c}\u{ffa0}-\u{ffdc}\u{3131}-\u{318e}\u{3200}-\u{321e}\u{300}-\u{36f}\u{200b}\u{3164}a]{0,12}"
        ) {
            proptest::prop_assert_eq!(folded_view(&text), reference_fold(&text));
        }
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
