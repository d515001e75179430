//! Cart lines, named after the shop's own vocabulary rather than the tool's.

use crate::cart::Cart;
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineRequest {
    pub sku: String,
    pub quantity: u8,
}

pub fn check_line(req: &LineRequest) -> Result<(), String> {
    if req.sku.is_empty() || req.sku.chars().count() > 40 {
        return Err("sku must be 1 to 40 characters long".into());
    }
    if !(1..=5).contains(&req.quantity) {
        return Err("Quantity must be an integer from 1 through 5.".into());
    }
    Ok(())
}

pub fn put_line(cart: &mut Cart, req: LineRequest) -> Result<(), String> {
    check_line(&req)?;
    cart.add(&req.sku, req.quantity);
    Ok(())
}
