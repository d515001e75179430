// Metamorphic: the key rebound to an owned local, borrowed for the lookup and cloned for the insert
//! Where each version's store is, remembered per process.

use rmcp::model::ErrorData;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

const KNOWN: &[&str] = &["2024-06", "2025-01"];

pub fn resolve(wanted: &str) -> Result<String, ErrorData> {
    static RESOLVED: OnceLock<Mutex<HashMap<String, String>>> = OnceLock::new();
    let resolved = RESOLVED.get_or_init(|| Mutex::new(HashMap::new()));
    let mut resolved = resolved.lock().unwrap();
    let version = wanted.to_string();
    if let Some(path) = resolved.get(&version) {
        return Ok(path.clone());
    }
    if !KNOWN.contains(&version.as_str()) {
        return Ok(String::new());
    }
    let path = format!("stores/{version}.db");
    resolved.insert(version.clone(), path.clone());
    Ok(path)
}
