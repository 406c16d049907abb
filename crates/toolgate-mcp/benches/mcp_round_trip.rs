//! `check_url` round trips over one stdio session, driven by rmcp's client.
//!
//! The bench re-runs its own executable as the server (`TOOLGATE_MCP_BENCH_SERVER=1`), which
//! serves exactly what `toolgate mcp` serves: `toolgate_mcp::run_stdio` on stdin/stdout. It first
//! times 10,000 sequential round trips and prints the mean, then 20,000 pipelined calls (written
//! without waiting for replies, on a raw stdio session: the server's own cost per call, with and
//! without a `policy` argument), then lets criterion sample the sequential round trip.
//! Budgets: at most 50 µs per round trip; at most 8 µs per pipelined call with a policy.

use std::time::{Duration, Instant};

use criterion::Criterion;
use rmcp::model::{CallToolRequestParams, JsonObject};
use rmcp::service::RunningService;
use rmcp::transport::TokioChildProcess;
use rmcp::{RoleClient, ServiceExt};
use serde_json::json;

const SERVER_ENV: &str = "TOOLGATE_MCP_BENCH_SERVER";
const ROUND_TRIPS: u32 = 10_000;
const PIPELINED: usize = 20_000;

type Client = RunningService<RoleClient, ()>;

fn main() {
    if std::env::var_os(SERVER_ENV).is_some() {
        let code = match toolgate_mcp::run_stdio(toolgate_policy::Policy::builtin()) {
            Ok(()) => 0,
            Err(_) => 1,
        };
        std::process::exit(code);
    }
    // One thread for the client: no cross-thread wake-ups inside a round trip.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    let client = runtime.block_on(start_server());
    let with_policy = arguments(true);
    let without_policy = arguments(false);

    // The figure for the budget: 10,000 sequential round trips in one session.
    let started = Instant::now();
    runtime.block_on(async {
        for _ in 0..ROUND_TRIPS {
            round_trip(&client, &with_policy).await;
        }
    });
    let elapsed = started.elapsed();
    println!(
        "check_url over stdio: {ROUND_TRIPS} round trips in {:.1} ms, {:.1} µs per round trip",
        elapsed.as_secs_f64() * 1e3,
        elapsed.as_secs_f64() * 1e6 / f64::from(ROUND_TRIPS)
    );

    for with_policy in [true, false] {
        let per_call = pipelined(with_policy);
        println!(
            "check_url pipelined over stdio ({}): {PIPELINED} calls, {per_call:.2} µs per call",
            if with_policy {
                "with a policy argument"
            } else {
                "server policy"
            }
        );
    }

    let mut criterion = Criterion::default()
        .measurement_time(Duration::from_secs(5))
        .configure_from_args();
    let mut group = criterion.benchmark_group("mcp_stdio");
    group.bench_function("check_url_with_policy", |b| {
        b.iter(|| runtime.block_on(round_trip(&client, &with_policy)))
    });
    group.bench_function("check_url_server_policy", |b| {
        b.iter(|| runtime.block_on(round_trip(&client, &without_policy)))
    });
    group.finish();
    criterion.final_summary();
    let _ = runtime.block_on(client.cancel());
}

/// Writes [`PIPELINED`] `check_url` calls to a fresh server without waiting, reads every reply,
/// and returns the mean time per call in µs (from the first write to the last reply).
fn pipelined(with_policy: bool) -> f64 {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let exe = std::env::current_exe().expect("own executable");
    let mut child = Command::new(exe)
        .env(SERVER_ENV, "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn the server");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut line = String::new();
    writeln!(
        stdin,
        r#"{{"jsonrpc":"2.0","id":0,"method":"initialize","params":{{"protocolVersion":"2025-06-18","capabilities":{{}},"clientInfo":{{"name":"bench","version":"0"}}}}}}"#
    )
    .expect("write initialize");
    stdout.read_line(&mut line).expect("initialize reply");
    writeln!(
        stdin,
        r#"{{"jsonrpc":"2.0","method":"notifications/initialized"}}"#
    )
    .expect("write initialized");
    let arguments = serde_json::Value::Object(arguments(with_policy));
    let requests: Vec<String> = (1..=PIPELINED)
        .map(|id| {
            json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                   "params": {"name": "check_url", "arguments": arguments}})
            .to_string()
                + "\n"
        })
        .collect();
    let started = Instant::now();
    let writer = std::thread::spawn(move || {
        for request in &requests {
            stdin.write_all(request.as_bytes()).expect("write a call");
        }
        stdin.flush().expect("flush");
        stdin
    });
    for _ in 0..PIPELINED {
        line.clear();
        stdout.read_line(&mut line).expect("a reply");
        assert!(line.contains(r#"\"allowed\""#), "reply without `allowed`");
    }
    let elapsed = started.elapsed();
    drop(writer.join().expect("writer"));
    let _ = child.wait();
    elapsed.as_secs_f64() * 1e6 / PIPELINED as f64
}

async fn start_server() -> Client {
    let exe = std::env::current_exe().expect("own executable");
    let mut command = tokio::process::Command::new(exe);
    command.env(SERVER_ENV, "1");
    let (transport, _) = TokioChildProcess::builder(command)
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("spawn the server");
    ().serve(transport).await.expect("initialize")
}

fn arguments(with_policy: bool) -> JsonObject {
    let mut args = JsonObject::new();
    args.insert(
        "url".into(),
        json!("https://api.openai.com/v1/chat/completions"),
    );
    args.insert("method".into(), json!("POST"));
    if with_policy {
        args.insert(
            "policy".into(),
            json!({"allow": ["api.openai.com", "*.anthropic.com"], "deny": ["evil.anthropic.com"], "methods": ["GET", "POST"]}),
        );
    }
    args
}

async fn round_trip(client: &Client, args: &JsonObject) {
    let result = client
        .call_tool(CallToolRequestParams::new("check_url").with_arguments(args.clone()))
        .await
        .expect("tools/call");
    let allowed = result
        .structured_content
        .as_ref()
        .and_then(|v| v.get("allowed"))
        .and_then(|v| v.as_bool());
    assert!(allowed.is_some(), "check_url reply without `allowed`");
}
