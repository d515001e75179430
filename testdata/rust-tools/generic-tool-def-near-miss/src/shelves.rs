//! The shelves. The derived schema of `shelf` publishes the range the description states
//! and the desk checks: 1 through 40.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShelveBookInput {
    /// The book's barcode.
    pub barcode: String,
    /// The shelf to put it on, from 1 through 40.
    #[schemars(range(min = 1, max = 40))]
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
