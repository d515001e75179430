//! contractlint: static checks that an agent tool's published JSON Schema, its description
//! and the Rust code behind it say the same thing.
//!
//! The pipeline runs one way: [`discover`] → [`extract`] → [`link`] → [`rules`] → [`judge`] →
//! [`report`], over the model in [`contract`] and [`source`]. The [`engine`] alone sequences
//! the stages and owns every run (docs/architecture.md has the map and the invariants).

pub mod catalog;
pub mod cli;
pub mod config;
pub mod contract;
pub mod diagnostic;
pub mod discover;
pub mod engine;
pub mod extract;
pub mod judge;
pub mod link;
pub mod outcome;
pub mod report;
pub mod rules;
pub mod source;

pub use engine::{Options, Parse, RunError, check, package_settings, rule_level, sort};
pub use outcome::Outcome;
