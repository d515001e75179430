// Metamorphic: the two successful exits as the branches of a tail `if` instead of an early return
//! A weather server: `get_forecast` publishes an output schema of its own, but answers a
//! stale cache entry with text only.
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, JsonObject};
use rmcp::{ErrorData as McpError, tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;
use std::collections::HashMap;
use std::sync::Arc;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ForecastQuery {
    /// City to forecast, for example `Lisbon`.
    pub city: String,
}

pub struct Cached {
    pub high_c: f64,
    pub summary: String,
    pub stale: bool,
}

pub struct Weather {
    cache: HashMap<String, Cached>,
}

fn forecast_schema() -> Arc<JsonObject> {
    let schema = json!({
        "type": "object",
        "properties": {
            "high_c": { "type": "number" },
            "summary": { "type": "string" }
        },
        "required": ["high_c", "summary"]
    });
    Arc::new(schema.as_object().cloned().unwrap_or_default())
}

#[tool_router]
impl Weather {
    /// Today's forecast for one city: the high in degrees Celsius and a summary. Changes nothing.
    #[tool(output_schema = forecast_schema())]
    async fn get_forecast(
        &self,
        Parameters(query): Parameters<ForecastQuery>,
    ) -> Result<CallToolResult, McpError> {
        let Some(cached) = self.cache.get(&query.city) else {
            return Ok(CallToolResult::error(vec![Content::text(format!(
                "no forecast for {}",
                query.city
            ))]));
        };
        if cached.stale {
            Ok(CallToolResult::success(vec![Content::text(
                "the forecast is being refreshed; ask again in a minute",
            )]))
        } else {
            Ok(CallToolResult::structured(json!({
                "high_c": cached.high_c,
                "summary": cached.summary,
            })))
        }
    }
}

fn main() {}
