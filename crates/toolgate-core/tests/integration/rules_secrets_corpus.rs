//! Conformance of the `toolgate` constitution's secret rules with gitleaks' literal examples,
//! keys generated from the secret-format table, and detect-secrets' test files. Prints the
//! rates and every disagreement with its reason (`-- --nocapture` or `--show-output`).

use std::collections::BTreeMap;

use serde_json::json;
use toolgate_core::Verdict;
use toolgate_core::rules::{Constitution, RuleSet, SECRET_FORMATS};

/// gitleaks rule ids for the formats the `toolgate` constitution targets: those its secret
/// table names.
fn targeted(id: &str) -> bool {
    SECRET_FORMATS.iter().any(|f| f.gitleaks.contains(&id))
}

/// Why toolgate disagrees with gitleaks' label on one example (`hit`: toolgate flagged it).
fn reason(id: &str, hit: bool, text: &str) -> &'static str {
    match (id, hit) {
        ("gcp-api-key", true) => {
            "a well-formed AIza key; gitleaks allowlists these published keys by value"
        }
        ("anthropic-api-key" | "anthropic-admin-api-key", true) => {
            "one rule covers api and admin keys, so the other kind's example counts here"
        }
        ("vault-service-token", false) => {
            "legacy `s.` Vault tokens have no distinctive prefix (two characters); only `hvs.`/`hvb.` are targeted"
        }
        (_, false) if text.contains("EXAMPLE") => {
            "a documentation placeholder (`EXAMPLE`), which toolgate never counts"
        }
        (_, true) => "shape matches a real token; gitleaks' label rests on entropy or context",
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

fn flagged_by(set: &RuleSet, text: &str) -> Vec<String> {
    let e = set.evaluate_tool_call("Write", &json!({"file_path": "f", "content": text}));
    if e.verdict == Verdict::Deny {
        e.rule_ids
    } else {
        Vec::new()
    }
}

fn flagged(set: &RuleSet, text: &str) -> bool {
    !flagged_by(set, text).is_empty()
}

fn percent(n: usize, d: usize) -> String {
    if d == 0 {
        "n/a".into()
    } else {
        format!("{:.1}%", n as f64 * 100.0 / d as f64)
    }
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
    let mut disagreements: Vec<String> = Vec::new();
    let mut other_hits: Vec<String> = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let id = v["rule_id"].as_str().unwrap();
        let kind = v["kind"].as_str().unwrap();
        let sample = v["text"].as_str().unwrap();
        let hit = flagged(&set, sample);
        let positive = kind == "true_positive";
        if targeted(id) {
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
                    reason(id, hit, sample)
                ));
            }
        } else if positive {
            other_tp += 1;
            other_tp_hit += usize::from(hit);
            if hit {
                other_hits.push(format!(
                    "{id} true_positive: flagged by {:?}",
                    flagged_by(&set, sample)
                ));
            }
        } else {
            other_fp += 1;
            other_fp_hit += usize::from(hit);
            if hit {
                other_hits.push(format!(
                    "{id} false_positive: flagged by {:?} (shape matches a targeted format)",
                    flagged_by(&set, sample)
                ));
            }
        }
    }
    println!(
        "gitleaks, targeted formats: true positives flagged {tp_hit}/{tp} ({}), false positives flagged {fp_hit}/{fp} ({})",
        percent(tp_hit, tp),
        percent(fp_hit, fp)
    );
    println!(
        "gitleaks, other formats (not targeted): true positives flagged {other_tp_hit}/{other_tp}, false positives flagged {other_fp_hit}/{other_fp} ({})",
        percent(other_fp_hit, other_fp)
    );
    for d in &disagreements {
        println!("  disagreement: {d}");
    }
    for h in &other_hits {
        println!("  other format: {h}");
    }
    // Every targeted true positive is flagged unless it is a placeholder or a legacy form
    // named above.
    let explained_misses = disagreements
        .iter()
        .filter(|d| d.contains("missed") && !d.contains("shape not recognised"))
        .count();
    assert_eq!(
        tp_hit + explained_misses,
        tp,
        "unexplained misses: {disagreements:#?}"
    );
    assert!(
        fp_hit * 100 <= fp * 30,
        "targeted false-positive rate {fp_hit}/{fp} above 30%"
    );
    assert!(
        other_fp_hit * 100 <= other_fp * 2,
        "other false positives {other_fp_hit}/{other_fp}"
    );
}

#[test]
fn generated_keys_of_every_format() {
    // gitleaks generates its true positives at test time; these are ours, from the table.
    let set = secret_rules();
    let mut per_rule: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut misses = Vec::new();
    for f in SECRET_FORMATS {
        for (prefix, body) in f.examples {
            let key = format!("{prefix}{body}");
            let entry = per_rule.entry(f.rule).or_default();
            entry.0 += 1;
            // In a sentence, in quotes and as an assignment.
            let all = [
                format!("token {key} here"),
                format!("\"{key}\""),
                format!("KEY={key}\n"),
            ]
            .iter()
            .all(|text| flagged_by(&set, text).contains(&f.rule.to_string()));
            if all {
                entry.1 += 1;
            } else {
                misses.push(format!("{}: {}", f.rule, f.what));
            }
        }
    }
    let total: usize = per_rule.values().map(|(n, _)| n).sum();
    let hit: usize = per_rule.values().map(|(_, h)| h).sum();
    println!(
        "generated keys: {hit}/{total} flagged ({}) across {} rules",
        percent(hit, total),
        per_rule.len()
    );
    for (rule, (n, h)) in &per_rule {
        println!("  {rule}: {h}/{n}");
    }
    assert!(misses.is_empty(), "{misses:#?}");
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
        let ids = flagged_by(&set, &text);
        if !ids.is_empty() {
            flagged_files.push((f.clone(), ids));
        }
    }
    let is_flagged = |f: &str| flagged_files.iter().any(|(g, _)| g == f);
    let tp = should_flag.iter().filter(|f| is_flagged(f)).count();
    let fp = clean.iter().filter(|f| is_flagged(f)).count();
    println!(
        "detect-secrets: targeted files flagged {tp}/{} ({}), clean controls flagged {fp}/{} ({}); {} of {} files flagged in all",
        should_flag.len(),
        percent(tp, should_flag.len()),
        clean.len(),
        percent(fp, clean.len()),
        flagged_files.len(),
        all.len()
    );
    for (f, ids) in &flagged_files {
        println!("  flagged: {f} by {ids:?}");
    }
    for f in all.iter().filter(|f| !is_flagged(f)) {
        let why = if f.ends_with("each_secret.py") {
            "AWS's documented EXAMPLE keys are placeholders (gitleaks labels them false positives too)"
        } else if clean.contains(&f.as_str()) {
            "clean control"
        } else {
            "entropy- or keyword-only secrets, not a targeted format"
        };
        println!("  not flagged: {f} ({why})");
    }
    assert_eq!(tp, should_flag.len());
    assert_eq!(fp, 0);
}
