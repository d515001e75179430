// Metamorphic: helper-built rejection (`return refuse(..)`)
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

/// Turns the call away as invalid arguments.
fn refuse(message: &str) -> Result<CallToolResult, CallToolError> {
    Err(CallToolError::invalid_arguments(
        "addCartLine",
        Some(message.to_string()),
    ))
}

impl AddCartLineTool {
    pub fn call_tool(&self) -> Result<CallToolResult, CallToolError> {
        if self.sku.is_empty() || self.sku.chars().count() > 40 {
            return refuse("sku must be 1 to 40 characters long");
        }
        if self.quantity > 10 {
            return refuse("Quantity must be an integer from 1 through 10.");
        }
        Ok(CallToolResult::text_content(vec![TextContent::from(format!(
            "added {} x{}",
            self.sku, self.quantity
        ))]))
    }
}
