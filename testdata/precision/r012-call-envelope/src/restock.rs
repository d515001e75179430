//! Orders placed with the wholesaler.

use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Order {
    pub product: String,
    pub crates: u32,
}

pub async fn place(order: Order) -> anyhow::Result<String> {
    if order.crates == 0 || order.crates > 40 {
        anyhow::bail!("crates must be between 1 and 40");
    }
    Ok(format!("ordered {} crates of {}", order.crates, order.product))
}
