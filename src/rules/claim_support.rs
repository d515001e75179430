//! Shared lookups for the D rules: each claim with the declaration it came from and, for a
//! property claim, the property's schema facts. Pure lookups over extracted facts.

use crate::contract::{
    Claim, Contract, ObjectFacts, Project, PropertyFacts, SchemaNode, Subject, ToolDecl,
};
use std::collections::HashMap;

/// A claim about a property, with the property it names in the same declaration's schema.
pub struct PropertyClaim<'a> {
    pub contract: &'a Contract,
    pub decl: &'a ToolDecl,
    pub claim: &'a Claim,
    pub property: &'a PropertyFacts,
}

/// The declaration and property a [`PropertyClaim`] is about, as an index key.
pub type PropertyKey = (*const ToolDecl, *const PropertyFacts);

impl PropertyClaim<'_> {
    pub fn key(&self) -> PropertyKey {
        (
            std::ptr::from_ref(self.decl),
            std::ptr::from_ref(self.property),
        )
    }
}

/// Per declaration and property, the first of `claims` that `pick` accepts: indexed in one
/// pass, where a scan of every claim per claim is quadratic in the tools.
pub fn first_per_property<'c, 'a>(
    claims: &'c [PropertyClaim<'a>],
    pick: impl Fn(&Claim) -> bool,
) -> HashMap<PropertyKey, &'c PropertyClaim<'a>> {
    let mut out = HashMap::new();
    for pc in claims.iter().filter(|pc| pick(pc.claim)) {
        out.entry(pc.key()).or_insert(pc);
    }
    out
}

/// Every claim about a property that the declaration's schema has.
pub fn property_claims(project: &Project) -> Vec<PropertyClaim<'_>> {
    let mut out = Vec::new();
    for contract in &project.contracts {
        for (decl, claims) in contract.claimed() {
            let Some(schema) = &decl.schema else { continue };
            // Object paths indexed once per declaration (the first object of a path wins, as
            // in `objects()` order): a lookup per claim would be quadratic in large schemas.
            let mut objects: Option<HashMap<String, &ObjectFacts>> = None;
            for claim in claims {
                let Some((object, name)) = claim.subject.property() else {
                    continue;
                };
                let objects = objects.get_or_insert_with(|| {
                    let mut index = HashMap::new();
                    for (path, o) in schema.root.objects() {
                        index.entry(path).or_insert(o);
                    }
                    index
                });
                if let Some(property) = objects.get(object).and_then(|o| o.property(name)) {
                    out.push(PropertyClaim {
                        contract,
                        decl,
                        claim,
                        property,
                    });
                }
            }
        }
    }
    out
}

/// Every claim about the tool itself, by declaration.
pub fn tool_claims(project: &Project) -> Vec<(&ToolDecl, Vec<&Claim>)> {
    project
        .contracts
        .iter()
        .flat_map(|c| c.claimed())
        .map(|(decl, claims)| {
            let own = claims
                .iter()
                .filter(|c| c.subject == Subject::Tool)
                .collect();
            (decl, own)
        })
        .collect()
}

/// Whether any property anywhere in the schema is called `name` (ignoring case, `_`, `-`).
pub fn has_property(root: &SchemaNode, name: &str) -> bool {
    use crate::contract::norm;
    root.objects()
        .iter()
        .any(|(_, o)| o.properties.iter().any(|p| norm(&p.name) == norm(name)))
}
