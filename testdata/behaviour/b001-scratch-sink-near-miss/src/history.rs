//! The history of saved queries, kept for the operators.

use std::sync::Mutex;

/// Appends one entry to the history.
pub fn record(history: &Mutex<Vec<String>>, entry: &str) {
    history.lock().unwrap().push(entry.to_string());
}
