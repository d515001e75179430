// Metamorphic: the input rebound to a local (`let Json(line) = body;`)
use axum::Json;
use axum::http::StatusCode;
use serde::Deserialize;
use validator::Validate;

/// A line to add to the cart (the `addCartLine` tool's input, reached through its route).
#[derive(Debug, Deserialize, Validate)]
#[serde(deny_unknown_fields)]
pub struct NewLine {
    /// Catalogue SKU of the product.
    #[validate(length(min = 1, max = 32))]
    pub sku: String,
    /// How many to add, 1 through 5.
    #[validate(range(min = 1, max = 5))]
    #[serde(default = "one")]
    pub quantity: u32,
}

pub async fn create_line(body: Json<NewLine>) -> Result<StatusCode, (StatusCode, String)> {
    let Json(line) = body;
    line.validate()
        .map_err(|e| (StatusCode::UNPROCESSABLE_ENTITY, e.to_string()))?;
    crate::lines::store(line.sku, line.quantity);
    Ok(StatusCode::CREATED)
}

fn store(sku: String, quantity: u32) {
    println!("{sku} x {quantity}");
}

fn one() -> u32 {
    1
}
