//! Scripted fakes of the OpenAI Responses API (Codex, Copilot CLI with a BYOK provider, OpenCode
//! with an `@ai-sdk/openai` provider) and the Gemini API (Gemini CLI), on 127.0.0.1. Each
//! answers the main loop's requests with the scripted tool calls in turn, one per request, then
//! with a final text; every request is recorded, so a test can read the tool results the CLI
//! sent back.

use std::io::{BufReader, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use serde_json::{Value, json};

use crate::claude_e2e::fake_api::{Request, read_request, write_json};

/// The final text the fake model says after the last scripted call.
pub const FINAL_TEXT: &str = "AGENT-E2E-FINAL";

/// Which model API the fake speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// `POST /v1/responses`, streamed as server-sent events.
    Responses,
    /// `POST /v1beta/models/{model}:streamGenerateContent?alt=sse` (and `:generateContent`).
    Gemini,
}

/// A running fake; it stops accepting when dropped.
#[derive(Debug)]
pub struct FakeModel {
    addr: SocketAddr,
    requests: Arc<Mutex<Vec<(String, Value)>>>,
    stop: Arc<AtomicBool>,
}

impl FakeModel {
    /// Starts the fake; `steps` are the tool calls, in the dialect's own shape (a Responses
    /// output item, or a Gemini `functionCall`).
    pub fn start(dialect: Dialect, steps: Vec<Value>) -> FakeModel {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind the fake model");
        let addr = listener.local_addr().expect("local address");
        let requests = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let steps = Arc::new(steps);
        {
            let (requests, stop) = (Arc::clone(&requests), Arc::clone(&stop));
            thread::spawn(move || {
                for stream in listener.incoming() {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let Ok(stream) = stream else { continue };
                    let (requests, steps) = (Arc::clone(&requests), Arc::clone(&steps));
                    thread::spawn(move || serve(stream, dialect, &steps, &requests));
                }
            });
        }
        FakeModel {
            addr,
            requests,
            stop,
        }
    }

    /// `http://127.0.0.1:PORT`.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Every request so far: path and JSON body.
    pub fn requests(&self) -> Vec<(String, Value)> {
        self.requests.lock().expect("fake model log").clone()
    }

    /// The tool results the CLI sent back, as text, from its last request.
    pub fn tool_outputs(&self) -> Vec<String> {
        let requests = self.requests();
        let Some((_, body)) = requests.last() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for item in body["input"].as_array().into_iter().flatten() {
            if item["type"]
                .as_str()
                .is_some_and(|t| t.ends_with("_output"))
            {
                out.push(flatten(&item["output"]));
            }
        }
        for content in body["contents"].as_array().into_iter().flatten() {
            for part in content["parts"].as_array().into_iter().flatten() {
                if let Some(response) = part.get("functionResponse") {
                    out.push(response["response"].to_string());
                }
            }
        }
        out
    }

    /// A summary for failure messages.
    pub fn summary(&self) -> String {
        self.requests()
            .iter()
            .map(|(path, _)| path.clone())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl Drop for FakeModel {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        let _ = TcpStream::connect_timeout(&self.addr, Duration::from_millis(200));
    }
}

fn flatten(output: &Value) -> String {
    match output {
        Value::String(s) => s.clone(),
        Value::Array(parts) => parts
            .iter()
            .map(|p| {
                p["text"]
                    .as_str()
                    .map_or_else(|| p.to_string(), str::to_string)
            })
            .collect::<Vec<_>>()
            .join("\n"),
        other => other.to_string(),
    }
}

fn serve(stream: TcpStream, dialect: Dialect, steps: &[Value], log: &Mutex<Vec<(String, Value)>>) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(120)));
    let Ok(read_half) = stream.try_clone() else {
        return;
    };
    let mut reader = BufReader::new(read_half);
    let mut out = stream;
    while let Some(request) = read_request(&mut reader) {
        let close = request.close;
        if respond(&mut out, &request, dialect, steps, log).is_err() || close {
            break;
        }
    }
    let _ = out.shutdown(Shutdown::Both);
}

