use super::Rule;
use crate::contract::Project;
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// P002: `readOnlyHint: true` with `destructiveHint: true`. MCP gives `destructiveHint` a
/// meaning only when `readOnlyHint` is false, so a client that follows the specification shows
/// a tool its author thinks may destroy data as read-only.
pub struct AnnotationsContradictory;

impl Rule for AnnotationsContradictory {
    fn code(&self) -> &'static str {
        "P002"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for c in &project.contracts {
            // WebMCP defines no `destructiveHint` (P008 says so); only MCP declarations here.
            let mcp = c.decls.iter().filter(|d| !d.origin.dialect_fixed());
            for d in mcp {
                let a = &d.annotations;
                let (Some(ro), Some(destructive)) = (&a.read_only, &a.destructive) else {
                    continue;
                };
                if !(ro.value && destructive.value) {
                    continue;
                }
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!(
                            "`{}` is annotated both read-only and destructive: MCP reads `destructiveHint` only when `readOnlyHint` is false, so a client that follows the specification treats the tool as read-only",
                            d.name
                        ),
                        Label::new(destructive.span, "destructive here"),
                    )
                    .tool(&d.name)
                    .related(Label::new(ro.span, "but read-only here"))
                    .help("if the tool changes anything, set `readOnlyHint: false`; if it changes nothing, drop `destructiveHint`"),
                );
            }
        }
    }
}
