//! A crate with one file syn cannot parse and one nested too deeply to parse safely.

mod bad;
mod deep;
