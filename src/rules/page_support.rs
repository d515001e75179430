//! Page tools whose code was read, with the schema they publish: what the R rules compare on
//! a WebMCP page, as `rust_support` gives them a server's handler.

use super::rust_support::{Limit, enforced_by};
use crate::contract::{
    Check, CodeFactKind, Contract, PageCode, Project, PropertyFacts, SchemaFacts,
};

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

    /// The value bounds (or, with `length`, length bounds) the code rejects beyond.
    pub fn enforced(
        &self,
        property: &str,
        length: bool,
        int: bool,
    ) -> (Option<Limit>, Option<Limit>) {
        enforced_by(self.code.checks_on(property), None, length, int)
    }

    /// `Math.min`/`Math.max` applied to a property.
    pub fn clamps<'a>(&'a self, property: &'a str) -> impl Iterator<Item = &'a Check> + 'a {
        self.code
            .checks_on(property)
            .filter(|c| matches!(c.kind, CodeFactKind::Clamp { .. }))
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
