// Metamorphic: `serde_json::Value` written out in full, no import.
//! Strict readers: each takes only the form its field's schema publishes.

use serde::{Deserialize, Deserializer};

/// A list of names; a bare name is refused with a message saying why.
pub fn names<'de, D>(deserializer: D) -> Result<Vec<String>, D::Error>
where
    D: Deserializer<'de>,
{
    let value = serde_json::Value::deserialize(deserializer)?;
    match value {
        serde_json::Value::Array(items) => items
            .into_iter()
            .map(|v| match v {
                serde_json::Value::String(s) => Ok(s),
                _ => Err(serde::de::Error::custom("expected a name")),
            })
            .collect(),
        serde_json::Value::String(_) => Err(serde::de::Error::custom("send a list, even of one name")),
        _ => Err(serde::de::Error::custom("expected a list of names")),
    }
}

/// A registry name; an empty one means the default registry.
pub fn registry<'de, D>(deserializer: D) -> Result<Option<String>, D::Error>
where
    D: Deserializer<'de>,
{
    let name = Option::<String>::deserialize(deserializer)?;
    Ok(name.filter(|n| !n.is_empty()))
}

/// Features, as a list or as one comma-separated string: both published (see
/// `features_schema`).
pub fn features<'de, D>(deserializer: D) -> Result<Vec<String>, D::Error>
where
    D: Deserializer<'de>,
{
    let value = serde_json::Value::deserialize(deserializer)?;
    match value {
        serde_json::Value::String(s) => Ok(s.split(',').map(|f| f.trim().to_string()).collect()),
        serde_json::Value::Array(items) => Ok(items
            .into_iter()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect()),
        _ => Err(serde::de::Error::custom("expected features")),
    }
}

pub fn features_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": ["array", "string"],
        "items": { "type": "string" }
    })
}
