use super::Rule;
use super::rust_support::{enforced, integer, linked, schema_limit, show};
use crate::contract::{CodeFactKind, JsonType, Project, Stated};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// R014: an error message states a limit ("must be from 1 through 10") that differs from
/// the schema's and from what the code enforces; the agent is told the wrong rule. A message
/// that states the code's own limit is right, and the schema is what disagrees (R008).
pub struct ErrorMessageMismatch;

impl Rule for ErrorMessageMismatch {
    fn code(&self) -> &'static str {
        "R014"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in linked(project) {
            for p in l.properties() {
                let s = &p.schema;
                let length = s.has_type(JsonType::String) || s.has_type(JsonType::Array);
                let int = integer(s) || length;
                let (smin, smax) = if length {
                    (&s.bounds().min_length, &s.bounds().max_length)
                } else {
                    (&s.bounds().minimum, &s.bounds().maximum)
                };
                let lo = schema_limit(smin, false, int);
                let hi = schema_limit(smax, true, int);
                // What the code rejects beyond: a message that states it tells the truth,
                // and a schema that says otherwise is the stale side (R008's finding).
                let (code_lo, code_hi) = enforced(&l, &p.name, length, int);
                let mut seen = Vec::new();
                for c in l.rust.checks_on(&p.name) {
                    let CodeFactKind::Message {
                        lower: a, upper: b, ..
                    } = c.kind
                    else {
                        continue;
                    };
                    // Said under another condition ("a rush job takes 1 to 3"): the limit
                    // of that case, not of the property.
                    if seen.contains(&c.span) || c.conditional {
                        continue;
                    }
                    seen.push(c.span);
                    // "less than 6" of an integer is "at most 5", as the schema's limits are.
                    let inclusive = |s: Stated, step: f64| match s {
                        Some((v, true)) if int => Some(v + step),
                        Some((v, _)) => Some(v),
                        None => None,
                    };
                    let (a, b) = (inclusive(a, 1.0), inclusive(b, -1.0));
                    let sides = [(a, &lo, &code_lo, "minimum"), (b, &hi, &code_hi, "maximum")];
                    for (said, schema, code, name) in sides {
                        let Some(said) = said else { continue };
                        let Some(schema) = schema else { continue };
                        if said == schema.value || code.as_ref().is_some_and(|c| c.value == said) {
                            continue;
                        }
                        out.push(
                            Diagnostic::new(
                                self.code(),
                                format!(
                                    "`{}`.`{}`: the error message states {} as the {name}; the schema's {name} is {}",
                                    l.tool(),
                                    p.name,
                                    show(said),
                                    show(schema.value)
                                ),
                                Label::new(c.span, format!("the message says {}", show(said))),
                            )
                            .tool(l.tool())
                            .property(&p.name)
                            .related(Label::new(schema.span, format!("the schema's {name}")))
                            .help("state the schema's limits in the error message"),
                        );
                    }
                }
            }
        }
    }
}
