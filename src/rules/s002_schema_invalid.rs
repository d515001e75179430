use super::Rule;
use crate::contract::{Project, SchemaProblem};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// S002: the schema fails its dialect's metaschema.
pub struct SchemaInvalid;

impl Rule for SchemaInvalid {
    fn code(&self) -> &'static str {
        "S002"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for (decl, schema) in project.schemas() {
            for p in &schema.problems {
                if let SchemaProblem::Invalid { message, span } = p {
                    out.push(
                        Diagnostic::new(
                            self.code(),
                            format!(
                                "the input schema of `{}` is not valid {}: {message}",
                                decl.name,
                                schema.dialect.name()
                            ),
                            Label::new(*span, "fails the metaschema"),
                        )
                        .tool(&decl.name)
                        .help("correct the keyword so validators and agents read the schema the same way"),
                    );
                }
            }
        }
    }
}
