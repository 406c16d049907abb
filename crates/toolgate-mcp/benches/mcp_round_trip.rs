//! `check_url` round trips over one stdio session, driven by rmcp's client.
//!
//! The bench re-runs its own executable as the server (`TOOLGATE_MCP_BENCH_SERVER=1`), which
//! serves exactly what `toolgate mcp` serves: `toolgate_mcp::run_stdio` on stdin/stdout. It first
//! times 10,000 sequential round trips and prints the mean, then lets criterion sample.
//! Budget: at most 50 µs per round trip.

use std::time::{Duration, Instant};

use criterion::Criterion;
use rmcp::model::{CallToolRequestParams, JsonObject};
use rmcp::service::RunningService;
use rmcp::transport::TokioChildProcess;
use rmcp::{RoleClient, ServiceExt};
use serde_json::json;

const SERVER_ENV: &str = "TOOLGATE_MCP_BENCH_SERVER";
const ROUND_TRIPS: u32 = 10_000;

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
