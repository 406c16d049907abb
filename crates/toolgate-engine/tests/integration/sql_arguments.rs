//! SQL in MCP tool arguments is read by the `databases` pack rules.

use std::sync::Arc;

use serde_json::{Value, json};
use toolgate_core::Verdict;
use toolgate_engine::{Guard, ToolCallDecision};
use toolgate_policy::{Format, Policy, PolicySource, load_str};

fn check(guard: &Guard, tool: &str, input: Value) -> ToolCallDecision {
    guard.check_tool_call(tool, &input)
}

#[test]
fn destructive_sql_in_mcp_arguments_is_denied_with_the_rule() {
    let g = Guard::new(Arc::new(Policy::builtin()));
    for (tool, input, rule) in [
        (
            "mcp__db__execute_sql",
            json!({"sql": "DROP TABLE users"}),
            "TG-DB-DROP",
        ),
        (
            "mcp__postgres__query",
            json!({"query": "truncate orders"}),
            "TG-DB-TRUNCATE",
        ),
        (
            "mcp__sqlite__write_query",
            json!({"query": "DELETE FROM sessions"}),
            "TG-DB-UNSCOPED-WRITE",
        ),
        (
            "mcp__x__run",
            json!({"statement": "UPDATE t SET a = 1 WHERE 1 = 1"}),
            "TG-DB-UNSCOPED-WRITE",
        ),
    ] {
        let d = check(&g, tool, input);
        assert_eq!(d.decision, Verdict::Deny, "{tool}: {}", d.reason);
        assert!(
            d.rule_ids.iter().any(|r| r == rule),
            "{tool}: {:?}",
            d.rule_ids
        );
        assert!(
            !d.reason.contains("users") && !d.reason.contains("orders"),
            "{}",
            d.reason
        );
    }
}

#[test]
fn near_misses_pass() {
    let g = Guard::new(Arc::new(Policy::builtin()));
    for (tool, input) in [
        ("mcp__postgres__query", json!({"query": "SELECT 1"})),
        (
            "mcp__postgres__query",
            json!({"query": "DELETE FROM t WHERE id = 1"}),
        ),
        (
            "mcp__db__execute_sql",
            json!({"sql": "SELECT 'DROP TABLE x'"}),
        ),
        (
            "mcp__search__web_search",
            json!({"query": "drop table if exists syntax"}),
        ),
        ("WebSearch", json!({"query": "DELETE FROM without WHERE"})),
    ] {
        let d = check(&g, tool, input.clone());
        assert!(d.decision < Verdict::Review, "{tool} {input}: {}", d.reason);
    }
}

#[test]
fn the_databases_pack_setting_applies() {
    let load = |y: &str| {
        let p = load_str(y, Format::Yaml, PolicySource::Builtin);
        assert!(p.is_usable(), "{}", p.render_diagnostics());
        Guard::new(Arc::new(p))
    };
    let input = json!({"sql": "DROP DATABASE app"});
    let d = check(
        &load("commands:\n  packs:\n    databases: review\n"),
        "mcp__db__q",
        input.clone(),
    );
    assert_eq!(d.decision, Verdict::Review, "{}", d.reason);
    let d = check(
        &load("commands:\n  packs:\n    databases: off\n"),
        "mcp__db__q",
        input.clone(),
    );
    assert!(d.decision < Verdict::Review, "{}", d.reason);
    let d = check(
        &load("commands:\n  disable: [TG-DB-DROP]\n"),
        "mcp__db__q",
        input,
    );
    assert!(d.decision < Verdict::Review, "{}", d.reason);
}
