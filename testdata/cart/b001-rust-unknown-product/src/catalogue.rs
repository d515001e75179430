//! The products the shop sells. A line may only name a product of the catalogue.

use std::collections::BTreeSet;

#[derive(Debug, Default)]
pub struct Catalogue {
    skus: BTreeSet<String>,
}

impl Catalogue {
    /// The sandbox catalogue: a single blue mug.
    pub fn sandbox() -> Self {
        Catalogue {
            skus: BTreeSet::from(["MUG-BLUE".to_string()]),
        }
    }

    pub fn contains(&self, sku: &str) -> bool {
        self.skus.contains(sku)
    }
}
