// Metamorphic: the number read into a local first, then converted.
//! A note shelf served by hand over JSON-RPC. Numbers arrive as `i64` and are converted to
//! the integer types the store takes (`i32::try_from`, `usize::try_from`): the converted
//! local is the same number, so what the code checks of it bounds the property.
//! `add_note` rejects a priority outside 1..=10 in `check_priority` (silent); `list_notes`
//! lowers a limit above 100 to 100 instead of rejecting it (R010). `move_note` turns a
//! missing position away, and its `unwrap_or(0)` stands for a position `i32` cannot hold,
//! not for an absent one (no R001).

use anyhow::{bail, Result};
use serde_json::{json, Value};

fn check_priority(priority: i32) -> Result<()> {
    if !(1..=10).contains(&priority) {
        bail!("priority must be between 1 and 10 (got {priority})");
    }
    Ok(())
}

pub fn tool_list() -> Value {
    json!({
        "tools": [
            {
                "name": "add_note",
                "description": "Adds a note to the shelf.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "text": {"type": "string", "description": "The note"},
                        "priority": {"type": "integer", "minimum": 1, "maximum": 10, "description": "1 is lowest"}
                    },
                    "required": ["text"],
                    "additionalProperties": false
                }
            },
            {
                "name": "move_note",
                "description": "Moves the newest note to a position.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "position": {"type": "integer", "description": "Where to put it"}
                    },
                    "required": ["position"],
                    "additionalProperties": false
                }
            },
            {
                "name": "list_notes",
                "description": "Lists the newest notes.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "limit": {"type": "integer", "minimum": 1, "maximum": 100, "description": "How many"}
                    },
                    "additionalProperties": false
                }
            }
        ]
    })
}

struct Shelf {
    notes: Vec<(String, i32)>,
}

impl Shelf {
    fn add_note(&mut self, params: &Value) -> Result<Value, String> {
        if let Some(map) = params.as_object() {
            if let Some(k) = map.keys().find(|k| !matches!(k.as_str(), "text" | "priority")) {
                return Err(format!("unknown field {k}"));
            }
        }
        let text = params["text"].as_str().ok_or("text is required")?;
        let raw = params["priority"].as_i64().unwrap_or(5);
        let priority = i32::try_from(raw).map_err(|_| "priority out of range".to_string())?;
        check_priority(priority).map_err(|e| e.to_string())?;
        self.notes.push((text.to_string(), priority));
        Ok(json!({"count": self.notes.len()}))
    }

    fn list_notes(&self, params: &Value) -> Result<Value, String> {
        if let Some(map) = params.as_object() {
            if let Some(k) = map.keys().find(|k| k.as_str() != "limit") {
                return Err(format!("unknown field {k}"));
            }
        }
        let raw = params["limit"].as_i64().unwrap_or(20);
        let limit = usize::try_from(raw).map_err(|_| "limit must be positive".to_string())?;
        if limit == 0 {
            return Err("limit must be at least 1".into());
        }
        let limit = limit.min(100);
        let notes: Vec<&str> = self.notes.iter().rev().take(limit).map(|(t, _)| t.as_str()).collect();
        Ok(json!({"notes": notes}))
    }

    fn move_note(&mut self, params: &Value) -> Result<Value, String> {
        if let Some(map) = params.as_object() {
            if let Some(k) = map.keys().find(|k| k.as_str() != "position") {
                return Err(format!("unknown field {k}"));
            }
        }
        let position = i32::try_from(
            params
                .get("position")
                .and_then(Value::as_i64)
                .ok_or_else(|| "position is required".to_string())?,
        )
        .unwrap_or(0);
        let Some(note) = self.notes.pop() else {
            return Err("no notes".into());
        };
        let at = usize::try_from(position).unwrap_or(0).min(self.notes.len());
        self.notes.insert(at, note);
        Ok(json!({"position": at}))
    }

    fn call(&mut self, name: &str, params: &Value) -> Result<Value, String> {
        match name {
            "add_note" => self.add_note(params),
            "move_note" => self.move_note(params),
            "list_notes" => self.list_notes(params),
            other => Err(format!("unknown tool {other}")),
        }
    }
}

fn main() {
    let mut shelf = Shelf { notes: Vec::new() };
    let _ = tool_list();
    let _ = shelf.call("list_notes", &json!({}));
}
