//! River gauges of one catchment. `tools.json` is the `tools/list` snapshot the README
//! publishes. Built with rmcp 1.6 (Cargo.lock), which answers `initialize` with the older of
//! the client's version and the one declared here, 2025-06-18: a revision whose `Tool`
//! requires `type: "object"` at the root of an output schema.
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, ProtocolVersion, ServerCapabilities, ServerInfo};
use rmcp::{tool, tool_handler, tool_router, ErrorData as McpError, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StationQuery {
    /// Gauge station id, as the catchment register lists it (for example `RG-014`).
    pub station: String,
}

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

    /// The latest level at one station, in metres above the gauge datum.
    #[tool]
    async fn station_level(
        &self,
        Parameters(query): Parameters<StationQuery>,
    ) -> Result<CallToolResult, McpError> {
        Ok(CallToolResult::structured(json!({
            "station": query.station,
            "level_m": 1.42
        })))
    }
}

#[tool_handler]
impl ServerHandler for Gauges {
    fn get_info(&self) -> ServerInfo {
        ServerInfo {
            protocol_version: ProtocolVersion::V_2025_06_18,
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
