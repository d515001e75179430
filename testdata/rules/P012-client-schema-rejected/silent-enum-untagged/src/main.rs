//! Parcel desk. rmcp 1.2 derives the input schema of `book_pickup` with schemars 1. The
//! pickup place is an untagged enum: schemars writes an `anyOf` of the variants' objects,
//! each closed (`deny_unknown_fields`) with every property required, which strict mode
//! accepts below the root; Claude checks only the root, an object.
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router, ErrorData as McpError};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
#[serde(untagged, deny_unknown_fields)]
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

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BookPickup {
    /// Parcel to collect.
    pub parcel_id: String,
    /// Where the courier collects it.
    pub pickup: Pickup,
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
        Ok(CallToolResult::success(vec![Content::text(format!(
            "pickup of {} booked at {place}",
            input.parcel_id
        ))]))
    }
}

fn main() {}
