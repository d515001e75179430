use super::Rule;
use crate::contract::{ObjectFacts, Origin, Project, ToolDecl, UnknownFields};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;
use crate::source::Span;

/// S003: an input object that accepts undeclared properties, so a misspelt or invented
/// field is silently ignored instead of rejected.
///
/// On schemas derived from Rust types (rmcp, rust-mcp-sdk) the fix is
/// `deny_unknown_fields`. Real crates almost never set it, so unless the crate uses it
/// on another tool input (then one without it is an oversight) the finding is made once for the
/// crate rather than once per object.
///
/// Only records are held to this: the input object itself and nested objects that declare
/// `properties`. A nested object without them (a `context`, `kwargs`, a record's `values`) or
/// with `additionalProperties` given as a schema is a map, open by design.
pub struct OpenInputObject;

impl Rule for OpenInputObject {
    fn code(&self) -> &'static str {
        "S003"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        let crate_uses_deny = project.schemas().any(|(d, s)| {
            d.origin == Origin::Rust
                && s.root
                    .object
                    .as_ref()
                    .is_some_and(|o| matches!(o.unknown_fields, UnknownFields::Rejected(_)))
        });
        // An input no serde derive reads (turul's `#[derive(McpTool)]` reads the arguments by
        // its own code and writes an open schema whatever the attributes): nothing its author
        // writes closes it, so there is no fix to point at.
        let unclosable: Vec<&ToolDecl> = project
            .contracts
            .iter()
            .filter(|c| {
                c.rust
                    .as_ref()
                    .and_then(|r| r.ty.as_ref())
                    .is_some_and(|t| !t.deserialize)
            })
            .flat_map(|c| &c.decls)
            .filter(|d| d.origin == Origin::Rust)
            .collect();
        let mut rust_open: Vec<(&ToolDecl, String, &ObjectFacts)> = Vec::new();
        for (decl, schema) in project.schemas() {
            if unclosable.iter().any(|d| std::ptr::eq(*d, decl)) {
                continue;
            }
            // A form's schema is derived by the browser: no markup closes it.
            if decl.origin.schema_derived() {
                continue;
            }
            for (path, object) in schema.root.objects() {
                if object.unknown_fields != UnknownFields::Accepted
                    || (!path.is_empty() && object.properties.is_empty())
                {
                    continue;
                }
                if decl.origin == Origin::Rust {
                    rust_open.push((decl, path, object));
                    continue;
                }
                let what = if path.is_empty() {
                    "the input object".to_string()
                } else {
                    format!("the object at `{path}`")
                };
                let open = Span::new(
                    object.span.file,
                    object.span.start(),
                    object.span.start() + 1,
                );
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
        if crate_uses_deny {
            for (decl, path, object) in rust_open {
                let what = if path.is_empty() {
                    "the input type".to_string()
                } else {
                    format!("the type at `{path}`")
                };
                let mut d = Diagnostic::new(
                    self.code(),
                    format!(
                        "{what} of `{}` accepts properties it does not declare, though other tool inputs reject them",
                        decl.name
                    ),
                    Label::new(object.span, "no `#[serde(deny_unknown_fields)]` on this type"),
                )
                .tool(&decl.name)
                .help("add `#[serde(deny_unknown_fields)]` so unknown fields are rejected");
                if !path.is_empty() {
                    d = d.property(path);
                }
                out.push(d);
            }
        } else if let Some((decl, _, object)) = rust_open.first() {
            // serde rejects `deny_unknown_fields` beside `#[serde(flatten)]`: where an input
            // flattens, the keys can only be checked by hand.
            let flattens = project.contracts.iter().any(|c| {
                c.rust
                    .as_ref()
                    .and_then(|r| r.ty.as_ref())
                    .is_some_and(|t| {
                        t.fields.iter().any(|f| f.flatten)
                            && rust_open
                                .iter()
                                .any(|(d, _, _)| c.decls.iter().any(|x| std::ptr::eq(x, *d)))
                    })
            });
            let help = if flattens {
                "add `#[serde(deny_unknown_fields)]` to the tool input types so unknown fields are rejected; serde does not support it on a type with `#[serde(flatten)]` fields, so there compare the arguments' keys with the schema's properties in the handler"
            } else {
                "add `#[serde(deny_unknown_fields)]` to the tool input types so unknown fields are rejected"
            };
            let others = rust_open.len() - 1;
            let also = match others {
                0 => String::new(),
                1 => " (and 1 more Rust input)".to_string(),
                n => format!(" (and {n} more Rust inputs)"),
            };
            out.push(
                Diagnostic::new(
                    self.code(),
                    format!(
                        "the input type of `{}`{also} accepts properties it does not declare; no input of the crate sets `deny_unknown_fields`",
                        decl.name
                    ),
                    Label::new(object.span, "no `#[serde(deny_unknown_fields)]` on this type"),
                )
                .tool(&decl.name)
                .help(help),
            );
        }
    }
}
