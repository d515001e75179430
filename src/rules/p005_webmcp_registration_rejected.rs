use super::Rule;
use super::p001_tool_name_invalid::name_problem;
use crate::contract::{Origin, Project, ToolDecl};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// P005: a page tool `registerTool()` rejects: its name is not 1 to 128 ASCII letters, digits,
/// `_`, `-` or `.`, its description is missing or empty, or it has no `execute` (the callback
/// named `handler`, as hooks and SDKs name it). The promise rejects and the page
/// has no such tool.
pub struct WebmcpRegistrationRejected;

/// The description `registerTool()` rejects: empty, or missing from a tool object whose every
/// member is known (a spread or a value built at run time might supply it).
pub(super) fn description_rejected(project: &Project, d: &ToolDecl) -> Option<&'static str> {
    if d.origin != Origin::PageScript {
        return None;
    }
    match &d.description {
        Some(t) if t.value.is_empty() => Some("its description is empty"),
        Some(_) => None,
        None if project
            .not_static
            .iter()
            .all(|n| n.tool.as_deref() != Some(d.name.as_str())) =>
        {
            Some("it has no description, a required member")
        }
        None => None,
    }
}

impl Rule for WebmcpRegistrationRejected {
    fn code(&self) -> &'static str {
        "P005"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        let pages = project
            .contracts
            .iter()
            .flat_map(|c| &c.decls)
            .filter(|d| d.origin == Origin::PageScript);
        for d in pages {
            let mut why = Vec::new();
            if let Some(p) = name_problem(&d.name) {
                why.push(format!("its name {p}"));
            }
            let description = description_rejected(project, d);
            why.extend(description.map(str::to_string));
            let misnamed = d.spec.as_ref().and_then(|s| s.callback_misnamed.as_ref());
            if let Some(k) = misnamed {
                why.push(format!(
                    "it has no `execute`, a required member; its callback is named `{}`",
                    k.value
                ));
            }
            if why.is_empty() {
                continue;
            }
            let at = match (&d.description, description, misnamed) {
                (Some(t), Some(_), None) if why.len() == 1 => t.span,
                (_, None, Some(k)) if why.len() == 1 => k.span,
                _ => d.name_span,
            };
            out.push(
                Diagnostic::new(
                    self.code(),
                    format!(
                        "`registerTool()` rejects `{}` ({}): the page never has this tool",
                        d.name,
                        why.join("; ")
                    ),
                    Label::new(at, "registration fails here"),
                )
                .tool(&d.name)
                .help(if misnamed.is_some() && why.len() == 1 {
                    "name the callback `execute`: `registerTool()` calls no other member"
                } else {
                    "give the tool a name of 1 to 128 ASCII letters, digits, `_`, `-` or `.`, and a description that says what it does"
                }),
            );
        }
    }
}
