// Metamorphic: the values rebound to locals (`let quantity = input.quantity;`)
//! The MCP tools. rmcp publishes the schema schemars derives from `AddCartLine`, but never
//! validates arguments against it: the handler enforces every bound itself.

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
    #[schemars(range(min = 1, max = 5))]
    pub quantity: u8,
    /// A note printed on the packing slip.
    pub note: Option<String>,
}

#[derive(Default)]
pub struct CartServer {
    cart: Mutex<Cart>,
}

#[tool_router]
impl CartServer {
    #[tool(
        name = "addCartLine",
        description = "Adds a product to the shopper's cart. Quantity must be an integer from 1 through 5.",
        annotations(read_only_hint = false, destructive_hint = false)
    )]
    async fn add_cart_line(
        &self,
        Parameters(input): Parameters<AddCartLine>,
    ) -> Result<CallToolResult, ErrorData> {
        let sku = &input.sku;
        let quantity = input.quantity;
        if sku.trim().is_empty() || sku.chars().count() > 40 {
            return Ok(CallToolResult::error(vec![Content::text(
                "sku must be 1 to 40 characters long",
            )]));
        }
        if !(1..=5).contains(&quantity) {
            return Err(ErrorData::invalid_params(
                "Quantity must be an integer from 1 through 5.",
                None,
            ));
        }
        self.cart.lock().unwrap().add(sku, quantity);
        Ok(CallToolResult::success(vec![Content::text("added")]))
    }
}

pub fn serve() {
    let _server = CartServer::default();
}
