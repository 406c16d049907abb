//! `toolgate audit export --otlp`: a receiver on 127.0.0.1 decodes what toolgate sends with
//! the official OpenTelemetry protobuf definitions (the `opentelemetry-proto` crate) and checks
//! the GenAI guardrail attributes.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use opentelemetry_proto::tonic::collector::logs::v1::ExportLogsServiceRequest;
use opentelemetry_proto::tonic::common::v1::{AnyValue, KeyValue, any_value};
use opentelemetry_proto::tonic::logs::v1::LogRecord;
use prost::Message;
use serde_json::json;

use super::support::{event, hook, out, toolgate};

/// What the receiver got: each request's path and decoded body.
type Received = Arc<Mutex<Vec<(String, ExportLogsServiceRequest)>>>;

/// An OTLP/HTTP receiver on 127.0.0.1 (a port the OS picks), answering 200 to each request.
fn receiver() -> (u16, Received) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let got: Received = Arc::default();
    let sink = got.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut request_line = String::new();
            reader.read_line(&mut request_line).unwrap();
            let mut length = 0;
            let mut content_type = String::new();
            loop {
                let mut header = String::new();
                reader.read_line(&mut header).unwrap();
                let header = header.trim_end();
                if header.is_empty() {
                    break;
                }
                let (name, value) = header.split_once(':').unwrap();
                match name.to_ascii_lowercase().as_str() {
                    "content-length" => length = value.trim().parse().unwrap(),
                    "content-type" => content_type = value.trim().to_string(),
                    _ => {}
                }
            }
            let mut body = vec![0u8; length];
            reader.read_exact(&mut body).unwrap();
            assert_eq!(content_type, "application/x-protobuf");
            assert!(request_line.starts_with("POST "), "{request_line}");
            let path = request_line.split_whitespace().nth(1).unwrap().to_string();
            let decoded =
                ExportLogsServiceRequest::decode(body.as_slice()).expect("valid OTLP protobuf");
            sink.lock().unwrap().push((path, decoded));
            stream
                .write_all(b"HTTP/1.1 200 OK\r\nContent-Type: application/x-protobuf\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                .unwrap();
        }
    });
    (port, got)
}

fn records(got: &Received) -> Vec<LogRecord> {
    got.lock()
        .unwrap()
        .iter()
        .flat_map(|(_, r)| r.resource_logs.iter())
        .flat_map(|rl| rl.scope_logs.iter())
        .flat_map(|sl| sl.log_records.iter().cloned())
        .collect()
}

fn attrs(kvs: &[KeyValue]) -> HashMap<String, any_value::Value> {
    kvs.iter()
        .map(|kv| {
            (
                kv.key.clone(),
                kv.value.clone().and_then(|v| v.value).expect("a value"),
            )
        })
        .collect()
}

fn s(v: &any_value::Value) -> &str {
    match v {
        any_value::Value::StringValue(s) => s,
        other => panic!("not a string: {other:?}"),
    }
}

fn strings(v: &any_value::Value) -> Vec<String> {
    match v {
        any_value::Value::ArrayValue(a) => a
            .values
            .iter()
            .map(|AnyValue { value }| s(value.as_ref().unwrap()).to_string())
            .collect(),
        other => panic!("not an array: {other:?}"),
    }
}

