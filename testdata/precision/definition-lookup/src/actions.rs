//! Arguments are parsed into one action, whose bounds are checked here.

use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BerthArgs {
    action: String,
    berth: Option<String>,
    limit: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TideArgs {
    days: Option<u32>,
}

pub enum Action {
    ListBerths(u32),
    ShowBerth(String),
    Tides(u32),
}

pub fn parse(tool: &str, arguments: &Value) -> Result<Action, String> {
    if tool == "tide" {
        let args: TideArgs = serde_json::from_value(arguments.clone()).map_err(|e| e.to_string())?;
        let days = args.days.unwrap_or(3);
        if !(1..=14).contains(&days) {
            return Err("days must be between 1 and 14".into());
        }
        return Ok(Action::Tides(days));
    }
    let args: BerthArgs = serde_json::from_value(arguments.clone()).map_err(|e| e.to_string())?;
    match args.action.as_str() {
        "list" => {
            let limit = args.limit.unwrap_or(50);
            if !(1..=200).contains(&limit) {
                return Err("limit must be between 1 and 200".into());
            }
            Ok(Action::ListBerths(limit))
        }
        "show" => args
            .berth
            .filter(|b| !b.is_empty())
            .map(Action::ShowBerth)
            .ok_or_else(|| "show needs a berth".into()),
        other => Err(format!("unknown action {other}")),
    }
}

pub async fn run(action: Action) -> String {
    match action {
        Action::ListBerths(limit) => format!("{limit} berths"),
        Action::ShowBerth(code) => format!("berth {code}: free"),
        Action::Tides(days) => format!("{days} days of tides"),
    }
}
