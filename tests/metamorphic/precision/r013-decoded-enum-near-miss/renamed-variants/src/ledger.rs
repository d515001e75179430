// Metamorphic: each period variant is renamed to its published spelling, instead of a container rename rule.
//! The ledger's formats and periods, as the tools' arguments name them.

use serde::Deserialize;

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ExportFormat {
    Csv,
    Json,
    Ods,
    #[serde(other)]
    Other,
}

#[derive(Debug, Clone, Copy, Deserialize)]
pub enum Period {
    #[serde(rename = "monthly")]
    Month,
    #[serde(rename = "quarterly")]
    Quarter,
    #[serde(rename = "yearly")]
    Year,
}

pub fn export(format: ExportFormat) -> String {
    format!("ledger.{format:?}")
}

pub fn close(period: Period) -> String {
    format!("{period:?}")
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Red,
    Green,
}
