use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex};

/// The basket the page and the agent share: one per shopper session in the real shop.
#[derive(Clone, Default)]
pub struct Basket {
    lines: Arc<Mutex<Vec<Line>>>,
}

#[derive(Clone, Serialize)]
pub struct Line {
    id: u64,
    product: String,
    quantity: u32,
    unit: Unit,
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    Item,
    Kg,
}

/// Input of the `addToBasket` tool.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AddLine {
    /// Product code from the shelf label.
    pub product: String,
    /// How many items, or kilograms.
    pub quantity: u32,
    pub unit: Unit,
}

const PRODUCTS: &[&str] = &["apple-gala", "potato-maris", "oat-milk-1l"];

pub async fn add_line(
    State(basket): State<Basket>,
    Json(input): Json<AddLine>,
) -> Result<(StatusCode, Json<u64>), (StatusCode, String)> {
    if !(1..=50).contains(&input.quantity) {
        return Err((StatusCode::UNPROCESSABLE_ENTITY, "quantity must be from 1 through 50".into()));
    }
    if !PRODUCTS.contains(&input.product.as_str()) {
        return Err((StatusCode::NOT_FOUND, "UNKNOWN_PRODUCT".into()));
    }
    let mut lines = basket.lines.lock().unwrap();
    let id = lines.len() as u64 + 1;
    lines.push(Line { id, product: input.product, quantity: input.quantity, unit: input.unit });
    Ok((StatusCode::CREATED, Json(id)))
}

pub async fn list(State(basket): State<Basket>) -> Json<Vec<Line>> {
    Json(basket.lines.lock().unwrap().clone())
}

pub async fn remove_line(State(basket): State<Basket>, Path(id): Path<u64>) -> StatusCode {
    let mut lines = basket.lines.lock().unwrap();
    let before = lines.len();
    lines.retain(|l| l.id != id);
    if lines.len() == before { StatusCode::NOT_FOUND } else { StatusCode::NO_CONTENT }
}
