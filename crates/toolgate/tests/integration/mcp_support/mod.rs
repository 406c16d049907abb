//! Drives the real `toolgate mcp` binary with rmcp's client over stdio. Every successful tool
//! reply that passes through [`call`] is checked against the tool's declared `outputSchema`.
#![allow(dead_code)] // each test file uses a different part

pub mod schema;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

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
    dir: tempfile::TempDir,
}

impl Session {
    /// The server's working directory and `$HOME` (`policy.yaml` in it is the `--policy`).
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }
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
    Session { client, dir }
}

/// The JSON object `v` as tool arguments.
pub fn object(v: Value) -> JsonObject {
    match v {
        Value::Object(map) => map,
        other => panic!("arguments must be an object, got {other}"),
    }
}

/// The output schemas of the tools, by name, read from the first session's `tools/list`
/// (the schemas are static, the same in every session).
static OUTPUT_SCHEMAS: Mutex<Option<HashMap<String, Value>>> = Mutex::new(None);

/// The declared `outputSchema` of `tool` (`None`: the tool declares none).
pub async fn output_schema(client: &Client, tool: &str) -> Option<Value> {
    if let Some(known) = OUTPUT_SCHEMAS.lock().unwrap().as_ref() {
        return known.get(tool).cloned();
    }
    let tools = client.list_all_tools().await.expect("tools/list");
    let schemas: HashMap<String, Value> = tools
        .iter()
        .filter_map(|t| {
            let schema = t.output_schema.as_ref()?;
            Some((t.name.to_string(), Value::Object((**schema).clone())))
        })
        .collect();
    let found = schemas.get(tool).cloned();
    *OUTPUT_SCHEMAS.lock().unwrap() = Some(schemas);
    found
}

/// Calls `tool` with `args`; a JSON-RPC error fails the test, and so does a successful reply
/// whose structured content does not conform to the tool's `outputSchema`.
pub async fn call(client: &Client, tool: &str, args: Value) -> CallToolResult {
    let result = client
        .call_tool(CallToolRequestParams::new(tool.to_string()).with_arguments(object(args)))
        .await
        .unwrap_or_else(|e| panic!("{tool}: JSON-RPC error {e}"));
    assert_conforms(client, tool, &result).await;
    result
}

/// A tool error carries no structured content; any other reply of a tool that declares an
/// `outputSchema` carries structured content that conforms to it.
pub async fn assert_conforms(client: &Client, tool: &str, result: &CallToolResult) {
    if result.is_error == Some(true) {
        assert!(
            result.structured_content.is_none(),
            "{tool}: a tool error has no structured content"
        );
        return;
    }
    let Some(schema) = output_schema(client, tool).await else {
        return;
    };
    let structured = result
        .structured_content
        .as_ref()
        .unwrap_or_else(|| panic!("{tool}: a tool with an outputSchema must reply structured"));
    if let Err(why) = schema::conforms(&schema, structured) {
        panic!("{tool}: the reply does not conform to its outputSchema: {why}\n{structured}");
    }
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
