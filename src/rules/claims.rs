//! Shared lookups for the D rules: each claim with the declaration it came from and, for a
//! property claim, the property's schema facts. Pure lookups over extracted facts.

use crate::contract::{Claim, Project, PropertyFacts, SchemaNode, Subject, ToolDecl};

/// A claim about a property, with the property it names in the same declaration's schema.
pub struct PropertyClaim<'a> {
    pub decl: &'a ToolDecl,
    pub claim: &'a Claim,
    pub property: &'a PropertyFacts,
}

/// Every claim about a property that the declaration's schema has.
pub fn property_claims(project: &Project) -> Vec<PropertyClaim<'_>> {
    let mut out = Vec::new();
    for contract in &project.contracts {
        for (decl, claims) in contract.claimed() {
            let Some(schema) = &decl.schema else { continue };
            for claim in claims {
                let Some((object, name)) = claim.subject.property() else {
                    continue;
                };
                if let Some(property) = schema.root.property_at(object, name) {
                    out.push(PropertyClaim {
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
    let norm = |s: &str| -> String {
        s.chars()
            .filter(|c| *c != '_' && *c != '-')
            .flat_map(char::to_lowercase)
            .collect()
    };
    root.objects()
        .iter()
        .any(|(_, o)| o.properties.iter().any(|p| norm(&p.name) == norm(name)))
}
