use super::Rule;
use super::claims::property_claims;
use crate::contract::{ClaimKind, Project};
use crate::diagnostic::{Diagnostic, Label};
use serde_json::Value;

/// D009: the prose says a property defaults to X while the schema's `default` is Y.
pub struct DescriptionDefaultMismatch;

fn same(a: &Value, b: &Value) -> bool {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

impl Rule for DescriptionDefaultMismatch {
    fn code(&self) -> &'static str {
        "D009"
    }

    fn check(&self, project: &Project, out: &mut Vec<Diagnostic>) {
        for pc in property_claims(project) {
            let ClaimKind::Default(claimed) = &pc.claim.kind else {
                continue;
            };
            let Some(default) = &pc.property.schema.default else {
                continue;
            };
            // `null` on a property that accepts it means "not given" (what schemars writes
            // for an `Option` with `#[serde(default)]`): the server fills in the value the
            // description documents.
            if same(claimed, &default.value)
                || (default.value.is_null() && pc.property.schema.nullable)
            {
                continue;
            }
            let name = &pc.property.name;
            out.push(
                Diagnostic::new(
                    self.code(),
                    format!(
                        "the description of `{}` says `{name}` defaults to {claimed}, but the schema's `default` is {}",
                        pc.decl.name, default.value
                    ),
                    Label::new(pc.claim.span, format!("the description says {claimed}")),
                )
                .tool(&pc.decl.name)
                .property(name)
                .related(Label::new(default.span, format!("the schema says {}", default.value)))
                .help("make the description and the schema's `default` name the same value (and the code that fills it in)"),
            );
        }
    }
}
