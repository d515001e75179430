use super::Rule;
use super::rust_support::linked;
use crate::contract::{Project, UnknownFields};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;
use crate::source::Span;

/// R003: the Rust input rejects unknown properties that the published schema allows, so an
/// agent following the schema can be turned away.
pub struct UnknownFieldsRejected;

impl Rule for UnknownFieldsRejected {
    fn code(&self) -> &'static str {
        "R003"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        // A declarative form's schema is derived by the browser, which fills only the form's
        // own controls: no markup can publish `additionalProperties`, and no unknown field
        // arrives through the form.
        for l in linked(project).filter(|l| !l.derived() && !l.decl.origin.schema_derived()) {
            let Some(deny) = l.rust.ty.as_ref().and_then(|t| t.deny_unknown_fields) else {
                continue;
            };
            let Some(object) = l.schema.root.object.as_ref() else {
                continue;
            };
            if object.unknown_fields != UnknownFields::Accepted {
                continue;
            }
            let open = Span::new(
                object.span.file,
                object.span.start(),
                object.span.start() + 1,
            );
            out.push(
                Diagnostic::new(
                    self.code(),
                    format!(
                        "`{}` rejects unknown properties (`deny_unknown_fields`), but its schema allows them",
                        l.tool()
                    ),
                    Label::new(open, "the schema allows unknown properties"),
                )
                .tool(l.tool())
                .related(Label::new(deny, "the Rust input rejects them"))
                .help("publish \"additionalProperties\": false so the schema says what the code does"),
            );
        }
    }
}
