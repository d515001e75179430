//! Two types named after the tool: the linker cannot know which one agents send.

use crate::cart::Cart;
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AddCartLineInput {
    pub sku: String,
    pub quantity: u8,
}

/// The row stored for a cart line, also deserialized from the database.
#[derive(Debug, Deserialize)]
pub struct AddCartLineRequest {
    pub sku: String,
    pub quantity: u8,
    pub added_at: String,
}

pub fn validate_add_cart_line(input: &AddCartLineInput) -> Result<(), String> {
    if input.sku.is_empty() || input.sku.chars().count() > 40 {
        return Err("sku must be 1 to 40 characters long".into());
    }
    if !(1..=5).contains(&input.quantity) {
        return Err("Quantity must be an integer from 1 through 5.".into());
    }
    Ok(())
}

pub fn add_cart_line(cart: &mut Cart, input: AddCartLineInput) -> Result<(), String> {
    validate_add_cart_line(&input)?;
    cart.add(&input.sku, input.quantity);
    Ok(())
}
