//! Units a length may be given in.

use rmcp::model::ErrorData;

/// Turns away a unit the converter does not know.
pub fn check_unit(unit: &str) -> Result<(), ErrorData> {
    if !matches!(unit, "mm" | "cm" | "in") {
        return Err(ErrorData::invalid_params(format!("unknown unit `{unit}`"), None));
    }
    Ok(())
}
