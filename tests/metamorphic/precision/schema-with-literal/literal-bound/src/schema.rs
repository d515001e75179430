// Metamorphic: the literals' members in another order and the safe maximum written as a number instead of a constant.
//! Schemas written by hand for fields whose Rust type says less or more than the wire:
//! counts are published as JSON integers within JSON's safe range, whatever their width.

use schemars::{Schema, SchemaGenerator, json_schema};

pub fn count_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "maximum": 9007199254740991,
        "minimum": 0,
        "type": "integer"
    })
}

pub fn page_size_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "maximum": 200,
        "type": "integer",
        "minimum": 1
    })
}
