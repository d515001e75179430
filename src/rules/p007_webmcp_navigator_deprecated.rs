use super::Rule;
use crate::contract::{PageApi, Project};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// P007: a script reads `navigator.modelContext` and never `document.modelContext`. The WebMCP
/// draft moved the API to `Document`; Chrome deprecated the `navigator` one.
pub struct WebmcpNavigatorDeprecated;

impl Rule for WebmcpNavigatorDeprecated {
    fn code(&self) -> &'static str {
        "P007"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for u in project
            .page_api
            .iter()
            .filter(|u| u.api == PageApi::NavigatorModelContext)
        {
            out.push(
                Diagnostic::new(
                    self.code(),
                    "`navigator.modelContext` is deprecated: WebMCP's `modelContext` is on `document`",
                    Label::new(u.span, "read from `navigator` here"),
                )
                .help("use `document.modelContext` (falling back to `navigator.modelContext` only for older browsers)"),
            );
        }
    }
}
