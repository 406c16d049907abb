//! The normalised view of a rendered tool call: lower-cased, compatibility-decomposed,
//! combining marks and format characters (Cf: zero-width spaces, joiners, BOM, soft hyphen,
//! bidi controls) removed, then recomposed. `pass\u{200b}word`, full-width `ｐａｓｓｗｏｒｄ`,
//! `pa\u{301}ssword` and `SKİP AUDIT` all read as plain ASCII here.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// The normalised view of `text`. ASCII text is only lower-cased.
pub fn normalized_view(text: &str) -> String {
    if text.is_ascii() {
        return text.to_ascii_lowercase();
    }
    let lower = text.to_lowercase();
    lower
        .nfkd()
        .filter(|c| !is_combining_mark(*c) && !is_format_char(*c))
        .nfc()
        .collect::<String>()
        // NFKC can produce upper-case letters again (e.g. from ligatures); fold once more.
        .to_lowercase()
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
    fn evasions_fold_to_ascii() {
        assert_eq!(normalized_view("pass\u{200b}word"), "password");
        assert_eq!(
            normalized_view("pa\u{ad}ss\u{feff}wo\u{2060}rd"),
            "password"
        );
        assert_eq!(normalized_view("ｐａｓｓｗｏｒｄ"), "password");
        assert_eq!(normalized_view("pa\u{301}ssword"), "password");
        assert_eq!(normalized_view("SKİP AUDIT"), "skip audit");
        assert_eq!(normalized_view("ＳＫ-abc"), "sk-abc");
        assert_eq!(normalized_view("한국어"), "한국어");
    }
}
