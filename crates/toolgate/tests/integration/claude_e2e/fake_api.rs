//! A scripted fake of the Anthropic Messages API on 127.0.0.1, enough for one `claude -p`
//! session: the first main-loop request is answered with one `tool_use` block, the request
//! that carries its `tool_result` is recorded and answered with a final text (`end_turn`).
//! Every other request is recorded and answered with something valid.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use serde_json::{Value, json};

/// The id of the scripted `tool_use` block; the CLI sends it back in its `tool_result`.
pub const TOOL_USE_ID: &str = "toolu_01E2eScriptedCall0001";

/// The text of the final assistant message, after the tool result came back.
pub const FINAL_TEXT: &str = "E2E-FINAL: the scripted turn is over.";

/// One HTTP request the CLI made.
#[derive(Debug, Clone)]
pub struct RecordedRequest {
    /// `POST`, `GET`, …
    pub method: String,
    /// Path with query, e.g. `/v1/messages?beta=true`.
    pub target: String,
    /// The body parsed as JSON (`Value::Null` when empty or not JSON).
    pub body: Value,
    /// How the fake answered it.
    pub answer: Answer,
}

/// What the fake answered to a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// The scripted `tool_use` block.
    ToolUse,
    /// The final text after a `tool_result` came back.
    FinalText,
    /// A side request (no tools offered, e.g. a title): a short text.
    SideText,
    /// `count_tokens`.
    TokenCount,
    /// A probe (`GET`/`HEAD`) or an unknown endpoint.
    Other,
}

/// A `tool_result` block the CLI sent back for the scripted call.
#[derive(Debug, Clone)]
pub struct ToolResult {
    /// The `tool_use_id` it answers.
    pub tool_use_id: String,
    /// Its content flattened to text (text blocks joined by newlines).
    pub text: String,
    /// The `is_error` flag (false when absent).
    pub is_error: bool,
}

/// The tool call the fake model makes.
#[derive(Debug, Clone)]
pub struct ScriptedCall {
    /// Tool name, e.g. `Bash`, `Write`, `mcp__harness__touch_marker`.
    pub tool: String,
    /// Tool input object.
    pub input: Value,
}

#[derive(Debug, Default)]
struct Log {
    requests: Vec<RecordedRequest>,
    tool_results: Vec<ToolResult>,
}

/// A running fake API; it stops accepting when dropped.
#[derive(Debug)]
pub struct FakeApi {
    addr: SocketAddr,
    log: Arc<Mutex<Log>>,
    stop: Arc<AtomicBool>,
}

impl FakeApi {
    /// Starts the fake on a random loopback port.
    pub fn start(call: ScriptedCall) -> FakeApi {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind the fake API on 127.0.0.1");
        let addr = listener
            .local_addr()
            .expect("local address of the fake API");
        let log = Arc::new(Mutex::new(Log::default()));
        let stop = Arc::new(AtomicBool::new(false));
        let call = Arc::new(call);
        {
            let (log, stop) = (Arc::clone(&log), Arc::clone(&stop));
            thread::spawn(move || {
                for stream in listener.incoming() {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let Ok(stream) = stream else { continue };
                    let (log, call) = (Arc::clone(&log), Arc::clone(&call));
                    thread::spawn(move || serve_connection(stream, &log, &call));
                }
            });
        }
        FakeApi { addr, log, stop }
    }

    /// `http://127.0.0.1:PORT`, for `ANTHROPIC_BASE_URL`.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Every request so far.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.log.lock().expect("fake API log").requests.clone()
    }

    /// The `tool_result` blocks that answered the scripted call, first seen first.
    pub fn tool_results(&self) -> Vec<ToolResult> {
        self.log.lock().expect("fake API log").tool_results.clone()
    }

    /// A one-line-per-request summary, for failure messages.
    pub fn summary(&self) -> String {
        self.requests()
            .iter()
            .map(|r| {
                let tools = r
                    .body
                    .get("tools")
                    .and_then(Value::as_array)
                    .map_or(0, Vec::len);
                format!(
                    "{} {} ({tools} tools offered) -> {:?}",
                    r.method, r.target, r.answer
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl Drop for FakeApi {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop so that it sees the flag.
        let _ = TcpStream::connect_timeout(&self.addr, Duration::from_millis(200));
    }
}

/// A loopback TCP listener that only counts the connections made to it: the target of a
/// fetch that must never happen.
#[derive(Debug)]
pub struct FakeTarget {
    addr: SocketAddr,
    connections: Arc<AtomicUsize>,
}

impl FakeTarget {
    /// Starts listening on a random loopback port.
    pub fn start() -> FakeTarget {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind the fake target");
        let addr = listener
            .local_addr()
            .expect("local address of the fake target");
        let connections = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&connections);
        thread::spawn(move || {
            for stream in listener.incoming() {
                counter.fetch_add(1, Ordering::SeqCst);
                drop(stream);
            }
        });
        FakeTarget { addr, connections }
    }

    /// `127.0.0.1:PORT`.
    pub fn authority(&self) -> String {
        self.addr.to_string()
    }

    /// Connections accepted so far.
    pub fn connections(&self) -> usize {
        self.connections.load(Ordering::SeqCst)
    }
}

/// One HTTP request as the fakes read it.
pub struct Request {
    /// `POST`, `GET`, …
    pub method: String,
    /// Path with query.
    pub target: String,
    /// `Connection: close` was sent.
    pub close: bool,
    /// The body (chunked bodies joined).
    pub body: Vec<u8>,
}

fn serve_connection(stream: TcpStream, log: &Mutex<Log>, call: &ScriptedCall) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(120)));
    let Ok(read_half) = stream.try_clone() else {
        return;
    };
    let mut reader = BufReader::new(read_half);
    let mut writer = stream;
    while let Some(request) = read_request(&mut reader) {
        let close = request.close;
        if respond(&mut writer, request, log, call).is_err() || close {
            break;
        }
    }
    let _ = writer.shutdown(Shutdown::Both);
}

