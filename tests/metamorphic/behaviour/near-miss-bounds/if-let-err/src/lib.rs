// Metamorphic: `if let Err(e) = validate(..) { return Err(e) }` instead of `?`
//! `<=` against an inclusive `maximum` and `<` against an `exclusiveMaximum`, both accepting
//! exactly what the schema accepts; the write comes after every check.

use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AddCartLineInput {
    pub sku: String,
    pub quantity: u8,
}

#[derive(Debug, Default)]
pub struct Cart {
    lines: BTreeMap<String, u8>,
}

impl Cart {
    pub fn add(&mut self, sku: &str, quantity: u8) {
        *self.lines.entry(sku.to_string()).or_insert(0) += quantity;
    }
}

const MAX_SKU_CHARS: usize = 40;

pub fn validate_add_cart_line(input: &AddCartLineInput) -> Result<(), String> {
    let chars = input.sku.chars().count();
    if !(1 <= chars && chars <= MAX_SKU_CHARS) {
        return Err("sku must be 1 to 40 characters long".into());
    }
    if !(input.quantity >= 1 && input.quantity < 6) {
        return Err("quantity must be at least 1 and less than 6".into());
    }
    Ok(())
}

pub fn add_cart_line(cart: &mut Cart, input: AddCartLineInput) -> Result<(), String> {
    if let Err(e) = validate_add_cart_line(&input) {
        return Err(e);
    }
    cart.add(&input.sku, input.quantity);
    Ok(())
}
