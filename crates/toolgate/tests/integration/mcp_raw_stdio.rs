//! `toolgate mcp` fed raw lines on stdin: hostile and malformed input written straight to the
//! server (no MCP client in between). The server must answer sanely, never repeat a value it
//! was given, and keep serving afterwards.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};

/// A marker that must never come back: in method names, parameters, argument names and values.
const SECRET: &str = "sk-ant-api03-RAWSECRET0123456789";
/// How long to wait for one reply.
const WAIT: Duration = Duration::from_secs(20);

/// A running `toolgate mcp` with its stdin, its stdout lines and its stderr.
struct Raw {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every stdout line read so far.
    seen: Vec<String>,
    stderr: Arc<Mutex<Vec<u8>>>,
    _dir: tempfile::TempDir,
}

impl Raw {
    fn start() -> Raw {
        let dir = tempfile::tempdir().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_toolgate"))
            .arg("mcp")
            .current_dir(dir.path())
            .env("HOME", dir.path())
            .env("XDG_CONFIG_HOME", dir.path())
            .env_remove("TOOLGATE_POLICY")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn toolgate mcp");
        let stdout = child.stdout.take().unwrap();
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let mut pipe = child.stderr.take().unwrap();
        let sink = Arc::clone(&stderr);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        let stdin = child.stdin.take();
        let mut raw = Raw {
            child,
            stdin,
            lines,
            seen: Vec::new(),
            stderr,
            _dir: dir,
        };
        raw.send(
            br#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#,
        );
        let init = raw.reply_to(0);
        assert_eq!(init["result"]["serverInfo"]["name"], "toolgate", "{init}");
        raw.send(br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
        raw
    }

    /// Writes `line` and a newline.
    fn send(&mut self, line: &[u8]) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(line).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    fn send_json(&mut self, message: &Value) {
        self.send(message.to_string().as_bytes());
    }

    /// The next stdout line as JSON, checking that it is one JSON-RPC 2.0 object.
    fn next(&mut self) -> Value {
        let line = self
            .lines
            .recv_timeout(WAIT)
            .expect("the server answered in time");
        let value: Value = serde_json::from_str(&line).expect("every stdout line is JSON");
        assert!(value.is_object(), "one object per line: {line}");
        assert_eq!(value["jsonrpc"], "2.0", "{line}");
        self.seen.push(line);
        value
    }

    /// Reads lines until the reply to `id`; any other line must be an error without an id
    /// (the answer to an earlier line that could not be read), collected in `self.seen`.
    fn reply_to(&mut self, id: i64) -> Value {
        loop {
            let value = self.next();
            if value["id"] == json!(id) {
                return value;
            }
            assert!(
                value.get("id").is_none_or(Value::is_null) && value.get("error").is_some(),
                "an unrequested line is an id-less error: {value}"
            );
        }
    }

    /// A `ping` with `id` is answered with `{}`: the server still serves.
    fn assert_serving(&mut self, id: i64) {
        self.send_json(&json!({"jsonrpc": "2.0", "id": id, "method": "ping"}));
        assert_eq!(self.reply_to(id)["result"], json!({}));
    }

    /// Closes stdin, waits for the exit, and checks that nothing the server wrote, on stdout
    /// or stderr, repeats the secret.
    fn finish(mut self) {
        drop(self.stdin.take());
        let status = self.child.wait().unwrap();
        assert!(
            status.success(),
            "the server exits cleanly when stdin closes"
        );
        for line in self.lines.try_iter() {
            self.seen.push(line);
        }
        for line in &self.seen {
            assert!(!line.contains("RAWSECRET"), "echoed on stdout: {line}");
        }
        // The reader thread ends with the pipe; give it a moment to drain.
        std::thread::sleep(Duration::from_millis(50));
        let stderr = String::from_utf8_lossy(&self.stderr.lock().unwrap()).into_owned();
        assert!(!stderr.contains("RAWSECRET"), "echoed on stderr: {stderr}");
    }
}

fn error_code(reply: &Value) -> i64 {
    reply["error"]["code"].as_i64().expect("a JSON-RPC error")
}

#[test]
fn unreadable_lines_get_an_id_less_invalid_request_and_the_server_keeps_serving() {
    let mut raw = Raw::start();
    let lines: Vec<Vec<u8>> = vec![
        format!("not json {SECRET}").into_bytes(),
        format!(
            "{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{{\"x\":\"{SECRET}\""
        )
        .into_bytes(),
        format!(
            "{{\"jsonrpc\":\"1.0\",\"id\":2,\"method\":\"ping\",\"params\":{{\"x\":\"{SECRET}\"}}}}"
        )
        .into_bytes(),
        format!("[{{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}},{{\"x\":\"{SECRET}\"}}]")
            .into_bytes(),
        format!("\"{SECRET}\"").into_bytes(),
        b"{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/list\",\"params\":\"x\"}".to_vec(),
        vec![0xff, 0xfe, b'{', b'}'],
    ];
    // Each line gets either nothing (as agentguard-mcp drops a line that is not JSON) or an
    // id-less -32600; the ping after it is answered either way.
    let mut errors = 0;
    for (i, line) in lines.iter().enumerate() {
        raw.send(line);
        let ping = 100 + i as i64;
        raw.send_json(&json!({"jsonrpc": "2.0", "id": ping, "method": "ping"}));
        let mut before = 0;
        loop {
            let reply = raw.next();
            if reply["id"] == json!(ping) {
                assert_eq!(reply["result"], json!({}), "{reply}");
                break;
            }
            assert_eq!(error_code(&reply), -32600, "line {i}: {reply}");
            assert!(reply.get("id").is_none_or(Value::is_null), "{reply}");
            assert_eq!(reply["error"]["message"], "Invalid request", "{reply}");
            before += 1;
        }
        assert!(before <= 1, "line {i} got one answer at most");
        errors += before;
    }
    // Lines that are JSON but not JSON-RPC 2.0 are always answered.
    assert!(errors >= 4, "{errors} lines answered");
    raw.finish();
}

#[test]
fn notifications_get_no_reply() {
    let mut raw = Raw::start();
    raw.send_json(&json!({"jsonrpc": "2.0", "method": format!("notifications/{SECRET}")}));
    raw.send_json(
        &json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
        "params": {"requestId": 999, "reason": SECRET}}),
    );
    raw.send_json(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    // The very next line is the ping's reply: nothing answered the notifications.
    raw.send_json(&json!({"jsonrpc": "2.0", "id": 7, "method": "ping"}));
    let reply = raw.next();
    assert_eq!(reply["id"], 7, "{reply}");
    assert_eq!(reply["result"], json!({}));
    raw.finish();
}

