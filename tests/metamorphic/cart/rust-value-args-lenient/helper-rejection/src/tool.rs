// Metamorphic: helper-built rejection (`return refuse(..)` instead of `return Err(ToolError { .. })`)
//! `addCartLine` for a hand-written server that reads its arguments leniently.

use crate::cart::Cart;
use serde_json::{Map, Value};

#[derive(Debug, PartialEq)]
pub struct ToolError {
    pub code: &'static str,
    pub message: String,
}

/// Turns the call away with a coded error.
fn refuse(code: &'static str, message: &str) -> Result<(), ToolError> {
    Err(ToolError {
        code,
        message: message.to_string(),
    })
}

pub fn add_cart_line(cart: &mut Cart, args: &Map<String, Value>) -> Result<(), ToolError> {
    let sku = args.get("sku").and_then(|v| v.as_str()).unwrap_or_default();
    let quantity = args["quantity"].as_u64().unwrap_or(1);
    if quantity == 0 || quantity > 10 {
        return refuse("OUT_OF_RANGE", "Quantity must be from 1 through 10.");
    }
    cart.add(sku, quantity as u8);
    Ok(())
}
