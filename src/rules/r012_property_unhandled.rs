use super::Rule;
use super::rust_support::linked;
use crate::contract::Project;
use crate::diagnostic::{Diagnostic, Label};

/// R012: a schema property has no Rust field (after renames), or a Rust field is missing
/// from the schema: one side will never see what the other sends or expects.
pub struct PropertyUnhandled;

impl Rule for PropertyUnhandled {
    fn code(&self) -> &'static str {
        "R012"
    }

    fn check(&self, project: &Project, out: &mut Vec<Diagnostic>) {
        for l in linked(project).filter(|l| !l.derived()) {
            let Some(ty) = &l.rust.ty else { continue };
            if ty.fields.is_empty() || ty.fields.iter().any(|f| f.flatten) {
                continue;
            }
            let Some(object) = &l.schema.root.object else {
                continue;
            };
            for p in &object.properties {
                if ty.field_by_wire_name(&p.name).is_some() {
                    continue;
                }
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!("`{}` publishes property `{}`, but `{}` has no field for it", l.tool(), p.name, ty.name),
                        Label::new(ty.span, format!("no field reads `{}`", p.name)),
                    )
                    .tool(l.tool())
                    .property(&p.name)
                    .related(Label::new(p.name_span, "the schema's property"))
                    .help("add the field (with `#[serde(rename)]` if the names differ) or drop the property from the schema"),
                );
            }
            for f in &ty.fields {
                if object.property(&f.wire_name).is_some() {
                    continue;
                }
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!("`{}`.`{}` reads `{}`, which the schema does not publish", ty.name, f.rust_name, f.wire_name),
                        Label::new(f.span, "not in the schema"),
                    )
                    .tool(l.tool())
                    .property(&f.wire_name)
                    .related(Label::new(object.span, "the schema's properties"))
                    .help("publish the property in the schema, or rename the field to the published name"),
                );
            }
        }
    }
}
