use super::Rule;
use crate::contract::rust::result_parts;
use crate::contract::{LinkKind, Origin, Project};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// P010: a published `outputSchema` for an rmcp tool whose handler's return type never carries
/// structured content (`String`, `Vec<Content>`, ...), or whose `CallToolResult` is built
/// with `CallToolResult::success` at a successful exit: MCP requires a tool with an output
/// schema to return structured results that conform to it, and a client that validates them
/// finds none.
pub struct OutputSchemaUnproducible;

/// rmcp turns these into text or content blocks and never into `structuredContent`.
const UNSTRUCTURED: &[&str] = &[
    "String",
    "&str",
    "&'staticstr",
    "()",
    "Content",
    "Vec<Content>",
    "rmcp::model::Content",
    "Vec<rmcp::model::Content>",
];

/// The success type of a return type as written (spaces removed): `T` of `Result<T, E>`.
fn success_type(returns: &str) -> &str {
    result_parts(returns).map_or(returns, |(t, _)| t)
}

impl Rule for OutputSchemaUnproducible {
    fn code(&self) -> &'static str {
        "P010"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for c in &project.contracts {
            let Some(rust) = &c.rust else { continue };
            // rmcp's `#[tool]`: the handler's return type is what the tool answers.
            let rmcp = c.decls.iter().any(|d| d.origin == Origin::Rust);
            if rust.how != LinkKind::Declared || !rmcp {
                continue;
            }
            let Some(f) = rust.handler.and_then(|h| project.rust.fns.get(h)) else {
                continue;
            };
            let ty = success_type(&f.returns);
            if f.returns.is_empty() {
                continue;
            }
            // A `CallToolResult` may carry structured content; the exits that return
            // `CallToolResult::success(..)` as built there do not.
            let exits: &[crate::source::Span] = match (ty.rsplit("::").next(), &f.body) {
                (Some("CallToolResult"), Some(b)) => &b.unstructured,
                _ => &[],
            };
            if !UNSTRUCTURED.contains(&ty) && exits.is_empty() {
                continue;
            }
            let declared = c
                .decls
                .iter()
                .find_map(|d| Some((d, d.spec.as_ref()?.output_schema?)));
            let Some((decl, schema)) = declared else {
                continue;
            };
            let d = match exits.split_first() {
                None => Diagnostic::new(
                    self.code(),
                    format!(
                        "`{}` publishes an `outputSchema`, but its handler returns `{ty}`, which never carries structured content: MCP requires structured results that conform to the schema",
                        c.name
                    ),
                    Label::new(schema, "output schema published here"),
                )
                .related(Label::new(f.span, format!("returns `{}`", f.returns)))
                .help(format!(
                    "return `Json<T>` (or a `CallToolResult` with structured content) whose `T` matches the schema, or remove the `outputSchema` from `{}`",
                    decl.origin.name()
                )),
                Some((first, rest)) => {
                    let d = Diagnostic::new(
                        self.code(),
                        format!(
                            "`{}` publishes an `outputSchema`, but its handler returns a successful result without structured content (`CallToolResult::success`): MCP requires structured results that conform to the schema",
                            c.name
                        ),
                        Label::new(schema, "output schema published here"),
                    )
                    .related(Label::new(*first, "content blocks only, no `structuredContent`"));
                    rest.iter()
                        .fold(d, |d, s| {
                            d.related(Label::new(*s, "no `structuredContent` here either"))
                        })
                        .help("on a successful path, return `CallToolResult::structured(..)` with what the schema describes; a failure is `CallToolResult::error(..)`")
                }
            };
            out.push(d.tool(&c.name));
        }
    }
}
