// Metamorphic: handlers that read the notes file synchronously, called without `.await`: the same reads of the same arguments
use serde_json::Value;

/// Runs the tool `tool` names with its arguments.
pub async fn run(tool: &str, args: &Value) -> Result<String, String> {
    match tool {
        "list_notes" => show_recent(args),
        "add_note" => append(args),
        _ => Err(format!("unknown tool: {tool}")),
    }
}

fn show_recent(args: &Value) -> Result<String, String> {
    let limit = args.get("limit").and_then(|v| v.as_u64()).unwrap_or(20) as usize;
    let notes = std::fs::read_to_string("notes.txt").unwrap_or_default();
    Ok(notes.lines().rev().take(limit).collect::<Vec<_>>().join("\n"))
}

fn append(args: &Value) -> Result<String, String> {
    let text = args
        .get("text")
        .and_then(|v| v.as_str())
        .ok_or_else(|| "missing 'text'".to_string())?;
    let mut notes = std::fs::read_to_string("notes.txt").unwrap_or_default();
    notes.push_str(text);
    notes.push('\n');
    std::fs::write("notes.txt", notes).map_err(|e| e.to_string())?;
    Ok("added".to_string())
}
