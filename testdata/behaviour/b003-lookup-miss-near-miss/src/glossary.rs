//! The glossary, loaded once at start-up.

use std::collections::BTreeMap;

#[derive(Debug, Default)]
pub struct Glossary {
    pub terms: BTreeMap<String, Entry>,
}

#[derive(Debug, Clone)]
pub struct Entry {
    pub definition: String,
    pub see_also: Vec<String>,
}
