//! River gauges of one catchment. `tools.json` is the `tools/list` snapshot the README
//! publishes. Built with rmcp 3.1 (Cargo.lock), which answers `initialize` with the client's
//! version whenever it knows it: 2026-07-28, which allows an array output schema, and the
//! earlier revisions, whose clients reject one.
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, ServerCapabilities, ServerInfo};
use rmcp::{tool, tool_handler, tool_router, ErrorData as McpError, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListQuery {}

#[derive(Clone)]
pub struct Gauges {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Gauges {
    pub fn new() -> Self {
        Self {
            tool_router: Self::tool_router(),
        }
    }

    /// Every gauge station of the catchment, with its river.
    #[tool]
    async fn list_stations(
        &self,
        Parameters(_query): Parameters<ListQuery>,
    ) -> Result<CallToolResult, McpError> {
        Ok(CallToolResult::structured(json!([
            { "id": "RG-014", "river": "Wye" },
            { "id": "RG-022", "river": "Lugg" }
        ])))
    }
}

#[tool_handler]
impl ServerHandler for Gauges {
    fn get_info(&self) -> ServerInfo {
        ServerInfo {
            capabilities: ServerCapabilities::builder().enable_tools().build(),
            instructions: Some("River levels at the gauges of the catchment.".into()),
            ..Default::default()
        }
    }
}

#[tokio::main]
async fn main() {
    let _ = Gauges::new();
}
