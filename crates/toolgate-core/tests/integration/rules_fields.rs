//! A keyword or pattern match never spans two fields of a rendered tool call (issue 11), and
//! the normalised view keeps the case that case-sensitive secret formats need (issue 13).

use serde_json::json;
use toolgate_core::Verdict;
use toolgate_core::rules::{
    Constitution, Rule, RuleSet, SECRET_FORMATS, render_tool_call, render_tool_call_fields,
};

fn toolgate() -> RuleSet {
    Constitution::toolgate().rule_set().unwrap()
}

fn write(set: &RuleSet, path: &str, content: &str) -> (Verdict, Vec<String>) {
    let e = set.evaluate_tool_call("Write", &json!({"file_path": path, "content": content}));
    (e.verdict, e.rule_ids)
}

/// Paths whose names are long runs of base64 characters, as build and cache directories are.
fn paths() -> Vec<String> {
    vec![
        "a.txt".into(),
        "notes/key-rotation.md".into(),
        format!("/home/dev/{}/id_rsa.txt", "A".repeat(48)),
        "/srv/QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9w/key.pem".into(),
        format!("cache/{}", "Zm9vYmFy".repeat(8)),
    ]
}

#[test]
fn the_same_content_gets_the_same_verdict_under_every_path() {
    let set = toolgate();
    // A private-key header with no key after it: nothing to deny, wherever it is written.
    for content in [
        "-----BEGIN RSA PRIVATE KEY----- (redacted)",
        "Paste it between -----BEGIN OPENSSH PRIVATE KEY----- and the END line.",
    ] {
        for path in paths() {
            assert_eq!(
                write(&set, &path, content),
                (Verdict::NoDecision, vec![]),
                "{path}: {content}"
            );
        }
    }
    // A real key is denied wherever it is written.
    let key = format!(
        "-----BEGIN OPENSSH PRIVATE KEY-----\n{}\n-----END OPENSSH PRIVATE KEY-----",
        "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAA"
    );
    for path in paths() {
        assert_eq!(
            write(&set, &path, &key),
            (Verdict::Deny, vec!["TG-SECRET-PRIVATE-KEY".to_string()]),
            "{path}"
        );
    }
}

#[test]
fn keywords_and_patterns_stay_inside_one_field() {
    let mut kw = Rule::new("KW", "keyword across lines", toolgate_core::Severity::High);
    kw.keywords = vec!["alpha\nbeta".into()];
    let mut re = Rule::new("RE", "pattern across lines", toolgate_core::Severity::High);
    re.patterns = vec![r"alpha\s+beta".into()];
    let mut item = Rule::new(
        "ITEM",
        "pattern across items",
        toolgate_core::Severity::High,
    );
    item.patterns = vec![r"run \| dry".into()];
    let set = RuleSet::new(vec![kw, re, item]).unwrap();
    // `a: alpha` ends one line and `beta: 1` starts the next: two fields.
    let apart = json!({"a": "alpha", "beta": 1});
    let text = render_tool_call("T", &apart).unwrap();
    assert!(text.contains("alpha\nbeta"), "{text}");
    assert_eq!(
        set.evaluate_tool_call("T", &apart).verdict,
        Verdict::NoDecision
    );
    // The same words inside one value match.
    let together = json!({"a": "alpha beta"});
    assert_eq!(set.evaluate_tool_call("T", &together).rule_ids, vec!["RE"]);
    // Items of the `normalized:` line are fields of their own.
    let items = json!({"job": "x", "dryRun": true});
    let call = render_tool_call_fields("mcp__deploy__run", &items).unwrap();
    assert!(
        call.text.ends_with("normalized: mcp deploy run | dry run"),
        "{}",
        call.text
    );
    assert_eq!(
        set.evaluate_tool_call("mcp__deploy__run", &items).verdict,
        Verdict::NoDecision
    );
    // Given as plain text (one field), the same texts still match.
    assert_eq!(set.evaluate_text(&text).rule_ids, vec!["KW", "RE"]);
    assert_eq!(set.evaluate_text(&call.text).rule_ids, vec!["ITEM"]);
}

#[test]
fn a_value_and_its_own_path_match_together() {
    // The AWS secret pattern reads `key: value`, and a path names its value.
    let set = toolgate();
    let secret = format!("{}{}", "biaJeUT7rrrRI3uy6dF1KM", "/n9+N8eeUBllIYcKPt");
    let e = set.evaluate_tool_call(
        "mcp__vault__store",
        &json!({"aws_secret_access_key": secret, "note": "rotate"}),
    );
    assert_eq!(e.rule_ids, vec!["TG-SECRET-AWS-SECRET"]);
}

