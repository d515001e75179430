//! The answer of a search: candidates with the values they were compared on, or why there
//! are none. `no_match` and `catalogue_unavailable` are different answers.

use crate::catalogue::Product;
use schemars::JsonSchema;
use serde::Serialize;

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Candidate {
    pub sku: String,
    pub open_width_mm: u32,
    pub folded_thickness_mm: u32,
    pub product_url: String,
}

impl Candidate {
    pub fn new(p: &Product, folded_thickness_mm: u32) -> Self {
        Candidate {
            sku: p.sku.clone(),
            open_width_mm: p.open_width_mm,
            folded_thickness_mm,
            product_url: format!("https://shop.example/products/{}", p.sku),
        }
    }
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum SearchResult {
    Found { candidates: Vec<Candidate>, snapshot: String },
    NoMatch { snapshot: String, unknown_folded_thickness: Vec<String> },
    CatalogueUnavailable { reason: String },
}
