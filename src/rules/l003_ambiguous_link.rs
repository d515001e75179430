use super::Rule;
use crate::contract::Project;
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// L003: several Rust types match one tool by convention; the first was used, and the
/// others may be the real input.
pub struct AmbiguousLink;

impl Rule for AmbiguousLink {
    fn code(&self) -> &'static str {
        "L003"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for c in &project.contracts {
            let Some(chosen) = c.rust.as_ref().and_then(|r| r.ty.as_ref()) else {
                continue;
            };
            for rival in &c.link_notes.rivals {
                // Copies of one type (a server's and a client's) differ only by file.
                let message = if rival.value == chosen.name {
                    let file = |span: crate::source::Span| &project.sources.get(span.file).display;
                    format!(
                        "two types named `{}` match tool `{}`; the one in `{}` was used, not the one in `{}`",
                        chosen.name,
                        c.name,
                        file(chosen.span),
                        file(rival.span)
                    )
                } else {
                    format!(
                        "`{}` and `{}` both match tool `{}`; `{}` was used",
                        chosen.name, rival.value, c.name, chosen.name
                    )
                };
                out.push(
                    Diagnostic::new(
                        self.code(),
                        message,
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
