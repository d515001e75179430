// Metamorphic: helper-built rejection (`return refuse(..)`)
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

/// Turns the request away as unprocessable.
fn refuse<T>(message: &str) -> Result<T, (StatusCode, String)> {
    Err((StatusCode::UNPROCESSABLE_ENTITY, message.to_string()))
}

pub async fn put_line(
    Path(cart_id): Path<u64>,
    Json(line): Json<LineRequest>,
) -> Result<StatusCode, (StatusCode, String)> {
    if line.sku.is_empty() || line.sku.chars().count() > 32 {
        return refuse("sku must be 1 to 32 characters");
    }
    if line.quantity < 1 || line.quantity > 5 {
        return refuse("quantity must be from 1 through 5");
    }
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
