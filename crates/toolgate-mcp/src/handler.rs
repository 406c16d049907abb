//! The MCP side of the server: routing `tools/call` and `tools/list`, and answering requests
//! the server cannot read without repeating anything they carried.

use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{
    CacheScope, CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock,
    CustomRequest, CustomResult, ErrorCode, Implementation, ListToolsResult,
    PaginatedRequestParams, ProtocolVersion, ResultType, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};

use crate::server::{SERVER_NAME, SERVER_VERSION, TOOL_ORDER, ToolgateServer};

/// Methods this server serves. A request for one of them that reaches
/// [`ServerHandler::on_custom_request`] had parameters rmcp could not read.
const SERVED_METHODS: &[&str] = &["initialize", "ping", "tools/list", "tools/call"];

/// The longest tool name compared with the known ones for a "did you mean" hint.
const MAX_HINTED_NAME: usize = 64;

impl ToolgateServer {
    /// The tools, agentguard-mcp's first in its order, then toolgate's, then any other.
    pub fn ordered_tools(&self) -> Vec<Tool> {
        let mut tools = self.tool_router.list_all();
        tools.sort_by_key(|t| {
            TOOL_ORDER
                .iter()
                .position(|n| *n == t.name)
                .unwrap_or(TOOL_ORDER.len())
        });
        tools
    }
}

/// The message for a call to a tool this server does not have. The name is not repeated (it
/// is input); a near miss is named by the tool it resembles.
pub fn unknown_tool_message(name: &str) -> String {
    let hint = if name.len() <= MAX_HINTED_NAME {
        toolgate_policy::reader::closest(name, TOOL_ORDER)
    } else {
        None
    };
    let known = TOOL_ORDER
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ");
    match hint {
        Some(tool) => format!("unknown tool (did you mean `{tool}`?); this server offers {known}"),
        None => format!("unknown tool; this server offers {known}"),
    }
}

impl ServerHandler for ToolgateServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new(SERVER_NAME, SERVER_VERSION))
    }

    /// An unknown tool is a tool result with `isError: true` (as agentguard-mcp answers), so
    /// the model sees it; a known one goes to its route.
    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if self.tool_router.get(&request.name).is_none() {
            let text = unknown_tool_message(&request.name);
            return Ok(CallToolResult::error(vec![ContentBlock::text(text)]).into());
        }
        let call = ToolCallContext::new(self, request, context);
        self.tool_router.call(call).await
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        // As rmcp's `tool_handler` answers, with the tools in agentguard's order.
        let cache_hints = context
            .protocol_version()
            .is_some_and(|version| version >= ProtocolVersion::V_2026_07_28);
        Ok(ListToolsResult {
            result_type: Some(ResultType::COMPLETE),
            tools: self.ordered_tools(),
            meta: None,
            next_cursor: None,
            ttl_ms: cache_hints.then_some(0),
            cache_scope: cache_hints.then_some(CacheScope::Public),
        })
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.tool_router.get(name).cloned()
    }

    /// A method rmcp could not route: either one this server serves whose parameters did not
    /// parse (-32602) or one it does not know (-32601). rmcp's default repeats the method
    /// string, which is input; these messages are fixed.
    async fn on_custom_request(
        &self,
        request: CustomRequest,
        _context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        if SERVED_METHODS.contains(&request.method.as_str()) {
            Err(ErrorData::new(
                ErrorCode::INVALID_PARAMS,
                "Invalid params: the request's params do not have the shape this method takes",
                None,
            ))
        } else {
            Err(ErrorData::new(
                ErrorCode::METHOD_NOT_FOUND,
                "Method not found",
                None,
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_tools_are_never_repeated() {
        let m = unknown_tool_message("check_ulr");
        assert!(
            m.starts_with("unknown tool (did you mean `check_url`?)"),
            "{m}"
        );
        assert!(!m.contains("check_ulr"), "{m}");
        let m = unknown_tool_message("sk-live-0123456789abcdef");
        assert!(m.starts_with("unknown tool; "), "{m}");
        assert!(!m.contains("sk-live"), "{m}");
    }
}
