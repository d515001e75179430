//! The texts the server publishes, kept together so they can be reviewed in one place.

pub const EXPORT_TOOL: &str = "export_report";

pub const EXPORT_DESCRIPTION: &str = r#"Exports rows of a report as CSV.
The number of rows can be from 1 to 1000."#;
