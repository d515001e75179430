use super::Rule;
use crate::contract::{PageApi, Project};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// P006: a page calls `provideContext`, `clearContext` or `unregisterTool`, which the WebMCP
/// draft removed: where the browser follows the draft the call throws and the tools it
/// would have provided are never registered.
pub struct WebmcpApiRemoved;

impl Rule for WebmcpApiRemoved {
    fn code(&self) -> &'static str {
        "P006"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for u in &project.page_api {
            let (name, help) = match u.api {
                PageApi::ProvideContext => (
                    "provideContext",
                    "register each tool with `document.modelContext.registerTool(tool, { signal })`; abort the signal to take it back",
                ),
                PageApi::ClearContext => (
                    "clearContext",
                    "register tools with `registerTool(tool, { signal })` and abort their signals to remove them",
                ),
                PageApi::UnregisterTool => (
                    "unregisterTool",
                    "pass `{ signal }` to `registerTool` and abort that signal to unregister the tool",
                ),
                PageApi::NavigatorModelContext => continue,
            };
            out.push(
                Diagnostic::new(
                    self.code(),
                    format!(
                        "`{name}` is no longer part of WebMCP: `ModelContext` has only `registerTool`, `getTools` and `executeTool`"
                    ),
                    Label::new(u.span, "removed API called here"),
                )
                .help(help),
            );
        }
    }
}
