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
}

/// Arguments of `listCartLines`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListCartLines {
    /// Lines to return, from 1 through 50 (default 20); larger values are capped at 50.
    #[schemars(range(min = 1, max = 50))]
    pub limit: Option<u32>,
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

    /// Lists the lines of the shopper's cart.
    /// Read-only.
    #[tool(name = "listCartLines", annotations(read_only_hint = true))]
    async fn list_cart_lines(
        &self,
        Parameters(input): Parameters<ListCartLines>,
    ) -> Result<CallToolResult, ErrorData> {
        let limit = input.limit.unwrap_or(20).clamp(1, 50) as usize;
        let lines = self.cart.lock().unwrap().lines(limit);
        Ok(CallToolResult::success(vec![Content::text(lines.join("\n"))]))
    }
}

pub fn serve() {
    let _server = CartServer::default();
}
