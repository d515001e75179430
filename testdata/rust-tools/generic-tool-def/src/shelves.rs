//! The shelves. The description promises shelves 1 through 40, but the derived schema of
//! `shelf` (a `u32` without a range) only says it is not negative.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShelveBookInput {
    /// The book's barcode.
    pub barcode: String,
    /// The shelf to put it on.
    pub shelf: u32,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FindShelfInput {
    /// The book's barcode.
    pub barcode: String,
}

#[derive(Default)]
pub struct Desk {
    placed: BTreeMap<String, u32>,
}

impl Desk {
    pub fn shelve(&mut self, input: ShelveBookInput) -> anyhow::Result<Value> {
        if input.shelf == 0 || input.shelf > 40 {
            anyhow::bail!("shelf must be from 1 through 40");
        }
        self.placed.insert(input.barcode.clone(), input.shelf);
        Ok(json!({"shelved": input.barcode, "shelf": input.shelf}))
    }

    pub fn find(&self, input: FindShelfInput) -> anyhow::Result<Value> {
        Ok(json!({"shelf": self.placed.get(&input.barcode)}))
    }
}
