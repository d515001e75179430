// Metamorphic: `serde_json::Value` written out in full, no import.
//! Lenient readers for arguments that agents often send in a simpler shape.

use serde::{Deserialize, Deserializer};

/// A list of names, or one name on its own.
pub fn names<'de, D>(deserializer: D) -> Result<Vec<String>, D::Error>
where
    D: Deserializer<'de>,
{
    let value = serde_json::Value::deserialize(deserializer)?;
    match value {
        serde_json::Value::String(s) => Ok(vec![s]),
        serde_json::Value::Array(items) => items
            .into_iter()
            .map(|v| match v {
                serde_json::Value::String(s) => Ok(s),
                _ => Err(serde::de::Error::custom("expected a name")),
            })
            .collect(),
        _ => Err(serde::de::Error::custom("expected a name or a list of names")),
    }
}
