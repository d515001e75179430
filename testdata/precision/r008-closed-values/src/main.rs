//! A ledger of links between notes, served by hand over JSON-RPC. Every string goes through
//! a shared 64-character length check. For `kind` the schema's `enum` admits only short
//! values, and `relation` is held by the code to four short values: neither length check
//! refuses anything the tool would otherwise accept (silent). `label` is free text whose
//! 200-character cap the schema does not state (R008).

use serde_json::{json, Value};

const RELATIONS: &[&str] = &["related_to", "supersedes", "derived_from", "contradicts"];

fn check_len(field: &str, value: &str, max: usize) -> Result<(), String> {
    if value.chars().count() > max {
        return Err(format!("{field} is longer than {max} characters"));
    }
    Ok(())
}

fn check_relation(relation: &str) -> Result<(), String> {
    check_len("relation", relation, 64)?;
    if !RELATIONS.contains(&relation) {
        return Err(format!("unknown relation {relation}"));
    }
    Ok(())
}

pub fn tool_list() -> Value {
    json!({
        "tools": [{
            "name": "link_notes",
            "description": "Links two notes.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "from": {"type": "string", "description": "Source note id"},
                    "to": {"type": "string", "description": "Target note id"},
                    "kind": {"type": "string", "enum": ["manual", "inferred"], "description": "Who made the link"},
                    "relation": {"type": "string", "description": "related_to, supersedes, derived_from or contradicts"},
                    "label": {"type": "string", "description": "Free text shown on the link"}
                },
                "required": ["from", "to", "relation"],
                "additionalProperties": false
            }
        }]
    })
}

fn link_notes(params: &Value, links: &mut Vec<(String, String, String)>) -> Result<Value, String> {
    if let Some(map) = params.as_object() {
        let known = ["from", "to", "kind", "relation", "label"];
        if let Some(k) = map.keys().find(|k| !known.contains(&k.as_str())) {
            return Err(format!("unknown field {k}"));
        }
    }
    let from = params["from"].as_str().ok_or("from is required")?;
    let to = params["to"].as_str().ok_or("to is required")?;
    let kind = params["kind"].as_str().unwrap_or("manual");
    check_len("kind", kind, 64)?;
    let relation = params["relation"].as_str().ok_or("relation is required")?;
    check_relation(relation)?;
    let label = params["label"].as_str().unwrap_or("");
    check_len("label", label, 200)?;
    links.push((from.to_string(), to.to_string(), relation.to_string()));
    Ok(json!({"links": links.len(), "kind": kind, "label": label}))
}

fn call(name: &str, params: &Value, links: &mut Vec<(String, String, String)>) -> Result<Value, String> {
    match name {
        "link_notes" => link_notes(params, links),
        other => Err(format!("unknown tool {other}")),
    }
}

fn main() {
    let mut links = Vec::new();
    let _ = tool_list();
    let _ = call("link_notes", &json!({}), &mut links);
}
