//! A music catalogue server whose tools are each a type with an inherent impl: the tool's
//! name and description are that impl's constants (`Self::NAME`, `Self::DESCRIPTION`), and
//! `to_tool` builds the rmcp `Tool` from them. Both impls have a `NAME`, so only the impl a
//! use is written in says which one it means.

mod tools;

fn main() {
    let _ = tools::list();
}
