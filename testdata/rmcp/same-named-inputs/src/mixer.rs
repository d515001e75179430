//! The sound card's mixer: levels are whole steps.

use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetLevelParams {
    /// Mixer level, 0 to 100.
    #[schemars(range(max = 100))]
    pub level: u8,
}

pub fn set_level(params: SetLevelParams) -> Result<String, String> {
    if params.level > 100 {
        return Err(format!("mixer level must be at most 100, got {}", params.level));
    }
    Ok(format!("mixer at {}", params.level))
}