#[test]
fn unknown_methods_and_bad_params_do_not_repeat_what_they_carried() {
    let mut raw = Raw::start();
    raw.send_json(&json!({"jsonrpc": "2.0", "id": 1, "method": SECRET, "params": {}}));
    let reply = raw.reply_to(1);
    assert_eq!(error_code(&reply), -32601, "{reply}");
    assert_eq!(reply["error"]["message"], "Method not found");

    raw.send_json(&json!({"jsonrpc": "2.0", "id": 2, "method": format!("tools/{SECRET}")}));
    assert_eq!(error_code(&raw.reply_to(2)), -32601);

    // tools/call whose params are not a tools/call: -32602, the parameters not repeated.
    for (id, params) in [
        (3, json!({"name": "check_url", "arguments": SECRET})),
        (4, json!({"nome": SECRET})),
        (5, json!({"name": 5, "arguments": {"url": SECRET}})),
    ] {
        raw.send_json(
            &json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params}),
        );
        let reply = raw.reply_to(id);
        assert_eq!(error_code(&reply), -32602, "{reply}");
        assert!(reply.get("result").is_none(), "{reply}");
    }
    raw.assert_serving(100);
    raw.finish();
}

#[test]
fn hostile_tool_calls_are_tool_errors_without_the_values() {
    let mut raw = Raw::start();
    let calls = [
        json!({"name": SECRET, "arguments": {}}),
        json!({"name": "check_url", "arguments": {"url": 5, "policy": SECRET}}),
        json!({"name": "check_url", "arguments": {"url": "https://x.example/", SECRET: 1}}),
        json!({"name": "check_url", "arguments": {"url": "https://x.example/", "polcy": SECRET}}),
        json!({"name": "check_urls_batch", "arguments": {"urls": [SECRET, 1]}}),
        json!({"name": "check_tool_call", "arguments": {"tool_name": SECRET, "tool_input": SECRET}}),
        json!({"name": "check_tool_call", "arguments": {"tool_name": "Bash", "tool_input": {}, "cwd": [SECRET]}}),
        json!({"name": "explain_command", "arguments": {"command": {"x": SECRET}}}),
        json!({"name": "validate_policy", "arguments": {}}),
    ];
    for (i, params) in calls.iter().enumerate() {
        let id = i as i64 + 1;
        raw.send_json(
            &json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params}),
        );
        let reply = raw.reply_to(id);
        assert_eq!(reply["result"]["isError"], true, "{params}: {reply}");
        let text = reply["result"]["content"][0]["text"].as_str().unwrap();
        assert!(!text.is_empty(), "{reply}");
    }
    // A secret in a value that is checked (not an error) is not repeated either.
    raw.send_json(&json!({"jsonrpc": "2.0", "id": 50, "method": "tools/call", "params": {
        "name": "check_tool_call",
        "arguments": {"tool_name": "Write", "tool_input": {"file_path": ".claude/settings.json", "content": SECRET}}}}));
    let reply = raw.reply_to(50);
    assert_eq!(
        reply["result"]["structuredContent"]["decision"], "deny",
        "{reply}"
    );
    raw.assert_serving(100);
    raw.finish();
}

