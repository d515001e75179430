// Metamorphic: the type parameter named Input and bounded in a where clause
//! The tool list and the dispatch. `tool_def::<T>` publishes the schema schemars derives
//! from `T`.

use crate::shelves::{Desk, FindShelfInput, ShelveBookInput};
use schemars::{schema_for, JsonSchema};
use serde_json::{json, Value};

pub fn tool_definitions() -> Vec<Value> {
    vec![
        tool_def::<ShelveBookInput>(
            "shelve_book",
            "Puts a returned book back on a shelf. The shelf number is from 1 through 40.",
        ),
        tool_def::<FindShelfInput>("find_shelf", "Finds the shelf a book belongs on. Changes nothing."),
    ]
}

fn tool_def<Input>(name: &str, description: &str) -> Value
where
    Input: JsonSchema,
{
    let schema = schema_for!(Input);
    let input_schema = serde_json::to_value(&schema.schema).unwrap_or_else(|_| json!({"type": "object"}));
    json!({
        "name": name,
        "description": description,
        "inputSchema": input_schema
    })
}

pub fn call_tool(desk: &mut Desk, name: &str, arguments: Value) -> anyhow::Result<Value> {
    match name {
        "shelve_book" => {
            let input: ShelveBookInput = serde_json::from_value(arguments)?;
            desk.shelve(input)
        }
        "find_shelf" => {
            let input: FindShelfInput = serde_json::from_value(arguments)?;
            desk.find(input)
        }
        other => anyhow::bail!("unknown tool {other}"),
    }
}
