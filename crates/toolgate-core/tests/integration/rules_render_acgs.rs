//! Differential test of `render_tool_call` against the real claude-agent-acgs 0.1.0
//! `format_tool_call`: `tests/fixtures/acgs_render.jsonl` was written by
//! `scripts/acgs-render-fixtures.py` running that package (hand-written cases, nesting at the
//! depth limit, and 1,500 seeded random inputs with unicode, identifiers and numbers of every
//! form). Every case must agree byte for byte; the only inputs toolgate refuses are numbers
//! outside the `f64` range, which Python turns into `Infinity` and toolgate denies.

use serde_json::Value;
use toolgate_core::rules::{parse_tool_input, render_tool_call};

#[test]
fn renderings_match_claude_agent_acgs_byte_for_byte() {
    let text = include_str!("../fixtures/acgs_render.jsonl");
    let (mut total, mut agree, mut refused) = (0, 0, 0);
    let mut disagreements = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let case: Value = serde_json::from_str(line).unwrap();
        let tool = case["tool"].as_str().unwrap();
        let input = case["input"].as_str().unwrap();
        total += 1;
        let value = match parse_tool_input(input) {
            Ok(v) => v,
            Err(_) => {
                let expected = case["expected"].as_str().unwrap_or("");
                if expected.contains("Infinity") || expected.contains("NaN") {
                    refused += 1;
                } else {
                    disagreements.push(format!("line {}: refused input {input}", n + 1));
                }
                continue;
            }
        };
        let ours = render_tool_call(tool, &value);
        let ok = match (&ours, case.get("expected"), case.get("error")) {
            (Ok(text), Some(Value::String(expected)), _) => text == expected,
            (Err(_), None, Some(_)) => true,
            _ => false,
        };
        if ok {
            agree += 1;
        } else {
            disagreements.push(format!(
                "line {}: tool {tool:?} input {input}\n  acgs: {:?}\n  ours: {:?}",
                n + 1,
                case.get("expected").or(case.get("error")),
                ours
            ));
        }
    }
    println!(
        "acgs rendering: {agree}/{total} agree byte for byte ({:.2}%), {refused} refused \
         (numbers outside f64: Python renders Infinity, toolgate denies the call)",
        100.0 * f64::from(agree) / f64::from(total)
    );
    for d in &disagreements {
        println!("disagreement: {d}");
    }
    assert!(total > 1500, "{total}");
    assert!(
        disagreements.is_empty(),
        "{} disagreements",
        disagreements.len()
    );
}
