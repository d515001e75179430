//! Cart handlers of the sample shop. The input types mirror tools/*.json.

use serde::Deserialize;

// contractlint: allow(S003) the gift object is open on purpose (see addCartLine.json)
#[derive(Debug, Deserialize)]
pub struct Gift {
    pub message: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemoveCartLine {
    pub sku: String, // contractlint: allow(S008)
}

/// Input of `addCartLine`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AddCartLineInput {
    pub sku: String,
    pub quantity: u8,
    pub gift: Option<Gift>,
}

/// Input of `applyCoupon`.
#[derive(Debug, Deserialize)]
pub struct ApplyCouponInput {
    pub code: String,
}
