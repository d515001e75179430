//! Extractors: one per source kind, each turning a file into facts with spans. They never
//! see each other's output and never judge; unreadable input becomes an [`Unreadable`].

pub mod description;
pub mod form_model;
pub mod json_tree;
pub mod literal;
pub mod manifest;
pub mod page;
pub mod page_form;
pub mod page_guard;
pub mod page_script;
pub mod pattern;
pub mod rust;
pub mod schema;
pub mod spec;
pub mod suppress;

pub use crate::contract::Unreadable;
