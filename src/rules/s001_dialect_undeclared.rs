use super::Rule;
use crate::contract::Project;
use crate::diagnostic::{Diagnostic, Label};
use crate::source::Span;

/// S001: an input schema without `$schema`; readers may apply different drafts.
pub struct DialectUndeclared;

impl Rule for DialectUndeclared {
    fn code(&self) -> &'static str {
        "S001"
    }

    fn check(&self, project: &Project, out: &mut Vec<Diagnostic>) {
        for (decl, schema) in project.schemas() {
            // A WebMCP page cannot usefully declare one: the API fixes 2020-12.
            if schema.declared_dialect.is_some() || decl.origin.dialect_fixed() {
                continue;
            }
            let open = Span::new(schema.span.file, schema.span.start, schema.span.start + 1);
            out.push(
                Diagnostic::new(
                    self.code(),
                    format!(
                        "the input schema of `{}` does not declare its dialect",
                        decl.name
                    ),
                    Label::new(
                        open,
                        "no `$schema` here; readers assume 2020-12 or their own default",
                    ),
                )
                .tool(&decl.name)
                .help("add \"$schema\": \"https://json-schema.org/draft/2020-12/schema\""),
            );
        }
    }
}
