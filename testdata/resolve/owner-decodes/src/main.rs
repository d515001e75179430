//! A ledger server whose tools are values: each tool type builds its `Tool` and implements
//! `Operation`, which hands it the raw arguments. Two modules each have an `Input` type and
//! a function named like a tool; only the tool's own type handles its input.

mod export;
mod transfer;

use serde_json::Value;

/// What every tool type implements: the router calls `check`, then `apply`.
pub trait Operation {
    fn check(&self, args: Value) -> Result<(), String>;
    fn apply(&self, args: Value) -> Result<Value, String>;
}

fn main() {
    let _ = transfer::Transfer::new();
    let _ = export::Export::new();
}
