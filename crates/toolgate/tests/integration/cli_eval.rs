//! `toolgate eval`: verdicts, exit codes, `--json`, `--render`, bad input.

use assert_cmd::Command;
use predicates::prelude::*;

fn eval() -> Command {
    let mut c = Command::cargo_bin("toolgate").unwrap();
    c.arg("eval")
        .env_remove("TOOLGATE_POLICY")
        .current_dir(std::env::temp_dir());
    c
}

#[test]
fn no_decision_exits_zero() {
    eval()
        .args(["Read", r#"{"file_path":"README.md"}"#])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("verdict: no_decision"));
}

#[test]
fn a_secret_is_denied_without_echoing_it() {
    let key = "ghp_1a2B3c4D5e6F7g8H9i0JkLmNoPqRsTuVwXyZ";
    eval()
        .args(["Bash", &format!(r#"{{"command":"echo {key}"}}"#), "--json"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(r#""verdict":"deny""#))
        .stdout(predicate::str::contains("TG-SECRET-GITHUB"))
        .stdout(predicate::str::contains(key).not());
}

#[test]
fn review_exits_one_and_stdin_input_works() {
    let dir = tempfile::tempdir().unwrap();
    let policy = dir.path().join("p.yaml");
    std::fs::write(&policy, "constitution: acgs-default\n").unwrap();
    eval()
        .args(["Bash", "-", "--policy"])
        .arg(&policy)
        .write_stdin(r#"{"command":"npm install --no-audit"}"#)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("verdict: review"))
        .stdout(predicate::str::contains("rules: ACGS-002"));
}

#[test]
fn render_prints_the_matched_text() {
    eval()
        .args(["mcp__deploy__run_job", r#"{"dryRun":false,"job":"billing"}"#, "--render"])
        .assert()
        .code(0)
        .stdout("tool: mcp__deploy__run_job\narguments:\ndryRun: false\njob: billing\nnormalized: mcp deploy run job | dry run\n");
}

#[test]
fn invalid_json_and_invalid_policy_exit_two() {
    eval()
        .args(["Bash", "{not json secret-value"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not valid JSON"))
        .stderr(predicate::str::contains("secret-value").not());
    let dir = tempfile::tempdir().unwrap();
    let policy = dir.path().join("p.yaml");
    std::fs::write(&policy, "rules:\n  - id: X\n").unwrap();
    eval()
        .args(["Bash", "{}", "--policy"])
        .arg(&policy)
        .assert()
        .code(2);
}

#[test]
fn render_keeps_integers_beyond_64_bits_exact_as_python_does() {
    eval()
        .args([
            "t",
            r#"{"big":123456789012345678901234567890,"neg":-98765432109876543210,"z":-0,"f":37.38e-21}"#,
            "--render",
        ])
        .assert()
        .code(0)
        .stdout("tool: t\narguments:\nbig: 123456789012345678901234567890\nf: 3.738e-20\nneg: -98765432109876543210\nz: 0\n");
}
