// Metamorphic: the two modules are declared in the other order
//! Deployment desk: an MCP server and a command-line tool in one crate. Each has its own
//! `release_names` helper; the command line's reads a local file and treats an unreadable
//! one as no releases, which no tool ever runs.

pub mod tools;
pub mod cli;
