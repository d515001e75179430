// Metamorphic: the rejection built by a helper (`return Err(out_of_range(..))`), the value bound to a local first
//! A device port, refused while the arguments are deserialized when out of range.

use crate::constants::{DEFAULT_PORT, PORT_RANGE};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(try_from = "u16")]
pub struct Port(pub u16);

fn out_of_range(port: u16) -> String {
    format!("port {port} is outside {}-{}", PORT_RANGE.start(), PORT_RANGE.end())
}

impl TryFrom<u16> for Port {
    type Error = String;

    fn try_from(raw: u16) -> Result<Self, Self::Error> {
        let port = raw;
        if !PORT_RANGE.contains(&port) {
            return Err(out_of_range(port));
        }
        Ok(Self(port))
    }
}

impl Default for Port {
    fn default() -> Self {
        Self(DEFAULT_PORT)
    }
}
