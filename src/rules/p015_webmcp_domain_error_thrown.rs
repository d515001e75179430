use super::Rule;
use crate::contract::Project;
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;
use crate::rules::page_support::page_linked;
use crate::rules::schema_admits::decides;

/// P015: a WebMCP `execute` turns a call its input decides away by throwing (or rejecting).
/// WebMCP's execute steps keep nothing of a rejection's reason, so the agent is told only
/// that the call failed, never why, and cannot correct it.
pub struct WebmcpDomainErrorThrown;

impl Rule for WebmcpDomainErrorThrown {
    fn code(&self) -> &'static str {
        "P015"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in page_linked(project).filter(|l| l.code.model_context) {
            // A test that only repeats what the published schema states is met by no call
            // the agent was told it may make; one reading what the page does not resolve
            // holds for values nobody here knows, so whether such a call meets it is unknown.
            for r in l
                .code
                .rejects
                .iter()
                .filter(|r| r.unresolved.is_none())
                .filter(|r| decides(&r.when, &l.schema.root) != Some(false))
            {
                let what = match &r.message {
                    Some(m) if !m.trim().is_empty() => format!("\"{}\"", m.trim()),
                    _ => "an error".to_string(),
                };
                let mut d = Diagnostic::new(
                    self.code(),
                    format!(
                        "`{}` turns the call away by rejecting with {what}: WebMCP keeps nothing of a rejected `execute`'s reason, so the agent learns that the call failed but not why",
                        l.tool()
                    ),
                    Label::new(r.span, "the call is turned away by a rejection here"),
                )
                .tool(l.tool())
                .related(Label::new(r.test, "decided by the input here"));
                if let Some(via) = r.via {
                    d = d.related(Label::new(via, "reached from `execute` through this call"));
                }
                out.push(d.help(
                    "resolve a value that says what failed (`return { content: [{ type: \"text\", text: \"..\" }], isError: true }`), so the agent can read it and correct the call",
                ));
            }
        }
    }
}
