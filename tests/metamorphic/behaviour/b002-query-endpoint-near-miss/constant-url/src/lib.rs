// Metamorphic: the processor's query URL a string constant instead of a format! of the base.
//! Read-only insight tools over a trace processor and a log index. Both answer questions
//! sent by POST: the processor's `/query` endpoint takes SQL, the index's `_search` takes a
//! query document. `pin_trace` posts to `/pins`, which stores a pin: that one writes.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;

const INDEX_SEARCH: &str = "http://127.0.0.1:9200/logs/_search";
const PROCESSOR_QUERY: &str = "http://127.0.0.1:9001/query";

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TraceParams {
    /// Trace identifier, for example t-204.
    pub trace_id: String,
}

pub struct Insights {
    http: reqwest::Client,
    base_url: String,
}

#[tool_router]
impl Insights {
    #[tool(description = "Summarises the slowest slices of a trace.", annotations(read_only_hint = true))]
    async fn slow_slices(&self, Parameters(p): Parameters<TraceParams>) -> Result<CallToolResult, String> {
        let sql = format!("SELECT name, dur FROM slice WHERE trace = '{}' ORDER BY dur DESC LIMIT 10", p.trace_id);
        let rows = self
            .http
            .post(PROCESSOR_QUERY)
            .body(sql)
            .send()
            .await
            .map_err(|e| e.to_string())?
            .text()
            .await
            .map_err(|e| e.to_string())?;
        Ok(CallToolResult::success(vec![Content::text(rows)]))
    }

    #[tool(description = "Finds log lines of a trace.", annotations(read_only_hint = true))]
    async fn trace_logs(&self, Parameters(p): Parameters<TraceParams>) -> Result<CallToolResult, String> {
        let hits = self
            .http
            .post(INDEX_SEARCH)
            .json(&json!({"query": {"term": {"trace": p.trace_id}}}))
            .send()
            .await
            .map_err(|e| e.to_string())?
            .text()
            .await
            .map_err(|e| e.to_string())?;
        Ok(CallToolResult::success(vec![Content::text(hits)]))
    }

    #[tool(description = "Shows a trace's header.", annotations(read_only_hint = true))]
    async fn pin_trace(&self, Parameters(p): Parameters<TraceParams>) -> Result<CallToolResult, String> {
        self.http
            .post(format!("{}/pins", self.base_url))
            .json(&json!({"trace": p.trace_id}))
            .send()
            .await
            .map_err(|e| e.to_string())?;
        Ok(CallToolResult::success(vec![Content::text(format!("trace {}", p.trace_id))]))
    }
}
