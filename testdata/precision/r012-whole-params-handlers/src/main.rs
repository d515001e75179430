//! A household ledger answering MCP's JSON-RPC over stdio by hand. The dispatcher hands
//! each handler the whole `tools/call` params: one handler only checks which tool it was
//! called as (`params["name"]`), another deserializes `params["arguments"]` into its input,
//! a third reads its arguments under `params["arguments"]`. Neither `name` nor `arguments`
//! is an argument of those tools; `currency`, read by the third and declared nowhere, is.

mod entries;

use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

fn list_tools() -> Value {
    json!({
        "tools": [
            {
                "name": "list_entries",
                "description": "Lists the five most recent ledger entries.",
                "inputSchema": {"type": "object", "properties": {}, "additionalProperties": false}
            },
            {
                "name": "add_entry",
                "description": "Records one expense in the ledger.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "label": {"type": "string", "description": "What the money was spent on"},
                        "cents": {"type": "integer", "minimum": 1, "description": "Amount in cents"}
                    },
                    "required": ["label", "cents"],
                    "additionalProperties": false
                }
            },
            {
                "name": "month_total",
                "description": "Sums the expenses of one month.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "month": {"type": "string", "minLength": 7, "maxLength": 7, "description": "Month as YYYY-MM"}
                    },
                    "required": ["month"],
                    "additionalProperties": false
                }
            }
        ]
    })
}

async fn call_tool(params: Value) -> Value {
    let Some(tool_name) = params.get("name").and_then(|v| v.as_str()) else {
        return failure("missing tool name".to_string());
    };
    let answer = if tool_name == "list_entries" {
        entries::list_handler(params).await
    } else if tool_name == "add_entry" {
        entries::add_handler(params).await
    } else if tool_name == "month_total" {
        entries::total_handler(params).await
    } else {
        Err(format!("unknown tool {tool_name}"))
    };
    answer.unwrap_or_else(failure)
}

fn failure(text: String) -> Value {
    json!({"isError": true, "content": [{"type": "text", "text": text}]})
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    let mut out = tokio::io::stdout();
    while let Some(line) = lines.next_line().await? {
        let request: Value = serde_json::from_str(&line)?;
        let id = request.get("id").cloned().unwrap_or(Value::Null);
        let result = match request.get("method").and_then(Value::as_str) {
            Some("tools/list") => list_tools(),
            Some("tools/call") => call_tool(request.get("params").cloned().unwrap_or(Value::Null)).await,
            _ => json!({"error": "method not found"}),
        };
        let reply = json!({"jsonrpc": "2.0", "id": id, "result": result});
        out.write_all(format!("{reply}\n").as_bytes()).await?;
    }
    Ok(())
}
