//! A crate with one file syn cannot parse and one nested too deeply to parse safely; their
//! functions are the handlers of the tools in `tools/tools.json` (by name), so both files
//! are read for facts and reported.

mod bad;
mod deep;
