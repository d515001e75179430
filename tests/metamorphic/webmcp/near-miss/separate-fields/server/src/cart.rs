// Metamorphic: a helper taking the fields separately (`check_line(&line.sku, line.quantity)?`)
use axum::Json;
use axum::extract::{Path, Query};
use axum::http::StatusCode;
use serde::Deserialize;

/// A cart line, as the page's `addCartLine` tool sends it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct LineRequest {
    /// Catalogue SKU of the product.
    pub sku: String,
    /// How many to add, 1 through 5.
    pub quantity: u32,
    /// Wrap the product as a gift; defaults to false.
    #[serde(default)]
    pub gift_wrap: bool,
    /// A note for the packer.
    pub note: Option<String>,
}

/// The checks of one line, on its fields.
fn check_line(sku: &str, quantity: u32) -> Result<(), (StatusCode, String)> {
    if sku.is_empty() || sku.chars().count() > 32 {
        return Err((StatusCode::UNPROCESSABLE_ENTITY, "sku must be 1 to 32 characters".into()));
    }
    if quantity < 1 || quantity > 5 {
        return Err((StatusCode::UNPROCESSABLE_ENTITY, "quantity must be from 1 through 5".into()));
    }
    Ok(())
}

pub async fn put_line(
    Path(cart_id): Path<u64>,
    Json(line): Json<LineRequest>,
) -> Result<StatusCode, (StatusCode, String)> {
    check_line(&line.sku, line.quantity)?;
    println!("cart {cart_id}: {} x {} {:?} {}", line.sku, line.quantity, line.note, line.gift_wrap);
    Ok(StatusCode::CREATED)
}

/// The declarative `checkStock` form's query.
#[derive(Debug, Deserialize)]
pub struct StockQuery {
    pub sku: String,
    pub store: Option<String>,
}

pub async fn stock(Query(q): Query<StockQuery>) -> String {
    format!("{} at {}: 3", q.sku, q.store.as_deref().unwrap_or("any store"))
}
