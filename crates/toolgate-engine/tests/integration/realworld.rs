//! Precision on 39,129 real shell commands nobody here wrote (`realworld-shell`: nl2bash
//! one-liners and tldr examples), through the engine on the built-in default policy, with the
//! working directory a project inside a home directory.
//!
//! Writes every denial with its reason to `target/realworld-denials.jsonl` and prints the
//! counts per source and per reason class. The judged sample
//! (`tests/fixtures/realworld_judged.jsonl`: a random sample of denials, each read by hand and
//! labelled `justified` or `false_positive`; every denial is judged) gives the precision, and
//! the false positives, estimated over every denial, must stay at most 0.1% of all commands. Every command judged `justified` must stay denied: a lower deny rate
//! that comes from missing dangerous commands is not progress.

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::json;
use toolgate_core::Verdict;
use toolgate_engine::{CallContext, CheckKind, Guard, ToolCallDecision};
use toolgate_policy::Policy;

const HOME: &str = "/home/dev";
const CWD: &str = "/home/dev/project";

/// The class of a decision: the rule ids, the indeterminate reason, or the egress reason codes.
fn reason_class(d: &ToolCallDecision) -> String {
    let mut classes: Vec<String> = Vec::new();
    for c in d.checks.iter().filter(|c| c.verdict >= Verdict::Review) {
        let class = match c.check {
            _ if !c.rule_ids.is_empty() => c.rule_ids.join("+"),
            CheckKind::Commands => {
                let inner = c
                    .reason
                    .split_once('(')
                    .map(|(_, r)| r.trim_end_matches(").").trim_end_matches(')'))
                    .unwrap_or(&c.reason);
                format!("indeterminate: {inner}")
            }
            CheckKind::Egress => {
                let code = c
                    .reason
                    .rsplit_once('(')
                    .map(|(_, r)| r.trim_end_matches(").").trim_end_matches(')'))
                    .unwrap_or("egress");
                format!("egress: {code}")
            }
            other => format!("{other:?}"),
        };
        if !classes.contains(&class) {
            classes.push(class);
        }
    }
    classes.join(" | ")
}

fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"),
    }
}

#[test]
fn realworld_precision() {
    let Some(path) = toolgate_corpora::corpus("realworld-shell/commands.jsonl") else {
        return;
    };
    let guard = Guard::new(Arc::new(Policy::builtin()));
    let cx = CallContext {
        cwd: Some(PathBuf::from(CWD)),
        process_cwd: None,
        home: Some(PathBuf::from(HOME).into()),
        tmpdir: None,
        binary: Some(PathBuf::from("/usr/local/bin/toolgate").into()),
    };
    let cases = toolgate_corpora::read_jsonl(&path);
    let mut per_source: BTreeMap<String, [usize; 3]> = BTreeMap::new();
    let mut per_class: BTreeMap<String, usize> = BTreeMap::new();
    let mut denied: HashMap<String, String> = HashMap::new();
    std::fs::create_dir_all(target_dir()).expect("target dir");
    let out_path = target_dir().join("realworld-denials.jsonl");
    let mut out = std::io::BufWriter::new(std::fs::File::create(&out_path).expect("denials file"));
    for case in &cases {
        let id = case["id"].as_str().unwrap_or_default();
        let source = case["source"].as_str().unwrap_or_default();
        let command = case["command"].as_str().unwrap_or_default();
        let d = guard.check_tool_call_in("Bash", &json!({ "command": command }), &cx);
        let slot = match d.decision {
            Verdict::Deny => 0,
            Verdict::Review => 1,
            _ => 2,
        };
        per_source.entry(source.to_string()).or_default()[slot] += 1;
        if slot < 2 {
            let class = reason_class(&d);
            *per_class.entry(class.clone()).or_default() += 1;
            denied.insert(id.to_string(), class.clone());
            let line = json!({
                "id": id, "source": source, "decision": d.decision.as_str(),
                "class": class, "reason": d.reason, "command": command,
            });
            writeln!(out, "{line}").expect("write denial");
        }
    }
    out.flush().expect("flush denials");
    let total = cases.len();
    println!(
        "realworld: {total} commands; denials written to {}",
        out_path.display()
    );
    for (source, [deny, ask, allow]) in &per_source {
        println!("  {source}: deny {deny}, ask {ask}, allow {allow}");
    }
    let mut classes: Vec<_> = per_class.iter().collect();
    classes.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    println!("  per reason class:");
    for (class, n) in classes {
        println!("    {n:5}  {class}");
    }
    assert_eq!(total, 39_129, "the corpus changed");

    let judged_path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/realworld_judged.jsonl");
    let judged = toolgate_corpora::read_jsonl(&judged_path);
    let (mut justified, mut false_positive, mut missed) = (0usize, 0usize, Vec::new());
    for j in &judged {
        let id = j["id"].as_str().expect("judged id");
        let label = j["label"].as_str().expect("judged label");
        assert!(
            matches!(label, "justified" | "false_positive"),
            "{id}: label must be justified or false_positive"
        );
        assert!(
            j["why"].as_str().is_some_and(|w| !w.trim().is_empty()),
            "{id}: every judgement says why"
        );
        match (label, denied.contains_key(id)) {
            ("justified", true) => justified += 1,
            ("justified", false) => missed.push(id.to_string()),
            ("false_positive", true) => false_positive += 1,
            _ => {}
        }
    }
    let sample = justified + false_positive;
    let precision = 100.0 * justified as f64 / sample.max(1) as f64;
    let fp_estimate =
        100.0 * (false_positive as f64 / sample.max(1) as f64) * denied.len() as f64 / total as f64;
    println!(
        "  judged sample: {} judgements, {sample} of them denied now: {justified} justified, {false_positive} false positives; precision {precision:.1}%",
        judged.len()
    );
    println!(
        "  denials {} of {total} ({:.2}%); false positives estimated at {fp_estimate:.3}% of all commands",
        denied.len(),
        100.0 * denied.len() as f64 / total as f64
    );
    assert!(
        missed.is_empty(),
        "commands judged dangerous are no longer denied: {missed:?}"
    );
    assert!(
        sample >= 300,
        "the judged sample holds {sample} current denials, fewer than 300"
    );
    // Issue 12 asks for 97%; the judged figure is 98.6% (the false positives left: sh -c
    // scripts that `cd` into what find lists or read it as `$1`, perl- and grep-filtered
    // templates, `source <(echo …)`, placeholder hosts, `rm $(ls …)`).
    assert!(
        precision >= 97.0,
        "precision {precision:.1}% fell under 97%"
    );
    assert!(
        fp_estimate <= 0.1,
        "false positives {fp_estimate:.3}% are over 0.1% of all commands"
    );
}
