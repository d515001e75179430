// Metamorphic: `if let Err(e) = check(..) { return Err(e) }` instead of `?`
//! Searches that turn a catalogue outage into an empty answer, each in a different way;
//! every tool is one B003.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchParams {
    /// Smallest acceptable width of the open table, in millimetres.
    #[schemars(range(min = 1, max = 5000))]
    pub min_width_mm: u32,
}

#[derive(Debug, Clone)]
pub struct Product {
    pub sku: String,
    pub open_width_mm: u32,
}

pub struct Catalogue;

impl Catalogue {
    pub fn all(&self) -> Result<Vec<Product>, String> {
        Err("connection refused".into())
    }

    pub fn count(&self) -> Result<usize, String> {
        self.all().map(|all| all.len())
    }
}

pub struct Search {
    catalogue: Catalogue,
}

fn check(params: &SearchParams) -> Result<(), String> {
    if params.min_width_mm == 0 || params.min_width_mm > 5000 {
        return Err("min_width_mm must be from 1 through 5000".into());
    }
    Ok(())
}

fn wide(products: Vec<Product>, params: &SearchParams) -> String {
    products
        .into_iter()
        .filter(|p| p.open_width_mm >= params.min_width_mm)
        .map(|p| p.sku)
        .collect::<Vec<_>>()
        .join(", ")
}

impl Search {
    /// A helper that answers "nothing" when the catalogue fails.
    fn products(&self) -> Result<Vec<Product>, String> {
        match self.catalogue.all() {
            Ok(products) => Ok(products),
            Err(_) => Ok(vec![]),
        }
    }
}

#[tool_router]
impl Search {
    #[tool(description = "Finds wide tables.", annotations(read_only_hint = true))]
    async fn wide_tables(&self, Parameters(p): Parameters<SearchParams>) -> Result<CallToolResult, String> {
        if let Err(e) = check(&p) {
            return Err(e);
        }
        let products = self.products()?;
        Ok(CallToolResult::success(vec![Content::text(wide(products, &p))]))
    }

    #[tool(description = "Finds wide tables, second way.", annotations(read_only_hint = true))]
    async fn wide_tables_ok(&self, Parameters(p): Parameters<SearchParams>) -> Result<CallToolResult, String> {
        if let Err(e) = check(&p) {
            return Err(e);
        }
        let products = self.catalogue.all().ok().unwrap_or_default();
        Ok(CallToolResult::success(vec![Content::text(wide(products, &p))]))
    }

    #[tool(description = "Finds wide tables, third way.", annotations(read_only_hint = true))]
    async fn wide_tables_else(&self, Parameters(p): Parameters<SearchParams>) -> Result<CallToolResult, String> {
        if let Err(e) = check(&p) {
            return Err(e);
        }
        let products = self.catalogue.all().unwrap_or_else(|_| Vec::new());
        Ok(CallToolResult::success(vec![Content::text(wide(products, &p))]))
    }

    /// The default inside the rejecting branch is only a hint in an error; the one after
    /// it is the outage turned into "nothing".
    #[tool(description = "Finds wide tables, fifth way.", annotations(read_only_hint = true))]
    async fn wide_tables_hinted(&self, Parameters(p): Parameters<SearchParams>) -> Result<CallToolResult, String> {
        if p.min_width_mm == 0 || p.min_width_mm > 5000 {
            let listed = self.catalogue.count().unwrap_or_default();
            return Err(format!("min_width_mm must be from 1 through 5000 ({listed} tables listed)"));
        }
        let products = self.catalogue.all().unwrap_or_default();
        Ok(CallToolResult::success(vec![Content::text(wide(products, &p))]))
    }

    #[tool(description = "Finds wide tables, fourth way.", annotations(read_only_hint = true))]
    async fn wide_tables_let(&self, Parameters(p): Parameters<SearchParams>) -> Result<CallToolResult, String> {
        if let Err(e) = check(&p) {
            return Err(e);
        }
        let Ok(products) = self.catalogue.all() else {
            return Ok(CallToolResult::success(vec![Content::text("No matching tables found.")]));
        };
        Ok(CallToolResult::success(vec![Content::text(wide(products, &p))]))
    }
}
