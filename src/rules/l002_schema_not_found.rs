use super::Rule;
use crate::contract::{LinkKind, Project};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// L002: a Rust tool input (configured or found by convention) has no published schema, so
/// agents are told nothing about what it accepts.
pub struct SchemaNotFound;

impl Rule for SchemaNotFound {
    fn code(&self) -> &'static str {
        "L002"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for c in &project.contracts {
            let Some(rust) = &c.rust else { continue };
            if rust.how == LinkKind::Declared || c.published().is_some() {
                continue;
            }
            let Some(ty) = &rust.ty else { continue };
            out.push(
                Diagnostic::new(
                    self.code(),
                    format!("`{}` is the input of `{}`, but no published schema was found for the tool", ty.name, c.name),
                    Label::new(ty.span, "input type without a published schema"),
                )
                .tool(&c.name)
                .help("publish the tool's input schema (manifest or `<tool>.schema.json`) or map it in contractlint.toml"),
            );
        }
    }
}
