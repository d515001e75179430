//! The common model: every source (JSON schema, manifest, Rust type, page script) is
//! lowered into these facts, so a rule compares like with like. Pure data: no stage's code
//! lives here, only the facts and small questions about them.

pub mod claims;
pub mod decl;
pub mod effects;
pub mod few;
pub mod json_node;
pub mod names;
pub mod page_tool;
pub mod profile;
pub mod project;
pub mod protocol;
pub mod rust;
pub mod schema;
pub mod shrink;
pub mod suppression;
pub use claims::*;
pub use decl::*;
pub use effects::*;
pub use few::Few;
pub use json_node::*;
pub use names::*;
pub use page_tool::*;
pub use profile::*;
pub use project::*;
pub use protocol::*;
pub use rust::*;
pub use schema::*;
pub use suppression::*;
