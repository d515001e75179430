// Metamorphic: `or_insert(v)` for `or_insert_with(|| v)`: the entry is filled the same way
//! A feed crawler. Every request first takes a permit from a per-host throttle, created
//! on the first request to that host and reused after: a memo, not a write a later call
//! sees. A search posts to a search provider and, when the provider the caller insisted on
//! fails, reports that failure: that is the request's outcome, not a check of the input.
//! Nothing here writes before validating.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::{Mutex, Semaphore};

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CrawlParams {
    /// The feed's address.
    pub url: String,
    /// Pages to follow, 1 to 10.
    #[schemars(range(min = 1, max = 10))]
    pub max_pages: u32,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchParams {
    /// Words to search for.
    pub query: String,
    /// "primary" to use only the primary provider; anything else falls back.
    pub provider: Option<String>,
}

/// Permits per host, created on first use.
pub struct Throttle {
    per_host: usize,
    hosts: Mutex<HashMap<String, Arc<Semaphore>>>,
}

impl Throttle {
    pub async fn permit(&self, host: &str) -> Arc<Semaphore> {
        let mut hosts = self.hosts.lock().await;
        hosts
            .entry(host.to_string())
            .or_insert(Arc::new(Semaphore::new(self.per_host)))
            .clone()
    }
}

pub struct Crawler {
    throttle: Throttle,
    http: reqwest::Client,
}

#[tool_router]
impl Crawler {
    #[tool(description = "Reads a feed and the pages it links to. Changes nothing.")]
    pub async fn crawl_feed(
        &self,
        Parameters(p): Parameters<CrawlParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let host = p.url.split('/').nth(2).unwrap_or_default().to_string();
        let _permit = self.throttle.permit(&host).await;
        if p.max_pages == 0 || p.max_pages > 10 {
            return Err(ErrorData::invalid_params("max_pages must be 1 to 10", None));
        }
        Ok(CallToolResult::success(vec![Content::text(host)]))
    }

    #[tool(description = "Searches the web through a search provider.")]
    pub async fn search_web(
        &self,
        Parameters(p): Parameters<SearchParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let provider = p.provider.as_deref().unwrap_or("auto");
        let body = serde_json::json!({ "query": p.query });
        match self.http.post("https://search.example/api").json(&body).send().await {
            Ok(resp) => {
                let text = resp.text().await.unwrap_or_default();
                Ok(CallToolResult::success(vec![Content::text(text)]))
            }
            Err(e) => {
                if provider == "primary" {
                    return Err(ErrorData::internal_error(format!("search failed: {e}"), None));
                }
                Ok(CallToolResult::success(vec![Content::text("fallback")]))
            }
        }
    }
}
