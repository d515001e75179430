use super::Rule;
use super::rust_support::linked;
use crate::contract::{Project, measured_words};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// B005: an input limit is compared with a data field whose name says it measures something
/// else: `max_folded_thickness_mm` against `tabletop_thickness_mm`. Both names share the
/// quantity (`thickness`) but each qualifies it differently (`folded` vs `tabletop`).
pub struct WrongAttributeCompared;

impl Rule for WrongAttributeCompared {
    fn code(&self) -> &'static str {
        "B005"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in linked(project) {
            for c in &l.rust.behaviour.comparisons {
                let input = measured_words(&c.property);
                let data = measured_words(&c.data);
                let shared: Vec<&String> = input.iter().filter(|w| data.contains(w)).collect();
                let only_input: Vec<&String> = input.iter().filter(|w| !data.contains(w)).collect();
                let only_data: Vec<&String> = data.iter().filter(|w| !input.contains(w)).collect();
                if shared.is_empty() || only_input.is_empty() || only_data.is_empty() {
                    continue;
                }
                let Some(p) = l.properties().iter().find(|p| p.name == c.property) else {
                    continue;
                };
                let other = match &p.schema.description {
                    Some(t) => Label::new(
                        t.span,
                        format!(
                            "`{}` is described as the {} {}",
                            c.property,
                            join(&only_input),
                            join(&shared)
                        ),
                    ),
                    None => Label::new(
                        p.name_span,
                        format!(
                            "`{}` names the {} {}",
                            c.property,
                            join(&only_input),
                            join(&shared)
                        ),
                    ),
                };
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!(
                            "`{}` compares the input `{}` ({} {}) with the data field `{}` ({} {}): a different attribute",
                            l.tool(),
                            c.property,
                            join(&only_input),
                            join(&shared),
                            c.data,
                            join(&only_data),
                            join(&shared)
                        ),
                        Label::new(c.data_span, format!("this is the {} {}", join(&only_data), join(&shared))),
                    )
                    .tool(l.tool())
                    .property(&c.property)
                    .related(other)
                    .help(format!(
                        "compare `{}` with the data field that records the {} {}",
                        c.property,
                        join(&only_input),
                        join(&shared)
                    )),
                );
            }
        }
    }
}

fn join(w: &[&String]) -> String {
    w.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" ")
}
