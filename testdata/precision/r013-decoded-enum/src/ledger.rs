//! The ledger's formats and periods, as the tools' arguments name them.

use serde::Deserialize;

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ExportFormat {
    Csv,
    Json,
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
