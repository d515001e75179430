use super::Rule;
use super::claim_support::{has_property, tool_claims};
use crate::contract::{ClaimKind, JsonType, Project, near_miss, plural_of};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// D003: the prose names a parameter ("the `pageToken` parameter") the schema does not have.
pub struct DescriptionUnknownParameter;

impl Rule for DescriptionUnknownParameter {
    fn code(&self) -> &'static str {
        "D003"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for (decl, claims) in tool_claims(project) {
            let Some(schema) = &decl.schema else { continue };
            for claim in claims {
                let ClaimKind::Parameter(name) = &claim.kind else {
                    continue;
                };
                if has_property(&schema.root, name) {
                    continue;
                }
                // An old or misspelt name: the property it nearly is.
                let meant = schema
                    .root
                    .objects()
                    .into_iter()
                    .find_map(|(_, o)| o.properties.iter().find(|p| near_miss(name, &p.name)));
                // "keyed by info_hash": one item of the `info_hashes` list, not the list.
                if meant
                    .is_some_and(|p| p.schema.has_type(JsonType::Array) && plural_of(&p.name, name))
                {
                    continue;
                }
                let d = match meant {
                    Some(p) => Diagnostic::new(
                        self.code(),
                        format!("the description of `{}` names a parameter `{name}` that its input schema does not have; the schema has `{}`", decl.name, p.name),
                        Label::new(claim.span, format!("`{name}` is named here")),
                    )
                    .related(Label::new(p.name_span, format!("the schema's `{}`", p.name)))
                    .help(format!("rename `{name}` in the description to `{}`, the property's name on the wire", p.name)),
                    None => Diagnostic::new(
                        self.code(),
                        format!("the description of `{}` names a parameter `{name}` that its input schema does not have", decl.name),
                        Label::new(claim.span, format!("`{name}` is named here")),
                    )
                    .related(Label::new(schema.span, "the input schema has no such property"))
                    .help(format!("rename `{name}` in the description to the property's name on the wire, or add the property to the schema")),
                };
                out.push(d.tool(&decl.name).property(name));
            }
        }
    }
}
