//! `addCartLine` for a hand-written server: the arguments arrive as a JSON map.

use crate::cart::Cart;
use serde_json::{Map, Value};

const KNOWN: &[&str] = &["sku", "quantity"];

#[derive(Debug, PartialEq)]
pub struct ToolError {
    pub code: &'static str,
    pub field: String,
    pub message: String,
}

fn reject(code: &'static str, field: &str, message: &str) -> ToolError {
    ToolError {
        code,
        field: field.to_string(),
        message: message.to_string(),
    }
}

pub fn add_cart_line(cart: &mut Cart, args: &Map<String, Value>) -> Result<(), ToolError> {
    if let Some(key) = args.keys().find(|k| !KNOWN.contains(&k.as_str())) {
        return Err(reject("UNKNOWN_FIELD", key, "unknown field"));
    }
    let Some(sku) = args.get("sku").and_then(Value::as_str) else {
        return Err(reject("MISSING_FIELD", "sku", "sku is required"));
    };
    if sku.is_empty() || sku.chars().count() > 40 {
        return Err(reject("OUT_OF_RANGE", "sku", "sku must be 1 to 40 characters long"));
    }
    let Some(quantity) = args.get("quantity").and_then(Value::as_u64) else {
        return Err(reject("INVALID_TYPE", "quantity", "quantity must be an integer"));
    };
    if !(1..=5).contains(&quantity) {
        return Err(reject(
            "OUT_OF_RANGE",
            "quantity",
            "Quantity must be an integer from 1 through 5.",
        ));
    }
    cart.add(sku, quantity as u8);
    Ok(())
}
