//! Tennis court bookings on rmcp 3, which strips the root `title` of a derived input schema.
//! The number of players arrives as a string the helper parses, so schemars writes no
//! `format` for it: only `$schema` is left outside the subset.
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router, ErrorData as McpError};
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer};

fn players_from_text<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let text = String::deserialize(d)?;
    text.trim().parse().map_err(serde::de::Error::custom)
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BookCourt {
    /// Court name, as painted on the gate.
    pub court: String,
    /// Players, "2" or "4".
    #[serde(deserialize_with = "players_from_text")]
    #[schemars(with = "String")]
    pub players: u8,
}

pub struct Courts;

#[tool_router]
impl Courts {
    /// Books a court for the next free hour.
    #[tool]
    async fn book_court(
        &self,
        Parameters(input): Parameters<BookCourt>,
    ) -> Result<CallToolResult, McpError> {
        if input.players != 2 && input.players != 4 {
            return Ok(CallToolResult::error(vec![Content::text("players must be 2 or 4")]));
        }
        Ok(CallToolResult::success(vec![Content::text(format!(
            "{} booked for {} players",
            input.court, input.players
        ))]))
    }
}

fn main() {}
