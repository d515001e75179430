//! Recipe box, a hand-written MCP server over stdio. Each tool publishes schemars 0.8's
//! root schema object (`schema_for!(T).schema`): the `RootSchema`'s `meta_schema` (its
//! `$schema`) and `definitions` are left behind, so the published input has no `$schema`.
use schemars::{schema_for, JsonSchema};
use serde::Deserialize;
use serde_json::{json, Value};
use std::io::BufRead;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FindRecipe {
    /// Words the recipe's title or ingredients contain.
    pub query: String,
    /// Cuisine to keep, such as "thai" or "basque".
    pub cuisine: String,
}

fn tool_def<T: JsonSchema>(name: &str, description: &str) -> Value {
    let schema = schema_for!(T);
    let input_schema = serde_json::to_value(&schema.schema).unwrap_or_else(|_| json!({}));
    json!({ "name": name, "description": description, "inputSchema": input_schema })
}

fn tools() -> Vec<Value> {
    vec![tool_def::<FindRecipe>(
        "find_recipe",
        "Finds recipes whose title or ingredients contain the words, in one cuisine.",
    )]
}

fn find_recipe(args: FindRecipe) -> Value {
    json!({ "content": [{ "type": "text", "text": format!("no {} recipe with {}", args.cuisine, args.query) }] })
}

fn main() {
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let Ok(req) = serde_json::from_str::<Value>(&line) else { continue };
        let result = match req["method"].as_str() {
            Some("initialize") => json!({ "protocolVersion": "2025-06-18", "capabilities": { "tools": {} } }),
            Some("tools/list") => json!({ "tools": tools() }),
            Some("tools/call") => match req["params"]["name"].as_str() {
                Some("find_recipe") => match serde_json::from_value(req["params"]["arguments"].clone()) {
                    Ok(args) => find_recipe(args),
                    Err(e) => json!({ "content": [{ "type": "text", "text": e.to_string() }], "isError": true }),
                },
                _ => json!({ "content": [{ "type": "text", "text": "unknown tool" }], "isError": true }),
            },
            _ => json!({}),
        };
        println!("{}", json!({ "jsonrpc": "2.0", "id": req["id"], "result": result }));
    }
}