/// Spells `key` with a zero-width space after every fourth character.
fn zero_width(key: &str) -> String {
    key.chars()
        .enumerate()
        .flat_map(|(i, c)| {
            let zw = (i % 4 == 3).then_some('\u{200b}');
            std::iter::once(c).chain(zw)
        })
        .collect()
}

/// Spells the ASCII letters and digits of `key` in full-width forms.
fn full_width(key: &str) -> String {
    key.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                char::from_u32(c as u32 - 0x21 + 0xFF01).unwrap()
            } else {
                c
            }
        })
        .collect()
}

/// Replaces Latin letters that have a Cyrillic or Greek twin by that twin.
fn confusable(key: &str) -> String {
    key.chars()
        .map(|c| match c {
            'A' => '\u{410}', // Cyrillic А
            'K' => '\u{39a}', // Greek Κ
            'I' => '\u{406}', // Cyrillic І
            'a' => '\u{430}',
            'e' => '\u{435}',
            'o' => '\u{3bf}', // Greek ο
            'p' => '\u{440}', // Cyrillic р
            'c' => '\u{441}',
            'x' => '\u{445}',
            '-' => '\u{2010}', // hyphen
            other => other,
        })
        .collect()
}

fn example(rule: &str) -> String {
    let f = SECRET_FORMATS
        .iter()
        .find(|f| f.rule == rule)
        .unwrap_or_else(|| panic!("no format for {rule}"));
    let (prefix, body) = f.examples[0];
    format!("{prefix}{body}")
}

#[test]
fn disguised_keys_are_still_caught_with_their_case() {
    let set = toolgate();
    for rule in [
        "TG-SECRET-AWS-KEY-ID",
        "TG-SECRET-ANTHROPIC",
        "TG-SECRET-OPENAI",
        "TG-SECRET-GITHUB",
        "TG-SECRET-GITLAB",
    ] {
        let key = example(rule);
        assert_eq!(write(&set, "a", &key).1, vec![rule.to_string()], "{rule}");
        for (how, spelled) in [
            ("zero-width", zero_width(&key)),
            ("full-width", full_width(&key)),
            ("confusable", confusable(&key)),
            ("all three", zero_width(&full_width(&confusable(&key)))),
        ] {
            assert_ne!(spelled, key, "{rule} {how}");
            let (verdict, ids) = write(&set, "a", &format!("export KEY={spelled}"));
            assert_eq!(verdict, Verdict::Deny, "{rule} {how}: {spelled}");
            assert_eq!(ids, vec![rule.to_string()], "{rule} {how}");
        }
    }
}

#[test]
fn case_sensitive_formats_keep_their_case_in_the_view() {
    let set = toolgate();
    // Upper-case AWS ids and the `AA` end of Anthropic keys are part of the format: a
    // lower-cased spelling is not a key, in plain ASCII or behind a zero-width space.
    for rule in ["TG-SECRET-AWS-KEY-ID", "TG-SECRET-ANTHROPIC"] {
        let key = example(rule);
        let lower = key.to_lowercase();
        assert_eq!(write(&set, "a", &lower).0, Verdict::NoDecision, "{rule}");
        assert_eq!(
            write(&set, "a", &zero_width(&lower)).0,
            Verdict::NoDecision,
            "{rule} behind zero-width spaces"
        );
        assert_eq!(
            write(&set, "a", &full_width(&lower)).0,
            Verdict::NoDecision,
            "{rule} in lower-case full-width letters"
        );
    }
}

#[test]
fn non_ascii_keywords_match_in_any_case() {
    let mut r = Rule::new("RU", "a Russian keyword", toolgate_core::Severity::High);
    r.keywords = vec!["Пароль".into()];
    let set = RuleSet::new(vec![r]).unwrap();
    for text in [
        "пароль",
        "ПАРОЛЬ",
        "мой Пароль",
        "па\u{200b}роль",
        "ＰＡＳＳ пароль",
    ] {
        assert_eq!(set.evaluate_text(text).rule_ids, vec!["RU"], "{text}");
    }
    for text in ["парол", "password", "пар оль"] {
        assert_eq!(
            set.evaluate_text(text).verdict,
            Verdict::NoDecision,
            "{text}"
        );
    }
}
