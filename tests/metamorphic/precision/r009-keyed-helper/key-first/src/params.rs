// Metamorphic: the helper takes the key first and the arguments second
//! Reading one argument by key, with the error an agent can act on.

use serde_json::Value;

pub fn required_str<'a>(args: &'a Value, name: &str) -> Result<&'a str, String> {
    args.get(name)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("`{name}` is required and must be a string"))
}

pub fn optional_u32(name: &str, args: &Value) -> Result<Option<u32>, String> {
    match args.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .map(Some)
            .ok_or_else(|| format!("`{name}` must be a non-negative integer")),
    }
}
