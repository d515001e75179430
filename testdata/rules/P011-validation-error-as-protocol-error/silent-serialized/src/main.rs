//! Tide tables for the harbours of one coast. The harbours asked for are written out as
//! JSON for the almanac's query: a typed list always serialises, so the protocol error
//! mapped onto that serialisation's failure turns away no input.
//! Built with rmcp 1.6 (Cargo.lock), which answers `initialize` with
//! the older of the client's version and the one declared here, 2025-11-25.
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ProtocolVersion, ServerCapabilities, ServerInfo};
use rmcp::{tool, tool_handler, tool_router, ErrorData as McpError, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TideQuery {
    /// Harbour codes, as the almanac lists them (for example `BRS`).
    pub harbours: Vec<String>,
    /// How many days ahead, from 0 (today) through 6.
    #[schemars(range(min = 0, max = 6))]
    pub days_ahead: u8,
}

#[derive(Clone)]
pub struct Tides {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Tides {
    pub fn new() -> Self {
        Self {
            tool_router: Self::tool_router(),
        }
    }

    /// High and low water times for harbours, up to six days ahead.
    #[tool]
    async fn tide_times(
        &self,
        Parameters(query): Parameters<TideQuery>,
    ) -> Result<CallToolResult, McpError> {
        if query.days_ahead > 6 {
            return Ok(CallToolResult::error(vec![Content::text(
                "days_ahead must be from 0 through 6",
            )]));
        }
        let harbours = serde_json::to_string(&query.harbours)
            .map_err(|e| McpError::invalid_params(e.to_string(), None))?;
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{harbours}: high water 06:12 and 18:31, {} days ahead",
            query.days_ahead
        ))]))
    }
}

#[tool_handler]
impl ServerHandler for Tides {
    fn get_info(&self) -> ServerInfo {
        ServerInfo {
            protocol_version: ProtocolVersion::V_2025_11_25,
            capabilities: ServerCapabilities::builder().enable_tools().build(),
            instructions: Some("Tide times for the harbours of the almanac.".into()),
            ..Default::default()
        }
    }
}

#[tokio::main]
async fn main() {
    let _ = Tides::new();
}
