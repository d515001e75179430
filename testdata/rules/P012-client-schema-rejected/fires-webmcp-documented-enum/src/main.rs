//! Gift counter. rmcp 0.8 derives the input schema of `wrap_gift` with schemars (draft 07
//! settings): each enum is written once under `definitions` and referred to with `$ref`. The
//! paper is a plain `enum` of names; the delivery speed documents its variants, so schemars
//! writes one `oneOf` branch per variant to keep each description.
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router, ErrorData as McpError};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Paper {
    Kraft,
    Gold,
    Snowflakes,
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    /// Three to five working days.
    Standard,
    /// Next working day, ordered before 15:00.
    Express,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WrapGift {
    /// Order whose items are wrapped together.
    pub order_id: String,
    /// Wrapping paper.
    pub paper: Paper,
    /// How fast the wrapped parcel ships.
    pub speed: Speed,
}

pub struct Counter;

#[tool_router]
impl Counter {
    /// Wraps every item of an order in one parcel and books its shipping.
    #[tool]
    async fn wrap_gift(
        &self,
        Parameters(input): Parameters<WrapGift>,
    ) -> Result<CallToolResult, McpError> {
        let paper = match input.paper {
            Paper::Kraft => "kraft",
            Paper::Gold => "gold",
            Paper::Snowflakes => "snowflakes",
        };
        let days = match input.speed {
            Speed::Standard => "3-5 days",
            Speed::Express => "next day",
        };
        Ok(CallToolResult::success(vec![Content::text(format!(
            "order {} wrapped in {paper}, ships in {days}",
            input.order_id
        ))]))
    }
}

fn main() {}
