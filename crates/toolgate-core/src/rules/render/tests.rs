//! Rendering, byte for byte as claude-agent-acgs, and its shortcuts against the general forms.

use super::*;
use serde_json::json;

#[test]
fn collapsing_ascii_answers_as_python_split_and_join() {
    // Every string of up to six characters over a letter and the kinds of space.
    let alphabet = ['a', ' ', '\t', '\n', '\u{1c}'];
    let mut words = vec![String::new()];
    for _ in 0..6 {
        let mut longer = Vec::new();
        for w in &words {
            for c in alphabet {
                let mut next = w.clone();
                next.push(c);
                let python: Vec<&str> = next
                    .split(is_python_space)
                    .filter(|w| !w.is_empty())
                    .collect();
                assert_eq!(collapse_whitespace(&next), python.join(" "), "{next:?}");
                longer.push(next);
            }
        }
        words = longer;
    }
}

#[test]
fn the_ascii_humanizer_answers_as_the_general_one() {
    // Every string of up to four characters over letters of both cases, a digit, each
    // separator and the ASCII spaces Python splits at.
    let alphabet: Vec<char> = "aZb9_-./:[] \t\u{b}\u{1c}\u{1f}".chars().collect();
    let mut words = vec![String::new()];
    let mut checked = 0;
    for _ in 0..4 {
        let mut longer = Vec::new();
        for w in &words {
            for c in &alphabet {
                let mut next = w.clone();
                next.push(*c);
                assert_eq!(humanize_ascii(next.as_bytes()), humanize(&next), "{next:?}");
                checked += 1;
                longer.push(next);
            }
        }
        words = longer;
    }
    assert!(checked > 60_000);
    for id in [
        "file_path",
        "oldString",
        "HTTPServer",
        "mcp__fs__write_file",
        "a1B2c3",
        "x--y",
    ] {
        assert_eq!(humanize_ascii(id.as_bytes()), humanize(id), "{id}");
    }
}

#[test]
fn identifiers_that_humanize_to_their_own_lower_case_are_not_kept() {
    for id in [
        "Bash",
        "command",
        "file_path",
        "oldString",
        "x2Y",
        "HTTP",
        "a1",
        "run-job",
    ] {
        let mut fast = Vec::new();
        consider_identifier(id, &mut fast);
        let human = humanize(id);
        let slow = !(human.is_empty() || human == id.to_lowercase());
        assert_eq!(!fast.is_empty(), slow, "{id}");
    }
}

#[test]
fn floats_render_like_python_repr() {
    for (f, want) in [
        (1e100, "1e+100"),
        (1.0, "1.0"),
        (0.5, "0.5"),
        (1e16, "1e+16"),
        (1e15, "1000000000000000.0"),
        (0.0001, "0.0001"),
        (0.00001, "1e-05"),
        (-2.5e-7, "-2.5e-07"),
        (123.456, "123.456"),
        (-0.0, "-0.0"),
        (1.7976931348623157e308, "1.7976931348623157e+308"),
    ] {
        assert_eq!(python_float_repr(f), want, "{f}");
    }
}

#[test]
fn identifier_regex_is_followed() {
    for yes in [
        "dryRun",
        "skip_audit",
        "skip-audit",
        "SkipAudit",
        "a_b_c",
        "aB1",
    ] {
        assert!(is_identifier_value(yes), "{yes}");
    }
    for no in [
        "skip",
        "SKIP",
        "skip audit",
        "_x",
        "a__b",
        "a_",
        "ABC",
        "aBC",
        "1a_b",
    ] {
        assert!(!is_identifier_value(no), "{no}");
    }
}

/// Buffers left by an earlier rendering (longer, shorter, with more or fewer fields, or a
/// failed one) give what fresh ones give.
#[test]
fn reused_buffers_render_as_fresh_ones() {
    let deep = (0..40).fold(json!(1), |v, _| json!([v]));
    let calls = [
        ("Bash", json!({"command": "ls -la", "description": "List"})),
        (
            "Write",
            json!({"file_path": "/x/.env", "content": "A=1\n".repeat(300)}),
        ),
        (
            "mcp__deploy__run_job",
            json!({"job": "billing", "dryRun": false}),
        ),
        ("T", json!({})),
        ("T", json!([1, {"a": [], "b": {}}, null])),
        ("T", deep),
        ("Bash", json!({"command": "rm -rf build/"})),
    ];
    let mut buffers = Buffers::default();
    for _round in 0..2 {
        for (tool, input) in &calls {
            let fresh = render_tool_call_fields(tool, input);
            let reused = render_into(tool, input, &mut buffers).map(|len| RenderedCall {
                text: buffers.text.clone(),
                fields: Fields::new(buffers.fields.clone(), len),
            });
            assert_eq!(reused, fresh, "{tool} {input}");
        }
    }
}

#[test]
fn the_d028_example_renders_exactly() {
    let text = render_tool_call(
        "mcp__deploy__run_job",
        &json!({"job": "billing", "dryRun": false, "command": "rm -rf /srv/data"}),
    )
    .unwrap();
    assert_eq!(
        text,
        "tool: mcp__deploy__run_job\narguments:\ncommand: rm -rf /srv/data\ndryRun: false\njob: billing\nnormalized: mcp deploy run job | dry run"
    );
}

#[test]
fn fields_are_the_lines_and_the_normalized_items() {
    let call = render_tool_call_fields(
        "mcp__deploy__run_job",
        &json!({"job": "billing", "dryRun": false, "command": "rm -rf /srv/data"}),
    )
    .unwrap();
    let fields: Vec<&str> = call
        .fields
        .content()
        .iter()
        .map(|r| &call.text[r.clone()])
        .collect();
    assert_eq!(
        fields,
        vec![
            "tool: mcp__deploy__run_job",
            "arguments:",
            "command: rm -rf /srv/data",
            "dryRun: false",
            "job: billing",
            "normalized: mcp deploy run job",
            "dry run",
        ]
    );
    let empty = render_tool_call_fields("T", &json!({})).unwrap();
    assert_eq!(empty.text, "tool: T\narguments:\n(none)");
    assert_eq!(empty.fields.len(), 3);
}

#[test]
fn python_whitespace_includes_separators() {
    assert_eq!(collapse_whitespace("\u{1c}a\u{3000}\u{2028}b\t"), "a b");
    assert_eq!(collapse_whitespace("a\u{200b}b"), "a\u{200b}b");
    for text in [
        "",
        " ",
        "a",
        " a  b\t\nc\x0b\x0cd\re\x1cf\x1d\x1e\x1fg ",
        "x\x1by",
        "\x00 \x7f",
    ] {
        let by_chars: Vec<&str> = text
            .split(is_python_space)
            .filter(|w| !w.is_empty())
            .collect();
        // Appended after text already there, as values are rendered in place.
        let mut out = String::from("path: ");
        collapse_ascii_whitespace_into(text, &mut out);
        assert_eq!(out, format!("path: {}", by_chars.join(" ")), "{text:?}");
    }
}
