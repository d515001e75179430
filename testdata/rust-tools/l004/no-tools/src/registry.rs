use serde_json::Value;

pub struct Entry {
    pub name: String,
    pub schema: Value,
}

pub fn load_from_env() -> Vec<Entry> {
    let raw = std::env::var("TOOLS").unwrap_or_default();
    serde_json::from_str::<Vec<Value>>(&raw)
        .unwrap_or_default()
        .into_iter()
        .map(|v| Entry {
            name: v["name"].as_str().unwrap_or_default().to_string(),
            schema: v["inputSchema"].clone(),
        })
        .collect()
}

pub async fn serve(tools: Vec<Entry>) {
    for t in &tools {
        eprintln!("serving {} with {}", t.name, t.schema);
    }
}
