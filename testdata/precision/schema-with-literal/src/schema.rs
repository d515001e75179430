//! Schemas written by hand for fields whose Rust type says less or more than the wire:
//! counts are published as JSON integers within JSON's safe range, whatever their width.

use schemars::{Schema, SchemaGenerator, json_schema};

const SAFE_INTEGER_MAX: u64 = 9_007_199_254_740_991;

pub fn count_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "integer",
        "minimum": 0,
        "maximum": SAFE_INTEGER_MAX
    })
}

pub fn page_size_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "integer",
        "minimum": 1,
        "maximum": 200
    })
}
