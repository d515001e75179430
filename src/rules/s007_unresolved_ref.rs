use super::Rule;
use crate::contract::{Project, SchemaProblem};
use crate::diagnostic::{Diagnostic, Label};

/// S007: a `$ref` that cannot be followed inside the project.
pub struct UnresolvedRef;

impl Rule for UnresolvedRef {
    fn code(&self) -> &'static str {
        "S007"
    }

    fn check(&self, project: &Project, out: &mut Vec<Diagnostic>) {
        for (decl, schema) in project.schemas() {
            for p in &schema.problems {
                if let SchemaProblem::UnresolvedRef {
                    reference,
                    reason,
                    span,
                } = p
                {
                    out.push(
                        Diagnostic::new(
                            self.code(),
                            format!("`$ref` `{reference}` in `{}` cannot be resolved: {reason}", decl.name),
                            Label::new(*span, "unresolved reference"),
                        )
                        .tool(&decl.name)
                        .help("point the reference at a `$defs` entry or a schema file inside the project"),
                    );
                }
            }
        }
    }
}
