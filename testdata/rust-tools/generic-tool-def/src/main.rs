//! A library's shelving desk answering MCP's `tools/list` and `tools/call` by hand over
//! stdio; each tool's schema is derived from its input type by one generic helper.

mod server;
mod shelves;

use serde_json::{json, Value};

fn main() -> anyhow::Result<()> {
    let mut desk = shelves::Desk::default();
    for line in std::io::stdin().lines() {
        let request: Value = serde_json::from_str(&line?)?;
        let result = match request["method"].as_str() {
            Some("tools/list") => json!({"tools": server::tool_definitions()}),
            Some("tools/call") => {
                let name = request["params"]["name"].as_str().unwrap_or_default();
                let args = request["params"]["arguments"].clone();
                server::call_tool(&mut desk, name, args)?
            }
            _ => json!({"error": "method not found"}),
        };
        println!("{}", json!({"jsonrpc": "2.0", "id": request["id"], "result": result}));
    }
    Ok(())
}
