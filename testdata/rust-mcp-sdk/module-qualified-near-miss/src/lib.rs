//! The loan desk's command-line client. Its commands carry `#[mcp_tool]` from the desk's
//! own documentation crate (named after the MCP tools they mirror); they are not tools.

pub mod commands;
