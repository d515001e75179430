// Metamorphic: a trait object (`&mut dyn LineStore`) instead of the struct
//! The cart store. Writes happen only after the tool input has been validated.

use std::collections::BTreeMap;

#[derive(Debug, Default)]
pub struct Cart {
    lines: BTreeMap<String, u8>,
}

/// Where cart lines are kept.
pub trait LineStore {
    fn add(&mut self, sku: &str, quantity: u8);
    fn remove(&mut self, sku: &str);
}

impl LineStore for Cart {
    fn add(&mut self, sku: &str, quantity: u8) {
        *self.lines.entry(sku.to_string()).or_insert(0) += quantity;
    }

    fn remove(&mut self, sku: &str) {
        self.lines.remove(sku);
    }
}
