//! The `constitution:` and `rules:` sections: built-in names, constitution files, inline rules,
//! and positioned errors with hints.

use serde_json::json;
use toolgate_core::Verdict;
use toolgate_policy::{Format, Level, Policy, PolicySource, load_path, load_str};

fn yaml(text: &str) -> Policy {
    load_str(text, Format::Yaml, PolicySource::Builtin)
}

fn codes(p: &Policy) -> Vec<(&'static str, u32, u32)> {
    p.diagnostics
        .errors()
        .map(|d| (d.code, d.position().line, d.position().column))
        .collect()
}

#[test]
fn default_is_the_toolgate_constitution() {
    let p = Policy::builtin();
    assert_eq!(p.rules.constitution_name, "toolgate");
    let e = p
        .rules
        .rules
        .evaluate_tool_call("mcp__vault__store", &json!({"password": null}));
    assert_eq!(e.verdict, Verdict::NoDecision);
}

#[test]
fn builtin_names_and_inline_rules() {
    let p = yaml(
        "constitution: acgs-default\nrules:\n  - id: NO-PROD-DB\n    text: No production database access\n    severity: critical\n    keywords: [\"prod-db\"]\n",
    );
    assert!(p.is_usable(), "{}", p.render_diagnostics());
    assert_eq!(p.rules.rules.len(), 7);
    assert_eq!(p.rules.inline_rules, 1);
    let e = p
        .rules
        .rules
        .evaluate_tool_call("Bash", &json!({"command": "psql prod-db"}));
    assert_eq!(e.rule_ids, vec!["NO-PROD-DB"]);
    let p = yaml("constitution: none\n");
    assert!(p.rules.rules.is_empty());
}

#[test]
fn inline_rule_errors_are_positioned() {
    let p = yaml(concat!(
        "rules:\n",
        "  - id: A\n",
        "    text: t\n",
        "    keywrds: [x]\n",
        "  - id: B\n",
        "    text: t\n",
        "    patterns: ['a(?<=b)']\n",
        "    deprecated: 'false'\n",
        "    valid_until: someday\n",
        "    severity: info\n",
        "    workflow_action: deny\n",
        "  - id: C\n",
        "    text: t\n",
        "    keywords: [c]\n",
        "    depends_on: [NOPE]\n",
        "  - id: C\n",
        "    text: t\n",
    ));
    assert!(!p.is_usable());
    let c = codes(&p);
    assert!(c.contains(&("unknown-key", 4, 5)), "{c:?}");
    assert!(c.contains(&("wrong-type", 8, 17)), "{c:?}");
    assert!(c.contains(&("invalid-value", 9, 18)), "{c:?}");
    assert!(c.contains(&("invalid-value", 10, 15)), "{c:?}");
    assert!(c.contains(&("invalid-value", 11, 22)), "{c:?}");
    let hint = p
        .diagnostics
        .errors()
        .find(|d| d.code == "unknown-key")
        .unwrap()
        .hint
        .clone();
    assert_eq!(hint.as_deref(), Some("did you mean `keywords`?"));
    let dep = p
        .diagnostics
        .errors()
        .find(|d| d.code == "wrong-type")
        .unwrap();
    assert!(dep.hint.as_deref().unwrap().contains("without quotes"));
}

#[test]
fn compile_time_problems_point_at_their_item() {
    let p = yaml(concat!(
        "rules:\n",
        "  - id: C\n",
        "    text: t\n",
        "    keywords: [c]\n",
        "    patterns: ['ok', 'a(?=b)']\n",
        "    depends_on: [NOPE]\n",
        "  - id: C\n",
        "    text: t\n",
    ));
    let c = codes(&p);
    assert!(c.contains(&("invalid-pattern", 5, 22)), "{c:?}");
    assert!(c.contains(&("unknown-dependency", 6, 18)), "{c:?}");
    assert!(c.contains(&("invalid-rule-id", 7, 9)), "{c:?}");
    let pat = p
        .diagnostics
        .errors()
        .find(|d| d.code == "invalid-pattern")
        .unwrap();
    assert!(pat.message.contains("look-ahead"), "{}", pat.message);
}

#[test]
fn constitution_file_is_read_with_acgs_schema() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("ops.yaml"),
        concat!(
            "name: ops\n",
            "version: 2.1\n",
            "owner: platform\n",
            "rules:\n",
            "  - id: PUSH-REVIEW\n",
            "    text: Pushes need human approval\n",
            "    keywords: [\"git push\"]\n",
            "    workflow_action: require_human_review\n",
            "    future_field: 1\n",
            "  - id: LOW-BLOCK\n",
            "    text: t\n",
            "    severity: '  LOW '\n",
            "    workflow_action: null\n",
            "    keywords: [lowblock]\n",
        ),
    )
    .unwrap();
    std::fs::write(dir.path().join("policy.yaml"), "constitution: ops.yaml\n").unwrap();
    let p = load_path(&dir.path().join("policy.yaml"));
    assert!(p.is_usable(), "{}", p.render_diagnostics());
    assert_eq!(p.rules.constitution_name, "ops");
    let warnings: Vec<_> = p.diagnostics.warnings().collect();
    assert_eq!(warnings.len(), 2);
    assert!(
        warnings
            .iter()
            .all(|w| w.level == Level::Warning && w.file.is_some())
    );
    let e = p.rules.rules.evaluate_text("git push origin");
    assert_eq!(e.verdict, Verdict::Review);
    // `workflow_action: null` is block, whatever the severity (K045).
    assert_eq!(
        p.rules.rules.evaluate_text("lowblock").verdict,
        Verdict::Deny
    );
}

#[test]
fn constitution_file_errors_carry_the_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("bad.yaml"),
        "rules:\n  - id: X\n    text: t\n    patterns: ['(?!x)']\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("policy.yaml"), "constitution: bad.yaml\n").unwrap();
    let p = load_path(&dir.path().join("policy.yaml"));
    assert!(!p.is_usable());
    let d = p
        .diagnostics
        .errors()
        .find(|d| d.code == "invalid-pattern")
        .unwrap();
    assert!(d.file.as_ref().unwrap().ends_with("bad.yaml"));
    assert_eq!((d.position().line, d.position().column), (4, 16));
    let p = yaml("constitution: missing.yaml\n");
    assert!(!p.is_usable());
    let p = yaml("constitution: [toolgate]\n");
    assert_eq!(codes(&p)[0].0, "wrong-type");
}
