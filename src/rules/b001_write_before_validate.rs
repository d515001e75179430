use super::Rule;
use super::rust_support::linked;
use crate::contract::{Project, StepKind};
use crate::diagnostic::{Diagnostic, Label};

/// B001: the handler writes before validation has had the chance to reject the call, so an
/// invalid request changes state even though it is then refused.
pub struct WriteBeforeValidate;

impl Rule for WriteBeforeValidate {
    fn code(&self) -> &'static str {
        "B001"
    }

    fn check(&self, project: &Project, out: &mut Vec<Diagnostic>) {
        for l in linked(project) {
            let steps = &l.rust.behaviour.steps;
            let Some(w) = steps
                .iter()
                .position(|s| matches!(s.kind, StepKind::Write { .. }))
            else {
                continue;
            };
            let Some(v) = steps[w..]
                .iter()
                .find(|s| matches!(s.kind, StepKind::Validate { .. }))
            else {
                continue;
            };
            let (StepKind::Write { what, .. }, StepKind::Validate { what: check }) =
                (&steps[w].kind, &v.kind)
            else {
                continue;
            };
            let write = &steps[w];
            let mut d = Diagnostic::new(
                self.code(),
                format!(
                    "`{}` writes ({what}) before {check} can reject the call: an invalid request changes state and is then refused",
                    l.tool()
                ),
                Label::new(write.span, "the write happens here"),
            )
            .tool(l.tool())
            .related(Label::new(v.span, "validation comes only here, after the write"));
            if write.origin != write.span {
                d = d.related(Label::new(write.origin, "this is the write"));
            }
            if v.origin != v.span {
                d = d.related(Label::new(v.origin, "this is the check"));
            }
            d = d
                .related(Label::new(
                    l.schema.span,
                    "the published schema an invalid call is to be rejected against",
                ))
                .help("validate the whole input (and look up what it refers to) before the first write");
            out.push(d);
        }
    }
}
