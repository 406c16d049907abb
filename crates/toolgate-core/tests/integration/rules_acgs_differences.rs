//! One test for each deliberate difference from acgs-lite (reference: acgs.md §6–§7).

use serde_json::json;
use toolgate_core::rules::{Constitution, Rule, RuleSet};
use toolgate_core::{Severity, Verdict, WorkflowAction};

fn rule(id: &str, keywords: &[&str], patterns: &[&str]) -> Rule {
    let mut r = Rule::new(id, format!("rule {id}"), Severity::High);
    r.keywords = keywords.iter().map(|s| s.to_string()).collect();
    r.patterns = patterns.iter().map(|s| s.to_string()).collect();
    r
}

fn set(rules: Vec<Rule>) -> RuleSet {
    RuleSet::new(rules).expect("valid rules")
}

#[test]
fn no_keyword_masking_every_match_counts() {
    // K049: acgs fires only B for `rm -rf /`.
    let s = set(vec![rule("A", &["rm"], &[]), rule("B", &["rm -rf"], &[])]);
    let e = s.evaluate_tool_call("Bash", &json!({"command": "rm -rf /"}));
    assert_eq!(e.verdict, Verdict::Deny);
    assert_eq!(e.rule_ids, vec!["A", "B"]);
}

#[test]
fn no_anchor_gating_patterns_are_always_tested() {
    // K053, K056, K062: acgs never tests these patterns unless their anchor is in the text.
    let s = set(vec![
        rule("ALT", &[], &["(cat|dog)food"]),
        rule("OPT", &[], &["colou?r"]),
        rule("DOT", &[], &[r"\bfoo.bar\b"]),
    ]);
    for (text, id) in [("dogfood", "ALT"), ("color", "OPT"), ("foo bar", "DOT")] {
        let e = s.evaluate_text(text);
        assert_eq!(e.rule_ids, vec![id], "{text}");
    }
}

#[test]
fn a_pattern_only_rule_set_still_matches() {
    // K046: with no keyword anywhere, acgs tests no pattern at all.
    let s = set(vec![rule("P", &[], &[r"rm\s+-rf"])]);
    let e = s.evaluate_tool_call("Bash", &json!({"command": "rm -rf /"}));
    assert_eq!(e.verdict, Verdict::Deny);
}

#[test]
fn no_positive_verb_gate() {
    // K083: on acgs's runtime path a tool named `run` slips past keywords.
    let mut dated = rule("D", &["rm -rf"], &[]);
    dated.valid_from = toolgate_core::rules::RuleTime::parse("2000-01-01");
    let s = set(vec![dated]);
    let e = s.evaluate_tool_call("run", &json!({"command": "rm -rf /"}));
    assert_eq!(e.verdict, Verdict::Deny);
    assert_eq!(e.rule_ids, vec!["D"]);
}

#[test]
fn no_match_spans_two_fields() {
    // acgs matches over the whole rendered text, so a match could start in one field and end
    // in the next: the same Write was denied or allowed depending on its `file_path`. Here a
    // keyword or pattern counts only inside one `path: value` line (or one `normalized:` item).
    let s = set(vec![
        rule("P", &[], &[r"alpha\s+beta"]),
        rule("K", &["alpha\nbeta"], &[]),
    ]);
    let apart = json!({"a": "alpha", "beta": 1});
    assert_eq!(
        s.evaluate_tool_call("T", &apart).verdict,
        Verdict::NoDecision
    );
    let together = json!({"a": "alpha beta"});
    assert_eq!(s.evaluate_tool_call("T", &together).rule_ids, vec!["P"]);
    let acgs_text = toolgate_core::rules::render_tool_call("T", &apart).unwrap();
    assert_eq!(s.evaluate_text(&acgs_text).rule_ids, vec!["K", "P"]);
}

#[test]
fn unicode_evasions_are_caught() {
    // G001–G011, G019, G028.
    let s = Constitution::acgs_default().rule_set().unwrap();
    for content in [
        "\u{440}\u{430}ssword", // G009: Cyrillic р and а (UTS #39 skeletons)
        "pass\u{200b}word",
        "pass\u{200c}word",
        "pass\u{200d}word",
        "pass\u{2060}word",
        "pass\u{ad}word",
        "pass\u{feff}word",
        "ｐａｓｓｗｏｒｄ",
        "pa\u{301}ssword",
    ] {
        let e = s.evaluate_tool_call("Write", &json!({"file_path": "a", "content": content}));
        assert_eq!(e.rule_ids, vec!["ACGS-006"], "{content:?}");
    }
    let e = s.evaluate_tool_call("Bash", &json!({"command": "SKİP AUDIT"}));
    assert_eq!(e.verdict, Verdict::Review);
    // G010: Greek ο inside a Latin keyword.
    let e = s.evaluate_tool_call("Bash", &json!({"command": "echo unauth\u{3bf}rized"}));
    assert_eq!(e.rule_ids, vec!["ACGS-003"]);
    let key = format!("ｓｋ-{}", "a".repeat(24));
    let e = s.evaluate_tool_call("Write", &json!({"file_path": "a", "content": key}));
    assert_eq!(e.rule_ids, vec!["ACGS-006"]);
}

#[test]
fn field_names_alone_do_not_deny_under_toolgate() {
    // C039–C041, I007, J005, C020, B023: acgs-default denies all of these.
    let s = Constitution::toolgate().rule_set().unwrap();
    let calls = [
        ("mcp__vault__store", json!({"password": null})),
        (
            "mcp__vault__store",
            json!({"secretKey": "", "privateKey": "", "api_key": null}),
        ),
        (
            "Write",
            json!({"file_path": "a.py", "content": "def reset_password(user):\n    pass"}),
        ),
        ("Bash", json!({"command": "echo $OPENAI_API_KEY"})),
        ("Glob", json!({"pattern": "**/*password*"})),
    ];
    let acgs = Constitution::acgs_default().rule_set().unwrap();
    for (tool, input) in &calls {
        assert_eq!(
            s.evaluate_tool_call(tool, input).verdict,
            Verdict::NoDecision,
            "{input}"
        );
        assert_eq!(
            acgs.evaluate_tool_call(tool, input).verdict,
            Verdict::Deny,
            "{input}"
        );
    }
}

