//! The `addCartLine` tool: input type, validator and handler.

use crate::cart::Cart;
use serde::Deserialize;

const MAX_QUANTITY: u8 = 5;

/// Arguments of `addCartLine`, exactly as the agent sends them.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AddCartLineInput {
    /// Product code from the catalogue, for example MUG-BLUE.
    pub sku: String,
    /// Number of items to add, from 1 through 5.
    pub quantity: u8,
}

#[derive(Debug, PartialEq)]
pub struct ToolError {
    pub code: &'static str,
    pub field: &'static str,
    pub message: String,
}

impl ToolError {
    fn new(code: &'static str, field: &'static str, message: &str) -> Self {
        ToolError {
            code,
            field,
            message: message.to_string(),
        }
    }
}

pub fn validate_add_cart_line(input: &AddCartLineInput) -> Result<(), ToolError> {
    if input.sku.is_empty() || input.sku.chars().count() > 40 {
        return Err(ToolError::new(
            "OUT_OF_RANGE",
            "sku",
            "sku must be 1 to 40 characters long",
        ));
    }
    if input.quantity == 0 || input.quantity > MAX_QUANTITY {
        return Err(ToolError::new(
            "OUT_OF_RANGE",
            "quantity",
            "Quantity must be an integer from 1 through 5.",
        ));
    }
    Ok(())
}

pub fn add_cart_line(cart: &mut Cart, input: AddCartLineInput) -> Result<(), ToolError> {
    validate_add_cart_line(&input)?;
    if input.quantity == 0 {
        // Unreachable after validation; kept for callers that skip it.
        cart.remove(&input.sku);
        return Ok(());
    }
    cart.add(&input.sku, input.quantity);
    Ok(())
}
