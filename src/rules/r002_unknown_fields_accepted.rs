use super::Rule;
use super::rust_support::linked;
use crate::contract::{CodeFactKind, Project, UnknownFields};
use crate::diagnostic::{Diagnostic, Label};

/// R002: the schema rejects unknown properties, but the Rust input silently ignores them.
/// Only fires when the schema claims `additionalProperties: false` (most Rust inputs never
/// set `deny_unknown_fields`, and the schema is what an agent is told).
pub struct UnknownFieldsAccepted;

impl Rule for UnknownFieldsAccepted {
    fn code(&self) -> &'static str {
        "R002"
    }

    fn check(&self, project: &Project, out: &mut Vec<Diagnostic>) {
        for l in linked(project).filter(|l| !l.derived()) {
            let Some(UnknownFields::Rejected(closed)) =
                l.schema.root.object.as_ref().map(|o| &o.unknown_fields)
            else {
                continue;
            };
            let keys_checked = l
                .rust
                .checks
                .iter()
                .any(|c| c.property.is_empty() && c.kind == CodeFactKind::KeysChecked);
            if keys_checked {
                continue;
            }
            let (span, what) = match &l.rust.ty {
                Some(t) if t.deny_unknown_fields.is_none() && t.deserialize => (
                    t.span,
                    format!("`{}` has no `#[serde(deny_unknown_fields)]`", t.name),
                ),
                None => {
                    let Some(f) = l.rust.handler.or(l.rust.validator) else {
                        continue;
                    };
                    (
                        project.rust.fns[f].span,
                        format!(
                            "`{}` reads the arguments map without checking its keys",
                            project.rust.fns[f].name
                        ),
                    )
                }
                _ => continue,
            };
            out.push(
                Diagnostic::new(
                    self.code(),
                    format!(
                        "`{}` rejects unknown properties in its schema, but {what}, so a call with an extra field (such as `coupon`) is accepted",
                        l.tool()
                    ),
                    Label::new(span, "unknown properties are ignored here"),
                )
                .tool(l.tool())
                .related(Label::new(*closed, "the schema rejects unknown properties"))
                .help("add `#[serde(deny_unknown_fields)]` to the input type so unknown fields are rejected (UNKNOWN_FIELD)"),
            );
        }
    }
}
