// Metamorphic: two comparisons against the limits instead of `contains` on the range
//! A device port, refused while the arguments are deserialized when out of range.

use crate::constants::{DEFAULT_PORT, MAX_PORT, MIN_PORT};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(try_from = "u16")]
pub struct Port(pub u16);

impl TryFrom<u16> for Port {
    type Error = String;

    fn try_from(port: u16) -> Result<Self, Self::Error> {
        if port < MIN_PORT || port > MAX_PORT {
            return Err(format!("port {port} is outside {MIN_PORT}-{MAX_PORT}"));
        }
        Ok(Self(port))
    }
}

impl Default for Port {
    fn default() -> Self {
        Self(DEFAULT_PORT)
    }
}
