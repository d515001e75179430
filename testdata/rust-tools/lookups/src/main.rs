//! A JSON-RPC MCP server without an SDK: `bookRoom` takes a room from a fixed list and a
//! guest who must already be registered. Both lookups reject a miss before the booking is
//! written; the room list is a constant (the storage room is coded `UNKNOWN`), the guests a
//! map filled at run time.

use serde_json::{Map, Value, json};
use std::collections::HashMap;

const ROOMS: &[&str] = &["OAK", "ELM", "UNKNOWN"];

struct Hotel {
    guests: HashMap<String, String>,
    bookings: Vec<(String, String)>,
}

fn tools_list() -> Value {
    json!({
        "tools": [
            {
                "name": "bookRoom",
                "description": "Books a meeting room for a registered guest.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "room": {"type": "string", "description": "The room's code, e.g. OAK."},
                        "guestId": {"type": "string", "description": "The registered guest's id."}
                    },
                    "required": ["room", "guestId"],
                    "additionalProperties": false,
                    "examples": [{"room": "OAK", "guestId": "G-1"}]
                }
            }
        ]
    })
}

fn rejected(code: &str, field: &str) -> Result<Value, Value> {
    Err(json!({"status": "rejected", "code": code, "field": field}))
}

impl Hotel {
    fn call_tool(&mut self, name: &str, args: &Map<String, Value>) -> Result<Value, Value> {
        match name {
            "bookRoom" => self.book_room(args),
            other => Err(json!({"error": format!("unknown tool {other}")})),
        }
    }

    fn book_room(&mut self, args: &Map<String, Value>) -> Result<Value, Value> {
        let Some(room) = args.get("room").and_then(Value::as_str) else {
            return rejected("MISSING_FIELD", "room");
        };
        let Some(guest) = args.get("guestId").and_then(Value::as_str) else {
            return rejected("MISSING_FIELD", "guestId");
        };
        if !ROOMS.contains(&room) {
            return Err(json!({"status": "rejected", "code": "UNKNOWN_ROOM", "field": "room"}));
        }
        if self.guests.get(guest).is_none() {
            return Err(json!({"status": "rejected", "code": "UNKNOWN_GUEST", "field": "guestId"}));
        }
        self.bookings.push((room.to_string(), guest.to_string()));
        Ok(json!({"status": "booked"}))
    }
}

fn main() {
    let mut hotel = Hotel {
        guests: HashMap::new(),
        bookings: Vec::new(),
    };
    let _ = tools_list();
    let _ = hotel.call_tool("bookRoom", &Map::new());
}
