//! Lists the tools and runs one by its name.

use rmcp::model::Tool;
use serde_json::Value;

use crate::tools::trees;

pub struct Orchard;

impl Orchard {
    pub fn list_tools(&self) -> Vec<Tool> {
        trees::get_tools()
    }

    pub fn call_tool(&self, name: &str, arguments: Value) -> anyhow::Result<Value> {
        match name {
            "water_tree" => trees::water_tree(arguments),
            other => anyhow::bail!("unknown tool {other}"),
        }
    }
}
