//! The decision log written by real `toolgate hook` processes: what a line holds (and never
//! holds), failures of the log, 1,000 concurrent writers, rotation under concurrent writers,
//! tampering found by `audit verify`, `audit tail` / `stats`, and `test --replay`.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::{Value, json};

use super::support::{event, hook, json_lines, out, toolgate};

const GITHUB_TOKEN: &str = "ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789";

fn log_env(path: &Path) -> [(&'static str, &Path); 1] {
    [("TOOLGATE_LOG", path)]
}

fn write_policy(dir: &Path, text: &str) -> PathBuf {
    let p = dir.join("policy.yaml");
    std::fs::write(&p, text).unwrap();
    p
}

/// Runs `n` hook processes, `width` at a time, the `i`th with `input(i)` on stdin.
fn run_parallel(
    dir: &Path,
    n: usize,
    width: usize,
    envs: &[(&str, &Path)],
    input: impl Fn(usize) -> Vec<u8> + Sync,
) {
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..width {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= n {
                        break;
                    }
                    let o = hook(dir, &input(i), envs);
                    let code = o.status.code().unwrap();
                    assert!(code == 0 || code == 2, "hook {i} exited {code}");
                }
            });
        }
    });
}

fn verify(dir: &Path, log: &Path) -> (i32, Value) {
    let o = toolgate(dir, &["audit", "verify", "--json", log.to_str().unwrap()])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", out(&o)));
    (o.status.code().unwrap(), v)
}

#[test]
fn a_line_records_the_decision_and_never_the_input() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("logs/decisions.jsonl");
    let command = format!("rm -rf / --token {GITHUB_TOKEN}");
    let o = hook(
        dir.path(),
        &event("Bash", json!({"command": command})),
        &log_env(&log),
    );
    assert_eq!(o.status.code(), Some(2));
    let o = hook(
        dir.path(),
        &event("Bash", json!({"command": "ls -la"})),
        &log_env(&log),
    );
    assert_eq!(o.status.code(), Some(0));
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(
        !text.contains(GITHUB_TOKEN) && !text.contains("rm -rf") && !text.contains("ls -la"),
        "{text}"
    );
    let lines = json_lines(&log);
    assert_eq!(lines.len(), 2);
    let d = &lines[0];
    assert_eq!(d["v"], 1);
    assert_eq!(d["seq"], 0);
    assert_eq!(d["prev_sha256"], "0".repeat(64));
    assert_eq!(d["agent"], "claude");
    assert_eq!(d["surface"], "hook");
    assert_eq!(d["target_type"], "tool_call");
    assert_eq!(d["session_id"], "sess-1");
    assert_eq!(d["tool_use_id"], "toolu_1");
    assert_eq!(d["tool"], "Bash");
    assert_eq!(d["decision"], "deny");
    assert_eq!(d["host_answer"], "deny");
    let rules: Vec<&str> = d["rule_ids"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert!(
        rules.contains(&"TG-CMD-RM-ROOT") && rules.contains(&"TG-SECRET-GITHUB"),
        "{rules:?}"
    );
    assert!(
        d["checks"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["check"] == "commands" && c["verdict"] == "deny")
    );
    assert_eq!(d["policy"]["source"], "builtin");
    assert_eq!(d["toolgate"]["version"], env!("CARGO_PKG_VERSION"));
    assert!(d["latency_us"].as_u64().unwrap() > 0);
    assert!(d["ts"].as_str().unwrap().ends_with('Z'));
    assert!(
        d["input_hash"]
            .as_str()
            .unwrap()
            .starts_with("hmac-sha256:")
    );
    assert!(d.get("input").is_none());
    let a = &lines[1];
    assert_eq!(
        (a["decision"].as_str(), a["host_answer"].as_str()),
        (Some("no_decision"), Some("none"))
    );
    assert_ne!(a["input_hash"], d["input_hash"]);
    assert_eq!(a["seq"], 1);
    // The key beside the log is private.
    let key = dir.path().join("logs/toolgate-log.key");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(
            std::fs::metadata(&key).unwrap().permissions().mode() & 0o777,
            0o600
        );
    }
    assert!(std::fs::read_to_string(&key).unwrap().trim().len() >= 32);
    let (code, v) = verify(dir.path(), &log);
    assert_eq!((code, v["ok"].as_bool()), (0, Some(true)), "{v}");
}

