//! What each tool does.

use std::collections::HashMap;

use anyhow::bail;
use serde_json::{json, Value};

#[derive(Default)]
pub struct Pantry {
    units: HashMap<String, u64>,
}

impl Pantry {
    pub fn call_tool(&mut self, name: &str, args: &Value) -> anyhow::Result<Value> {
        match name {
            "restock_item" => self.restock_item(args),
            "count_item" => self.count_item(args),
            "discard_item" => self.discard_item(args),
            other => bail!("unknown tool {other}"),
        }
    }

    fn restock_item(&mut self, args: &Value) -> anyhow::Result<Value> {
        let Some(item) = args.get("item").and_then(Value::as_str) else {
            bail!("item is required");
        };
        let units = args.get("units").and_then(Value::as_u64).unwrap_or(1);
        if units > 50 {
            bail!("at most 50 units at a time");
        }
        *self.units.entry(item.to_string()).or_default() += units;
        Ok(json!({"item": item, "units": self.units[item]}))
    }

    fn count_item(&self, args: &Value) -> anyhow::Result<Value> {
        let Some(item) = args.get("item").and_then(Value::as_str) else {
            bail!("item is required");
        };
        Ok(json!({"item": item, "units": self.units.get(item).copied().unwrap_or(0)}))
    }

    fn discard_item(&mut self, args: &Value) -> anyhow::Result<Value> {
        let Some(item) = args.get("item").and_then(Value::as_str) else {
            bail!("item is required");
        };
        let gone = self.units.remove(item).is_some();
        Ok(json!({"item": item, "discarded": gone}))
    }
}
