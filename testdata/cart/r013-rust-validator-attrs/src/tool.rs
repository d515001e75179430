//! The `addCartLine` tool: input type, validator and handler.

use crate::cart::Cart;
use serde::Deserialize;
use validator::Validate;

/// Arguments of `addCartLine`, exactly as the agent sends them.
#[derive(Debug, Deserialize, Validate)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct AddCartLineInput {
    /// Product code from the catalogue, for example MUG-BLUE.
    #[validate(length(min = 1, max = 40))]
    pub sku: String,
    /// Number of items to add, from 1 through 5.
    #[validate(range(min = 1, max = 5))]
    pub quantity: u8,
    /// Wrap the items as a gift; defaults to false.
    #[serde(default)]
    pub gift_wrap: bool,
    /// A note printed on the packing slip.
    pub note: Option<String>,
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
    input
        .validate()
        .map_err(|_| ToolError::new("OUT_OF_RANGE", "quantity", "invalid input"))
}

pub fn add_cart_line(cart: &mut Cart, input: AddCartLineInput) -> Result<(), ToolError> {
    validate_add_cart_line(&input)?;
    cart.add(&input.sku, input.quantity);
    Ok(())
}