/// Reads one HTTP/1.1 request (`None` at the end of the connection).
pub fn read_request(reader: &mut impl BufRead) -> Option<Request> {
    let mut line = String::new();
    // Skip blank lines between pipelined requests.
    while line.trim().is_empty() {
        line.clear();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
    }
    let mut parts = line.split_whitespace();
    let method = parts.next()?.to_string();
    let target = parts.next()?.to_string();
    let (mut length, mut chunked, mut close) = (0usize, false, false);
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).ok()? == 0 {
            return None;
        }
        let header = header.trim_end();
        if header.is_empty() {
            break;
        }
        let Some((name, value)) = header.split_once(':') else {
            continue;
        };
        let (name, value) = (name.trim().to_ascii_lowercase(), value.trim());
        match name.as_str() {
            "content-length" => length = value.parse().ok()?,
            "transfer-encoding" => chunked = value.to_ascii_lowercase().contains("chunked"),
            "connection" => close = value.eq_ignore_ascii_case("close"),
            _ => {}
        }
    }
    let body = if chunked {
        read_chunked(reader)?
    } else {
        read_exact(reader, length)?
    };
    Some(Request {
        method,
        target,
        close,
        body,
    })
}

fn read_exact(reader: &mut impl Read, length: usize) -> Option<Vec<u8>> {
    let mut body = vec![0; length];
    reader.read_exact(&mut body).ok()?;
    Some(body)
}

fn read_chunked(reader: &mut impl BufRead) -> Option<Vec<u8>> {
    let mut body = Vec::new();
    loop {
        let mut size = String::new();
        reader.read_line(&mut size).ok()?;
        let size = usize::from_str_radix(size.trim().split(';').next()?.trim(), 16).ok()?;
        if size == 0 {
            // Trailers end with an empty line.
            loop {
                let mut trailer = String::new();
                if reader.read_line(&mut trailer).ok()? == 0 || trailer.trim().is_empty() {
                    return Some(body);
                }
            }
        }
        body.extend(read_exact(reader, size)?);
        let mut crlf = String::new();
        reader.read_line(&mut crlf).ok()?;
    }
}

fn respond(
    out: &mut TcpStream,
    request: Request,
    log: &Mutex<Log>,
    call: &ScriptedCall,
) -> std::io::Result<()> {
    let body: Value = serde_json::from_slice(&request.body).unwrap_or(Value::Null);
    let path = request.target.split('?').next().unwrap_or("");
    let answer = match (request.method.as_str(), path) {
        ("POST", "/v1/messages") => classify(&body),
        ("POST", "/v1/messages/count_tokens") => Answer::TokenCount,
        _ => Answer::Other,
    };
    {
        let mut log = log.lock().expect("fake API log");
        if answer == Answer::FinalText {
            for result in tool_results_in(&body) {
                if !log
                    .tool_results
                    .iter()
                    .any(|r| r.tool_use_id == result.tool_use_id)
                {
                    log.tool_results.push(result);
                }
            }
        }
        log.requests.push(RecordedRequest {
            method: request.method.clone(),
            target: request.target.clone(),
            body: body.clone(),
            answer,
        });
    }
    let model = body
        .get("model")
        .and_then(Value::as_str)
        .unwrap_or("claude-sonnet-4-5");
    let streaming = body.get("stream").and_then(Value::as_bool).unwrap_or(false);
    match answer {
        Answer::ToolUse | Answer::FinalText | Answer::SideText => {
            let message = assistant_message(answer, call, model);
            if streaming {
                write_sse(out, &message)
            } else {
                write_json(out, "200 OK", &message)
            }
        }
        Answer::TokenCount => write_json(out, "200 OK", &json!({"input_tokens": 100})),
        Answer::Other if request.method == "HEAD" => {
            write!(out, "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")?;
            out.flush()
        }
        Answer::Other if request.method == "GET" => write_json(out, "200 OK", &json!({})),
        Answer::Other => write_json(
            out,
            "404 Not Found",
            &json!({"type": "error", "error": {"type": "not_found_error", "message": "not faked"}}),
        ),
    }
}

