// Metamorphic: the literals' members in another order.
//! Schemas written by hand for fields whose Rust type says less or more than the wire.

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

pub fn capped_count_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "maximum": 1000,
        "type": "integer",
        "minimum": 0
    })
}

pub fn page_size_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "minimum": 1,
        "maximum": 200,
        "type": "integer"
    })
}

/// Built from another type's schema when the server starts: what it publishes is not
/// written here.
pub fn generated_count_schema(generator: &mut SchemaGenerator) -> Schema {
    let mut schema = u32::json_schema(generator);
    schema.insert("title".into(), "count".into());
    schema
}
