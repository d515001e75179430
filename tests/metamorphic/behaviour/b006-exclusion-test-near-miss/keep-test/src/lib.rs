// Metamorphic: the walk keeps what meets both limits instead of skipping what misses one
//! A dependency graph walk. Each edge below the caller's minimum confidence, and each node
//! deeper than the maximum depth, is skipped: a strict `<` against a minimum and a strict `>`
//! against a maximum keep the value exactly at either limit, as both inclusive limits say.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ImpactParams {
    /// File whose dependents to find.
    pub file: String,
    /// Only edges with a confidence of at least this value are followed.
    pub min_confidence: f64,
    /// The deepest hop to report, at most this many edges away.
    pub max_depth: u32,
}

pub struct Edge {
    pub target: String,
    pub confidence: f64,
    pub depth: u32,
}

pub struct Graph {
    edges: Vec<Edge>,
}

#[tool_router]
impl Graph {
    #[tool(
        description = "Files affected by a change to one file.",
        annotations(read_only_hint = true)
    )]
    pub async fn impact_radius(
        &self,
        Parameters(p): Parameters<ImpactParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let mut affected = Vec::new();
        for edge in &self.edges {
            if edge.confidence >= p.min_confidence && edge.depth <= p.max_depth {
                affected.push(format!("{} <- {}", edge.target, p.file));
            }
        }
        Ok(CallToolResult::success(vec![Content::text(affected.join("\n"))]))
    }
}
