//! `toolgate test` over fixture files, and `toolgate validate`'s checks of inline examples and
//! its rule lint.

use std::path::{Path, PathBuf};

use super::support::{out, toolgate};

fn starter(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../policy-tests")
        .join(name)
}

#[test]
fn the_committed_starter_fixtures_pass() {
    let dir = tempfile::tempdir().unwrap();
    let yaml = starter("starter.yaml");
    let jsonl = starter("starter.jsonl");
    let o = toolgate(
        dir.path(),
        &["test", yaml.to_str().unwrap(), jsonl.to_str().unwrap()],
    )
    .output()
    .unwrap();
    let text = out(&o);
    assert_eq!(o.status.code(), Some(0), "{text}");
    assert!(!text.contains("FAIL"), "{text}");
    assert!(
        text.contains("toolgate test: 20 cases, 20 passed, 0 failed"),
        "{text}"
    );
    assert!(
        text.contains("rules of the policy file: 3 of 3 exercised"),
        "{text}"
    );
    // The starter policy's own examples hold and its rules lint clean.
    let policy = starter("starter-policy.yaml");
    let o = toolgate(dir.path(), &["validate", policy.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
}

const POLICY: &str = "commands:\n  - id: NO-FP\n    text: no force push\n    program: git\n    subcommand: push\n    flags_any: [force]\n  - id: NO-DESTROY\n    text: no destroy\n    program: make\n    subcommand: deploy\n";

#[test]
fn a_failing_case_shows_the_difference_and_coverage_names_unexercised_rules() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("p.yaml"), POLICY).unwrap();
    std::fs::write(
        dir.path().join("cases.yaml"),
        "policy: p.yaml\ncases:\n  - name: force push denied\n    tool: Bash\n    input: {command: git push -f}\n    expect: deny\n    rules: [NO-FP]\n  - name: wrong expectation\n    tool: Bash\n    input: {command: git push origin main}\n    expect: deny\n  - name: wrong rule\n    tool: Bash\n    input: {command: rm -rf /}\n    expect: deny\n    rules: [NO-FP]\n",
    )
    .unwrap();
    let o = toolgate(dir.path(), &["test", "cases.yaml"])
        .output()
        .unwrap();
    let text = out(&o);
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(text.contains("PASS  force push denied"), "{text}");
    assert!(
        text.contains("FAIL  wrong expectation  (cases.yaml:8)"),
        "{text}"
    );
    assert!(
        text.contains("expected: deny\n      got:      none  rules: (none)"),
        "{text}"
    );
    assert!(text.contains("FAIL  wrong rule"), "{text}");
    assert!(text.contains("missing rules: NO-FP"), "{text}");
    assert!(
        text.contains("got:      deny  rules: TG-CMD-RM-ROOT"),
        "{text}"
    );
    assert!(
        text.contains("rules of the policy file: 1 of 2 exercised"),
        "{text}"
    );
    assert!(text.contains("not exercised: NO-DESTROY"), "{text}");
    assert!(
        text.contains("toolgate test: 3 cases, 1 passed, 2 failed"),
        "{text}"
    );
}

#[test]
fn malformed_fixtures_are_reported_with_positions() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("bad.yaml"),
        "- name: x\n  tool: Bash\n  input: {command: ls}\n  expect: maybe\n- tool: Bash\n  expect: deny\n  colour: red\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("bad.jsonl"), "{\"tool\": \"Bash\", \"input\": {}, \"expect\": \"allow\", \"agent\": \"nobody\"}\n{not json\n").unwrap();
    let o = toolgate(dir.path(), &["test", "bad.yaml", "bad.jsonl"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("bad.yaml:4:11: `expect` must be one of: deny, ask, allow, none"),
        "{err}"
    );
    assert!(
        err.contains("bad.yaml:5:3: the case has no `input`"),
        "{err}"
    );
    assert!(err.contains("bad.yaml:7:3: unknown key `colour`"), "{err}");
    assert!(err.contains("bad.jsonl:1:"), "{err}");
    assert!(err.contains("bad.jsonl:2:"), "{err}");
}

