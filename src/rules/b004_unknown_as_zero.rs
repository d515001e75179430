use super::Rule;
use super::rust_support::{linked, type_range};
use crate::contract::{CmpOp, Project, format_number};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// B004: a missing data value is replaced by a number that always passes the input bound it
/// is compared with (`folded.unwrap_or(0) <= max`), so "unknown" becomes "fits".
pub struct UnknownAsZero;

impl Rule for UnknownAsZero {
    fn code(&self) -> &'static str {
        "B004"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in linked(project) {
            for c in &l.rust.behaviour.comparisons {
                let Some(d) = &c.defaulted else { continue };
                let Some(value) = d.value else { continue };
                let Some(p) = l.properties().iter().find(|p| p.name == c.property) else {
                    continue;
                };
                let (lo, hi) = type_range(&l, &c.property).unzip();
                // `data <= input` passes for every input when the default is at or below
                // the smallest input allowed; `data >= input` mirrors it.
                let (passes, bound, span) = match c.op {
                    CmpOp::Le | CmpOp::Lt => {
                        let min = p.schema.bounds().minimum.as_ref();
                        let least = min.map(|b| b.value).or(lo);
                        let strict = c.op == CmpOp::Lt;
                        (
                            least.is_some_and(|m| if strict { value < m } else { value <= m }),
                            least,
                            min.map(|b| b.span),
                        )
                    }
                    CmpOp::Ge | CmpOp::Gt => {
                        let max = p.schema.bounds().maximum.as_ref();
                        let most = max.map(|b| b.value).or(hi);
                        let strict = c.op == CmpOp::Gt;
                        (
                            most.is_some_and(|m| if strict { value > m } else { value >= m }),
                            most,
                            max.map(|b| b.span),
                        )
                    }
                    _ => continue,
                };
                if !passes {
                    continue;
                }
                let upper = matches!(c.op, CmpOp::Le | CmpOp::Lt);
                let shown = format_number(value);
                let other = match (span, &p.schema.description) {
                    (Some(s), _) => Label::new(
                        s,
                        format!(
                            "the {} `{}` allowed is {}: a default of {shown} passes every request",
                            if upper { "smallest" } else { "largest" },
                            c.property,
                            bound.map(format_number).unwrap_or_default()
                        ),
                    ),
                    (None, Some(t)) => {
                        Label::new(t.span, format!("`{}` is a limit on the data", c.property))
                    }
                    (None, None) => Label::new(
                        p.name_span,
                        format!("`{}` is a limit on the data", c.property),
                    ),
                };
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!(
                            "`{}`: a missing `{}` becomes {shown}, which passes the `{}` limit for every allowed input: unknown is treated as fitting",
                            l.tool(),
                            c.data,
                            c.property
                        ),
                        Label::new(d.span, format!("a missing value becomes {shown} here")),
                    )
                    .tool(l.tool())
                    .property(&c.property)
                    .related(Label::new(c.span, "and is then compared with the input here"))
                    .related(other)
                    .help("exclude records whose value is unknown (`let v = x?;`, `filter_map`) or report them as unknown"),
                );
            }
        }
    }
}
