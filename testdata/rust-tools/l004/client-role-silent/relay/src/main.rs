//! Fronts one upstream MCP server over stdio: lists and calls exactly the upstream's tools.

use rmcp::model::{
    CallToolRequestParam, CallToolResult, ListToolsResult, PaginatedRequestParam, ServerInfo,
};
use rmcp::service::{Peer, RequestContext, RoleClient, RoleServer};
use rmcp::{ClientHandler, ErrorData, ServerHandler, ServiceExt};

#[derive(Clone, Default)]
struct Upstream;

impl ClientHandler for Upstream {}

#[derive(Clone)]
struct Relay {
    upstream: Peer<RoleClient>,
}

impl ServerHandler for Relay {
    fn get_info(&self) -> ServerInfo {
        ServerInfo::default()
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParam>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        self.upstream
            .list_tools(request)
            .await
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParam,
        _: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, ErrorData> {
        self.upstream
            .call_tool(request)
            .await
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let command = std::env::var("RELAY_UPSTREAM")?;
    let child = rmcp::transport::TokioChildProcess::new(tokio::process::Command::new(command))?;
    let upstream = Upstream.serve(child).await?;
    let relay = Relay {
        upstream: upstream.peer().clone(),
    };
    relay.serve(rmcp::transport::stdio()).await?.waiting().await?;
    Ok(())
}
