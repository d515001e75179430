use super::Rule;
use crate::contract::Project;
use crate::diagnostic::{Diagnostic, Label};

/// L003: several Rust types match one tool by convention; the first was used, and the
/// others may be the real input.
pub struct AmbiguousLink;

impl Rule for AmbiguousLink {
    fn code(&self) -> &'static str {
        "L003"
    }

    fn check(&self, project: &Project, out: &mut Vec<Diagnostic>) {
        for c in &project.contracts {
            let Some(chosen) = c.rust.as_ref().and_then(|r| r.ty.as_ref()) else {
                continue;
            };
            for rival in &c.link_notes.rivals {
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!(
                            "`{}` and `{}` both match tool `{}`; `{}` was used",
                            chosen.name, rival.value, c.name, chosen.name
                        ),
                        Label::new(rival.span, "also matches"),
                    )
                    .tool(&c.name)
                    .related(Label::new(chosen.span, "used as the input"))
                    .help("map the tool's input explicitly in contractlint.toml: [[tool]] name, input"),
                );
            }
        }
    }
}
