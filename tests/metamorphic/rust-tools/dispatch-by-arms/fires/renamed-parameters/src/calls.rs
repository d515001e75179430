// Metamorphic: the dispatcher's parameters renamed (the tool in `which`, the arguments in `params`): the same arms pick the same handlers
use serde_json::Value;

/// Runs the tool `which` names with its arguments.
pub async fn run(which: &str, params: &Value) -> Result<String, String> {
    match which {
        "list_notes" => show_recent(params).await,
        "add_note" => append(params).await,
        _ => Err(format!("unknown tool: {which}")),
    }
}

async fn show_recent(args: &Value) -> Result<String, String> {
    let limit = args.get("limit").and_then(|v| v.as_u64()).unwrap_or(20) as usize;
    let notes = tokio::fs::read_to_string("notes.txt")
        .await
        .unwrap_or_default();
    Ok(notes.lines().rev().take(limit).collect::<Vec<_>>().join("\n"))
}

async fn append(args: &Value) -> Result<String, String> {
    let text = args
        .get("text")
        .and_then(|v| v.as_str())
        .ok_or_else(|| "missing 'text'".to_string())?;
    let mut notes = tokio::fs::read_to_string("notes.txt")
        .await
        .unwrap_or_default();
    notes.push_str(text);
    notes.push('\n');
    tokio::fs::write("notes.txt", notes)
        .await
        .map_err(|e| e.to_string())?;
    Ok("added".to_string())
}
