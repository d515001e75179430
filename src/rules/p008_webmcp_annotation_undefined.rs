use super::Rule;
use crate::contract::{Origin, Project};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// P008: a page tool's `annotations` names a hint WebMCP does not define. `ToolAnnotations` is
/// a WebIDL dictionary, so the browser drops the member and no agent sees the hint.
pub struct WebmcpAnnotationUndefined;

/// The members of WebMCP's `ToolAnnotations`.
const DEFINED: &[&str] = &[
    "readOnlyHint",
    "untrustedContentHint",
    "consequentialHint",
    "debugging",
];

impl Rule for WebmcpAnnotationUndefined {
    fn code(&self) -> &'static str {
        "P008"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        let pages = project
            .contracts
            .iter()
            .flat_map(|c| &c.decls)
            .filter(|d| d.origin == Origin::PageScript);
        for d in pages {
            let Some(spec) = &d.spec else { continue };
            for k in spec
                .annotation_keys
                .iter()
                .filter(|k| !DEFINED.contains(&k.value.as_str()))
            {
                let (whose, help) = match k.value.as_str() {
                    "destructiveHint" => (
                        " (an MCP annotation)",
                        "WebMCP marks significant or irreversible effects with `consequentialHint: true`",
                    ),
                    "idempotentHint" | "openWorldHint" | "title" => (
                        " (an MCP annotation)",
                        "remove it, or say it in the description: WebMCP has no such hint",
                    ),
                    _ => (
                        "",
                        "use `readOnlyHint`, `untrustedContentHint`, `consequentialHint` or `debugging`",
                    ),
                };
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!(
                            "WebMCP defines no `{}` annotation{whose}: the browser drops it, so no agent sees it on `{}`",
                            k.value, d.name
                        ),
                        Label::new(k.span, "not a WebMCP annotation"),
                    )
                    .tool(&d.name)
                    .help(help),
                );
            }
        }
    }
}
