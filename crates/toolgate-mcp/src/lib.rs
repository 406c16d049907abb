//! toolgate's MCP stdio server, a drop-in for agentguard-mcp.
//!
//! Tools: `check_url`, `check_urls_batch` and `validate_policy` with agentguard-mcp's names,
//! arguments and reply keys (strict, fail-closed semantics), plus `check_tool_call` (the hook's
//! decision) and `explain_command` (the shell analysis). Replies carry their JSON both as
//! pretty-printed text and as `structuredContent` with an `outputSchema`; arguments are checked
//! against input schemas with `additionalProperties: false`.
//!
//! This is the only crate that uses rmcp and tokio; [`run_stdio`] builds a current-thread
//! runtime, so nothing else in toolgate starts one.
#![forbid(unsafe_code)]

pub mod args;
pub mod handler;
pub mod policy_arg;
pub mod replies;
pub mod server;
pub mod tool_call;
pub mod transport;

pub use server::{SERVER_NAME, SERVER_VERSION, ToolgateServer};

use rmcp::ServiceExt;
use toolgate_policy::Policy;

/// Serves the tools over `transport` until the client closes it.
pub async fn serve<T, E, A>(server: ToolgateServer, transport: T) -> Result<(), String>
where
    T: rmcp::transport::IntoTransport<rmcp::RoleServer, E, A>,
    E: std::error::Error + Send + Sync + 'static,
{
    let running = server
        .serve(transport)
        .await
        .map_err(|e| format!("the MCP session did not start: {e}"))?;
    running
        .waiting()
        .await
        .map(|_| ())
        .map_err(|e| format!("the MCP session ended with an error: {e}"))
}

/// Serves the tools on stdin/stdout (newline-delimited JSON-RPC) until stdin closes, on a
/// current-thread tokio runtime. `policy` is used when a call gives no `policy` argument and
/// for `check_tool_call`. Logs go to stderr only.
pub fn run_stdio(policy: Policy) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    if !policy.is_usable() {
        eprint!("{}", policy.render_diagnostics());
        eprintln!(
            "toolgate: the policy ({}) has errors: every check will deny until it is fixed",
            policy.source.describe()
        );
    }
    let source = policy.source.describe();
    let server = ToolgateServer::new(policy);
    eprintln!("toolgate MCP server v{SERVER_VERSION} ready on stdio (policy: {source})");
    // `stdio_pipes` drives pipe stdio on the IO reactor (no blocking-pool hand-off per
    // message); it falls back to blocking stdio for terminals and files. It needs the runtime,
    // as does the transport (it starts its writer task).
    runtime.block_on(async {
        let (input, output) = rmcp::transport::stdio_pipes();
        serve(server, transport::LineTransport::new(input, output)).await
    })
}