#[test]
fn acgs_everyday_false_positives_pass_under_toolgate() {
    let s = Constitution::toolgate().rule_set().unwrap();
    let calls = [
        (
            "Write",
            json!({"file_path": "a", "content": format!("task-{}", "a".repeat(20))}),
        ),
        (
            "WebFetch",
            json!({"url": "https://x.test", "prompt": "HTTP/1.1 401 Unauthorized"}),
        ),
        ("Bash", json!({"command": "npm install --no-audit"})),
        ("Bash", json!({"command": "terraform apply -auto-approve"})),
        (
            "Write",
            json!({"file_path": "a", "content": "call 555-12-3456"}),
        ),
    ];
    for (tool, input) in &calls {
        let e = s.evaluate_tool_call(tool, input);
        assert_eq!(e.verdict, Verdict::NoDecision, "{input}: {:?}", e.rule_ids);
    }
}

#[test]
fn a_blocking_rule_is_never_downgraded_by_review() {
    // K043.
    let mut review = rule("MIX-REVIEW", &["deploy"], &[]);
    review.workflow_action = WorkflowAction::RequireHumanReview;
    let block = rule("MIX-BLOCK", &["prod"], &[]);
    let s = set(vec![block, review]);
    let e = s.evaluate_text("deploy prod");
    assert_eq!(e.verdict, Verdict::Deny);
    assert_eq!(e.rule_ids, vec!["MIX-REVIEW", "MIX-BLOCK"]);
    assert_eq!(
        e.reason,
        "Blocked by rule MIX-BLOCK (rule MIX-BLOCK). Review rules that also matched: rule MIX-REVIEW (rule MIX-REVIEW)."
    );
}

#[test]
fn halt_and_warn_follow_acgs() {
    let mut halt = rule("H", &["halt"], &[]);
    halt.workflow_action = WorkflowAction::HaltAndAlert;
    let mut warn = rule("W", &["note"], &[]);
    warn.workflow_action = WorkflowAction::Warn;
    let s = set(vec![halt, warn]);
    let e = s.evaluate_text("note halt");
    assert_eq!(
        (e.verdict, e.rule_ids.clone()),
        (Verdict::Deny, vec!["H".to_string()])
    );
    assert!(e.warning_ids.is_empty());
    let e = s.evaluate_text("note only");
    assert_eq!(e.verdict, Verdict::NoDecision);
    assert_eq!(e.warning_ids, vec!["W"]);
}

#[test]
fn reasons_never_repeat_input_values() {
    let s = Constitution::toolgate().rule_set().unwrap();
    let secret = "ghp_1a2B3c4D5e6F7g8H9i0JkLmNoPqRsTuVwXyZ";
    let e = s.evaluate_tool_call("Bash", &json!({"command": format!("echo {secret}")}));
    assert_eq!(e.verdict, Verdict::Deny);
    let out = serde_json::to_string(&e).unwrap();
    assert!(!out.contains(secret) && !out.contains("echo"), "{out}");
}

#[test]
fn conditions_deprecation_and_dates() {
    let mut env = rule("ENV", &["x"], &[]);
    env.condition = serde_json::from_value(json!({"env": "production"})).unwrap();
    let mut missing = rule("MISSING", &["x"], &[]);
    missing.condition = serde_json::from_value(
        json!({"env": {"op": "equals", "value": "prod", "missing": "match"}}),
    )
    .unwrap();
    let mut not_eq = rule("NOTEQ", &["x"], &[]);
    not_eq.condition =
        serde_json::from_value(json!({"env": {"op": "not_equals", "value": "dev"}})).unwrap();
    let mut dep = rule("DEP", &["x"], &[]);
    dep.deprecated = true;
    let mut expired = rule("OLD", &["x"], &[]);
    expired.valid_until = toolgate_core::rules::RuleTime::parse("2001-01-01");
    let mut future = rule("NEW", &["x"], &[]);
    future.valid_from = toolgate_core::rules::RuleTime::parse("2999-01-01");
    let mut off = rule("OFF", &["x"], &[]);
    off.enabled = false;
    let s = set(vec![env, missing, not_eq, dep, expired, future, off]);
    assert_eq!(s.evaluate_text("x").rule_ids, vec!["MISSING", "NOTEQ"]);
}

#[test]
fn validation_matches_acgs() {
    let mut too_many = rule("K", &[], &[]);
    too_many.keywords = (0..51).map(|i| format!("kw{i}")).collect();
    let bad_dep = {
        let mut r = rule("D", &["a"], &[]);
        r.depends_on = vec!["NOPE".into()];
        r
    };
    let err = RuleSet::new(vec![
        rule("", &["a"], &[]),
        rule("DUP", &["a"], &[]),
        rule("DUP", &["b"], &[]),
        too_many,
        bad_dep,
        rule("RE", &[], &["a(?=b)"]),
    ])
    .unwrap_err();
    let fields: Vec<(usize, &str)> = err
        .problems
        .iter()
        .map(|p| (p.rule_index, p.field))
        .collect();
    assert_eq!(
        fields,
        vec![
            (0, "id"),
            (2, "id"),
            (3, "keywords"),
            (4, "depends_on"),
            (5, "patterns")
        ]
    );
    assert!(err.problems[4].message.contains("look-ahead"));
}
