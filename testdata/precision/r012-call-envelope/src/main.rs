//! A pantry server answering MCP's JSON-RPC over stdio by hand.

mod restock;

use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

struct Pantry;

impl Pantry {
    fn list_tools(&self) -> Value {
        json!({
            "tools": [
                {
                    "name": "restock_shelf",
                    "description": "Order between 1 and 40 crates of one product for a shelf.",
                    "inputSchema": {
                        "type": "object",
                        "properties": {
                            "product": {"type": "string", "description": "Product code"},
                            "crates": {"type": "integer", "minimum": 1, "maximum": 40}
                        },
                        "required": ["product", "crates"],
                        "additionalProperties": false
                    }
                },
                {
                    "name": "count_shelf",
                    "description": "Count what is left on one shelf. Changes nothing.",
                    "inputSchema": {
                        "type": "object",
                        "properties": {
                            "shelf": {"type": "string", "minLength": 1, "description": "Shelf label"}
                        },
                        "required": ["shelf"],
                        "additionalProperties": false
                    }
                }
            ]
        })
    }

    async fn call_tool(&self, params: Option<Value>) -> Result<Value, String> {
        let params = match params {
            Some(p) => p,
            None => return Err("missing params".to_string()),
        };
        let tool_name = match params.get("name").and_then(|v| v.as_str()) {
            Some(name) => name,
            None => return Err("missing tool name".to_string()),
        };
        let arguments = match params.get("arguments") {
            Some(args) => args.clone(),
            None => json!({}),
        };
        let text = match tool_name {
            "restock_shelf" => self.restock_shelf(arguments).await,
            "count_shelf" => self.count_shelf(arguments).await,
            other => return Err(format!("unknown tool {other}")),
        };
        text.map(|t| json!({"content": [{"type": "text", "text": t}]}))
            .map_err(|e| e.to_string())
    }

    async fn restock_shelf(&self, args: Value) -> anyhow::Result<String> {
        let order: restock::Order = serde_json::from_value(args)?;
        restock::place(order).await
    }

    async fn count_shelf(&self, args: Value) -> anyhow::Result<String> {
        let shelf = args
            .get("shelf")
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .ok_or_else(|| anyhow::anyhow!("shelf is required and must not be blank"))?;
        let aisle = args.get("aisle").and_then(Value::as_u64).unwrap_or(1);
        Ok(format!("shelf {shelf} in aisle {aisle}: 12 items"))
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let pantry = Pantry;
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    let mut out = tokio::io::stdout();
    while let Some(line) = lines.next_line().await? {
        let request: Value = serde_json::from_str(&line)?;
        let id = request.get("id").cloned().unwrap_or(Value::Null);
        let result = match request.get("method").and_then(Value::as_str) {
            Some("tools/list") => Ok(pantry.list_tools()),
            Some("tools/call") => pantry.call_tool(request.get("params").cloned()).await,
            _ => Err("method not found".to_string()),
        };
        let reply = match result {
            Ok(r) => json!({"jsonrpc": "2.0", "id": id, "result": r}),
            Err(e) => json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32602, "message": e}}),
        };
        out.write_all(format!("{reply}\n").as_bytes()).await?;
    }
    Ok(())
}
