use super::Rule;
use super::claim_support::property_claims;
use crate::contract::{ClaimKind, JsonType, Project};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// D005: the prose says "integer", "whole number" or "true or false" and the schema types
/// the property otherwise (a `number` admits 1.5; a `string` admits "2").
pub struct DescriptionTypeMismatch;

impl Rule for DescriptionTypeMismatch {
    fn code(&self) -> &'static str {
        "D005"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for pc in property_claims(project) {
            let ClaimKind::Type(claimed) = pc.claim.kind else {
                continue;
            };
            let node = &pc.property.schema;
            let Some(types) = &node.types else { continue };
            let actual = node.non_null_types();
            if actual.is_empty() || actual.contains(&claimed) || actual.contains(&JsonType::Array) {
                continue;
            }
            let name = &pc.property.name;
            let shown: Vec<&str> = actual.iter().map(|t| t.as_str()).collect();
            out.push(
                Diagnostic::new(
                    self.code(),
                    format!(
                        "the description of `{}` says `{name}` is {}, but the schema types it `{}`",
                        pc.decl.name,
                        if claimed == JsonType::Integer { "a whole number" } else { "true or false" },
                        shown.join(" | ")
                    ),
                    Label::new(pc.claim.span, format!("the description says {}", claimed.as_str())),
                )
                .tool(&pc.decl.name)
                .property(name)
                .related(Label::new(types.span, format!("the schema says `{}`", shown.join(" | "))))
                .help(format!("set `\"type\": \"{}\"` so the schema rejects what the description rules out, or correct the description", claimed.as_str())),
            );
        }
    }
}
