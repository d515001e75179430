// Metamorphic: the fields rebound to locals (`let quantity = self.quantity;`)
//! The cart as a rust-mcp-sdk server: each tool is a struct, its fields are the input.

use rust_mcp_sdk::macros::{JsonSchema, mcp_tool};
use rust_mcp_sdk::schema::{CallToolResult, TextContent, schema_utils::CallToolError};
use serde::Deserialize;

#[mcp_tool(
    name = "addCartLine",
    description = "Adds a product to the shopper's cart. Quantity must be an integer from 1 through 5.",
    read_only_hint = false,
    destructive_hint = false
)]
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AddCartLineTool {
    /// Product code from the catalogue, for example MUG-BLUE.
    #[json_schema(min_length = 1, max_length = 40)]
    pub sku: String,
    /// Number of items to add, from 1 through 5.
    #[json_schema(minimum = 1, maximum = 5)]
    pub quantity: u8,
}

impl AddCartLineTool {
    pub fn call_tool(&self) -> Result<CallToolResult, CallToolError> {
        let sku = &self.sku;
        let quantity = self.quantity;
        if sku.is_empty() || sku.chars().count() > 40 {
            return Err(CallToolError::invalid_arguments(
                "addCartLine",
                Some("sku must be 1 to 40 characters long".to_string()),
            ));
        }
        if quantity > 10 {
            return Err(CallToolError::invalid_arguments(
                "addCartLine",
                Some("Quantity must be an integer from 1 through 10.".to_string()),
            ));
        }
        Ok(CallToolResult::text_content(vec![TextContent::from(format!(
            "added {} x{}",
            self.sku, self.quantity
        ))]))
    }
}