#[test]
fn the_policy_turns_the_log_on_and_can_keep_redacted_input() {
    let dir = tempfile::tempdir().unwrap();
    let policy = write_policy(
        dir.path(),
        "log:\n  path: audit/d.jsonl\n  store_input: redacted\ncommands:\n  - id: NO-DEPLOY\n    text: needs a person\n    program: make\n    subcommand: deploy\n    workflow_action: require_human_review\nhook:\n  on_review: ask\n",
    );
    let envs = [("TOOLGATE_POLICY", policy.as_path())];
    let write = event(
        "Write",
        json!({"file_path": "c.py", "content": format!("T = '{GITHUB_TOKEN}'")}),
    );
    assert_eq!(hook(dir.path(), &write, &envs).status.code(), Some(2));
    let ask = hook(
        dir.path(),
        &event("Bash", json!({"command": "make deploy"})),
        &envs,
    );
    assert_eq!(ask.status.code(), Some(0));
    let log = dir.path().join("audit/d.jsonl");
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(!text.contains(GITHUB_TOKEN), "{text}");
    let lines = json_lines(&log);
    assert_eq!(
        lines[0]["input"]["content"],
        "T = '[REDACTED:TG-SECRET-GITHUB]'"
    );
    assert_eq!(lines[0]["input"]["file_path"], "c.py");
    assert_eq!(lines[0]["redactions"], 1);
    assert_eq!(lines[0]["policy"]["source"], "file");
    let sha = lines[0]["policy"]["sha256"].as_str().unwrap();
    assert_eq!(sha.len(), 64);
    assert_eq!(lines[1]["decision"], "review");
    assert_eq!(lines[1]["host_answer"], "ask");
    assert_eq!(lines[1]["rule_ids"], json!(["NO-DEPLOY"]));
    assert_eq!(lines[1]["input"]["command"], "make deploy");
    // TOOLGATE_LOG=off wins over the policy.
    let envs = [
        ("TOOLGATE_POLICY", policy.as_path()),
        ("TOOLGATE_LOG", Path::new("off")),
    ];
    assert_eq!(hook(dir.path(), &write, &envs).status.code(), Some(2));
    assert_eq!(json_lines(&log).len(), 2);
}

#[test]
fn a_log_that_cannot_be_written_denies_by_default_and_can_only_warn() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("not-a-dir"), "x").unwrap();
    let log = dir.path().join("not-a-dir/d.jsonl");
    let ls = event("Bash", json!({"command": "ls"}));
    let o = hook(dir.path(), &ls, &log_env(&log));
    assert_eq!(o.status.code(), Some(2));
    let reply: Value = serde_json::from_slice(&o.stdout).unwrap();
    let reason = reply["hookSpecificOutput"]["permissionDecisionReason"]
        .as_str()
        .unwrap();
    assert!(
        reason.contains("decision log could not be written"),
        "{reason}"
    );
    assert_eq!(reply["hookSpecificOutput"]["permissionDecision"], "deny");
    // warn: the answer stands, with a warning on stderr; a deny stays a deny.
    let policy = write_policy(
        dir.path(),
        "log:\n  path: not-a-dir/d.jsonl\n  on_failure: warn\n",
    );
    let envs = [("TOOLGATE_POLICY", policy.as_path())];
    let o = hook(dir.path(), &ls, &envs);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(out(&o).trim(), "{}");
    assert!(String::from_utf8_lossy(&o.stderr).contains("decision log could not be written"));
    let o = hook(
        dir.path(),
        &event("Bash", json!({"command": "rm -rf /"})),
        &envs,
    );
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn a_thousand_concurrent_hooks_write_one_intact_chain() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("d.jsonl");
    let commands = [
        "ls -la",
        "rm -rf /",
        "git status",
        "curl http://10.0.0.1/",
        "cat README.md",
    ];
    run_parallel(dir.path(), 1000, 24, &log_env(&log), |i| {
        event(
            "Bash",
            json!({"command": format!("{} # {i}", commands[i % commands.len()])}),
        )
    });
    let lines = json_lines(&log);
    assert_eq!(lines.len(), 1000);
    let mut seqs: Vec<u64> = lines.iter().map(|l| l["seq"].as_u64().unwrap()).collect();
    assert_eq!(
        seqs,
        (0..1000).collect::<Vec<u64>>(),
        "lines are appended in seq order"
    );
    seqs.dedup();
    let mut ids: Vec<&str> = lines
        .iter()
        .map(|l| l["decision_id"].as_str().unwrap())
        .collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 1000);
    let denied = lines.iter().filter(|l| l["decision"] == "deny").count();
    assert_eq!(denied, 400, "rm -rf / and the private address, 200 each");
    let (code, v) = verify(dir.path(), &log);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["lines"], 1000);
    assert_eq!(v["last_seq"], 999);
}

