// Metamorphic: the hints written as a `ToolAnnotations` literal instead of its builder.
//! How every tool is built: its published schema is the one rmcp derives from the input
//! type, and its hints follow from whether it only reads.

use std::sync::Arc;

use rmcp::model::{JsonObject, Tool, ToolAnnotations};

pub(super) fn input_schema<T: schemars::JsonSchema + 'static>() -> Arc<JsonObject> {
    rmcp::handler::server::tool::schema_for_type::<T>()
}

pub(super) fn tool(
    name: &'static str,
    description: &'static str,
    input_schema: Arc<JsonObject>,
    read_only: bool,
) -> Tool {
    Tool::new(name, description, input_schema).annotate(ToolAnnotations {
        read_only_hint: Some(read_only),
        destructive_hint: Some(!read_only),
        ..Default::default()
    })
}
