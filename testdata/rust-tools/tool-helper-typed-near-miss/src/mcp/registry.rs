use rmcp::model::Tool;

use super::{FireArgs, StatusArgs, input_schema, tool};

/// Whether venting counts as only reading: set by the site's safety policy.
const VENT_READ_ONLY: bool = true;

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
        tool(
            "vent_kiln",
            "Open the kiln's vent.",
            input_schema::<StatusArgs>(),
            VENT_READ_ONLY,
        ),
    ]
}
