//! The per-rule cases of the command rule packs (`tests/fixtures/pack_rules.toml`): every rule
//! of the catalog has true positives in several spellings and near-misses, and the cases name
//! only rules that exist.

use toolgate_core::packs::{PACKS, rule};

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
