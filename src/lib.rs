//! contractlint: static checks that an agent tool's published JSON Schema, its description
//! and the Rust code behind it say the same thing.
//!
//! The pipeline runs one way: [`discover`] → [`extract`] → [`link`] → [`rules`] → [`report`],
//! over the model in [`contract`] and [`source`]. The [`engine`] alone sequences the stages
//! (docs/architecture.md has the map and the invariants).

pub mod baseline;
pub mod cases;
pub mod catalog;
pub mod cli;
pub mod config;
pub mod contract;
pub mod diagnostic;
pub mod discover;
pub mod engine;
pub mod execute;
pub mod extract;
pub mod group;
pub mod link;
pub mod outcome;
pub mod report;
pub mod rule_select;
pub mod rules;
pub mod source;
pub mod suppress;

pub use engine::{Options, Parse, RunError, check, package_settings, rule_level, sort};
pub use outcome::Outcome;
