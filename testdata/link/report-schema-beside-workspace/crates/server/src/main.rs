//! A search server that answers MCP over stdio by hand. Its tools come from a table the code
//! turns into JSON at run time; the schemas in the workspace's `schemas/` document what the
//! tools answer, not what they are called with.

use serde_json::{Value, json};
use std::io::BufRead;

const TOOLS: &[(&str, &str)] = &[("query_report", "Runs a query and reports its hits.")];

fn tool_list() -> Value {
    let tools: Vec<Value> = TOOLS
        .iter()
        .map(|(name, description)| {
            json!({
                "name": name,
                "description": description,
                "inputSchema": {
                    "type": "object",
                    "properties": { "query": { "type": "string" } },
                    "required": ["query"],
                    "additionalProperties": false
                },
            })
        })
        .collect();
    json!({ "tools": tools })
}

fn query_report(args: &Value) -> Value {
    let query = args["query"].as_str().unwrap_or_default();
    serde_json::to_value(search_core::run(query)).unwrap_or(Value::Null)
}

fn main() {
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let Ok(req) = serde_json::from_str::<Value>(&line) else { continue };
        let result = match req["method"].as_str() {
            Some("tools/list") => tool_list(),
            Some("tools/call") => match req["params"]["name"].as_str() {
                Some("query_report") => {
                    let report = query_report(&req["params"]["arguments"]);
                    json!({ "content": [{ "type": "text", "text": report.to_string() }] })
                }
                _ => json!({ "content": [{ "type": "text", "text": "unknown tool" }], "isError": true }),
            },
            _ => json!({}),
        };
        println!("{}", json!({ "jsonrpc": "2.0", "id": req["id"], "result": result }));
    }
}
