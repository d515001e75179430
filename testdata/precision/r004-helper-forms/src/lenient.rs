//! Lenient readers for arguments that agents often send in a simpler shape.

use serde::{Deserialize, Deserializer};
use serde_json::Value;

/// A list of names, or one name on its own.
pub fn names<'de, D>(deserializer: D) -> Result<Vec<String>, D::Error>
where
    D: Deserializer<'de>,
{
    let value = Value::deserialize(deserializer)?;
    match value {
        Value::String(s) => Ok(vec![s]),
        Value::Array(items) => items
            .into_iter()
            .map(|v| match v {
                Value::String(s) => Ok(s),
                _ => Err(serde::de::Error::custom("expected a name")),
            })
            .collect(),
        _ => Err(serde::de::Error::custom("expected a name or a list of names")),
    }
}
