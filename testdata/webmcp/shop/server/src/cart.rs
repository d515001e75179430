use axum::extract::State;
use axum::http::StatusCode;
use axum::{Form, Json};
use serde::Deserialize;
use std::sync::{Arc, Mutex};
use validator::Validate;

#[derive(Clone, Default)]
pub struct AppState {
    pub lines: Arc<Mutex<Vec<(String, u32)>>>,
}

/// Input of the `addCartLine` tool.
#[derive(Debug, Deserialize, Validate)]
#[serde(deny_unknown_fields)]
pub struct AddCartLine {
    /// Catalogue SKU of the product.
    #[validate(length(min = 1, max = 32))]
    pub sku: String,
    /// How many to add, 1 through 5.
    #[validate(range(min = 1, max = 5))]
    pub quantity: u32,
}

pub async fn add_cart_line(
    State(state): State<AppState>,
    Json(input): Json<AddCartLine>,
) -> Result<StatusCode, (StatusCode, String)> {
    input
        .validate()
        .map_err(|e| (StatusCode::UNPROCESSABLE_ENTITY, e.to_string()))?;
    state.lines.lock().unwrap().push((input.sku, input.quantity));
    Ok(StatusCode::CREATED)
}

pub async fn list_lines(State(state): State<AppState>) -> Json<Vec<(String, u32)>> {
    Json(state.lines.lock().unwrap().clone())
}

/// Input of the declarative `removeCartLine` form.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemoveCartLine {
    pub sku: String,
}

pub async fn remove_cart_line(
    State(state): State<AppState>,
    Form(input): Form<RemoveCartLine>,
) -> StatusCode {
    let mut lines = state.lines.lock().unwrap();
    let before = lines.len();
    lines.retain(|(sku, _)| *sku != input.sku);
    if lines.len() == before {
        StatusCode::NOT_FOUND
    } else {
        StatusCode::NO_CONTENT
    }
}
