// Metamorphic: the range checked with `contains` on an inclusive range instead of two comparisons
//! Orders placed with the wholesaler.

use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Order {
    pub product: String,
    pub crates: u32,
}

pub async fn place(order: Order) -> anyhow::Result<String> {
    if !(1..=40).contains(&order.crates) {
        anyhow::bail!("crates must be between 1 and 40");
    }
    Ok(format!("ordered {} crates of {}", order.crates, order.product))
}
