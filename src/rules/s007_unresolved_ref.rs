use super::Rule;
use crate::contract::{Project, SchemaProblem};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// S007: a `$ref` that cannot be followed inside the project, or a schema whose references
/// expand past what is read.
pub struct UnresolvedRef;

impl Rule for UnresolvedRef {
    fn code(&self) -> &'static str {
        "S007"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for (decl, schema) in project.schemas() {
            for p in &schema.problems {
                let d = match p {
                    SchemaProblem::UnresolvedRef {
                        reference,
                        reason,
                        span,
                    } => Diagnostic::new(
                        self.code(),
                        format!("`$ref` `{reference}` in `{}` cannot be resolved: {reason}", decl.name),
                        Label::new(*span, "unresolved reference"),
                    )
                    .help("point the reference at a `$defs` entry or a schema file inside the project"),
                    SchemaProblem::TooDeep { span, limit } => Diagnostic::new(
                        self.code(),
                        format!(
                            "the schema of `{}` nests deeper than {limit} levels with its \
                             `$ref`s expanded; what lies below is not read",
                            decl.name
                        ),
                        Label::new(*span, "reading stops here"),
                    )
                    .help("flatten the schema, or end the chain of references sooner"),
                    SchemaProblem::RunBudget { span, limit } => Diagnostic::new(
                        self.code(),
                        format!(
                            "the run's budget of {limit} schema nodes read again through \
                             `$ref`s is spent; what the schema of `{}` refers to here is not read",
                            decl.name
                        ),
                        Label::new(*span, "reading stops here"),
                    )
                    .help("refer to fewer copies of large definitions, or lint this tree in parts"),
                    SchemaProblem::Invalid { .. } => continue,
                };
                out.push(d.tool(&decl.name));
            }
        }
    }
}
