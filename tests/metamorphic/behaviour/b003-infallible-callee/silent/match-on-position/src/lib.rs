// Metamorphic: the lookup matches on the position instead of let-else
//! A code graph held in memory. Its lookups keep the store's `Result` signature, but an
//! in-memory read cannot fail: an unknown node simply has no edges, so defaulting the
//! `Result` hides nothing.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CalleesParams {
    /// Name of the function whose callees are listed.
    pub function: String,
}

#[derive(Debug)]
pub enum GraphError {
    Corrupt(String),
}

pub struct Graph {
    edges: Vec<(String, String)>,
}

impl Graph {
    /// The functions `from` calls; a function the graph does not know calls nothing.
    pub fn callees_of(&self, from: &str) -> Result<Vec<String>, GraphError> {
        let first = match self.edges.iter().position(|(caller, _)| caller == from) {
            Some(first) => first,
            None => return Ok(Vec::new()),
        };
        Ok(self.edges[first..]
            .iter()
            .filter(|(caller, _)| caller == from)
            .map(|(_, callee)| callee.clone())
            .collect())
    }
}

pub struct CodeGraph {
    graph: Graph,
}

#[tool_router]
impl CodeGraph {
    #[tool(
        description = "Lists the functions a function calls.",
        annotations(read_only_hint = true)
    )]
    pub async fn list_callees(
        &self,
        Parameters(p): Parameters<CalleesParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let callees = self.graph.callees_of(&p.function).unwrap_or_default();
        if callees.is_empty() {
            return Ok(CallToolResult::success(vec![Content::text("no callees")]));
        }
        Ok(CallToolResult::success(vec![Content::text(callees.join(", "))]))
    }
}
