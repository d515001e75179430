use serde_json::Value;

/// Runs the tool `tool` names with its arguments: each tool is a plugin the host
/// registered at start-up, looked up here by name.
pub async fn run(tool: &str, args: &Value) -> Result<String, String> {
    let plugins = crate::plugins();
    let plugin = plugins
        .iter()
        .find(|p| p.name == tool)
        .ok_or_else(|| format!("unknown tool: {tool}"))?;
    (plugin.run)(args)
}

/// A help text by topic: one topic is named like a tool, which does not make this the
/// server's dispatcher.
pub fn help(topic: &str, args: &Value) -> String {
    match topic {
        "list_notes" => describe(args, "Lists the most recent notes."),
        "usage" => describe(args, "Send tools/call with a tool name and its arguments."),
        _ => String::new(),
    }
}

fn describe(args: &Value, text: &str) -> String {
    let width = args.get("limit").and_then(|v| v.as_u64()).unwrap_or(80) as usize;
    text.chars().take(width).collect()
}
