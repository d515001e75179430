// Metamorphic: each export format variant is renamed to its spelling, instead of a container rename rule.
//! The ledger's formats and periods, as the tools' arguments name them.

use serde::Deserialize;

#[derive(Debug, Clone, Copy, Deserialize)]
pub enum ExportFormat {
    #[serde(rename = "csv")]
    Csv,
    #[serde(rename = "json")]
    Json,
    #[serde(rename = "ods")]
    Ods,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Period {
    Monthly,
    Quarterly,
    Yearly,
}

pub fn export(format: ExportFormat) -> String {
    format!("ledger.{format:?}")
}

pub fn close(period: Period) -> String {
    format!("{period:?}")
}
