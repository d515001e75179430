use super::Rule;
use crate::contract::{Project, is_text_path};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// E002: a page or Rust tool value that only exists at run time; left out of the facts, and
/// said so.
pub struct NotStaticallyKnown;

fn runs(project: &Project, span: crate::source::Span) -> &'static str {
    let path = &project.sources.get(span.file).path;
    match path.extension().is_some_and(|e| e == "rs") {
        true => "known only when the server runs",
        false => "known only when the page runs",
    }
}

impl Rule for NotStaticallyKnown {
    fn code(&self) -> &'static str {
        "E002"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for n in &project.not_static {
            let whose = n
                .tool
                .as_ref()
                .map_or(String::new(), |t| format!(" of `{t}`"));
            // The extractor drops a schema with any unknown part as a whole, but for its
            // texts: an unknown description is left out alone.
            let unchecked = if n.what.contains("`inputSchema") && !is_text_path(&n.what) {
                "the input schema is not checked"
            } else {
                "it is not checked"
            };
            let mut d = Diagnostic::new(
                self.code(),
                format!(
                    "{}{whose} is not statically known ({}), so {unchecked}",
                    n.what, n.reason
                ),
                Label::new(n.span, runs(project, n.span)),
            )
            .help("write it as a literal or a `const` of this module if it is meant to be fixed");
            if let Some(t) = &n.tool {
                d = d.tool(t);
            }
            out.push(d);
        }
    }
}
