// Metamorphic: the values rebound to locals (`let raw = &args["quantity"];`) before they are read
//! `addCartLine` for a hand-written server that reads its arguments leniently.

use crate::cart::Cart;
use serde_json::{Map, Value};

#[derive(Debug, PartialEq)]
pub struct ToolError {
    pub code: &'static str,
    pub message: String,
}

pub fn add_cart_line(cart: &mut Cart, args: &Map<String, Value>) -> Result<(), ToolError> {
    let raw_sku = args.get("sku");
    let sku = raw_sku.and_then(|v| v.as_str()).unwrap_or_default();
    let raw = &args["quantity"];
    let quantity = raw.as_u64().unwrap_or(1);
    let wanted = quantity;
    if wanted == 0 || wanted > 10 {
        return Err(ToolError {
            code: "OUT_OF_RANGE",
            message: "Quantity must be from 1 through 10.".to_string(),
        });
    }
    cart.add(sku, wanted as u8);
    Ok(())
}
