//! The MCP tools: releases come from the deployment service, and a failed request is the
//! tool's error, never an empty list.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListReleasesParams {
    /// The service whose releases to list.
    pub service: String,
}

pub struct Desk {
    registry: std::path::PathBuf,
}

fn release_names(registry: &std::path::Path, service: &str) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(registry.join(service))
        .map_err(|e| format!("registry unavailable: {e}"))?;
    Ok(text.lines().map(str::to_string).collect())
}

#[tool_router]
impl Desk {
    #[tool(
        description = "Lists the releases of a service.",
        annotations(read_only_hint = true)
    )]
    pub async fn list_releases(
        &self,
        Parameters(p): Parameters<ListReleasesParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let names = release_names(&self.registry, &p.service)
            .map_err(|e| ErrorData::internal_error(e, None))?;
        Ok(CallToolResult::success(vec![Content::text(names.join("\n"))]))
    }
}