/// Which reply a `POST /v1/messages` gets. A conversation that already holds a `tool_result`
/// is over; one that offers tools is the main loop's first turn; anything else is a side
/// request.
fn classify(body: &Value) -> Answer {
    if !tool_results_in(body).is_empty() {
        Answer::FinalText
    } else if body
        .get("tools")
        .and_then(Value::as_array)
        .is_some_and(|t| !t.is_empty())
    {
        Answer::ToolUse
    } else {
        Answer::SideText
    }
}

fn tool_results_in(body: &Value) -> Vec<ToolResult> {
    let messages = body
        .get("messages")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    messages
        .iter()
        .filter(|m| m.get("role").and_then(Value::as_str) == Some("user"))
        .filter_map(|m| m.get("content").and_then(Value::as_array))
        .flatten()
        .filter(|block| block.get("type").and_then(Value::as_str) == Some("tool_result"))
        .map(|block| ToolResult {
            tool_use_id: block
                .get("tool_use_id")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string(),
            text: flatten_content(block.get("content").unwrap_or(&Value::Null)),
            is_error: block
                .get("is_error")
                .and_then(Value::as_bool)
                .unwrap_or(false),
        })
        .collect()
}

fn flatten_content(content: &Value) -> String {
    match content {
        Value::String(s) => s.clone(),
        Value::Array(blocks) => blocks
            .iter()
            .map(|b| {
                b.get("text")
                    .and_then(Value::as_str)
                    .map(str::to_string)
                    .unwrap_or_else(|| b.to_string())
            })
            .collect::<Vec<_>>()
            .join("\n"),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// The full (non-streamed) message; the SSE form is derived from it.
fn assistant_message(answer: Answer, call: &ScriptedCall, model: &str) -> Value {
    let (content, stop_reason) = match answer {
        Answer::ToolUse => (
            json!([{"type": "tool_use", "id": TOOL_USE_ID, "name": call.tool, "input": call.input}]),
            "tool_use",
        ),
        Answer::FinalText => (json!([{"type": "text", "text": FINAL_TEXT}]), "end_turn"),
        _ => (
            json!([{"type": "text", "text": "E2E side reply"}]),
            "end_turn",
        ),
    };
    json!({
        "id": format!("msg_e2e_{answer:?}"),
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": stop_reason,
        "stop_sequence": null,
        "usage": {"input_tokens": 100, "output_tokens": 20,
                  "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0},
    })
}

/// The event sequence the real API streams for `message`.
fn sse_events(message: &Value) -> Vec<(&'static str, Value)> {
    let mut start = message.clone();
    start["content"] = json!([]);
    start["stop_reason"] = Value::Null;
    start["usage"]["output_tokens"] = json!(1);
    let mut events = vec![(
        "message_start",
        json!({"type": "message_start", "message": start}),
    )];
    events.push(("ping", json!({"type": "ping"})));
    let blocks = message["content"].as_array().cloned().unwrap_or_default();
    for (index, block) in blocks.iter().enumerate() {
        let (empty, delta) = if block["type"] == "tool_use" {
            let mut empty = block.clone();
            empty["input"] = json!({});
            let partial = serde_json::to_string(&block["input"]).expect("tool input serialises");
            (
                empty,
                json!({"type": "input_json_delta", "partial_json": partial}),
            )
        } else {
            (
                json!({"type": "text", "text": ""}),
                json!({"type": "text_delta", "text": block["text"]}),
            )
        };
        events.push((
            "content_block_start",
            json!({"type": "content_block_start", "index": index, "content_block": empty}),
        ));
        events.push((
            "content_block_delta",
            json!({"type": "content_block_delta", "index": index, "delta": delta}),
        ));
        events.push((
            "content_block_stop",
            json!({"type": "content_block_stop", "index": index}),
        ));
    }
    events.push((
        "message_delta",
        json!({"type": "message_delta",
               "delta": {"stop_reason": message["stop_reason"], "stop_sequence": null},
               "usage": {"output_tokens": message["usage"]["output_tokens"]}}),
    ));
    events.push(("message_stop", json!({"type": "message_stop"})));
    events
}

fn write_sse(out: &mut TcpStream, message: &Value) -> std::io::Result<()> {
    write!(
        out,
        "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n\
         request-id: req_e2e\r\nTransfer-Encoding: chunked\r\n\r\n"
    )?;
    for (name, data) in sse_events(message) {
        let event = format!("event: {name}\ndata: {data}\n\n");
        write!(out, "{:x}\r\n{event}\r\n", event.len())?;
        out.flush()?;
    }
    write!(out, "0\r\n\r\n")?;
    out.flush()
}

/// Writes a JSON response.
pub fn write_json(out: &mut TcpStream, status: &str, body: &Value) -> std::io::Result<()> {
    let body = body.to_string();
    write!(
        out,
        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nrequest-id: req_e2e\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )?;
    out.flush()
}
