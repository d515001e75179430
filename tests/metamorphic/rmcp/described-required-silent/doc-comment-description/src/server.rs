// Metamorphic: the tool description written as the method's doc comment instead of `description = ".."`
//! Near misses of a described requirement the code relaxes: a requirement the schema
//! keeps, a default the description states, and alternatives, none of which is a claim that
//! the schema or the code contradicts.

use crate::cart::Cart;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use std::sync::Mutex;

/// Arguments of `addCartLine`: both fields required.
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

/// Arguments of `topUpCartLine`: the quantity has a documented default.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TopUpCartLine {
    /// Product code from the catalogue.
    #[schemars(length(min = 1, max = 40))]
    pub sku: String,
    /// Number of items to add, from 1 through 5.
    #[serde(default = "one_item")]
    #[schemars(range(min = 1, max = 5))]
    pub quantity: u8,
}

/// Arguments of `findCartLine`: a line is found by its sku or by a barcode.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FindCartLine {
    /// Product code from the catalogue.
    #[serde(default)]
    pub sku: Option<String>,
    /// The EAN-13 printed on the box.
    #[serde(default)]
    pub barcode: Option<String>,
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
    /// Adds a product to the shopper's cart. Requires `sku` and `quantity`.
    #[tool(
        name = "addCartLine",
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

    #[tool(
        name = "topUpCartLine",
        description = "Adds more of a product to the shopper's cart. Requires `sku`; `quantity` defaults to 1.",
        annotations(read_only_hint = false, destructive_hint = false)
    )]
    async fn top_up_cart_line(
        &self,
        Parameters(input): Parameters<TopUpCartLine>,
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

    /// Finds a line of the shopper's cart. Requires `sku` or `barcode`.
    /// Read-only.
    #[tool(name = "findCartLine", annotations(read_only_hint = true))]
    async fn find_cart_line(
        &self,
        Parameters(input): Parameters<FindCartLine>,
    ) -> Result<CallToolResult, ErrorData> {
        let key = match (input.sku, input.barcode) {
            (Some(sku), _) => sku,
            (None, Some(barcode)) => barcode,
            (None, None) => {
                return Err(ErrorData::invalid_params("give a sku or a barcode", None));
            }
        };
        let lines = self.cart.lock().unwrap().lines(50);
        let found: Vec<String> = lines.into_iter().filter(|l| l.starts_with(&key)).collect();
        Ok(CallToolResult::success(vec![Content::text(found.join("\n"))]))
    }
}

pub fn serve() {
    let _server = CartServer::default();
}
