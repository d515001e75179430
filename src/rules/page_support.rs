//! Page tools whose code was read, with the schema they publish: what the R rules compare on
//! a WebMCP page, as `rust_support` gives them a server's handler.

use crate::contract::{Contract, PageCode, Project, PropertyFacts, SchemaFacts};

/// One page declaration of a tool with its schema and what its `execute` does.
pub struct PageLinked<'a> {
    pub contract: &'a Contract,
    pub schema: &'a SchemaFacts,
    pub code: &'a PageCode,
}

impl PageLinked<'_> {
    pub fn tool(&self) -> &str {
        &self.contract.name
    }

    /// Top-level properties of the schema.
    pub fn properties(&self) -> &[PropertyFacts] {
        self.schema
            .root
            .object
            .as_ref()
            .map(|o| o.properties.as_slice())
            .unwrap_or_default()
    }
}

/// Every page declaration with a schema and read code (a tool registered by two pages is
/// compared once per page).
pub fn page_linked(project: &Project) -> impl Iterator<Item = PageLinked<'_>> {
    project.contracts.iter().flat_map(|c| {
        c.decls.iter().filter_map(move |d| {
            Some(PageLinked {
                contract: c,
                schema: d.schema.as_ref()?,
                code: d.code.as_deref()?,
            })
        })
    })
}
