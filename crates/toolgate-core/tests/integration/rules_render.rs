//! Snapshot tests of `render_tool_call` (claude-agent-acgs's `format_tool_call`, byte for byte).

use serde_json::{Value, json};
use toolgate_core::rules::{RenderError, render_tool_call};

fn render(tool: &str, input: Value) -> String {
    render_tool_call(tool, &input).expect("renders")
}

#[test]
fn nested_objects_and_arrays() {
    insta::assert_snapshot!(render(
        "mcp__deploy__run_job",
        json!({"job": {"name": "billing", "steps": ["build", {"run": "make  test"}]}, "B": 1, "_x": true, "a": null})
    ));
}

#[test]
fn empty_input_and_empty_containers() {
    insta::assert_snapshot!("empty_object", render("Read", json!({})));
    insta::assert_snapshot!(
        "empty_leaves",
        render("Read", json!({"o": {}, "l": [], "s": ""}))
    );
}

#[test]
fn non_object_inputs() {
    insta::assert_snapshot!("string", render("Read", json!("README.md")));
    insta::assert_snapshot!("array", render("Read", json!([1, [], {}])));
    insta::assert_snapshot!("null", render("Read", json!(null)));
}

#[test]
fn unicode_whitespace_collapses_and_format_characters_stay() {
    insta::assert_snapshot!(render(
        "Write",
        json!({"content": "\tline one\u{a0}\u{3000}and\u{2028}two \u{1c}\n", "zw": "pass\u{200b}word", "ключ\nkey": "значение"})
    ));
}

#[test]
fn identifier_forms_are_normalized() {
    insta::assert_snapshot!(render(
        "mcp__ops__SkipAudit",
        json!({"dryRun": false, "skip_audit": "skip-audit", "secretKey": "selfValidate", "kebab-case": "x", "word": "plain"})
    ));
}

#[test]
fn numbers_render_like_python_json() {
    insta::assert_snapshot!(render(
        "Calc",
        json!({"big": 1e100, "float": 1.0, "small": 0.00001, "int": 12345678901234567_u64, "neg": -7, "f": 0.1})
    ));
}

fn nest(levels: usize) -> Value {
    let mut v = json!("leaf");
    for _ in 0..levels {
        v = json!({ "k": v });
    }
    v
}

#[test]
fn depth_limit_is_32_levels() {
    // The input object itself is one container; 32 nested containers with a scalar inside
    // render, 33 do not.
    assert!(render_tool_call("T", &nest(32)).is_ok());
    assert_eq!(render_tool_call("T", &nest(33)), Err(RenderError::TooDeep));
    insta::assert_snapshot!(
        "over_deep_error",
        render_tool_call("T", &nest(40)).unwrap_err().to_string()
    );
}