fn respond(
    out: &mut TcpStream,
    request: &Request,
    dialect: Dialect,
    steps: &[Value],
    log: &Mutex<Vec<(String, Value)>>,
) -> std::io::Result<()> {
    let body: Value = serde_json::from_slice(&request.body).unwrap_or(Value::Null);
    if request.method != "POST" {
        return write_json(out, "200 OK", &json!({"data": [], "models": []}));
    }
    log.lock()
        .expect("fake model log")
        .push((request.target.clone(), body.clone()));
    match dialect {
        Dialect::Responses => respond_responses(out, &body, steps),
        Dialect::Gemini => respond_gemini(out, &request.target, &body, steps),
    }
}

fn respond_responses(out: &mut TcpStream, body: &Value, steps: &[Value]) -> std::io::Result<()> {
    let done = body["input"].as_array().map_or(0, |items| {
        items
            .iter()
            .filter(|i| i["type"].as_str().is_some_and(|t| t.ends_with("_output")))
            .count()
    });
    let offers_tools = body["tools"].as_array().is_some_and(|t| !t.is_empty());
    let item = match steps.get(done) {
        Some(step) if offers_tools => step.clone(),
        _ => {
            json!({"type": "message", "role": "assistant", "id": "msg_final", "status": "completed",
                    "content": [{"type": "output_text", "text": FINAL_TEXT, "annotations": []}]})
        }
    };
    // A finished item is `completed`, as the real API says; the AI SDK (OpenCode) drops a
    // finished `function_call` without it, and the call never runs.
    let mut finished = item.clone();
    if let Some(fields) = finished.as_object_mut() {
        fields.entry("status").or_insert_with(|| json!("completed"));
    }
    let id = format!("resp_{done}");
    let usage = json!({"input_tokens": 10, "input_tokens_details": {"cached_tokens": 0},
                       "output_tokens": 5, "output_tokens_details": {"reasoning_tokens": 0},
                       "total_tokens": 15});
    let events = [
        json!({"type": "response.created", "response": {"id": id, "object": "response", "status": "in_progress", "output": []}}),
        json!({"type": "response.output_item.added", "output_index": 0, "item": item}),
        json!({"type": "response.output_item.done", "output_index": 0, "item": finished}),
        json!({"type": "response.completed", "response": {"id": id, "object": "response", "status": "completed",
               "model": body["model"], "output": [finished], "usage": usage}}),
    ];
    let text: String = events
        .iter()
        .map(|e| format!("event: {}\ndata: {e}\n\n", e["type"].as_str().unwrap_or("")))
        .collect();
    write_body(out, "text/event-stream", &text)
}

fn respond_gemini(
    out: &mut TcpStream,
    target: &str,
    body: &Value,
    steps: &[Value],
) -> std::io::Result<()> {
    if target.contains(":countTokens") {
        return write_json(out, "200 OK", &json!({"totalTokens": 10}));
    }
    let done = body["contents"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|c| c["parts"].as_array().cloned().unwrap_or_default())
        .filter(|p| p.get("functionResponse").is_some())
        .count();
    let offers_tools = body["tools"].as_array().is_some_and(|t| !t.is_empty());
    let part = match steps.get(done) {
        Some(step) if offers_tools => json!({"functionCall": step}),
        _ => json!({"text": FINAL_TEXT}),
    };
    let chunk = json!({
        "candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
        "modelVersion": "gemini-2.5-flash",
    });
    if target.contains("alt=sse") {
        write_body(out, "text/event-stream", &format!("data: {chunk}\r\n\r\n"))
    } else {
        write_json(out, "200 OK", &chunk)
    }
}

fn write_body(out: &mut TcpStream, content_type: &str, text: &str) -> std::io::Result<()> {
    write!(
        out,
        "HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\r\n{text}",
        text.len()
    )?;
    out.flush()
}
