//! Deployment desk: an MCP server and a command-line tool in one crate. Each has its own
//! `release_names` helper; the command line's reads a local file and treats an unreadable
//! one as no releases, which no tool ever runs.

pub mod cli;
pub mod tools;
