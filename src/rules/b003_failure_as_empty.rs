use super::Rule;
use super::page_support::page_linked;
use super::rust_support::linked;
use crate::contract::Project;
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// B003: a failure to retrieve data becomes an empty or "no match" result, so the agent
/// tells the user there is nothing when the truth is that the search could not run.
pub struct FailureAsEmpty;

impl Rule for FailureAsEmpty {
    fn code(&self) -> &'static str {
        "B003"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in linked(project) {
            for s in &l.rust.behaviour.swallows {
                let other = match l.contract.description() {
                    Some(t) => Label::new(
                        t.span,
                        "the agent reads this answer as the tool's result, not as a failure",
                    ),
                    None => Label::new(l.schema.span, "the tool's published contract"),
                };
                if let Some(property) = &s.property {
                    out.push(
                        Diagnostic::new(
                            self.code(),
                            format!(
                                "`{}` answers a `{property}` that names nothing with an empty success ({}): the agent cannot tell \"no such item\" from an answer with nothing in it",
                                l.tool(),
                                s.how
                            ),
                            Label::new(s.span, "the miss is answered with no content here"),
                        )
                        .tool(l.tool())
                        .property(property)
                        .related(other)
                        .help(format!("return an error naming the unknown `{property}` (`CallToolResult::error`, `ErrorData::invalid_params`)")),
                    );
                    continue;
                }
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!(
                            "`{}` turns a failure into an empty result with {}: an outage reads as \"nothing found\"",
                            l.tool(),
                            s.how
                        ),
                        Label::new(s.span, "the error is replaced by an empty value here"),
                    )
                    .tool(l.tool())
                    .related(other)
                    .help("return the failure as an error (`Err`, `CallToolResult::error`) or as a distinct status such as `catalogue_unavailable`"),
                );
            }
        }
        for l in page_linked(project) {
            for s in &l.code.swallows {
                let other = match l.contract.description() {
                    Some(t) => Label::new(
                        t.span,
                        "the agent reads this answer as the tool's result, not as a failure",
                    ),
                    None => Label::new(l.schema.span, "the tool's published contract"),
                };
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!(
                            "`{}` turns a failed request into an empty result with {}: an outage reads as \"nothing found\"",
                            l.tool(),
                            s.value
                        ),
                        Label::new(s.span, "the error is replaced by an empty value here"),
                    )
                    .tool(l.tool())
                    .related(other)
                    .help(if l.code.model_context {
                        // WebMCP's execute steps keep nothing of a rejection's reason (P015).
                        "resolve a result that says the request failed (`return { content: [{ type: \"text\", text: \"..\" }], isError: true }`) so the agent can tell an outage from an empty result; a throw would reach it without its message"
                    } else {
                        "answer the failure as an error (`isError: true`, or throw) so the agent can tell an outage from an empty result"
                    }),
                );
            }
        }
    }
}
