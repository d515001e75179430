// Metamorphic: a `match` on `Value` variants instead of `as_*` accessors with `unwrap_or`
//! `addCartLine` for a hand-written server that reads its arguments leniently.

use crate::cart::Cart;
use serde_json::{Map, Value};

#[derive(Debug, PartialEq)]
pub struct ToolError {
    pub code: &'static str,
    pub message: String,
}

pub fn add_cart_line(cart: &mut Cart, args: &Map<String, Value>) -> Result<(), ToolError> {
    let sku = match args.get("sku") {
        Some(Value::String(s)) => s.as_str(),
        _ => "",
    };
    let quantity = match &args["quantity"] {
        Value::Number(n) => n.as_u64().unwrap_or(1),
        _ => 1,
    };
    if quantity == 0 || quantity > 10 {
        return Err(ToolError {
            code: "OUT_OF_RANGE",
            message: "Quantity must be from 1 through 10.".to_string(),
        });
    }
    cart.add(sku, quantity as u8);
    Ok(())
}
