//! The shop's product catalogue. In the sandbox it holds the three folding tables of the
//! scenario; in production it is a remote service that can be unavailable.

use std::fmt;

#[derive(Debug, Clone, PartialEq)]
pub struct Product {
    pub sku: String,
    pub category: String,
    pub open_width_mm: u32,
    /// Thickness of the whole table folded for storage; not every supplier records it.
    pub folded_thickness_mm: Option<u32>,
    /// Thickness of the tabletop alone.
    pub tabletop_thickness_mm: u32,
    pub in_stock: bool,
}

#[derive(Debug)]
pub enum CatalogueError {
    Unavailable(String),
}

impl fmt::Display for CatalogueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CatalogueError::Unavailable(why) => write!(f, "catalogue unavailable: {why}"),
        }
    }
}

pub struct Catalogue {
    products: Vec<Product>,
    online: bool,
}

impl Catalogue {
    /// The synthetic catalogue of 16 October 2026.
    pub fn sandbox() -> Self {
        let table = |sku: &str, open, folded, top| Product {
            sku: sku.to_string(),
            category: "folding_table".to_string(),
            open_width_mm: open,
            folded_thickness_mm: folded,
            tabletop_thickness_mm: top,
            in_stock: true,
        };
        Catalogue {
            products: vec![
                table("FT-A", 1200, Some(70), 30),
                table("FT-B", 1200, Some(95), 30),
                table("FT-C", 1400, None, 30),
            ],
            online: true,
        }
    }

    pub fn snapshot_id(&self) -> &'static str {
        "sandbox-2026-10-16"
    }

    pub async fn folding_tables(&self) -> Result<Vec<Product>, CatalogueError> {
        if !self.online {
            return Err(CatalogueError::Unavailable("connection refused".into()));
        }
        Ok(self
            .products
            .iter()
            .filter(|p| p.category == "folding_table")
            .cloned()
            .collect())
    }
}
