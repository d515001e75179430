// Metamorphic: the lenient decode matches on the result and falls back to the defaults, instead of `unwrap_or_default`.
//! A bookkeeping server answering MCP by hand: the tools are listed as JSON and each handler
//! decodes its arguments into a struct. `export_ledger`'s format takes any string, and so does
//! the code (an unknown format falls back to CSV through `#[serde(other)]`); `close_period`
//! publishes the periods `Period` reads; `tag_entry` decodes leniently, so a colour it does
//! not know leaves the arguments at their defaults instead of failing the call.

mod ledger;

use ledger::{Colour, ExportFormat, Period};
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
                        "period": {"type": "string", "enum": ["monthly", "quarterly", "yearly"], "description": "Period to close."}
                    },
                    "required": ["period"]
                }
            },
            {
                "name": "tag_entry",
                "description": "Colour one ledger entry.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "entry": {"type": "integer", "description": "Entry number."},
                        "colour": {"type": "string", "description": "Colour of the tag."}
                    },
                    "required": ["entry"]
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

#[derive(Default, Deserialize)]
struct TagArgs {
    entry: u32,
    colour: Option<Colour>,
}

fn export_ledger(args: Value) -> anyhow::Result<Value> {
    let input: ExportArgs = serde_json::from_value(args)?;
    Ok(json!({"file": ledger::export(input.format)}))
}

fn close_period(args: Value) -> anyhow::Result<Value> {
    let input: CloseArgs = serde_json::from_value(args)?;
    Ok(json!({"closed": ledger::close(input.period)}))
}

fn tag_entry(args: Value) -> anyhow::Result<Value> {
    let input: TagArgs = match serde_json::from_value(args) {
        Ok(input) => input,
        Err(_) => TagArgs::default(),
    };
    Ok(json!({"entry": input.entry, "colour": format!("{:?}", input.colour)}))
}

fn call_tool(name: &str, args: Value) -> anyhow::Result<Value> {
    match name {
        "tag_entry" => tag_entry(args),
        "export_ledger" => export_ledger(args),
        "close_period" => close_period(args),
        other => anyhow::bail!("unknown tool {other}"),
    }
}

fn main() {
    let _ = tools_list();
    let _ = call_tool("export_ledger", json!({"format": "csv"}));
}
