// Metamorphic: the tool picked by an if on its name instead of a match.
//! Bike stations of a city, over a hand-written JSON-RPC loop. The request type is this
//! crate's own, and the arguments reach the station finder through a deserialization whose
//! type only the finder's signature states: where `radius` and `limit` are checked is not
//! something a reader of the dispatcher alone can tell, so nothing is claimed about them.

use serde::Deserialize;
use serde_json::{Value, json};

pub struct RpcRequest {
    pub method: String,
    pub params: Value,
}

#[derive(Deserialize)]
pub struct NearbyInput {
    pub radius: u32,
    pub limit: u16,
}

pub struct Stations;

impl Stations {
    pub fn nearby(&self, input: NearbyInput) -> Result<Value, String> {
        if input.radius < 100 || input.radius > 5000 {
            return Err("radius out of range".into());
        }
        if input.limit == 0 || input.limit > 50 {
            return Err("limit out of range".into());
        }
        Ok(json!([]))
    }
}

pub fn process(stations: &Stations, request: RpcRequest) -> Result<Value, String> {
    match request.method.as_str() {
        "tools/list" => Ok(json!({
            "tools": [{
                "name": "find_nearby_stations",
                "description": "Finds bike stations around a point.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "radius": {"type": "integer", "minimum": 100, "maximum": 5000, "description": "Search radius in metres."},
                        "limit": {"type": "integer", "minimum": 1, "maximum": 50, "description": "Most stations to return."}
                    },
                    "required": ["radius"],
                    "additionalProperties": false
                }
            }]
        })),
        "tools/call" => {
            let params = request.params.as_object().ok_or("invalid params")?;
            let name = params.get("name").and_then(Value::as_str).ok_or("missing name")?;
            let empty = json!({});
            let arguments = params.get("arguments").unwrap_or(&empty);
            if name == "find_nearby_stations" {
                let input = serde_json::from_value(arguments.clone()).map_err(|e| e.to_string())?;
                stations.nearby(input)
            } else {
                Err(format!("unknown tool {name}"))
            }
        }
        _ => Err("unknown method".into()),
    }
}
