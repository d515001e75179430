// Metamorphic: the Deserializer bound written inline, the arms in another order and the catch-all binding the value.
//! Lenient readers for arguments that agents often send in a simpler shape.

use serde::{Deserialize, Deserializer};
use serde_json::Value;

/// A list of names, or one name on its own.
pub fn names<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    let value = Value::deserialize(deserializer)?;
    match value {
        Value::Array(items) => items
            .into_iter()
            .map(|v| match v {
                Value::String(s) => Ok(s),
                _ => Err(serde::de::Error::custom("expected a name")),
            })
            .collect(),
        Value::String(s) => Ok(vec![s]),
        other => Err(serde::de::Error::custom(format!("expected a name, got {other}"))),
    }
}
