//! The shop's product catalogue: a remote service that can be unavailable.

use std::collections::BTreeMap;
use std::fmt;

#[derive(Debug, Clone, PartialEq)]
pub struct Product {
    pub sku: String,
    pub name: Option<String>,
    pub open_width_mm: u32,
    /// Thickness of the whole table folded for storage; not every supplier records it.
    pub folded_thickness_mm: Option<u32>,
    pub review_count: Option<u32>,
    pub in_stock: bool,
}

#[derive(Debug)]
pub struct CatalogueError(pub String);

impl fmt::Display for CatalogueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "catalogue unavailable: {}", self.0)
    }
}

pub struct Catalogue {
    products: BTreeMap<String, Product>,
}

impl Catalogue {
    pub async fn folding_tables(&self) -> Result<Vec<Product>, CatalogueError> {
        Ok(self.products.values().cloned().collect())
    }

    pub fn product(&self, sku: &str) -> Option<&Product> {
        self.products.get(sku)
    }

    /// The name shown to customers, when the supplier gave one.
    pub fn display_name(&self, sku: &str) -> Option<String> {
        self.products.get(sku).and_then(|p| p.name.clone())
    }
}
