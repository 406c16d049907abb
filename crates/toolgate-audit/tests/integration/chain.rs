use std::path::Path;

use serde_json::json;
use toolgate_audit::writer::{append_body, rotated_path};
use toolgate_audit::{DecisionLog, Follower, LogConfig, Record, verify};
use toolgate_policy::log::LogSettings;

fn write_n(path: &Path, n: usize, rotate: u64) {
    for i in 0..n {
        append_body(path, &format!(r#"{{"i":{i}}}"#), rotate, 0).unwrap();
    }
}

fn lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn rewrite(path: &Path, lines: &[String]) {
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
}

#[test]
fn verify_accepts_an_intact_log_and_names_the_first_broken_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("d.jsonl");
    write_n(&path, 10, 1 << 20);
    let v = verify(&path).unwrap();
    assert_eq!((v.lines, v.first_seq, v.last_seq), (10, Some(0), Some(9)));
    let orig = lines(&path);

    let mut edited = orig.clone();
    edited[3] = edited[3].replace(r#""i":3"#, r#""i":33"#);
    rewrite(&path, &edited);
    let b = verify(&path).unwrap_err();
    assert_eq!(b.line, 5, "{b}");

    let mut removed = orig.clone();
    removed.remove(3);
    rewrite(&path, &removed);
    assert_eq!(verify(&path).unwrap_err().line, 4);

    let mut swapped = orig.clone();
    swapped.swap(6, 7);
    rewrite(&path, &swapped);
    assert_eq!(verify(&path).unwrap_err().line, 7);

    let mut torn = orig.clone();
    torn[2].truncate(20);
    rewrite(&path, &torn);
    let b = verify(&path).unwrap_err();
    assert_eq!(b.line, 3);
    assert!(b.what.contains("not a complete decision record"), "{b}");

    let mut last = orig.clone();
    last[9] = last[9].replace(r#""i":9"#, r#""i":99"#);
    rewrite(&path, &last);
    assert_eq!(verify(&path).unwrap_err().line, 10);

    let mut cut = orig.clone();
    cut.truncate(8);
    rewrite(&path, &cut);
    assert!(
        verify(&path)
            .unwrap_err()
            .what
            .contains("removed from the end")
    );

    rewrite(&path, &orig[1..]);
    assert!(
        verify(&path)
            .unwrap_err()
            .what
            .contains("first lines were removed")
    );

    rewrite(&path, &orig);
    assert!(verify(&path).is_ok());
}

#[test]
fn the_chain_crosses_rotated_files_and_the_follower_follows_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("d.jsonl");
    let mut follower = Follower::new(&path, true);
    // About 100 bytes a line: three lines a file.
    write_n(&path, 3, 350);
    let mut seen = follower.poll();
    write_n(&path, 22, 350);
    seen.extend(follower.poll());
    assert!(rotated_path(&path, 3).exists());
    let v = verify(&path).unwrap();
    assert_eq!(v.lines, 25);
    // The follower saw the lines in order: the rest of the file it held, then the current
    // file (lines of files rotated in between are only in the rotated files).
    let seqs: Vec<u64> = seen
        .iter()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["seq"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert!(seqs.windows(2).all(|w| w[0] < w[1]), "{seqs:?}");
    assert_eq!(seqs[..3], [0, 1, 2]);
    assert_eq!(*seqs.last().unwrap(), 24);
    // A rotated file edited in the middle breaks the chain there.
    let older = rotated_path(&path, 2);
    let mut l = lines(&older);
    l[0] = l[0].replace(r#""i":"#, r#""j":"#);
    rewrite(&older, &l);
    let b = verify(&path).unwrap_err();
    assert_eq!((b.file, b.line), (older, 2));
}

#[test]
fn threads_appending_at_once_lose_no_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("d.jsonl");
    std::thread::scope(|s| {
        for t in 0..8 {
            let path = &path;
            s.spawn(move || {
                for i in 0..50 {
                    append_body(
                        path,
                        &format!(r#"{{"t":{t},"i":{i},"pad":"{}"}}"#, "p".repeat(300)),
                        16 * 1024,
                        0,
                    )
                    .unwrap();
                }
            });
        }
    });
    let v = verify(&path).unwrap();
    assert_eq!(v.lines, 400);
}

#[test]
fn a_record_written_by_the_log_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let settings = LogSettings {
        enabled: true,
        path: Some(dir.path().join("d.jsonl")),
        store_input: toolgate_policy::log::StoreInput::Redacted,
        ..LogSettings::default()
    };
    let log = DecisionLog::new(LogConfig::resolve(&settings, None).unwrap());
    let policy = toolgate_policy::Policy::builtin();
    let record = Record::refused("hook", Some("Bash"), "a reason", Some(&policy))
        .with_ids(Some("sess 1"), Some("toolu_1"));
    let input = json!({"command": "echo ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"});
    let a = log
        .append_call(record, Some(("Bash", &input)), &[])
        .unwrap();
    assert_eq!(a.seq, 0);
    let line = std::fs::read_to_string(dir.path().join("d.jsonl")).unwrap();
    let back: Record = serde_json::from_str(line.trim()).unwrap();
    assert_eq!(back.v, 1);
    assert_eq!(back.seq, 0);
    assert_eq!(back.tool.as_deref(), Some("Bash"));
    assert_eq!(
        back.session_id, None,
        "an id with a space is not a plain id"
    );
    assert_eq!(back.tool_use_id.as_deref(), Some("toolu_1"));
    assert_eq!(back.decision, "deny");
    assert_eq!(back.redactions, Some(1));
    assert_eq!(
        back.input.unwrap()["command"],
        "echo [REDACTED:TG-SECRET-GITHUB]"
    );
    assert_eq!(back.prev_sha256, toolgate_audit::digest::GENESIS);
    assert!(back.input_hash.unwrap().starts_with("hmac-sha256:"));
}

#[test]
fn a_proxy_record_keeps_its_host_and_method() {
    let dir = tempfile::tempdir().unwrap();
    let settings = LogSettings {
        enabled: true,
        path: Some(dir.path().join("d.jsonl")),
        ..LogSettings::default()
    };
    let log = DecisionLog::new(LogConfig::resolve(&settings, None).unwrap());
    let policy = toolgate_policy::Policy::builtin();
    let destination = toolgate_audit::record::DestinationRecord {
        source: "request".into(),
        allowed: false,
        class: "private_address".into(),
        scheme: Some("http".into()),
        port: Some(80),
        method: Some("GET".into()),
        host: Some("169.254.169.254".into()),
        ..Default::default()
    };
    log.append(&Record::egress_request(
        &policy,
        destination,
        false,
        "metadata address",
    ))
    .unwrap();
    let line = std::fs::read_to_string(dir.path().join("d.jsonl")).unwrap();
    let back: Record = serde_json::from_str(line.trim()).unwrap();
    assert_eq!(back.target_type, "egress_request");
    assert_eq!(back.surface, "proxy");
    assert_eq!(back.decision, "deny");
    assert_eq!(back.tool, None);
    assert_eq!(
        back.destinations[0].host.as_deref(),
        Some("169.254.169.254")
    );
    assert_eq!(back.destinations[0].method.as_deref(), Some("GET"));
}