#[test]
fn rotation_under_concurrent_writers_keeps_the_chain() {
    let dir = tempfile::tempdir().unwrap();
    let policy = write_policy(
        dir.path(),
        "log:\n  path: d.jsonl\n  rotate_bytes: 64KiB\n  keep: 0\n  store_input: redacted\n",
    );
    let envs = [("TOOLGATE_POLICY", policy.as_path())];
    run_parallel(dir.path(), 300, 16, &envs, |i| {
        event(
            "Write",
            json!({"file_path": format!("f{i}.txt"), "content": "x".repeat(1500)}),
        )
    });
    let log = dir.path().join("d.jsonl");
    let files = toolgate_files(&log);
    assert!(files.len() >= 6, "{} files", files.len());
    let mut total = 0;
    for f in &files {
        assert!(
            std::fs::metadata(f).unwrap().len() <= 64 * 1024,
            "{}",
            f.display()
        );
        total += json_lines(f).len();
    }
    assert_eq!(total, 300);
    let (code, v) = verify(dir.path(), &log);
    assert_eq!(code, 0, "{v}");
    assert_eq!(
        (v["lines"].as_u64(), v["files"].as_u64()),
        (Some(300), Some(files.len() as u64))
    );
    // The first line of each newer file chains to the last line of the one before.
    for pair in files.windows(2) {
        let older = std::fs::read_to_string(&pair[0]).unwrap();
        let last = older.lines().last().unwrap();
        let first: Value = serde_json::from_str(
            std::fs::read_to_string(&pair[1])
                .unwrap()
                .lines()
                .next()
                .unwrap(),
        )
        .unwrap();
        assert_eq!(
            first["prev_sha256"].as_str().unwrap(),
            toolgate_audit::digest::sha256_hex(last.as_bytes())
        );
    }
}

/// The log's files, oldest first.
fn toolgate_files(log: &Path) -> Vec<PathBuf> {
    toolgate_audit::chain::log_files(log)
}

/// A change to a log's lines.
type Edit = dyn Fn(&mut Vec<String>);

fn tamper(dir: &Path, name: &str, edit: impl Fn(&mut Vec<String>)) -> PathBuf {
    let copy = dir.join(name);
    std::fs::create_dir(&copy).unwrap();
    for f in ["d.jsonl", "d.jsonl.head"] {
        std::fs::copy(dir.join("orig").join(f), copy.join(f)).unwrap();
    }
    let log = copy.join("d.jsonl");
    let mut lines: Vec<String> = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    edit(&mut lines);
    std::fs::write(&log, lines.join("\n") + "\n").unwrap();
    log
}

#[test]
fn verify_finds_edited_removed_and_reordered_lines() {
    let dir = tempfile::tempdir().unwrap();
    let orig = dir.path().join("orig");
    std::fs::create_dir(&orig).unwrap();
    let log = orig.join("d.jsonl");
    for i in 0..12 {
        let cmd = if i % 3 == 0 { "rm -rf /" } else { "ls" };
        hook(
            dir.path(),
            &event("Bash", json!({"command": cmd})),
            &log_env(&log),
        );
    }
    assert_eq!(verify(dir.path(), &log).0, 0);
    let cases: Vec<(&str, Box<Edit>, u64)> = vec![
        (
            "edited",
            Box::new(|l: &mut Vec<String>| {
                l[4] = l[4].replace("\"decision\":\"no_decision\"", "\"decision\":\"deny\"")
            }),
            6,
        ),
        (
            "removed",
            Box::new(|l: &mut Vec<String>| {
                l.remove(4);
            }),
            5,
        ),
        ("reordered", Box::new(|l: &mut Vec<String>| l.swap(4, 5)), 5),
        (
            "edited-last",
            Box::new(|l: &mut Vec<String>| {
                let n = l.len() - 1;
                l[n] = l[n].replace("\"tool\":\"Bash\"", "\"tool\":\"Read\"");
            }),
            12,
        ),
        (
            "removed-last",
            Box::new(|l: &mut Vec<String>| {
                l.pop();
            }),
            0,
        ),
        (
            "removed-first",
            Box::new(|l: &mut Vec<String>| {
                l.remove(0);
            }),
            1,
        ),
    ];
    for (name, edit, line) in cases {
        let log = tamper(dir.path(), name, edit);
        let (code, v) = verify(dir.path(), &log);
        assert_eq!(code, 1, "{name}: {v}");
        assert_eq!(v["ok"], false, "{name}");
        assert_eq!(v["line"], line, "{name}: {v}");
    }
    // The edited copy really differs only in that one field.
    let edited = std::fs::read_to_string(dir.path().join("edited/d.jsonl")).unwrap();
    assert_ne!(edited, std::fs::read_to_string(&log).unwrap());
}

