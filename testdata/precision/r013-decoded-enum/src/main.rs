//! A bookkeeping server answering MCP by hand: the tools are listed as JSON and each handler
//! decodes its arguments into a struct. `export_ledger` publishes `format` as any string,
//! but serde only takes the three formats of `ExportFormat` and fails the call on any other;
//! `close_period`'s `enum` spells the periods differently from what `Period` reads, so the
//! values an agent is told to send are the ones the decode refuses.

mod ledger;

use ledger::{ExportFormat, Period};
use serde::Deserialize;
use serde_json::{json, Value};

fn tools_list() -> Value {
    json!({
        "tools": [
            {
                "name": "export_ledger",
                "description": "Export every entry of the ledger.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "format": {"type": "string", "description": "File format of the export."}
                    },
                    "required": ["format"]
                }
            },
            {
                "name": "close_period",
                "description": "Close the books for one period.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "period": {"type": "string", "enum": ["month", "quarter", "year"], "description": "Period to close."}
                    },
                    "required": ["period"]
                }
            }
        ]
    })
}

#[derive(Deserialize)]
struct ExportArgs {
    format: ExportFormat,
}

#[derive(Deserialize)]
struct CloseArgs {
    period: Period,
}

fn export_ledger(args: Value) -> anyhow::Result<Value> {
    let input: ExportArgs = serde_json::from_value(args)?;
    Ok(json!({"file": ledger::export(input.format)}))
}

fn close_period(args: Value) -> anyhow::Result<Value> {
    let input: CloseArgs = serde_json::from_value(args)?;
    Ok(json!({"closed": ledger::close(input.period)}))
}

fn call_tool(name: &str, args: Value) -> anyhow::Result<Value> {
    match name {
        "export_ledger" => export_ledger(args),
        "close_period" => close_period(args),
        other => anyhow::bail!("unknown tool {other}"),
    }
}

fn main() {
    let _ = tools_list();
    let _ = call_tool("export_ledger", json!({"format": "csv"}));
}
