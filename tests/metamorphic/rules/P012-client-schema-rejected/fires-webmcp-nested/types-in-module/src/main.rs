// Metamorphic: the nested types in a module of their own, imported by name.
//! Parcel desk. rmcp 3 derives the input schema of `ship_parcel` with schemars: the address
//! and the insurance are types of their own, written once under `$defs` and referred to with
//! `$ref`; the optional insurance is `anyOf` that reference or `null`.
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router, ErrorData as McpError};
use schemars::JsonSchema;
use serde::Deserialize;

mod parcel {
    use schemars::JsonSchema;
    use serde::Deserialize;

    #[derive(Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Address {
        /// Street and house number.
        pub street: String,
        /// Postal code, as the carrier prints it.
        pub postcode: String,
    }

    #[derive(Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Insurance {
        /// Insurer's policy reference.
        pub policy: String,
    }
}

use parcel::{Address, Insurance};

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShipParcel {
    /// Where the parcel goes.
    pub recipient: Address,
    /// Cover for the parcel; none when left out.
    pub insurance: Option<Insurance>,
    /// Note for the courier.
    pub note: Option<String>,
}

pub struct Desk;

#[tool_router]
impl Desk {
    /// Books a courier for one parcel.
    #[tool]
    async fn ship_parcel(
        &self,
        Parameters(input): Parameters<ShipParcel>,
    ) -> Result<CallToolResult, McpError> {
        let cover = match &input.insurance {
            Some(i) => i.policy.as_str(),
            None => "uninsured",
        };
        Ok(CallToolResult::success(vec![Content::text(format!(
            "courier booked to {} {} ({cover}){}",
            input.recipient.street,
            input.recipient.postcode,
            input.note.map(|n| format!(": {n}")).unwrap_or_default()
        ))]))
    }
}

fn main() {}
