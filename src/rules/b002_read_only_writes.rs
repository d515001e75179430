use super::Rule;
use super::rust_support::linked;
use crate::contract::{ClaimKind, Project, StepKind, Subject};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// B002: a tool annotated (`readOnlyHint: true`) or described as read-only reaches a write.
/// Agents call read-only tools without asking the user.
pub struct ReadOnlyWrites;

impl Rule for ReadOnlyWrites {
    fn code(&self) -> &'static str {
        "B002"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in linked(project) {
            let c = l.contract;
            let annotated = c
                .decls
                .iter()
                .filter_map(|d| d.annotations.read_only.as_ref())
                .find(|r| r.value)
                .map(|r| (r.span, "`readOnlyHint: true`"));
            // A description that also says the tool writes ("Update task content ONLY ..
            // Does NOT change status") bounds what it changes; it does not say nothing is.
            let described = c
                .claimed()
                .filter(|(_, claims)| {
                    !claims.iter().any(|cl| {
                        matches!(cl.kind, ClaimKind::Writes(_) | ClaimKind::Destroys(_))
                            && cl.subject == Subject::Tool
                    })
                })
                .flat_map(|(_, claims)| claims.iter())
                .find(|cl| cl.kind == ClaimKind::ReadOnly && cl.subject == Subject::Tool)
                .map(|cl| (cl.span, "the description says it is read-only"));
            let Some((claim, says)) = annotated.or(described) else {
                continue;
            };
            let Some(write) = l.rust.behaviour.steps.iter().find_map(|s| match &s.kind {
                StepKind::Write { what, .. } => Some((s, what)),
                _ => None,
            }) else {
                continue;
            };
            let (step, what) = write;
            let mut d = Diagnostic::new(
                self.code(),
                format!(
                    "`{}` is published as read-only ({says}) but its handler writes ({what})",
                    l.tool()
                ),
                Label::new(step.span, "the handler changes state here"),
            )
            .tool(l.tool());
            if step.origin != step.span {
                d = d.related(Label::new(step.origin, "this is the write"));
            }
            out.push(
                d.related(Label::new(claim, "published as read-only here"))
                    .help("remove the write from this tool (offer it as a separate tool), or stop publishing it as read-only"),
            );
        }
    }
}
