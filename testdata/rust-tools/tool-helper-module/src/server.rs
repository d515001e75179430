//! Lists the tools of every module and runs one by its name.

use rmcp::model::Tool;
use serde_json::Value;

use crate::tools::{Texts, beds, sensors};

pub struct Greenhouse {
    texts: Texts,
}

impl Greenhouse {
    pub fn new(texts: Texts) -> Self {
        Self { texts }
    }

    pub fn list_tools(&self) -> Vec<Tool> {
        let mut all = beds::get_tools(&self.texts);
        all.extend(sensors::get_tools());
        all
    }

    pub fn call_tool(&self, name: &str, arguments: Value) -> anyhow::Result<Value> {
        match name {
            "water_bed" => beds::water_bed(arguments),
            "list_beds" => beds::list_beds(arguments),
            "read_sensor" => sensors::read_sensor(arguments),
            other => anyhow::bail!("unknown tool {other}"),
        }
    }
}
