use axum::Json;
use axum::extract::Query;
use serde::{Deserialize, Serialize};

/// Input of the `findFoldingTable` tool.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct TableSearch {
    /// Largest acceptable folded thickness in millimetres, 10 through 120.
    pub max_folded_thickness_mm: u32,
    /// Smallest acceptable tabletop width in centimetres.
    pub min_width_cm: Option<u32>,
}

#[derive(Serialize)]
pub struct Table {
    pub sku: String,
    pub folded_thickness_mm: u32,
    pub width_cm: u32,
}

pub async fn find_folding_table(Query(q): Query<TableSearch>) -> Result<Json<Vec<Table>>, String> {
    if !(10..=120).contains(&q.max_folded_thickness_mm) {
        return Err("maxFoldedThicknessMm must be from 10 through 120".into());
    }
    let all = vec![Table { sku: "TBL-FOLD-80".into(), folded_thickness_mm: 45, width_cm: 80 }];
    Ok(Json(
        all.into_iter()
            .filter(|t| t.folded_thickness_mm <= q.max_folded_thickness_mm)
            .filter(|t| q.min_width_cm.is_none_or(|w| t.width_cm >= w))
            .collect(),
    ))
}
