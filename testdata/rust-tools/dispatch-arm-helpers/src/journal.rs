//! The journal's entries, kept in memory.

use serde_json::Value;

#[derive(Default)]
pub struct Journal {
    entries: Vec<(String, Vec<String>, u8, bool)>,
}

impl Journal {
    pub fn add(&mut self, text: &str, tags: Vec<String>, priority: u8) -> usize {
        self.entries.push((text.to_string(), tags, priority, false));
        self.entries.len()
    }
}

/// Pins an entry; a priority that does not fit a byte is turned away.
pub fn pin_entry(book: &mut Journal, args: &Value) -> Result<String, String> {
    let id: usize = args
        .get("id")
        .and_then(Value::as_str)
        .and_then(|s| s.parse().ok())
        .ok_or("id must name an entry")?;
    let priority = match args.get("priority").and_then(Value::as_u64) {
        Some(p) => u8::try_from(p).map_err(|_| "priority must be 0 to 255".to_string())?,
        None => 0,
    };
    let entry = book.entries.get_mut(id.wrapping_sub(1)).ok_or("no such entry")?;
    entry.2 = priority;
    entry.3 = true;
    Ok(format!("pinned {id}"))
}
