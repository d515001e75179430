//! The MCP tools. The description promises that both fields are required, but the cart's
//! convenience default for `quantity` makes schemars leave it out of `required`, and a call
//! without it adds one item nobody asked for.

use crate::cart::Cart;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use std::sync::Mutex;

/// Arguments of `addCartLine`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AddCartLine {
    /// Product code from the catalogue, for example MUG-BLUE.
    #[schemars(length(min = 1, max = 40))]
    pub sku: String,
    /// Number of items to add, from 1 through 5.
    #[serde(default = "one_item")]
    #[schemars(range(min = 1, max = 5))]
    pub quantity: u8,
}

fn one_item() -> u8 {
    1
}

#[derive(Default)]
pub struct CartServer {
    cart: Mutex<Cart>,
}

#[tool_router]
impl CartServer {
    #[tool(
        name = "addCartLine",
        description = "Adds a product to the shopper's cart. Requires `sku` and `quantity`; unknown fields are rejected.",
        annotations(read_only_hint = false, destructive_hint = false)
    )]
    async fn add_cart_line(
        &self,
        Parameters(input): Parameters<AddCartLine>,
    ) -> Result<CallToolResult, ErrorData> {
        if input.sku.trim().is_empty() || input.sku.chars().count() > 40 {
            return Err(ErrorData::invalid_params(
                "sku must be 1 to 40 characters long",
                None,
            ));
        }
        if !(1..=5).contains(&input.quantity) {
            return Err(ErrorData::invalid_params(
                "Quantity must be an integer from 1 through 5.",
                None,
            ));
        }
        self.cart.lock().unwrap().add(&input.sku, input.quantity);
        Ok(CallToolResult::success(vec![Content::text("added")]))
    }
}

pub fn serve() {
    let _server = CartServer::default();
}
