// Metamorphic: the range test written as `!(min..=max).contains(&value)`.
//! Input checks shared by the tools: each caller passes the limits it enforces.

use rmcp::model::ErrorData;

pub fn ensure_between(field: &str, value: u32, min: u32, max: u32) -> Result<(), ErrorData> {
    if !(min..=max).contains(&value) {
        return Err(ErrorData::invalid_params(
            format!("{field} must be between {min} and {max}"),
            None,
        ));
    }
    Ok(())
}

pub fn ensure_length(field: &str, value: &str, max: usize) -> Result<(), ErrorData> {
    if value.is_empty() || value.chars().count() > max {
        return Err(ErrorData::invalid_params(
            format!("{field} must be 1 to {max} characters"),
            None,
        ));
    }
    Ok(())
}
