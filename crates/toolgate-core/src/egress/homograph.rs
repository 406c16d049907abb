//! Homograph host names, judged label by label with Unicode UTS #39 data (`unicode-security`).
//!
//! A label is read in Unicode (`xn--` labels are decoded first), and is a homograph when
//! - it **mixes scripts** beyond UTS #39's *highly restrictive* level: Latin with Cyrillic or
//!   Greek (`аpple`, `g\u{3bf}\u{3bf}gle`), Cyrillic with Greek, three scripts. Latin with Han,
//!   kana or Hangul (`東京abc`) is *highly restrictive* and passes. Latin with one other
//!   recommended script (*moderately restrictive*: Armenian, Thai, Devanagari, …) passes only if
//!   none of that script's letters is a potential mixed-script confusable (Armenian `օ` is, so
//!   `gօօgle` is a homograph);
//! - or it is a **whole-script confusable** of a Latin name: written in one non-Latin script,
//!   every character's UTS #39 skeleton is ASCII (`аррӏе` reads `apple`), and the name's top
//!   label is ASCII. Under a top label of that script (`.рф`) the registry's own rules apply, so
//!   it passes.
//!
//! Single-script names pass: `пример.рф`, `παράδειγμα.ελ`, `bücher.de`, `例え.jp`.

use unicode_script::Script;
use unicode_security::mixed_script::AugmentedScriptSet;
use unicode_security::{is_potential_mixed_script_confusable_char, skeleton};

/// Why a host name reads as a homograph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Homograph {
    /// A label mixes scripts (for example Cyrillic letters inside a Latin name).
    MixedScript,
    /// A label in one non-Latin script reads as a Latin name under an ASCII top label.
    WholeScriptConfusable,
}

impl Homograph {
    /// A short description, naming no input.
    pub fn describe(&self) -> &'static str {
        match self {
            Homograph::MixedScript => "a label mixes scripts",
            Homograph::WholeScriptConfusable => "a label in another script reads as a Latin name",
        }
    }
}

/// How far a label's scripts mix, in UTS #39's restriction levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mixing {
    /// One script (Common and Inherited characters, such as digits and `-`, count for any).
    Single,
    /// Latin with Han and kana, Han and Bopomofo, or Han and Hangul.
    HighlyRestrictive,
    /// Latin with one other recommended script that is not Cyrillic or Greek.
    ModeratelyRestrictive(Script),
    /// Anything else.
    Mixed,
}

fn mixing(label: &str) -> Mixing {
    let mut all = AugmentedScriptSet::default();
    let mut non_latin = AugmentedScriptSet::default();
    for c in label.chars() {
        let set = AugmentedScriptSet::for_char(c);
        all.intersect_with(set);
        if !set.base.contains_script(Script::Latin) {
            non_latin.intersect_with(set);
        }
    }
    if !all.is_empty() {
        return Mixing::Single;
    }
    if non_latin.kore || non_latin.hanb || non_latin.jpan {
        return Mixing::HighlyRestrictive;
    }
    if non_latin.base.len() == 1
        && let Some(script) = non_latin.base.iter().next()
        && script.is_recommended()
        && script != Script::Cyrillic
        && script != Script::Greek
    {
        return Mixing::ModeratelyRestrictive(script);
    }
    Mixing::Mixed
}

/// The judgement of one Unicode label; `ascii_top` tells whether the name's top label is ASCII.
fn label_homograph(label: &str, ascii_top: bool) -> Option<Homograph> {
    if label.is_ascii() {
        return None;
    }
    match mixing(label) {
        Mixing::Mixed => Some(Homograph::MixedScript),
        Mixing::ModeratelyRestrictive(script) => label
            .chars()
            .any(|c| {
                !AugmentedScriptSet::for_char(c)
                    .base
                    .contains_script(Script::Latin)
                    && AugmentedScriptSet::for_char(c).base.contains_script(script)
                    && is_potential_mixed_script_confusable_char(c)
            })
            .then_some(Homograph::MixedScript),
        Mixing::HighlyRestrictive => None,
        Mixing::Single => {
            let latin = AugmentedScriptSet::for_str(label)
                .base
                .contains_script(Script::Latin);
            let reads_ascii = skeleton(label).all(|c| c.is_ascii_alphanumeric() || c == '-');
            (ascii_top && !latin && reads_ascii).then_some(Homograph::WholeScriptConfusable)
        }
    }
}

