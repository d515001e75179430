//! A gauge reader: one tool, described.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReadGaugeParams {
    /// Identifier of the gauge, as printed on its label.
    pub gauge: String,
}

pub struct Gauges;

#[tool_router]
impl Gauges {
    #[tool(
        description = "Reads the current value of one gauge. Changes nothing.",
        annotations(read_only_hint = true)
    )]
    pub async fn read_gauge(
        &self,
        Parameters(p): Parameters<ReadGaugeParams>,
    ) -> Result<CallToolResult, ErrorData> {
        Ok(CallToolResult::success(vec![Content::text(format!("{}: 0", p.gauge))]))
    }
}

fn main() {}
