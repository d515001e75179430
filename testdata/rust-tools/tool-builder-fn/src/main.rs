//! A pantry server answering MCP's `tools/list` and `tools/call` by hand over stdio.

mod catalog;
mod dispatch;
mod protocol;

use serde_json::{json, Value};

fn main() -> anyhow::Result<()> {
    let mut pantry = dispatch::Pantry::default();
    for line in std::io::stdin().lines() {
        let request: Value = serde_json::from_str(&line?)?;
        let result = match request["method"].as_str() {
            Some("tools/list") => json!({"tools": catalog::tools()}),
            Some("tools/call") => {
                let name = request["params"]["name"].as_str().unwrap_or_default();
                let args = request["params"]["arguments"].clone();
                pantry.call_tool(name, &args)?
            }
            _ => json!({"error": "method not found"}),
        };
        println!("{}", json!({"jsonrpc": "2.0", "id": request["id"], "result": result}));
    }
    Ok(())
}
