//! Command-line flags from tool arguments, shared by every cargo tool.

use rmcp::model::ErrorData;

/// Flags for a lock mode; `fallback` is the mode a tool uses when the caller names none.
pub fn lock_flags(mode: Option<&str>, fallback: &str) -> Result<Vec<&'static str>, ErrorData> {
    match mode.unwrap_or(fallback) {
        "locked" => Ok(vec!["--locked"]),
        "unlocked" => Ok(vec![]),
        "offline" => Ok(vec!["--offline"]),
        other => Err(ErrorData::invalid_params(
            format!("unknown lock mode {other}: use locked, unlocked or offline"),
            None,
        )),
    }
}

/// Flags for an output level; every tool prints quietly unless asked.
pub fn level_flags(level: Option<&str>) -> Result<Vec<&'static str>, ErrorData> {
    match level.unwrap_or("quiet") {
        "quiet" => Ok(vec!["--quiet"]),
        "normal" => Ok(vec![]),
        "verbose" => Ok(vec!["--verbose"]),
        other => Err(ErrorData::invalid_params(
            format!("unknown output level {other}: use quiet, normal or verbose"),
            None,
        )),
    }
}
