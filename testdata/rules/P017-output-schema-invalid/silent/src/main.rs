//! Climate of the zones of one greenhouse. `tools.json` is the `tools/list` snapshot the
//! README publishes. Built with rmcp 1.6 (Cargo.lock), which answers `initialize` with the
//! older of the client's version and the one declared here, 2025-06-18: a revision that names
//! no default dialect, so a schema without `$schema` that only 2020-12 rejects is not known
//! to be invalid, and one that declares draft-04 is read as draft-04.
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, ProtocolVersion, ServerCapabilities, ServerInfo};
use rmcp::{tool, tool_handler, tool_router, ErrorData as McpError, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZoneQuery {
    /// Zone name as painted on the bench row (for example `north-3`).
    pub zone: String,
}

#[derive(Clone)]
pub struct Climate {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Climate {
    pub fn new() -> Self {
        Self {
            tool_router: Self::tool_router(),
        }
    }

    /// Air temperature of one zone, in degrees Celsius.
    #[tool]
    async fn zone_climate(
        &self,
        Parameters(query): Parameters<ZoneQuery>,
    ) -> Result<CallToolResult, McpError> {
        Ok(CallToolResult::structured(json!({
            "zone": query.zone,
            "temperature_c": 21.5
        })))
    }

    /// Relative humidity of one zone, in percent.
    #[tool]
    async fn zone_humidity(
        &self,
        Parameters(query): Parameters<ZoneQuery>,
    ) -> Result<CallToolResult, McpError> {
        Ok(CallToolResult::structured(json!({
            "zone": query.zone,
            "humidity_pct": 64.0
        })))
    }

    /// Soil moisture of one zone, in percent of field capacity.
    #[tool]
    async fn zone_moisture(
        &self,
        Parameters(query): Parameters<ZoneQuery>,
    ) -> Result<CallToolResult, McpError> {
        Ok(CallToolResult::structured(json!({
            "zone": query.zone,
            "moisture_pct": 38.0
        })))
    }
}

#[tool_handler]
impl ServerHandler for Climate {
    fn get_info(&self) -> ServerInfo {
        ServerInfo {
            protocol_version: ProtocolVersion::V_2025_06_18,
            capabilities: ServerCapabilities::builder().enable_tools().build(),
            instructions: Some("Climate readings of the greenhouse zones.".into()),
            ..Default::default()
        }
    }
}

#[tokio::main]
async fn main() {
    let _ = Climate::new();
}
