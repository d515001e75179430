use serde::Deserialize;
use serde_json::{json, Value};

pub struct Tool {
    pub name: String,
    pub description: String,
    pub input_schema: Value,
}

pub fn tools() -> Vec<Tool> {
    vec![
        Tool {
            name: "remember".into(),
            description: "Stores a note the agent wants to recall later.".into(),
            input_schema: json!({
                "type": "object",
                "properties": {
                    "text": {"type": "string", "description": "What to remember."},
                    "weight": {"type": "number", "minimum": 0.0, "maximum": 1.0, "description": "How much the note matters, 0 to 1."}
                },
                "required": ["text"]
            }),
        },
        Tool {
            name: "forget".into(),
            description: "Removes a stored note by its id.".into(),
            input_schema: json!({
                "type": "object",
                "properties": {
                    "id": {"type": "string", "description": "Id of the note to remove."}
                },
                "required": ["id"]
            }),
        },
    ]
}

#[derive(Deserialize)]
struct RememberInput {
    text: String,
    #[serde(default = "half")]
    weight: f64,
}

fn half() -> f64 {
    0.5
}

#[derive(Deserialize)]
struct ForgetInput {
    id: String,
}

/// Decodes a tool's arguments into its input type, naming the tool in the error.
fn decode_args<T: serde::de::DeserializeOwned>(tool: &str, arguments: Value) -> Result<T, String> {
    serde_json::from_value(arguments).map_err(|e| format!("invalid arguments for {tool}: {e}"))
}

struct Note {
    id: String,
    text: String,
    weight: f64,
}

#[derive(Default)]
pub struct Store {
    notes: Vec<Note>,
}

impl Store {
    pub fn call_tool(&mut self, name: &str, arguments: Value) -> Result<Value, String> {
        match name {
            "remember" => self.remember(arguments),
            "forget" => self.forget(arguments),
            _ => Err(format!("unknown tool {name}")),
        }
    }

    fn remember(&mut self, arguments: Value) -> Result<Value, String> {
        let input: RememberInput = decode_args("remember", arguments)?;
        let id = format!("note-{}", self.notes.len() + 1);
        self.notes.push(Note {
            id: id.clone(),
            text: input.text,
            weight: input.weight.clamp(0.0, 1.0),
        });
        Ok(json!({ "id": id }))
    }

    fn forget(&mut self, arguments: Value) -> Result<Value, String> {
        let input: ForgetInput = decode_args("forget", arguments)?;
        let before = self.notes.len();
        self.notes.retain(|n| n.id != input.id);
        Ok(json!({ "removed": before - self.notes.len() }))
    }
}
