//! Parcel desk. rmcp 1.2 derives the input schema of `book_pickup` with schemars 1, and
//! publishes it with schemars' `$schema`, which Gemini's schema object has no field for: that
//! is the one thing Gemini rejects here. The enums are written with keywords it has: the
//! pickup place is untagged, so schemars writes an `anyOf` of the variants' objects; the speed
//! is an enum of undocumented unit variants, a string with an `enum`. Both are inlined.
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router, ErrorData as McpError};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
#[serde(untagged)]
#[schemars(inline)]
pub enum Pickup {
    /// A parcel locker, by its number.
    Locker { locker_id: String },
    /// A street address.
    Address {
        street: String,
        postcode: String,
        city: String,
    },
}

/// How soon the courier comes.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(inline)]
pub enum Speed {
    SameDay,
    NextDay,
    Economy,
}

#[derive(Deserialize, JsonSchema)]
pub struct BookPickup {
    /// Parcel to collect.
    pub parcel_id: String,
    /// Where the courier collects it.
    pub pickup: Pickup,
    /// How soon the courier comes.
    pub speed: Speed,
}

pub struct Desk;

#[tool_router]
impl Desk {
    /// Books a courier to collect a parcel.
    #[tool]
    async fn book_pickup(
        &self,
        Parameters(input): Parameters<BookPickup>,
    ) -> Result<CallToolResult, McpError> {
        let place = match input.pickup {
            Pickup::Locker { locker_id } => format!("locker {locker_id}"),
            Pickup::Address {
                street,
                postcode,
                city,
            } => format!("{street}, {postcode} {city}"),
        };
        let when = match input.speed {
            Speed::SameDay => "today",
            Speed::NextDay => "tomorrow",
            Speed::Economy => "within five days",
        };
        Ok(CallToolResult::success(vec![Content::text(format!(
            "pickup of {} booked at {place}, {when}",
            input.parcel_id
        ))]))
    }
}

fn main() {}
