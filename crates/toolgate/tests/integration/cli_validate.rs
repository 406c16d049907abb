//! `toolgate validate`: exit 0 valid, 1 warnings only, 2 errors; diagnostics with positions.

use assert_cmd::Command;

fn validate(text: &str, json: bool) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("policy.yaml");
    std::fs::write(&path, text).unwrap();
    let mut c = Command::cargo_bin("toolgate").unwrap();
    c.current_dir(dir.path())
        .env_remove("TOOLGATE_POLICY")
        .env("HOME", dir.path())
        .arg("validate")
        .arg(&path);
    if json {
        c.arg("--json");
    }
    let out = c.output().unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn valid_policy_exits_0() {
    let (code, _) = validate("network:\n  allow: [api.openai.com]\n", false);
    assert_eq!(code, Some(0));
}

#[test]
fn warnings_exit_1() {
    let (code, text) = validate("network:\n  allow: [\"*\"]\n", false);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("allow-any"), "{text}");
}

#[test]
fn errors_exit_2_with_positions() {
    let (code, text) = validate("network:\n  allow:\n    - https://x.com/\n", false);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("invalid-pattern"), "{text}");
    assert!(text.contains(":3:7"), "{text}");
    assert!(text.contains("write the bare host `x.com`"), "{text}");
    let (code, text) = validate("network:\n  allow:\n    - https://x.com/\n", true);
    assert_eq!(code, Some(2));
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["valid"], false);
    assert_eq!(v["errors"], 1);
    assert_eq!(v["diagnostics"][0]["code"], "invalid-pattern");
    assert_eq!(v["diagnostics"][0]["line"]["line"], 3);
}

#[test]
fn missing_file_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    Command::cargo_bin("toolgate")
        .unwrap()
        .current_dir(dir.path())
        .arg("validate")
        .arg(dir.path().join("none.yaml"))
        .assert()
        .code(2);
}

fn validate_file(name: &str, text: &str) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    let out = Command::cargo_bin("toolgate")
        .unwrap()
        .current_dir(dir.path())
        .env_remove("TOOLGATE_POLICY")
        .env("HOME", dir.path())
        .arg("validate")
        .arg(&path)
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn duplicate_json_key_is_a_positioned_error() {
    let (code, text) = validate_file(
        "policy.json",
        "{\n  \"network\": {\n    \"allow\": [\"a.com\"],\n    \"allow\": [\"*\"]\n  }\n}\n",
    );
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("duplicate key"), "{text}");
    assert!(text.contains("policy.json:4:"), "{text}");
    assert!(text.contains("a key may appear only once"), "{text}");
}

#[test]
fn empty_object_warns_like_an_empty_file() {
    let (code, empty) = validate("", false);
    assert_eq!(code, Some(1), "{empty}");
    assert!(empty.contains("empty-policy"), "{empty}");
    for (name, text) in [
        ("policy.json", "{}"),
        ("policy.yaml", "{}"),
        ("policy.toml", ""),
    ] {
        let (code, object) = validate_file(name, text);
        assert_eq!(code, Some(1), "{name}: {object}");
        assert!(object.contains("empty-policy"), "{name}: {object}");
        assert!(
            object.contains("0 error(s), 1 warning(s)"),
            "{name}: {object}"
        );
    }
}

#[test]
fn range_and_deny_warnings_are_reported() {
    let (code, text) = validate(
        "network:\n  allow: [\"169.254.0.0/16\", api.example.com]\n  deny: [evil.com]\n",
        false,
    );
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("range-spans-special"), "{text}");
    assert!(text.contains("unneeded-deny"), "{text}");
}

#[test]
fn unknown_pack_names_are_positioned_errors_with_a_suggestion() {
    let (code, text) = validate("commands:\n  packs:\n    hostng: off\n", false);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("unknown-pack"), "{text}");
    assert!(text.contains(":3:5"), "{text}");
    assert!(text.contains("did you mean `hosting`?"), "{text}");
    let (code, text) = validate(
        "persistence:\n  shell_startp: off\nexfiltration:\n  allow:\n    - source: dotenvv\n      hosts: [a.example]\n",
        false,
    );
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("did you mean `shell_startup`?"), "{text}");
    assert!(text.contains("did you mean `dotenv`?"), "{text}");
    let (code, text) = validate(
        "commands:\n  packs:\n    hosting: off\n    databases: review\n  disable: [TG-K8S-DISRUPT]\npersistence:\n  vscode_tasks: off\n",
        false,
    );
    assert_eq!(code, Some(0), "{text}");
}
