use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct FireArgs {
    /// Peak temperature in degrees Celsius.
    pub peak: u32,
    /// Minutes to hold the peak.
    pub hold_minutes: u32,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct StatusArgs {
    /// Kiln label, e.g. K2.
    pub kiln: String,
}
