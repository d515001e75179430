use super::Rule;
use super::p011_validation_error_as_protocol_error::spoken;
use crate::contract::{OutputRoot, Project};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// P016: an `outputSchema` whose root is not a schema object with `type: "object"`. Every MCP
/// revision's `Tool` types `outputSchema` as a JSON object; up to 2025-11-25 its root `type`
/// must be `"object"` ("Currently restricted to type: \"object\" at the root level"), and
/// 2026-07-28 allows any JSON Schema 2020-12 (SEP-2106). A root other than `"object"` is
/// reported at the rule's level for a server that answers `initialize` with nothing newer than
/// 2025-11-25, one step milder for a server that speaks 2026-07-28: there only clients on
/// earlier revisions (and SDKs built on them) reject it. When the revision is not known, or
/// predates `outputSchema` (2025-06-18), a non-object root is not reported.
pub struct OutputSchemaRootNotObject;

/// The revision that allows any JSON Schema as a tool's `outputSchema` (SEP-2106).
const SEP_2106: &str = "2026-07-28";

/// The revision that introduced `outputSchema`: before it the `Tool` has no such field.
pub(super) const OUTPUT_SCHEMA_SINCE: &str = "2025-06-18";

impl Rule for OutputSchemaRootNotObject {
    fn code(&self) -> &'static str {
        "P016"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for c in &project.contracts {
            let handler = c
                .rust
                .as_ref()
                .and_then(|r| r.handler)
                .and_then(|h| project.rust.fns.get(h));
            for d in &c.decls {
                let Some(root) = d.spec.as_ref().and_then(|s| s.output_root.as_ref()) else {
                    continue;
                };
                let typed = match &root.value {
                    OutputRoot::NotObject(kind) => {
                        out.push(
                            Diagnostic::new(
                                self.code(),
                                format!(
                                    "the `outputSchema` of `{}` is {} {kind}, not a JSON Schema object: every MCP revision's `Tool` types `outputSchema` as an object, so a client that checks tool definitions rejects the tool",
                                    c.name,
                                    article(kind)
                                ),
                                Label::new(root.span, "not a schema object"),
                            )
                            .tool(&c.name)
                            .help("publish a schema object (`{\"type\": \"object\", \"properties\": {..}}`), or leave `outputSchema` out"),
                        );
                        continue;
                    }
                    // A `type` that names no JSON type fails the metaschema: P017's.
                    OutputRoot::OtherType(_)
                        if d.spec.as_ref().is_some_and(|s| {
                            s.output_invalid.iter().any(|p| p.span == root.span)
                        }) =>
                    {
                        continue;
                    }
                    OutputRoot::OtherType(t) if t.is_empty() => "has no `type`".to_string(),
                    OutputRoot::OtherType(t) => format!("is typed `{t}`"),
                };
                // The revision the server speaks: unknown (no handler, no rmcp release read,
                // a declaration not read) is silence.
                let Some(f) = handler else { continue };
                let (server, newest) = spoken(project, f);
                let Some(newest) = newest.filter(|v| *v >= OUTPUT_SCHEMA_SINCE) else {
                    continue;
                };
                let mut diag = if newest < SEP_2106 {
                    Diagnostic::new(
                        self.code(),
                        format!(
                            "the `outputSchema` of `{}` {typed} at its root, and this server speaks MCP {newest} at the newest: up to 2025-11-25 the `Tool` requires `type: \"object\"` at the output schema's root, so clients on those revisions reject the tool",
                            c.name
                        ),
                        Label::new(root.span, "not `type: \"object\"`"),
                    )
                    .help("return an object that holds the result (`{\"type\": \"object\", \"properties\": {\"items\": ..}}`), or serve MCP 2026-07-28, which allows any output schema")
                } else {
                    Diagnostic::new(
                        self.code(),
                        format!(
                            "the `outputSchema` of `{}` {typed} at its root: MCP {SEP_2106}, which this server speaks, allows that (SEP-2106), but clients on earlier revisions, and SDKs built on them, reject a tool whose output schema's root is not `type: \"object\"`",
                            c.name
                        ),
                        Label::new(root.span, "not `type: \"object\"`"),
                    )
                    .milder()
                    .help("to keep clients on 2025-11-25 and earlier, return an object that holds the result; if the result stays a non-object, also return its serialized JSON in a text block, as SEP-2106 requires for those clients")
                };
                if let Some(s) = server {
                    diag = diag.related(Label::new(
                        s.span,
                        format!("this server answers `initialize` with up to MCP {newest}"),
                    ));
                }
                out.push(diag.tool(&c.name));
            }
        }
    }
}

/// `a` or `an` before a JSON type's name.
fn article(kind: &str) -> &'static str {
    if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}
