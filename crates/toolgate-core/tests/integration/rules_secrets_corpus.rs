//! Conformance of the `toolgate` constitution's secret rules with gitleaks' literal examples
//! and detect-secrets' test files. Run with `-- --nocapture` to see the rates and every
//! disagreement.

use serde_json::json;
use toolgate_core::Verdict;
use toolgate_core::rules::{Constitution, RuleSet};

/// gitleaks rule ids for the formats the `toolgate` constitution targets.
const TARGETED: &[&str] = &[
    "anthropic-api-key",
    "anthropic-admin-api-key",
    "aws-access-token",
    "gcp-api-key",
    "github-app-token",
    "github-fine-grained-pat",
    "github-oauth",
    "github-pat",
    "github-refresh-token",
    "jwt-base64",
    "private-key",
    "slack-bot-token",
    "slack-user-token",
    "slack-legacy-bot-token",
    "slack-legacy-token",
    "slack-legacy-workspace-token",
    "slack-config-access-token",
    "slack-config-refresh-token",
];

/// Why toolgate disagrees with gitleaks' label.
fn reason(id: &str, hit: bool) -> &'static str {
    match (id, hit) {
        ("gcp-api-key", true) => {
            "a well-formed AIza key; gitleaks allowlists these published keys by value"
        }
        ("anthropic-api-key" | "anthropic-admin-api-key", true) => {
            "one rule covers api and admin keys, so the other kind's example counts here"
        }
        (_, true) => "shape matches a real token",
        (_, false) => "shape not recognised",
    }
}

fn secret_rules() -> RuleSet {
    RuleSet::new(
        Constitution::toolgate()
            .rules
            .into_iter()
            .filter(|r| r.category == "secrets")
            .collect(),
    )
    .unwrap()
}

fn flagged(set: &RuleSet, text: &str) -> bool {
    set.evaluate_tool_call("Write", &json!({"file_path": "f", "content": text}))
        .verdict
        == Verdict::Deny
}

#[test]
fn gitleaks_examples() {
    let Some(path) = toolgate_corpora::corpus("gitleaks-rules/examples.jsonl") else {
        return;
    };
    let set = secret_rules();
    let text = std::fs::read_to_string(path).unwrap();
    let (mut tp, mut tp_hit, mut fp, mut fp_hit) = (0, 0, 0, 0);
    let (mut other_tp, mut other_tp_hit, mut other_fp, mut other_fp_hit) = (0, 0, 0, 0);
    let mut disagreements = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let id = v["rule_id"].as_str().unwrap();
        let kind = v["kind"].as_str().unwrap();
        let hit = flagged(&set, v["text"].as_str().unwrap());
        let positive = kind == "true_positive";
        if TARGETED.contains(&id) {
            if positive {
                tp += 1;
                tp_hit += usize::from(hit);
            } else {
                fp += 1;
                fp_hit += usize::from(hit);
            }
            if hit != positive {
                disagreements.push(format!(
                    "{id} {kind}: {} ({})",
                    if hit { "flagged" } else { "missed" },
                    reason(id, hit)
                ));
            }
        } else if positive {
            other_tp += 1;
            other_tp_hit += usize::from(hit);
        } else {
            other_fp += 1;
            other_fp_hit += usize::from(hit);
        }
    }
    println!(
        "gitleaks, targeted formats: true positives flagged {tp_hit}/{tp}, false positives flagged {fp_hit}/{fp}"
    );
    println!(
        "gitleaks, other formats (not targeted): true positives flagged {other_tp_hit}/{other_tp}, false positives flagged {other_fp_hit}/{other_fp}"
    );
    for d in &disagreements {
        println!("  disagreement: {d}");
    }
    assert_eq!(tp_hit, tp, "every targeted true positive is flagged");
    assert!(
        fp_hit * 100 <= fp * 36,
        "targeted false-positive rate {fp_hit}/{fp} above 36%"
    );
    assert!(
        other_fp_hit * 100 <= other_fp * 5,
        "other false positives {other_fp_hit}/{other_fp}"
    );
}

#[test]
fn detect_secrets_test_data() {
    let Some(dir) = toolgate_corpora::corpus("detect-secrets-testdata/upstream/test_data") else {
        return;
    };
    let set = secret_rules();
    // Files holding a secret in a format the `toolgate` constitution targets, and clean controls.
    let should_flag = ["files/private_key", "config.yaml"];
    let clean = [
        "files/file_with_no_secrets.py",
        "only_comments.yaml",
        "word_list.txt",
    ];
    let mut all: Vec<String> = Vec::new();
    let mut stack = vec![dir.clone()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                all.push(p.strip_prefix(&dir).unwrap().to_string_lossy().into_owned());
            }
        }
    }
    all.sort();
    let mut flagged_files = Vec::new();
    for f in &all {
        let text = String::from_utf8_lossy(&std::fs::read(dir.join(f)).unwrap()).into_owned();
        if flagged(&set, &text) {
            flagged_files.push(f.clone());
        }
    }
    let tp = should_flag
        .iter()
        .filter(|f| flagged_files.iter().any(|g| g == *f))
        .count();
    let fp = clean
        .iter()
        .filter(|f| flagged_files.iter().any(|g| g == *f))
        .count();
    println!(
        "detect-secrets: targeted files flagged {tp}/{}, clean controls flagged {fp}/{}",
        should_flag.len(),
        clean.len()
    );
    println!("detect-secrets: all files flagged: {flagged_files:?}");
    println!(
        "  not flagged by design: each_secret.py (AWS's documented EXAMPLE keys are placeholders; gitleaks labels them false positives too); entropy- and keyword-only secrets in other files are not a targeted format"
    );
    assert_eq!(tp, should_flag.len());
    assert_eq!(fp, 0);
}
