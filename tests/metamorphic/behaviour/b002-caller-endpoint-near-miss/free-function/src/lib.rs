// Metamorphic: the request is sent by a free function the client method calls
//! Read-only analytics over a marketplace seller API that takes every query by POST. The
//! API client posts to whatever path its caller names; each tool names a report endpoint.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{json, Value};

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PeriodParams {
    /// First day, YYYY-MM-DD.
    pub date_from: String,
    /// Last day, YYYY-MM-DD.
    pub date_to: String,
}

pub struct SellerApi {
    http: reqwest::Client,
    base_url: String,
}

impl SellerApi {
    async fn post(&self, path: &str, payload: Value) -> Result<Value, String> {
        send(&self.http, &self.base_url, path, payload).await
    }
}

async fn send(http: &reqwest::Client, base: &str, path: &str, payload: Value) -> Result<Value, String> {
    {
        http
            .post(format!("{base}{path}"))
            .json(&payload)
            .send()
            .await
            .map_err(|e| e.to_string())?
            .json()
            .await
            .map_err(|e| e.to_string())
    }
}

pub struct Analytics {
    api: SellerApi,
}

#[tool_router]
impl Analytics {
    #[tool(description = "Sales totals for a period.", annotations(read_only_hint = true))]
    async fn sales_totals(&self, Parameters(p): Parameters<PeriodParams>) -> Result<CallToolResult, String> {
        let body = json!({ "date_from": p.date_from, "date_to": p.date_to, "metrics": ["revenue"] });
        let data = self.api.post("/v1/analytics/data", body).await?;
        Ok(CallToolResult::success(vec![Content::text(data.to_string())]))
    }

    #[tool(description = "Returns accrued fees for a period.", annotations(read_only_hint = true))]
    async fn fees(&self, Parameters(p): Parameters<PeriodParams>) -> Result<CallToolResult, String> {
        let body = json!({ "date": { "from": p.date_from, "to": p.date_to } });
        let data = self.api.post("/v1/finance/accrual/by-day", body).await?;
        Ok(CallToolResult::success(vec![Content::text(data.to_string())]))
    }
}
