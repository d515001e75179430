//! The cart store. Writes happen only after the tool input has been validated.

use std::collections::BTreeMap;

#[derive(Debug, Default)]
pub struct Cart {
    lines: BTreeMap<String, u8>,
}

impl Cart {
    pub fn add(&mut self, sku: &str, quantity: u8) {
        *self.lines.entry(sku.to_string()).or_insert(0) += quantity;
    }
}
