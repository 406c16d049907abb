//! `validate` speaks toolgate's language: every error in one run, in toolgate's words, at the
//! line and column where the user must edit.

use toolgate_policy::{Diagnostic, Format, Policy, PolicySource, Position, load_str};

fn load(text: &str, format: Format) -> Policy {
    load_str(text, format, PolicySource::Builtin)
}

fn errors(p: &Policy) -> Vec<&Diagnostic> {
    p.diagnostics.errors().collect()
}

fn at(line: u32, column: u32) -> Position {
    Position { line, column }
}

#[test]
fn duplicate_keys_are_named_in_toolgates_words_with_both_places() {
    let text = "network:\n  allow: [a.com]\n  deny: [b.com]\n  allow: ['*']\n";
    let p = load(text, Format::Yaml);
    let e = errors(&p);
    assert_eq!(e.len(), 1, "{}", p.render_diagnostics());
    assert_eq!(e[0].code, "duplicate-key");
    assert_eq!(e[0].position(), at(4, 3));
    assert_eq!(
        e[0].message,
        "duplicate key `allow` in `network` (first written at line 2, column 3)"
    );
    let rendered = p.render_diagnostics();
    for library_words in ["DuplicateKeyPolicy", "Options", "duplicate mapping key"] {
        assert!(!rendered.contains(library_words), "{rendered}");
    }
    // The same in JSON, and at the top level.
    let p = load(
        "{\n  \"network\": {\"allow\": [\"a.com\"]},\n  \"network\": {}\n}\n",
        Format::Json,
    );
    let e = errors(&p);
    assert_eq!(e[0].code, "duplicate-key");
    assert_eq!(e[0].position(), at(3, 3));
    assert!(
        e[0].message.contains("at the top level"),
        "{}",
        e[0].message
    );
}

#[test]
fn every_duplicate_and_every_other_error_is_reported_in_one_run() {
    let text = "\
network:
  allow: [a.com]
  allow: ['*']
  methods: [GET, 'NOT A METHOD']
hook:
  on_review: sometimes
  on_review: ask
netwrok: {}
";
    let p = load(text, Format::Yaml);
    let found: Vec<(&str, Position)> = errors(&p).iter().map(|d| (d.code, d.position())).collect();
    assert_eq!(
        found,
        vec![
            ("duplicate-key", at(3, 3)),
            ("invalid-method", at(4, 18)),
            ("invalid-value", at(6, 14)),
            ("duplicate-key", at(7, 3)),
            ("unknown-key", at(8, 1)),
        ],
        "{}",
        p.render_diagnostics()
    );
    // Not last-wins, not first-wins: the policy is unusable.
    assert!(!p.is_usable());
    assert!(!p.network.egress.check_url("https://a.com/", None).allowed);
}

#[test]
fn an_unclosed_bracket_is_reported_where_it_opens_with_specific_help() {
    let text =
        "network:\n  allow: [\"a.com\", \"b.com\"\n  deny: [c.com]\nhook:\n  on_review: ask\n";
    let p = load(text, Format::Yaml);
    let e = errors(&p);
    assert_eq!(e.len(), 1, "{}", p.render_diagnostics());
    assert_eq!(e[0].code, "unclosed");
    assert_eq!(e[0].position(), at(2, 10), "{}", p.render_diagnostics());
    assert!(
        e[0].message
            .contains("`[` starts a list that is never closed"),
        "{}",
        e[0].message
    );
    assert!(
        e[0].hint.as_deref().unwrap().contains("closing `]`"),
        "{:?}",
        e[0].hint
    );
    // A mapping, a quote, and the other formats.
    let cases = [
        (
            "hook: {on_review: ask\nnetwork:\n  allow: [a.com]\n",
            Format::Yaml,
            at(1, 7),
            "`{`",
        ),
        (
            "network:\n  allow: [\"a.com]\n  deny: [b.com]\n",
            Format::Yaml,
            at(2, 11),
            "`\"`",
        ),
        (
            "{\"network\": {\"allow\": [\"a.com\"\n}}\n",
            Format::Json,
            at(1, 23),
            "`[`",
        ),
        (
            "[network]\nallow = [\"a.com\"\ndeny = [\"b.com\"]\n",
            Format::Toml,
            at(2, 9),
            "`[`",
        ),
    ];
    for (text, format, position, opener) in cases {
        let p = load(text, format);
        let e = errors(&p);
        assert_eq!(e.len(), 1, "{text}: {}", p.render_diagnostics());
        assert_eq!(e[0].code, "unclosed", "{text}: {}", p.render_diagnostics());
        assert_eq!(
            e[0].position(),
            position,
            "{text}: {}",
            p.render_diagnostics()
        );
        assert!(e[0].message.contains(opener), "{text}: {}", e[0].message);
    }
}

#[test]
fn brackets_inside_plain_words_and_comments_are_not_openers() {
    // A syntax error that has nothing to do with brackets keeps the parser's own position.
    let text = "rules:\n  - id: A\n    text: don't use a[0] # or {x\n    keywords: [a]\n   bad: indentation\n";
    let p = load(text, Format::Yaml);
    let e = errors(&p);
    assert_eq!(e.len(), 1, "{}", p.render_diagnostics());
    assert_eq!(e[0].code, "syntax", "{}", p.render_diagnostics());
    assert!(e[0].position().line >= 4, "{}", p.render_diagnostics());
}

#[test]
fn a_bad_regex_is_reported_with_the_rules_other_errors() {
    let text = "\
rules:
  - id: NO-PROD
    text: No production access
    severity: sometimes
    patterns: ['prod-(db', 'fine']
network:
  allow: [https://a.com/]
";
    let p = load(text, Format::Yaml);
    let found: Vec<(&str, Position)> = errors(&p).iter().map(|d| (d.code, d.position())).collect();
    assert_eq!(
        found,
        vec![
            ("invalid-value", at(4, 15)),
            ("invalid-pattern", at(5, 16)),
            ("invalid-pattern", at(7, 11)),
        ],
        "{}",
        p.render_diagnostics()
    );
    // A rule without an id still has its patterns checked.
    let p = load("rules:\n  - text: t\n    patterns: ['(']\n", Format::Yaml);
    let codes: Vec<&str> = errors(&p).iter().map(|d| d.code).collect();
    assert_eq!(
        codes,
        vec!["missing-key", "invalid-pattern"],
        "{}",
        p.render_diagnostics()
    );
}

/// Found by the `policy` fuzz target: an empty JSON document (serde_json reports its end at
/// column 0) and a JSON end of input after a newline must still name a column the user can
/// find (columns start at 1), and the policy must not be usable.
#[test]
fn json_syntax_errors_at_a_line_start_name_column_one() {
    for text in ["", "\n", "{\n", "{\"network\": {\n"] {
        let p = load(text, Format::Json);
        assert!(!p.is_usable(), "{text:?} loaded");
        let e = errors(&p);
        assert!(!e.is_empty(), "{text:?}: no error");
        for d in e {
            let position = d.position();
            assert!(position.column >= 1, "{text:?}: {} at column 0", d.code);
            assert!(position.line >= 1, "{text:?}: {} at line 0", d.code);
        }
    }
}
