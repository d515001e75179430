use rmcp::model::Tool;

use super::{FireArgs, StatusArgs, input_schema, tool};

pub(super) fn tools() -> Vec<Tool> {
    vec![
        tool(
            "fire_kiln",
            "Start a firing program on the kiln.",
            input_schema::<FireArgs>(),
            false,
        ),
        tool(
            "kiln_status",
            "Read the kiln's current temperature.",
            input_schema::<StatusArgs>(),
            true,
        ),
    ]
}
