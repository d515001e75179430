use super::Rule;
use crate::contract::{Origin, Project};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;
use crate::source::Span;

/// S001: a schema whose meaning depends on a dialect it does not declare.
///
/// MCP tool schemas without `$schema` are JSON Schema 2020-12 by definition since the
/// 2025-11-25 specification (SEP-1613), WebMCP cites 2020-12, and SDK-derived schemas cannot
/// carry one: those are only reported when they use a keyword whose meaning differs between
/// drafts. A stand-alone schema file has no such default, so it always says which it is.
pub struct DialectUndeclared;

impl Rule for DialectUndeclared {
    fn code(&self) -> &'static str {
        "S001"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for (decl, schema) in project.schemas() {
            if schema.declared_dialect.is_some() || decl.origin.dialect_fixed() {
                continue;
            }
            let open = Span::new(
                schema.span.file,
                schema.span.start(),
                schema.span.start() + 1,
            );
            let d = match (&schema.draft_keyword, decl.origin) {
                (Some(k), _) => Diagnostic::new(
                    self.code(),
                    format!(
                        "the input schema of `{}` uses {}, which means different things in different drafts, and does not declare its dialect",
                        decl.name, k.value
                    ),
                    Label::new(k.span, "read as 2020-12 here, unlike draft-07 and earlier"),
                )
                .related(Label::new(open, "no `$schema` on this schema")),
                (None, Origin::SchemaFile) => Diagnostic::new(
                    self.code(),
                    format!(
                        "the schema file of `{}` does not declare its dialect",
                        decl.name
                    ),
                    Label::new(
                        open,
                        "no `$schema` here; a stand-alone schema has no default dialect",
                    ),
                ),
                (None, _) => continue,
            };
            out.push(
                d.tool(&decl.name)
                    .help("add \"$schema\": \"https://json-schema.org/draft/2020-12/schema\" (or the draft the schema is written for)"),
            );
        }
    }
}
