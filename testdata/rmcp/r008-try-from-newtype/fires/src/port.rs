//! A device port, refused while the arguments are deserialized when out of range.

use crate::constants::{DEFAULT_PORT, PORT_RANGE};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(try_from = "u16")]
pub struct Port(pub u16);

impl TryFrom<u16> for Port {
    type Error = String;

    fn try_from(port: u16) -> Result<Self, Self::Error> {
        if PORT_RANGE.contains(&port) {
            Ok(Self(port))
        } else {
            Err(format!(
                "port {port} is outside {}-{}",
                PORT_RANGE.start(),
                PORT_RANGE.end()
            ))
        }
    }
}

impl Default for Port {
    fn default() -> Self {
        Self(DEFAULT_PORT)
    }
}
