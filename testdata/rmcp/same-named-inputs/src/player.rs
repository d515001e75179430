//! The media player's own volume: a fraction of full scale.

use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetLevelParams {
    /// Player volume, 0.0 to 1.0.
    #[schemars(range(min = 0.0, max = 1.0))]
    pub level: f64,
}

pub fn set_level(params: SetLevelParams) -> Result<String, String> {
    if !(0.0..=1.0).contains(&params.level) {
        return Err(format!("player volume {} is outside 0.0 to 1.0", params.level));
    }
    Ok(format!("player at {:.2}", params.level))
}
