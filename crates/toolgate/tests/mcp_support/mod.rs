//! Drives the real `toolgate mcp` binary with rmcp's client over stdio.
#![allow(dead_code)] // each test file uses a different part

use std::path::PathBuf;

use rmcp::model::{CallToolRequestParams, CallToolResult, JsonObject};
use rmcp::service::RunningService;
use rmcp::transport::TokioChildProcess;
use rmcp::{RoleClient, ServiceExt};
use serde_json::Value;

/// A client session with a running `toolgate mcp`.
pub type Client = RunningService<RoleClient, ()>;

/// A `toolgate mcp` child process and the client connected to it. The temporary directory is
/// the server's working directory and home, so no policy file of the machine is discovered.
pub struct Session {
    /// The client.
    pub client: Client,
    _dir: tempfile::TempDir,
}

/// Starts `toolgate mcp`, with `policy` (YAML text) as its `--policy` file when given; without
/// one the built-in default applies.
pub async fn start(policy: Option<&str>) -> Session {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_toolgate"));
    command
        .arg("mcp")
        .current_dir(dir.path())
        .env("HOME", dir.path())
        .env("XDG_CONFIG_HOME", dir.path())
        .env_remove("TOOLGATE_POLICY");
    if let Some(text) = policy {
        let path: PathBuf = dir.path().join("policy.yaml");
        std::fs::write(&path, text).expect("write policy");
        command.arg("--policy").arg(&path);
    }
    let (transport, _) = TokioChildProcess::builder(command)
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("spawn toolgate mcp");
    let client = ().serve(transport).await.expect("initialize");
    Session { client, _dir: dir }
}

/// The JSON object `v` as tool arguments.
pub fn object(v: Value) -> JsonObject {
    match v {
        Value::Object(map) => map,
        other => panic!("arguments must be an object, got {other}"),
    }
}

/// Calls `tool` with `args`; a JSON-RPC error fails the test.
pub async fn call(client: &Client, tool: &str, args: Value) -> CallToolResult {
    client
        .call_tool(CallToolRequestParams::new(tool.to_string()).with_arguments(object(args)))
        .await
        .unwrap_or_else(|e| panic!("{tool}: JSON-RPC error {e}"))
}

/// The text of the result's only content block.
pub fn text(result: &CallToolResult) -> String {
    assert_eq!(result.content.len(), 1, "one content block");
    match result.content[0].as_text() {
        Some(t) => t.text.clone(),
        None => panic!("not a text block: {:?}", result.content[0]),
    }
}

/// A successful result's structured content, after checking that the text block holds the
/// same JSON, pretty-printed (agentguard-mcp's shape).
pub fn ok_json(result: &CallToolResult) -> Value {
    assert_ne!(
        result.is_error,
        Some(true),
        "unexpected tool error: {}",
        text(result)
    );
    let structured = result
        .structured_content
        .clone()
        .expect("structuredContent");
    let text = text(result);
    let parsed: Value = serde_json::from_str(&text).expect("the text block is JSON");
    assert_eq!(
        parsed, structured,
        "the text block holds the structured content"
    );
    assert!(
        text.starts_with("{\n  \""),
        "pretty-printed with 2-space indents: {text}"
    );
    structured
}

/// A tool error's message (`isError: true`, no structured content).
pub fn error_text(result: &CallToolResult) -> String {
    assert_eq!(
        result.is_error,
        Some(true),
        "expected a tool error, got {result:?}"
    );
    text(result)
}

/// `check_url` under `policy` (omitted when `None`).
pub async fn check_url(
    client: &Client,
    url: &str,
    policy: Option<Value>,
    method: Option<&str>,
) -> Value {
    let mut args = serde_json::json!({ "url": url });
    if let Some(p) = policy {
        args["policy"] = p;
    }
    if let Some(m) = method {
        args["method"] = Value::from(m);
    }
    ok_json(&call(client, "check_url", args).await)
}
