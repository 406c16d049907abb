//! The per-rule cases of the command rule packs (`tests/fixtures/pack_rules.toml`): every rule
//! of the catalog has true positives in several spellings and near-misses, the cases name
//! only rules that exist, and every case of every pack runs through the engine as
//! a Bash call on the built-in policy, in a project inside a home directory: each `hit` is
//! denied or sent to review by exactly its rule (at the catalog's verdict), each `pass` by
//! nothing.

use std::path::PathBuf;
use std::sync::Arc;

use serde_json::json;
use toolgate_core::Verdict;
use toolgate_core::packs::{PACKS, rule};
use toolgate_engine::{CallContext, Guard, ToolCallDecision};
use toolgate_policy::Policy;

const CASES: &str = include_str!("../fixtures/pack_rules.toml");

/// Fewest true positives and near-misses per rule.
const MIN_HITS: usize = 2;
const MIN_PASSES: usize = 2;

fn cases() -> Vec<(String, Vec<String>, Vec<String>)> {
    let doc: toml::Table = CASES.parse().expect("pack_rules.toml parses");
    let rules = doc["rule"].as_array().expect("[[rule]] entries");
    rules
        .iter()
        .map(|r| {
            let list = |k: &str| -> Vec<String> {
                r[k].as_array()
                    .unwrap_or_else(|| panic!("`{k}` list"))
                    .iter()
                    .map(|v| v.as_str().expect("a command string").to_string())
                    .collect()
            };
            (
                r["id"].as_str().expect("an id").to_string(),
                list("hit"),
                list("pass"),
            )
        })
        .collect()
}

#[test]
fn every_pack_rule_has_cases_and_every_case_names_a_rule() {
    let cases = cases();
    for (id, hit, pass) in &cases {
        assert!(rule(id).is_some(), "{id} is not a pack rule");
        assert!(hit.len() >= MIN_HITS, "{id}: {} true positives", hit.len());
        assert!(pass.len() >= MIN_PASSES, "{id}: {} near-misses", pass.len());
        assert!(
            hit.iter().all(|h| !pass.contains(h)),
            "{id}: a command is both a hit and a pass"
        );
        assert_eq!(
            cases.iter().filter(|(o, _, _)| o == id).count(),
            1,
            "{id} twice"
        );
    }
    for p in PACKS {
        for r in p.rules {
            assert!(
                cases.iter().any(|(id, _, _)| id == r.id),
                "{} has no cases in pack_rules.toml",
                r.id
            );
        }
    }
}

fn decide(guard: &Guard, command: &str) -> ToolCallDecision {
    let cx = CallContext {
        cwd: Some(PathBuf::from("/home/dev/project")),
        process_cwd: None,
        home: Some(PathBuf::from("/home/dev").into()),
        tmpdir: None,
        binary: Some(PathBuf::from("/usr/local/bin/toolgate").into()),
    };
    guard.check_tool_call_in("Bash", &json!({ "command": command }), &cx)
}

/// The pack rules among the checks of `d` that deny or ask, with their verdicts.
fn pack_rules(d: &ToolCallDecision) -> Vec<(String, Verdict)> {
    let mut out: Vec<(String, Verdict)> = Vec::new();
    for c in d.checks.iter().filter(|c| c.verdict >= Verdict::Review) {
        for id in &c.rule_ids {
            if rule(id).is_some() && !out.iter().any(|(o, _)| o == id) {
                out.push((id.clone(), c.verdict));
            }
        }
    }
    out
}

#[test]
fn every_case_of_every_implemented_pack_runs_through_the_engine() {
    // Every pack of the catalog is matched in shell commands, so every case runs.
    for pack in PACKS {
        assert!(
            toolgate_shell::PACKS_WITH_COMMAND_MATCHERS.contains(&pack.name),
            "pack {} has no command matchers",
            pack.name
        );
    }
    let guard = Guard::new(Arc::new(Policy::builtin()));
    let mut failures: Vec<String> = Vec::new();
    let (mut hits, mut passes) = (0usize, 0usize);
    for (id, hit, pass) in cases() {
        let (_, r) = rule(&id).expect("a pack rule");
        let expected = r.verdict.verdict();
        for command in &hit {
            hits += 1;
            let d = decide(&guard, command);
            let found = pack_rules(&d);
            if found != [(id.clone(), expected)] || d.decision < expected {
                failures.push(format!(
                    "hit {id} `{command}`: {} by {found:?} ({})",
                    d.decision.as_str(),
                    d.reason
                ));
            }
            // (One word, `reboot`, may be in the rule's own text.)
            if command.contains(' ') && d.reason.contains(command.as_str()) {
                failures.push(format!(
                    "hit {id} `{command}`: the reason echoes the command"
                ));
            }
        }
        for command in &pass {
            passes += 1;
            let d = decide(&guard, command);
            if d.decision >= Verdict::Review {
                failures.push(format!(
                    "pass {id} `{command}`: {} ({})",
                    d.decision.as_str(),
                    d.reason
                ));
            }
        }
    }
    println!("pack cases run: {hits} hits, {passes} passes");
    assert!(hits > 0 && passes > 0);
    assert!(
        failures.is_empty(),
        "{} of {} cases fail:\n{}",
        failures.len(),
        hits + passes,
        failures.join("\n")
    );
}
