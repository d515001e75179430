use super::Rule;
use crate::contract::Project;
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// L001: a tool has a published schema but no Rust input or validator could be linked,
/// so nothing checks that the code agrees with it. Only in trees that have Rust sources, and
/// for a page tool only when it sends a request.
pub struct ValidatorNotFound;

impl Rule for ValidatorNotFound {
    fn code(&self) -> &'static str {
        "L001"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        if !project.rust.has_sources {
            return;
        }
        for c in project.contracts.iter().filter(|c| c.rust.is_none()) {
            let Some(decl) = c
                .decls
                .iter()
                // A page tool that sends nothing to a server is handled by its own `execute`,
                // which the page rules read: there is no Rust side to find.
                .find(|d| {
                    d.schema.is_some()
                        && !d.origin.from_rust()
                        && !(d.origin.is_page() && d.requests.is_empty())
                })
            else {
                continue;
            };
            let why = match &c.link_notes.missing_config {
                Some(name) => format!("the configured input `{name}` is not a type of the tree"),
                None => format!("tried {}", c.link_notes.tried.names(&c.name).join(", ")),
            };
            out.push(
                Diagnostic::new(
                    self.code(),
                    format!("no Rust input type, validator or handler found for `{}`; {why}", c.name),
                    Label::new(decl.name_span, "this tool's Rust side was not found"),
                )
                .tool(&c.name)
                .help("name the Rust items after the tool, or map them in contractlint.toml: [[tool]] name, input, validator, handler"),
            );
        }
    }
}