#[test]
fn export_sends_guardrail_logs_that_the_official_definitions_decode() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("d.jsonl");
    let env = [("TOOLGATE_LOG", log.as_path())];
    hook(
        dir.path(),
        &event("Bash", json!({"command": "rm -rf /"})),
        &env,
    );
    hook(dir.path(), &event("Bash", json!({"command": "ls"})), &env);
    let (port, got) = receiver();
    let o = toolgate(
        dir.path(),
        &[
            "audit",
            "export",
            "--otlp",
            &format!("http://127.0.0.1:{port}"),
            log.to_str().unwrap(),
        ],
    )
    .output()
    .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let requests = got.lock().unwrap().clone();
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0].0, "/v1/logs");
    let resource = attrs(
        &requests[0].1.resource_logs[0]
            .resource
            .as_ref()
            .unwrap()
            .attributes,
    );
    assert_eq!(s(&resource["service.name"]), "toolgate");
    let scope = requests[0].1.resource_logs[0].scope_logs[0]
        .scope
        .as_ref()
        .unwrap();
    assert_eq!(scope.name, "toolgate.audit");
    let recs = records(&got);
    assert_eq!(recs.len(), 2);
    let deny = &recs[0];
    assert_eq!(deny.event_name, "toolgate.decision");
    assert_eq!(deny.severity_number, 13);
    assert!(deny.time_unix_nano > 1_700_000_000_000_000_000);
    assert!(deny.observed_time_unix_nano >= deny.time_unix_nano);
    let body = match deny.body.as_ref().unwrap().value.as_ref().unwrap() {
        any_value::Value::StringValue(b) => b.clone(),
        other => panic!("{other:?}"),
    };
    assert!(body.contains("TG-CMD-RM-ROOT"), "{body}");
    let a = attrs(&deny.attributes);
    assert_eq!(s(&a["gen_ai.operation.name"]), "apply_guardrail");
    assert_eq!(s(&a["gen_ai.guardian.name"]), "toolgate");
    assert_eq!(s(&a["gen_ai.security.decision.type"]), "deny");
    assert_eq!(s(&a["gen_ai.security.decision.reason"]), "commands");
    assert_eq!(s(&a["gen_ai.security.target.type"]), "tool_call");
    assert_eq!(s(&a["gen_ai.security.target.id"]), "toolu_1");
    assert_eq!(s(&a["gen_ai.security.policy.id"]), "builtin");
    assert!(s(&a["gen_ai.security.content.input.hash"]).starts_with("hmac-sha256:"));
    assert_eq!(s(&a["gen_ai.conversation.id"]), "sess-1");
    assert_eq!(s(&a["gen_ai.agent.name"]), "claude");
    assert_eq!(s(&a["gen_ai.tool.name"]), "Bash");
    assert_eq!(s(&a["gen_ai.tool.call.id"]), "toolu_1");
    assert_eq!(s(&a["toolgate.host_answer"]), "deny");
    assert!(strings(&a["toolgate.rule_ids"]).contains(&"TG-CMD-RM-ROOT".to_string()));
    assert_eq!(a["toolgate.seq"], any_value::Value::IntValue(0));
    let first_line = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    assert_eq!(
        s(&a["toolgate.line_sha256"]),
        toolgate_audit::digest::sha256_hex(first_line.as_bytes())
    );
    let allow = attrs(&recs[1].attributes);
    assert_eq!(s(&allow["gen_ai.security.decision.type"]), "allow");
    assert_eq!(s(&allow["toolgate.host_answer"]), "none");
    assert_eq!(allow["toolgate.seq"], any_value::Value::IntValue(1));
    assert!(!allow.contains_key("toolgate.rule_ids"));
}

#[test]
fn export_follows_new_decisions() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("d.jsonl");
    let env = [("TOOLGATE_LOG", log.as_path())];
    hook(dir.path(), &event("Bash", json!({"command": "ls"})), &env);
    let (port, got) = receiver();
    let mut child = toolgate(
        dir.path(),
        &[
            "audit",
            "export",
            "--follow",
            "--otlp",
            &format!("http://127.0.0.1:{port}/custom/path"),
            log.to_str().unwrap(),
        ],
    )
    .stderr(std::process::Stdio::null())
    .spawn()
    .unwrap();
    let wait_for = |n: usize| {
        let start = Instant::now();
        while records(&got).len() < n && start.elapsed() < Duration::from_secs(30) {
            std::thread::sleep(Duration::from_millis(50));
        }
        records(&got).len()
    };
    assert_eq!(wait_for(1), 1);
    hook(
        dir.path(),
        &event(
            "WebFetch",
            json!({"url": "http://169.254.169.254/", "prompt": "x"}),
        ),
        &env,
    );
    let n = wait_for(2);
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(n, 2);
    let recs = records(&got);
    let a = attrs(&recs[1].attributes);
    assert_eq!(s(&a["gen_ai.tool.name"]), "WebFetch");
    assert_eq!(s(&a["gen_ai.security.decision.type"]), "deny");
    assert_eq!(s(&a["gen_ai.security.decision.reason"]), "egress");
    assert!(
        strings(&a["toolgate.destination.denied_classes"]).contains(&"private_address".to_string())
    );
    assert!(
        got.lock()
            .unwrap()
            .iter()
            .all(|(path, _)| path == "/custom/path")
    );
}

#[test]
fn export_refuses_https_and_reports_an_unreachable_collector() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("d.jsonl");
    hook(
        dir.path(),
        &event("Bash", json!({"command": "ls"})),
        &[("TOOLGATE_LOG", log.as_path())],
    );
    let o = toolgate(
        dir.path(),
        &[
            "audit",
            "export",
            "--otlp",
            "https://collector.example:4318",
            log.to_str().unwrap(),
        ],
    )
    .output()
    .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("http://"),
        "{}",
        out(&o)
    );
    // A port nothing listens on (bound, then closed).
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let o = toolgate(
        dir.path(),
        &[
            "audit",
            "export",
            "--otlp",
            &format!("http://127.0.0.1:{port}"),
            log.to_str().unwrap(),
        ],
    )
    .output()
    .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("cannot connect"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}
