// Metamorphic: the limits rebound to locals (`let limit = input.max_folded_thickness_mm;`)
//! The handler behind the published `findFoldingTable` manifest (tools/): the schema says
//! the limit is inclusive ("no more than 80 mm"), the search applies it with `<`.

use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct FindFoldingTableInput {
    pub category: String,
    pub min_open_width_mm: u32,
    pub max_folded_thickness_mm: u32,
    pub stock_required: bool,
}

#[derive(Debug, Clone)]
pub struct Product {
    pub sku: String,
    pub open_width_mm: u32,
    pub folded_thickness_mm: Option<u32>,
    pub in_stock: bool,
}

pub fn validate_find_folding_table(input: &FindFoldingTableInput) -> Result<(), String> {
    if input.category != "folding_table" {
        return Err("category must be folding_table".into());
    }
    if input.min_open_width_mm < 1 {
        return Err("minOpenWidthMm must be at least 1".into());
    }
    if input.max_folded_thickness_mm < 1 || input.max_folded_thickness_mm > 80 {
        return Err("maxFoldedThicknessMm must be from 1 through 80".into());
    }
    Ok(())
}

pub fn find_folding_table(
    products: &[Product],
    input: &FindFoldingTableInput,
) -> Result<Vec<String>, String> {
    validate_find_folding_table(input)?;
    let limit = input.max_folded_thickness_mm;
    let min_width = input.min_open_width_mm;
    Ok(products
        .iter()
        .filter(|p| {
            p.folded_thickness_mm.is_some_and(|folded| folded < limit)
                && p.open_width_mm >= min_width
                && (!input.stock_required || p.in_stock)
        })
        .map(|p| p.sku.clone())
        .collect())
}
