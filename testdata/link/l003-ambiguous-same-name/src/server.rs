//! The cart server: validates each `addCartLine` call before it touches the cart.

use serde::Deserialize;
use std::collections::BTreeMap;

/// The request as the server reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AddCartLineRequest {
    pub sku: String,
    pub quantity: u8,
}

pub fn add_cart_line(cart: &mut BTreeMap<String, u8>, input: AddCartLineRequest) -> Result<(), String> {
    if input.sku.is_empty() || input.sku.chars().count() > 40 {
        return Err("sku must be 1 to 40 characters long".into());
    }
    if !(1..=5).contains(&input.quantity) {
        return Err("quantity must be an integer from 1 through 5".into());
    }
    *cart.entry(input.sku).or_insert(0) += input.quantity;
    Ok(())
}

fn main() {
    let mut cart = BTreeMap::new();
    let input: AddCartLineRequest = serde_json::from_str(r#"{"sku":"MUG-BLUE","quantity":2}"#).unwrap();
    add_cart_line(&mut cart, input).unwrap();
}