#[test]
fn huge_lines_are_dropped_or_answered_and_the_server_keeps_serving() {
    let mut raw = Raw::start();
    // Over rmcp's 16 MiB line limit: discarded without a reply (its id cannot be known).
    let mut junk = vec![b'x'; 17 * 1024 * 1024];
    junk.extend_from_slice(SECRET.as_bytes());
    raw.send(&junk);
    raw.assert_serving(100);
    // A large but readable request gets its answer, without the URL in it.
    let url = format!("https://api.openai.com/{}{SECRET}", "a".repeat(1024 * 1024));
    raw.send_json(
        &json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
        "name": "check_url", "arguments": {"url": url, "policy": {"allow": ["api.openai.com"]}}}}),
    );
    let reply = raw.reply_to(1);
    let decision = &reply["result"]["structuredContent"];
    assert_eq!(decision["allowed"], false, "{reply}");
    assert_eq!(decision["reason"], "invalid_url");
    assert!(
        !reply.to_string().contains("aaaaaaaa"),
        "the URL is not repeated"
    );
    raw.assert_serving(101);
    raw.finish();
}

#[test]
fn many_requests_in_flight_are_all_answered() {
    let mut raw = Raw::start();
    for id in 1..=50 {
        raw.send_json(
            &json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {
            "name": "check_url", "arguments": {"url": format!("https://h{id}.example.com/"),
            "policy": {"allow": ["*.example.com"]}}}}),
        );
    }
    let mut answered = Vec::new();
    while answered.len() < 50 {
        let reply = raw.next();
        assert_eq!(
            reply["result"]["structuredContent"]["allowed"], true,
            "{reply}"
        );
        answered.push(reply["id"].as_i64().unwrap());
    }
    answered.sort_unstable();
    assert_eq!(answered, (1..=50).collect::<Vec<i64>>());
    raw.finish();
}