fn is_punycode_label(label: &str) -> bool {
    label.len() > 4 && label.as_bytes()[..4].eq_ignore_ascii_case(b"xn--")
}

/// Whether `host` (a DNS name in Unicode or punycode; one trailing dot allowed) reads as a
/// homograph. A label that is not valid punycode is left to host validation.
pub fn homograph(host: &str) -> Option<Homograph> {
    let host = host.strip_suffix('.').unwrap_or(host);
    if host.is_ascii() && !host.split('.').any(is_punycode_label) {
        return None;
    }
    let top = host.rsplit('.').next().unwrap_or(host);
    let ascii_top = top.is_ascii() && !is_punycode_label(top);
    host.split('.').find_map(|label| {
        if is_punycode_label(label) {
            let (unicode, result) = idna::domain_to_unicode(label);
            result
                .ok()
                .and_then(|()| label_homograph(&unicode, ascii_top))
        } else {
            label_homograph(label, ascii_top)
        }
    })
}

/// Whether any label of `host` mixes scripts. `xn--` labels are decoded first, so both the
/// Unicode and the punycode spelling of a homograph are caught.
pub fn has_mixed_script_label(host: &str) -> bool {
    homograph(host) == Some(Homograph::MixedScript)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn punycode(host: &str) -> String {
        idna::domain_to_ascii(host).expect("valid IDN")
    }

    #[test]
    fn latin_mixed_with_cyrillic_or_greek_is_a_homograph() {
        for host in [
            "\u{430}pple.com",         // Cyrillic а
            "g\u{43e}\u{43e}gle.com",  // Cyrillic о
            "paypa\u{4cf}.com",        // Cyrillic palochka
            "unauth\u{3bf}rized.test", // Greek ο
            "micr\u{3bf}soft.com",
            "\u{3b1}\u{43e}.com", // Greek and Cyrillic, no Latin
        ] {
            assert_eq!(homograph(host), Some(Homograph::MixedScript), "{host}");
            let ascii = punycode(host);
            assert_eq!(homograph(&ascii), Some(Homograph::MixedScript), "{ascii}");
            assert!(has_mixed_script_label(&ascii));
        }
        // Armenian օ is confusable with o: Latin + Armenian passes only without such letters.
        assert_eq!(
            homograph("g\u{585}\u{585}gle.com"),
            Some(Homograph::MixedScript)
        );
    }

    #[test]
    fn single_script_and_restrictive_names_pass() {
        for host in [
            "api.openai.com",
            "bücher.de",
            "пример.рф",
            "яндекс.рф",
            "παράδειγμα.ελ",
            "東京abc.jp",
            "例え.jp",
            "ドメイン名例.jp",
            "한국abc.kr",
            "xn--bcher-kva.de",
            "xn--e1afmkfd.xn--p1ai",
            "中国.cn",
            "straße.de",
        ] {
            assert_eq!(homograph(host), None, "{host}");
            assert_eq!(homograph(&punycode(host)), None, "{host}");
        }
        // Not valid punycode: left to host validation.
        assert_eq!(homograph("xn--zz.com"), None);
    }

    #[test]
    fn whole_script_confusables_under_an_ascii_top_label() {
        // The 2017 example: every letter Cyrillic, reading `apple`.
        let fake = "\u{430}\u{440}\u{440}\u{4cf}\u{435}.com";
        assert_eq!(homograph(fake), Some(Homograph::WholeScriptConfusable));
        assert_eq!(
            homograph(&punycode(fake)),
            Some(Homograph::WholeScriptConfusable)
        );
        assert!(!has_mixed_script_label(fake));
        // Under the script's own top label the registry decides.
        assert_eq!(homograph("\u{430}\u{440}\u{440}\u{4cf}\u{435}.рф"), None);
        // A Cyrillic word that does not read as Latin passes under .com too.
        assert_eq!(homograph("пример.com"), None);
    }
}
