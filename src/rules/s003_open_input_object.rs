use super::Rule;
use crate::contract::{Project, UnknownFields};
use crate::diagnostic::{Diagnostic, Label};
use crate::source::Span;

/// S003: an input object that accepts undeclared properties, so a misspelt or invented
/// field is silently ignored instead of rejected.
pub struct OpenInputObject;

impl Rule for OpenInputObject {
    fn code(&self) -> &'static str {
        "S003"
    }

    fn check(&self, project: &Project, out: &mut Vec<Diagnostic>) {
        for (decl, schema) in project.schemas() {
            // A form's schema is derived by the browser: no markup closes it.
            if decl.origin.schema_derived() {
                continue;
            }
            for (path, object) in schema.root.objects() {
                if object.unknown_fields != UnknownFields::Accepted {
                    continue;
                }
                let what = if path.is_empty() {
                    "the input object".to_string()
                } else {
                    format!("the object at `{path}`")
                };
                let open = Span::new(object.span.file, object.span.start, object.span.start + 1);
                let mut d = Diagnostic::new(
                    self.code(),
                    format!("{what} of `{}` accepts properties it does not declare", decl.name),
                    Label::new(open, "no `additionalProperties: false` on this object"),
                )
                .tool(&decl.name)
                .help("add \"additionalProperties\": false so unknown fields are rejected with UNKNOWN_FIELD");
                if !path.is_empty() {
                    d = d.property(path);
                }
                out.push(d);
            }
        }
    }
}