#[test]
fn validate_checks_examples_and_lints_rules() {
    let dir = tempfile::tempdir().unwrap();
    let policy = dir.path().join("p.yaml");
    std::fs::write(
        &policy,
        "rules:
  - id: NO-PROD
    text: no prod
    keywords: [prod-db]
  - id: NO-PROD-MAIN
    text: no main prod db
    keywords: [prod-db-main]
  - id: EMPTY
    text: nothing to match
commands:
  rules:
    - id: NO-FP
      text: no force push
      program: git
      subcommand: push
      flags_any: [force]
      examples:
        deny: [\"git push --force\", \"git push origin main\"]
        allow: [\"git push origin main\", \"make deploy\"]
    - id: NO-TF
      text: no destroy
      program: make
      subcommand: deploy
      enabled: false
    - id: CONTRADICTION
      text: never
      program: git
      flags_all: [force]
      flags_none: [force]
",
    )
    .unwrap();
    let o = toolgate(
        dir.path(),
        &["validate", "--json", policy.to_str().unwrap()],
    )
    .output()
    .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", out(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let find = |code: &str| -> Vec<serde_json::Value> {
        v["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["code"] == code)
            .cloned()
            .collect()
    };
    let failed = find("example-failed");
    assert_eq!(failed.len(), 1, "{v}");
    assert_eq!(
        failed[0]["line"],
        serde_json::json!({"line": 18, "column": 36})
    );
    assert!(
        failed[0]["message"]
            .as_str()
            .unwrap()
            .contains("not denied by it")
    );
    let relied = find("disabled-rule-relied-on");
    assert_eq!(relied.len(), 1, "{v}");
    assert_eq!(relied[0]["line"]["line"], 19);
    assert!(
        relied[0]["message"]
            .as_str()
            .unwrap()
            .contains("`NO-TF` is disabled")
    );
    let never: Vec<String> = find("never-matches")
        .iter()
        .map(|d| d["message"].as_str().unwrap().to_string())
        .collect();
    assert!(never.iter().any(|m| m.contains("`EMPTY`")), "{never:?}");
    assert!(
        never.iter().any(|m| m.contains("`CONTRADICTION`")),
        "{never:?}"
    );
    let shadowed = find("shadowed-rule");
    assert_eq!(shadowed.len(), 1, "{v}");
    assert!(
        shadowed[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("rule `NO-PROD-MAIN` is shadowed by rule `NO-PROD`")
    );
    assert_eq!(shadowed[0]["line"]["line"], 5);
    // The rendered form points at the line, with a hint.
    let o = toolgate(dir.path(), &["validate", policy.to_str().unwrap()])
        .output()
        .unwrap();
    let text = out(&o);
    assert!(text.contains("error[example-failed]"), "{text}");
    assert!(text.contains(":18:36"), "{text}");
    assert!(text.contains("= help:"), "{text}");
}

#[test]
fn a_case_answers_in_its_agents_terms() {
    // One review rule, `on_review: ask`: Claude Code asks a person, Codex and Gemini CLI
    // cannot, so they get a deny.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("p.yaml"),
        "commands:\n  rules:\n    - id: NO-DEPLOY\n      text: deploys need a person\n      program: make\n      subcommand: deploy\n      workflow_action: require_human_review\nhook:\n  on_review: ask\n",
    )
    .unwrap();
    let case = |agent: &str, expect: &str| {
        format!(
            "- {{name: {agent}, tool: Bash, input: {{command: make deploy}}, agent: {agent}, expect: {expect}, rules: [NO-DEPLOY]}}\n"
        )
    };
    let cases = [
        case("claude", "ask"),
        case("codex", "deny"),
        case("gemini", "deny"),
    ]
    .concat();
    std::fs::write(
        dir.path().join("cases.yaml"),
        format!("policy: p.yaml\ncases:\n{}", cases.replace("- ", "  - ")),
    )
    .unwrap();
    let o = toolgate(dir.path(), &["test", "cases.yaml"])
        .output()
        .unwrap();
    let text = out(&o);
    assert_eq!(o.status.code(), Some(0), "{text}");
    assert!(text.contains("3 cases, 3 passed, 0 failed"), "{text}");
    // The same case expecting `ask` from Codex fails: the answer really is Codex's.
    std::fs::write(
        dir.path().join("wrong.yaml"),
        format!("policy: p.yaml\ncases:\n  {}", case("codex", "ask")),
    )
    .unwrap();
    let o = toolgate(dir.path(), &["test", "wrong.yaml"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
}
