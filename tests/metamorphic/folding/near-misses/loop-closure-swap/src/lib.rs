// Metamorphic: iterator closures and loops exchanged (`filter_map` for the `for` loop, a loop for `filter`)
//! Correct code written in ways a careless behaviour analysis would misread. Every tool here
//! must stay silent.

pub mod catalogue;
pub mod report;

use catalogue::{Catalogue, Product};
use report::{keep_in_stock, Report};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use tokio::sync::Mutex as AsyncMutex;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct FindFoldingTableParams {
    /// Smallest acceptable width of the open table, in millimetres.
    #[schemars(range(min = 1, max = 5000))]
    pub min_open_width_mm: u32,
    /// Largest acceptable thickness of the whole table folded for storage, in millimetres.
    #[schemars(range(min = 1, max = 500))]
    pub max_folded_thickness_mm: u32,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct FindSlimTablesParams {
    /// The folded thickness every result must stay strictly less than, in millimetres.
    #[schemars(range(min = 1, max = 500))]
    pub folded_thickness_limit_mm: u32,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DescribeTableParams {
    /// Product code from the catalogue, for example FT-A.
    #[schemars(length(min = 1, max = 40))]
    pub sku: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SummariseParams {
    /// Smallest acceptable width of the open table, in millimetres.
    #[schemars(range(min = 1, max = 5000))]
    pub min_open_width_mm: u32,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HoldTableParams {
    /// Product code from the catalogue, for example FT-A.
    #[schemars(length(min = 1, max = 40))]
    pub sku: String,
}

pub struct Shop {
    catalogue: Arc<Catalogue>,
    views: Mutex<BTreeMap<String, u32>>,
    holds: AsyncMutex<Vec<String>>,
    product_cache: AsyncMutex<BTreeMap<String, Product>>,
}

#[tool_router]
impl Shop {
    /// Catalogue errors reach the model as a tool error (`isError: true`), not as "no match".
    #[tool(
        description = "Finds folding tables that fit a storage gap. Read-only: it does not reserve stock or add anything to a basket.",
        annotations(read_only_hint = true)
    )]
    async fn find_folding_table(
        &self,
        Parameters(params): Parameters<FindFoldingTableParams>,
    ) -> Result<CallToolResult, String> {
        if params.max_folded_thickness_mm == 0 || params.max_folded_thickness_mm > 500 {
            return Err("maxFoldedThicknessMm must be from 1 through 500".into());
        }
        if params.min_open_width_mm == 0 || params.min_open_width_mm > 5000 {
            return Err("minOpenWidthMm must be from 1 through 5000".into());
        }
        let products = match self.catalogue.folding_tables().await {
            Ok(products) => products,
            Err(e) => return Ok(CallToolResult::error(vec![Content::text(e.to_string())])),
        };
        let found: Vec<String> = products
            .iter()
            .filter_map(|p| {
                let folded = p.folded_thickness_mm?;
                (p.open_width_mm >= params.min_open_width_mm
                    && folded <= params.max_folded_thickness_mm)
                    .then(|| p.sku.clone())
            })
            .collect();
        Ok(CallToolResult::success(vec![Content::text(found.join(", "))]))
    }

    /// An exclusive limit applied with `<`; a failure returned as `Err(String)`.
    #[tool(
        description = "Lists folding tables that fold flatter than a given thickness. Read-only.",
        annotations(read_only_hint = true)
    )]
    async fn find_slim_tables(
        &self,
        Parameters(params): Parameters<FindSlimTablesParams>,
    ) -> Result<CallToolResult, String> {
        if params.folded_thickness_limit_mm == 0 || params.folded_thickness_limit_mm > 500 {
            return Err("foldedThicknessLimitMm must be from 1 through 500".into());
        }
        let products = self
            .catalogue
            .folding_tables()
            .await
            .map_err(|e| e.to_string())?;
        let mut slim: Vec<String> = Vec::new();
        for p in &products {
            if let Some(folded) = p.folded_thickness_mm
                && folded < params.folded_thickness_limit_mm
            {
                slim.push(p.sku.clone());
            }
        }
        Ok(CallToolResult::success(vec![Content::text(slim.join(", "))]))
    }

    /// Defaults that lose nothing: a display name, a review count shown as is, a JSON
    /// rendering of a constant; a read through a lock guard.
    #[tool(
        description = "Describes one product of the catalogue. Read-only.",
        annotations(read_only_hint = true)
    )]
    async fn describe_table(
        &self,
        Parameters(params): Parameters<DescribeTableParams>,
    ) -> Result<CallToolResult, String> {
        if params.sku.is_empty() || params.sku.chars().count() > 40 {
            return Err("sku must be 1 to 40 characters long".into());
        }
        let Some(product) = self.catalogue.product(&params.sku) else {
            return Ok(CallToolResult::error(vec![Content::text("unknown sku")]));
        };
        let name = self.catalogue.display_name(&params.sku).unwrap_or_default();
        let reviews = product.review_count.unwrap_or(0);
        let views = self
            .views
            .lock()
            .unwrap()
            .get(&params.sku)
            .copied()
            .unwrap_or(0);
        let mut lines = Vec::new();
        lines.push(format!("{name} ({reviews} reviews, {views} views)"));
        lines.push(serde_json::to_string(&json!({ "sku": product.sku })).unwrap_or_default());
        Ok(CallToolResult::success(vec![Content::text(lines.join("\n"))]))
    }

    /// Memoised lookups, a report built locally, a list the handler owns filtered in a
    /// helper: no state of the shop changes.
    #[tool(
        description = "Summarises the in-stock folding tables at least as wide as requested. Read-only.",
        annotations(read_only_hint = true)
    )]
    async fn summarise_tables(
        &self,
        Parameters(params): Parameters<SummariseParams>,
    ) -> Result<CallToolResult, String> {
        if params.min_open_width_mm == 0 || params.min_open_width_mm > 5000 {
            return Err("min_open_width_mm must be from 1 through 5000".into());
        }
        let mut products = self
            .catalogue
            .folding_tables()
            .await
            .map_err(|e| e.to_string())?;
        keep_in_stock(&mut products);
        let mut report = Report::default().titled("Folding tables");
        for p in &products {
            if p.open_width_mm >= params.min_open_width_mm {
                self.product_cache
                    .lock()
                    .await
                    .insert(p.sku.clone(), p.clone());
                report.add_line(format!("{} ({} mm open)", p.sku, p.open_width_mm));
            }
        }
        Ok(CallToolResult::success(vec![Content::text(report.render())]))
    }

    /// A write tool that writes only after every check passed.
    #[tool(
        description = "Holds a folding table for the shopper for 24 hours.",
        annotations(read_only_hint = false, destructive_hint = false)
    )]
    async fn hold_table(
        &self,
        Parameters(params): Parameters<HoldTableParams>,
    ) -> Result<CallToolResult, String> {
        if params.sku.is_empty() || params.sku.chars().count() > 40 {
            return Err("sku must be 1 to 40 characters long".into());
        }
        if self.catalogue.product(&params.sku).is_none() {
            return Ok(CallToolResult::error(vec![Content::text("unknown sku")]));
        }
        // The write's own failure is reported after it, which is not a late validation.
        match self.record_hold(&params.sku).await {
            Ok(()) => Ok(CallToolResult::success(vec![Content::text("held")])),
            Err(e) => Ok(CallToolResult::error(vec![Content::text(e)])),
        }
    }

    async fn record_hold(&self, sku: &str) -> Result<(), String> {
        let mut holds = self.holds.lock().await;
        if holds.len() >= 10 {
            return Err("too many holds".into());
        }
        holds.push(sku.to_string());
        Ok(())
    }
}

#[tool_handler]
impl ServerHandler for Shop {}
