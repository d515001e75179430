use super::Rule;
use super::rust_support::{integer, linked, schema_limit, show};
use crate::contract::{CodeFactKind, JsonType, Project};
use crate::diagnostic::{Diagnostic, Label};

/// R014: an error message states a limit ("must be from 1 through 10") that differs from
/// the schema's; the agent is told the wrong rule.
pub struct ErrorMessageMismatch;

/// A limit stated in a message, and whether the value itself is excluded ("less than 6").
type Stated = Option<(f64, bool)>;

/// Words before an upper / lower limit that exclude the limit itself.
const BELOW: &[&str] = &["less than", "fewer than", "below", "under", "<"];
const ABOVE: &[&str] = &["more than", "greater than", "above", "over", ">"];

/// The limits a message states: (lower, upper).
fn stated(text: &str) -> (Stated, Stated) {
    let lower = text.to_lowercase();
    let mut nums: Vec<(usize, f64)> = Vec::new();
    let bytes: Vec<char> = lower.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == '.') {
                i += 1;
            }
            let s: String = bytes[start..i].iter().collect();
            if let Ok(v) = s.trim_end_matches('.').parse() {
                nums.push((start, v));
            }
        } else {
            i += 1;
        }
    }
    let before = |at: usize| bytes[..at].iter().collect::<String>();
    // "less than 6", but not "not less than 6" (a negated limit is left unread).
    let ends = |at: usize, words: &[&str]| {
        let b = before(at);
        let b = b.trim_end();
        words.iter().any(|w| {
            b.strip_suffix(w).is_some_and(|rest| {
                !rest
                    .split_whitespace()
                    .rev()
                    .take(2)
                    .any(|word| ["not", "no", "never"].contains(&word) || word.ends_with("n't"))
            })
        })
    };
    match nums.as_slice() {
        [(at_a, a), (at_b, b), ..]
            if ["from", "between", " to ", "through", "-", "..", "and"]
                .iter()
                .any(|w| lower.contains(w)) =>
        {
            let lo_excl = ends(*at_a, ABOVE);
            (Some((*a, lo_excl)), Some((*b, ends(*at_b, BELOW))))
        }
        [(at, v)] => {
            let b = before(*at);
            let b = b.trim_end();
            if [
                "at most",
                "no more than",
                "up to",
                "maximum",
                "max",
                "not exceed",
                "exceed",
                "<=",
            ]
            .iter()
            .any(|w| b.ends_with(w))
            {
                (None, Some((*v, false)))
            } else if ["at least", "minimum", "min", ">="]
                .iter()
                .any(|w| b.ends_with(w))
            {
                (Some((*v, false)), None)
            } else if ends(*at, BELOW) {
                (None, Some((*v, true)))
            } else if ends(*at, ABOVE) {
                (Some((*v, true)), None)
            } else {
                (None, None)
            }
        }
        _ => (None, None),
    }
}

impl Rule for ErrorMessageMismatch {
    fn code(&self) -> &'static str {
        "R014"
    }

    fn check(&self, project: &Project, out: &mut Vec<Diagnostic>) {
        for l in linked(project) {
            for p in l.properties() {
                let s = &p.schema;
                let length = s.has_type(JsonType::String) || s.has_type(JsonType::Array);
                let int = integer(s) || length;
                let (smin, smax) = if length {
                    (&s.min_length, &s.max_length)
                } else {
                    (&s.minimum, &s.maximum)
                };
                let lo = schema_limit(smin, false, int);
                let hi = schema_limit(smax, true, int);
                let mut seen = Vec::new();
                for c in l.rust.checks_on(&p.name) {
                    let CodeFactKind::Message { text } = &c.kind else {
                        continue;
                    };
                    if seen.contains(&c.span) {
                        continue;
                    }
                    seen.push(c.span);
                    let (a, b) = stated(text);
                    // "less than 6" of an integer is "at most 5", as the schema's limits are.
                    let inclusive = |s: Stated, step: f64| match s {
                        Some((v, true)) if int => Some(v + step),
                        Some((v, _)) => Some(v),
                        None => None,
                    };
                    let (a, b) = (inclusive(a, 1.0), inclusive(b, -1.0));
                    for (said, schema, name) in [(a, &lo, "minimum"), (b, &hi, "maximum")] {
                        let Some(said) = said else { continue };
                        let Some(schema) = schema else { continue };
                        if said == schema.value {
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

#[cfg(test)]
mod tests {
    use super::stated;

    #[test]
    fn reads_ranges_and_single_limits() {
        assert_eq!(
            stated("Quantity must be an integer from 1 through 5."),
            (Some((1.0, false)), Some((5.0, false)))
        );
        assert_eq!(stated("at most 10 items"), (None, Some((10.0, false))));
        assert_eq!(stated("must be at least 2"), (Some((2.0, false)), None));
        assert_eq!(stated("error 42 happened"), (None, None));
        assert_eq!(
            stated("quantity must be at least 1 and less than 6"),
            (Some((1.0, false)), Some((6.0, true)))
        );
        assert_eq!(stated("must be less than 6"), (None, Some((6.0, true))));
        assert_eq!(stated("no more than 80 mm"), (None, Some((80.0, false))));
        assert_eq!(stated("must not be less than 1"), (None, None));
        assert_eq!(stated("must not be over 5"), (None, None));
    }
}
