use super::Rule;
use crate::contract::Project;
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// P004: `execution.taskSupport` on a tool. MCP 2026-07-28 moved tasks out of the core
/// protocol into the `io.modelcontextprotocol/tasks` extension, and its `Tool` has no
/// `execution`: a client on that revision does not read the field.
pub struct TaskSupportRemoved;

impl Rule for TaskSupportRemoved {
    fn code(&self) -> &'static str {
        "P004"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for d in project.contracts.iter().flat_map(|c| &c.decls) {
            let Some(t) = d.spec.as_ref().and_then(|s| s.task_support.as_ref()) else {
                continue;
            };
            out.push(
                Diagnostic::new(
                    self.code(),
                    format!(
                        "`{}` declares `execution.taskSupport`, which MCP 2026-07-28 removed from the tool definition: tasks moved out of the core protocol into the `io.modelcontextprotocol/tasks` extension",
                        d.name
                    ),
                    Label::new(t.span, "not part of a 2026-07-28 tool"),
                )
                .tool(&d.name)
                .help("for clients on 2026-07-28, offer tasks through the `io.modelcontextprotocol/tasks` extension; keep `execution` only while you serve 2025-11-25 clients"),
            );
        }
    }
}
