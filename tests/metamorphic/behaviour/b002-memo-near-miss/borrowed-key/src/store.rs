// Metamorphic: the key borrowed again for the lookup (`&*version`)
//! Where each version's store is, remembered per process.

use rmcp::model::ErrorData;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

const KNOWN: &[&str] = &["2024-06", "2025-01"];

pub fn resolve(version: &str) -> Result<String, ErrorData> {
    static RESOLVED: OnceLock<Mutex<HashMap<String, String>>> = OnceLock::new();
    let resolved = RESOLVED.get_or_init(|| Mutex::new(HashMap::new()));
    let mut resolved = resolved.lock().unwrap();
    if let Some(path) = resolved.get(&*version) {
        return Ok(path.clone());
    }
    if !KNOWN.contains(&version) {
        return Ok(String::new());
    }
    let path = format!("stores/{version}.db");
    resolved.insert(version.to_string(), path.clone());
    Ok(path)
}
