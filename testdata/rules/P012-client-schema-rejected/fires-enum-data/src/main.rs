//! Parcel desk. rmcp 1.2 derives the input schema of `book_pickup` with schemars 1. The
//! pickup place is an enum with data, externally tagged: schemars writes a `oneOf` of
//! one-property objects, each closed with `additionalProperties: false`. The payment is
//! internally tagged: a `oneOf` of objects whose `method` names the variant with `const`.
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router, ErrorData as McpError};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PostalAddress {
    pub street: String,
    pub postcode: String,
    pub city: String,
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Pickup {
    /// A parcel locker, by its number.
    Locker { locker_id: String },
    /// A street address.
    Address(PostalAddress),
}

#[derive(Deserialize, JsonSchema)]
#[serde(tag = "method", rename_all = "snake_case")]
pub enum Payment {
    Card { token: String },
    Invoice { customer_number: String },
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BookPickup {
    /// Parcel to collect.
    pub parcel_id: String,
    /// Where the courier collects it.
    pub pickup: Pickup,
    /// How the pickup is paid.
    pub payment: Payment,
}

pub struct Desk;

#[tool_router]
impl Desk {
    /// Books a courier to collect a parcel and charges the pickup fee.
    #[tool]
    async fn book_pickup(
        &self,
        Parameters(input): Parameters<BookPickup>,
    ) -> Result<CallToolResult, McpError> {
        let place = match input.pickup {
            Pickup::Locker { locker_id } => format!("locker {locker_id}"),
            Pickup::Address(a) => format!("{}, {} {}", a.street, a.postcode, a.city),
        };
        let paid = match input.payment {
            Payment::Card { .. } => "card",
            Payment::Invoice { .. } => "invoice",
        };
        Ok(CallToolResult::success(vec![Content::text(format!(
            "pickup of {} booked at {place}, paid by {paid}",
            input.parcel_id
        ))]))
    }
}

fn main() {}
