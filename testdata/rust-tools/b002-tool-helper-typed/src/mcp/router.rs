//! The one place a call is routed by its tool's name.

use std::collections::BTreeMap;
use std::sync::Mutex;

use anyhow::{Context, bail};
use rmcp::model::{CallToolRequestParams, JsonObject};
use serde_json::{Value, json};

use super::{FireArgs, StatusArgs};

/// The programs queued for each kiln, and the last reading of each.
static PROGRAMS: Mutex<Vec<(u32, u32)>> = Mutex::new(Vec::new());
static LAST_READINGS: Mutex<BTreeMap<String, String>> = Mutex::new(BTreeMap::new());

fn parse<T: serde::de::DeserializeOwned>(args: Option<JsonObject>) -> anyhow::Result<T> {
    serde_json::from_value(Value::Object(args.unwrap_or_default())).context("invalid arguments")
}

pub(super) fn call_tool(request: CallToolRequestParams) -> anyhow::Result<Value> {
    match request.name.as_ref() {
        "fire_kiln" => fire_kiln(parse(request.arguments)?),
        "kiln_status" => kiln_status(parse(request.arguments)?),
        other => bail!("unknown tool {other}"),
    }
}

fn fire_kiln(args: FireArgs) -> anyhow::Result<Value> {
    PROGRAMS.lock().unwrap().push((args.peak, args.hold_minutes));
    Ok(json!({"started": true}))
}

/// Reads the thermocouple, and keeps the reading as the kiln's last known state.
fn kiln_status(args: StatusArgs) -> anyhow::Result<Value> {
    let celsius = std::fs::read_to_string(format!("/sys/kiln/{}/temp", args.kiln))?;
    LAST_READINGS
        .lock()
        .unwrap()
        .insert(args.kiln.clone(), celsius.clone());
    Ok(json!({"kiln": args.kiln, "celsius": celsius.trim()}))
}