#[test]
fn tail_and_stats_read_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("d.jsonl");
    for cmd in ["rm -rf /", "ls", "ls", "git reset --hard"] {
        hook(
            dir.path(),
            &event("Bash", json!({"command": cmd})),
            &log_env(&log),
        );
    }
    let o = toolgate(
        dir.path(),
        &["audit", "tail", "-n", "2", log.to_str().unwrap()],
    )
    .output()
    .unwrap();
    let text = out(&o);
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(
        text.lines()
            .nth(1)
            .unwrap()
            .contains("TG-CMD-GIT-RESET-HARD"),
        "{text}"
    );
    assert!(text.contains(" #3 "), "{text}");
    let o = toolgate(
        dir.path(),
        &["audit", "stats", "--json", log.to_str().unwrap()],
    )
    .output()
    .unwrap();
    let s: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(s["decisions"], 4);
    assert_eq!(s["denied"], 2);
    assert_eq!(s["deny_rate"], 0.5);
    assert_eq!(s["by_tool"][0]["key"], "Bash");
    assert_eq!(s["by_agent"][0]["key"], "claude");
    assert_eq!(s["by_day"].as_array().unwrap().len(), 1);
    let top: Vec<&str> = s["top_rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rule_id"].as_str().unwrap())
        .collect();
    assert!(
        top.contains(&"TG-CMD-RM-ROOT") && top.contains(&"TG-CMD-GIT-RESET-HARD"),
        "{top:?}"
    );
    // TOOLGATE_LOG names the log when no path is given.
    let o = toolgate(dir.path(), &["audit", "stats"])
        .env("TOOLGATE_LOG", &log)
        .output()
        .unwrap();
    assert!(
        out(&o).starts_with("4 decisions: 2 denied (50.0%)"),
        "{}",
        out(&o)
    );
}

#[test]
fn replay_shows_what_another_policy_would_change() {
    let dir = tempfile::tempdir().unwrap();
    let strict = write_policy(
        dir.path(),
        "log:\n  path: d.jsonl\n  store_input: redacted\ncommands:\n  - id: NO-DEPLOY\n    text: no destroy\n    program: make\n    subcommand: deploy\n",
    );
    let envs = [("TOOLGATE_POLICY", strict.as_path())];
    for cmd in ["make deploy", "ls", "rm -rf /"] {
        hook(dir.path(), &event("Bash", json!({"command": cmd})), &envs);
    }
    let write = event(
        "Write",
        json!({"file_path": "a.py", "content": GITHUB_TOKEN}),
    );
    hook(dir.path(), &write, &envs);
    let log = dir.path().join("d.jsonl");
    let same = toolgate(
        dir.path(),
        &[
            "test",
            "--replay",
            log.to_str().unwrap(),
            "--policy",
            strict.to_str().unwrap(),
        ],
    )
    .output()
    .unwrap();
    assert_eq!(same.status.code(), Some(0), "{}", out(&same));
    assert!(
        out(&same).contains("4 calls re-decided, 0 would change"),
        "{}",
        out(&same)
    );
    let lax = dir.path().join("lax.yaml");
    std::fs::write(&lax, "hook:\n  on_review: deny\n").unwrap();
    let changed = toolgate(
        dir.path(),
        &[
            "test",
            "--replay",
            log.to_str().unwrap(),
            "--policy",
            lax.to_str().unwrap(),
        ],
    )
    .output()
    .unwrap();
    let text = out(&changed);
    assert_eq!(changed.status.code(), Some(1), "{text}");
    // Only the deploy call changes; the redacted secret still counts as found.
    assert!(
        text.contains("seq 0")
            && text.contains("deny -> none")
            && text.contains("NO-DEPLOY -> (none)"),
        "{text}"
    );
    assert!(text.contains("1 would change"), "{text}");
}
