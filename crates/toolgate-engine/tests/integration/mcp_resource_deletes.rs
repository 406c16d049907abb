//! MCP tools that destroy a whole store of data or a hosted resource by name get the pack
//! rule their shell command gets, through the same `commands.packs` and `disable` settings.

use std::sync::Arc;

use serde_json::json;
use toolgate_core::Verdict;
use toolgate_engine::Guard;
use toolgate_policy::{Format, Policy, PolicySource, load_str};

#[test]
fn mcp_tools_destroying_resources_meet_the_packs() {
    let g = Guard::new(Arc::new(Policy::builtin()));
    for (tool, input, rule, verdict) in [
        (
            "mcp__github__delete_repository",
            json!({"owner": "o", "repo": "r"}),
            "TG-HOSTING-REPO-DELETE",
            Verdict::Review,
        ),
        (
            "mcp__mongodb__drop-database",
            json!({"database": "prod"}),
            "TG-DB-DROP",
            Verdict::Deny,
        ),
        (
            "mcp__neon__delete_project",
            json!({"projectId": "p"}),
            "TG-CLOUD-PLATFORM-DELETE",
            Verdict::Deny,
        ),
        (
            "mcp__mongodb__delete-many",
            json!({"database": "d", "collection": "users", "filter": {}}),
            "TG-DB-MONGO-DROP",
            Verdict::Deny,
        ),
    ] {
        let d = g.check_tool_call(tool, &input);
        assert_eq!(d.decision, verdict, "{tool}: {}", d.reason);
        assert!(
            d.rule_ids.iter().any(|r| r == rule),
            "{tool}: {:?}",
            d.rule_ids
        );
        assert!(!d.reason.contains("prod"), "{}", d.reason);
    }
    for (tool, input) in [
        (
            "mcp__github__delete_file",
            json!({"owner": "o", "repo": "r", "path": "README.md"}),
        ),
        ("mcp__github__delete_branch", json!({"branch": "feature"})),
        (
            "mcp__mongodb__delete-many",
            json!({"collection": "users", "filter": {"stale": true}}),
        ),
        ("mcp__github__create_repository", json!({"name": "r"})),
        (
            "mcp__toolgate__explain_command",
            json!({"command": "drop database"}),
        ),
    ] {
        let d = g.check_tool_call(tool, &input);
        assert!(d.decision < Verdict::Review, "{tool}: {}", d.reason);
    }
}

#[test]
fn the_pack_settings_apply() {
    let guard = |yaml: &str| {
        let p = load_str(yaml, Format::Yaml, PolicySource::Builtin);
        assert!(p.is_usable(), "{}", p.render_diagnostics());
        Guard::new(Arc::new(p))
    };
    let call = json!({"database": "prod"});
    let off = guard("commands:\n  packs:\n    databases: off\n");
    assert!(off.check_tool_call("mcp__m__drop_database", &call).decision < Verdict::Review);
    let disabled = guard("commands:\n  disable: [TG-DB-DROP]\n");
    assert!(
        disabled
            .check_tool_call("mcp__m__drop_database", &call)
            .decision
            < Verdict::Review
    );
    let review = guard("commands:\n  packs:\n    databases: review\n");
    assert_eq!(
        review
            .check_tool_call("mcp__m__drop_database", &call)
            .decision,
        Verdict::Review
    );
}
