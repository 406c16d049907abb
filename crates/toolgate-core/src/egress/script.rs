//! Mixed-script detection for host labels (a small subset of UTS #39's "highly restrictive"
//! profile): a label may use one script, or Latin with Han, kana and Hangul.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Script {
    Latin,
    Greek,
    Cyrillic,
    Armenian,
    Hebrew,
    Arabic,
    Thai,
    Cjk,
    /// Any other script, told apart by its 128-code-point block.
    Other(u32),
}

fn script_of(c: char) -> Option<Script> {
    let u = c as u32;
    Some(match u {
        _ if c.is_ascii() && !c.is_ascii_alphabetic() => return None,
        _ if c.is_ascii_alphabetic() => Script::Latin,
        0x00C0..=0x024F | 0x1E00..=0x1EFF => Script::Latin,
        0x0370..=0x03FF | 0x1F00..=0x1FFF => Script::Greek,
        0x0400..=0x052F | 0x2DE0..=0x2DFF | 0xA640..=0xA69F => Script::Cyrillic,
        0x0530..=0x058F => Script::Armenian,
        0x0590..=0x05FF => Script::Hebrew,
        0x0600..=0x06FF | 0x0750..=0x077F => Script::Arabic,
        0x0E00..=0x0E7F => Script::Thai,
        0x1100..=0x11FF | 0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF => {
            Script::Cjk
        }
        // Combining marks take the script of what they follow.
        0x0300..=0x036F => return None,
        _ => Script::Other(u >> 7),
    })
}

fn label_is_mixed(label: &str) -> bool {
    let mut seen: Vec<Script> = Vec::new();
    for s in label.chars().filter_map(script_of) {
        if !seen.contains(&s) {
            seen.push(s);
        }
    }
    match seen.as_slice() {
        [] | [_] => false,
        _ => !seen
            .iter()
            .all(|s| matches!(s, Script::Latin | Script::Cjk)),
    }
}

/// Whether any label of `host` mixes scripts. `xn--` labels are decoded first, so both the
/// Unicode and the punycode spelling of a homograph are caught.
pub fn has_mixed_script_label(host: &str) -> bool {
    host.split('.').any(|label| {
        if label.len() > 4 && label.as_bytes()[..4].eq_ignore_ascii_case(b"xn--") {
            let (unicode, result) = idna::domain_to_unicode(label);
            result.is_ok() && label_is_mixed(&unicode)
        } else {
            label_is_mixed(label)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn homographs_are_mixed() {
        assert!(has_mixed_script_label("\u{0430}pple.com")); // Cyrillic a + Latin
        assert!(has_mixed_script_label("xn--pple-43d.com"));
        assert!(has_mixed_script_label("g\u{043e}\u{043e}gle.com"));
        assert!(!has_mixed_script_label("bücher.de"));
        assert!(!has_mixed_script_label("яндекс.рф"));
        assert!(!has_mixed_script_label("api.openai.com"));
        assert!(!has_mixed_script_label("東京abc.jp"));
    }
}
