// Metamorphic: the range written in place from the two limits instead of the range constant
//! A device port, refused while the arguments are deserialized when out of range.

use crate::constants::{DEFAULT_PORT, MAX_PORT, MIN_PORT};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(try_from = "u16")]
pub struct Port(pub u16);

impl TryFrom<u16> for Port {
    type Error = String;

    fn try_from(value: u16) -> Result<Self, Self::Error> {
        if (MIN_PORT..=MAX_PORT).contains(&value) {
            Ok(Port(value))
        } else {
            Err(format!("port {value} is outside {MIN_PORT}-{MAX_PORT}"))
        }
    }
}

impl Default for Port {
    fn default() -> Self {
        Self(DEFAULT_PORT)
    }
}
