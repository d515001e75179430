//! A library's loan desk as a rust-mcp-sdk server.

pub mod desk;
pub mod tools;
