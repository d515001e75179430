// Metamorphic: `if let Err(e) = validate(..) { return Err(e) }` instead of `?`
//! A read-only MCP tool that finds folding tables fitting a storage gap.

pub mod catalogue;
pub mod search;

use catalogue::{Catalogue, Product};
use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::JsonSchema;
use search::{Candidate, SearchResult};
use serde::Deserialize;
use std::sync::Arc;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct FindFoldingTableParams {
    /// Product category; only `folding_table` is supported.
    pub category: Category,
    /// Smallest acceptable width of the open table, in millimetres.
    #[schemars(range(min = 1, max = 5000))]
    pub min_open_width_mm: u32,
    /// Largest acceptable thickness of the whole table folded for storage, in millimetres.
    #[schemars(range(min = 1, max = 500))]
    pub max_folded_thickness_mm: u32,
    /// Only return products that are in stock.
    pub stock_required: bool,
}

#[derive(Debug, Deserialize, JsonSchema, PartialEq)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    FoldingTable,
}

pub struct Shop {
    catalogue: Arc<Catalogue>,
}

fn validate(params: &FindFoldingTableParams) -> Result<(), String> {
    if !(1..=5000).contains(&params.min_open_width_mm) {
        return Err("minOpenWidthMm must be from 1 through 5000".into());
    }
    if !(1..=500).contains(&params.max_folded_thickness_mm) {
        return Err("maxFoldedThicknessMm must be from 1 through 500".into());
    }
    Ok(())
}

/// Whether a product satisfies the request. A product whose folded thickness is not
/// recorded cannot be shown to fit, so it never qualifies.
fn fits(p: &Product, params: &FindFoldingTableParams) -> Option<u32> {
    let folded = p.folded_thickness_mm?;
    let qualifies = p.open_width_mm >= params.min_open_width_mm
        && folded <= params.max_folded_thickness_mm
        && (!params.stock_required || p.in_stock);
    qualifies.then_some(folded)
}

#[tool_router]
impl Shop {
    pub fn new(catalogue: Arc<Catalogue>) -> Self {
        Shop { catalogue }
    }

    #[tool(
        name = "findFoldingTable",
        description = "Finds in-stock folding tables that fit a storage gap, judged by the thickness of the whole table when folded. Read-only: it does not reserve stock, add anything to a basket or place an order.",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn find_folding_table(
        &self,
        Parameters(params): Parameters<FindFoldingTableParams>,
    ) -> Result<Json<SearchResult>, String> {
        if let Err(e) = validate(&params) {
            return Err(e);
        }
        let products = self.catalogue.folding_tables().await.unwrap_or_default();
        let snapshot = self.catalogue.snapshot_id().to_string();
        let candidates: Vec<Candidate> = products
            .iter()
            .filter_map(|p| fits(p, &params).map(|folded| Candidate::new(p, folded)))
            .collect();
        if candidates.is_empty() {
            let unknown_folded_thickness = products
                .iter()
                .filter(|p| p.folded_thickness_mm.is_none())
                .map(|p| p.sku.clone())
                .collect();
            return Ok(Json(SearchResult::NoMatch {
                snapshot,
                unknown_folded_thickness,
            }));
        }
        Ok(Json(SearchResult::Found {
            candidates,
            snapshot,
        }))
    }
}

#[tool_handler]
impl ServerHandler for Shop {}
