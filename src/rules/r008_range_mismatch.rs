use super::Rule;
use super::page_support::page_linked;
use super::rust_support::{BoundSide, Limit, bound_sides, bound_sides_with, linked, show};
use crate::contract::{CodeFactKind, Lengths, Others, Project, PropertyFacts};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// R008: the bounds the code enforces differ from the schema's (including off-by-one
/// between inclusive and exclusive limits).
pub struct RangeMismatch;

impl Rule for RangeMismatch {
    fn code(&self) -> &'static str {
        "R008"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in linked(project) {
            for p in l.properties() {
                // A property with no field is R012's finding; its checks are on another name.
                if l.rust.ty.is_some() && l.rust.field(&p.name).is_none() {
                    continue;
                }
                // What the schema bounds is not known: no bound is shown missing.
                if l.published_unread(p) {
                    continue;
                }
                // A closed set the code turns every other value away from: no value it
                // accepts comes near a length limit all its members keep.
                let closed: Vec<&str> = l
                    .rust
                    .checks_on(&p.name)
                    .filter(|c| c.rejects)
                    .filter_map(|c| match &c.kind {
                        CodeFactKind::OneOf(set)
                            if set.others == Others::Rejected && !set.folded =>
                        {
                            Some(&set.values)
                        }
                        _ => None,
                    })
                    .flatten()
                    .map(String::as_str)
                    .collect();
                compare(self.code(), l.tool(), p, &closed, bound_sides(&l, p), out);
            }
        }
        for l in page_linked(project) {
            for p in l.properties() {
                let sides = bound_sides_with(p, |length, int| l.enforced(&p.name, length, int));
                compare(self.code(), l.tool(), p, &[], sides, out);
            }
        }
    }
}

/// Each side where the code enforces a limit the schema does not state.
fn compare(
    code: &'static str,
    tool: &str,
    p: &PropertyFacts,
    closed: &[&str],
    sides: Vec<BoundSide>,
    out: &mut Findings,
) {
    for side in sides {
        let keyword = side.keyword();
        let BoundSide {
            length,
            items,
            upper,
            code: enforced,
            schema,
        } = side;
        let Some(enforced) = enforced else { continue };
        if schema.as_ref().is_some_and(|s| s.same(&enforced)) {
            continue;
        }
        // A non-empty check where the schema states no `minLength` is the common idiom for
        // strings (often of the trimmed text, which no keyword states); a non-empty list is
        // exactly `minItems: 1`.
        if schema.is_none() && length && !items && !upper && enforced.value <= 1.0 {
            continue;
        }
        if schema.is_none() && length && !items && held_by_pattern(p, upper, &enforced) {
            continue;
        }
        // Whatever the schema's length keywords say, its values (or the code's closed set)
        // decide what is accepted.
        if length && !items && held_by_values(&values(p, closed), upper, &enforced) {
            continue;
        }
        let admits = p
            .schema
            .bounds()
            .pattern_lengths
            .filter(|_| length && !items);
        let d = diagnostic(
            code,
            tool,
            &p.name,
            (length, upper, keyword),
            &enforced,
            (schema.as_ref(), admits),
            p.schema.span,
        );
        // An empty list refused out loud where the schema states no `minItems`: the schema
        // says less than the code, nothing fails silently.
        let non_empty = schema.is_none() && items && !upper && enforced.value <= 1.0;
        out.push(if non_empty { d.milder() } else { d });
    }
}

/// Whether the schema's `pattern` already keeps every string it admits inside the code's
/// length limit (a date's pattern and a check that its length is ten), or bounds lengths in
/// a way not known here: either way no length is shown to be rejected that the schema allows.
fn held_by_pattern(p: &PropertyFacts, upper: bool, enforced: &Limit) -> bool {
    if p.schema.pattern.is_none() {
        return false;
    }
    let Some(admits) = p.schema.bounds().pattern_lengths else {
        return true;
    };
    match upper {
        true => admits
            .max
            .is_some_and(|m| accepts(f64::from(m), upper, enforced)),
        false => accepts(f64::from(admits.min), upper, enforced),
    }
}

/// Whether the code's limit accepts a length of `n`: up to `limit` (below it, when
/// exclusive) for an upper limit, from it (above it) for a lower one.
fn accepts(n: f64, upper: bool, enforced: &Limit) -> bool {
    let limit = enforced.value;
    match (upper, enforced.exclusive) {
        (true, false) => n <= limit,
        (true, true) => n < limit,
        (false, false) => n >= limit,
        (false, true) => n > limit,
    }
}

/// The strings a property can hold: the schema's `enum` (or `const`), else the closed set the
/// code holds it to; none when either is open or holds a non-string.
fn values<'a>(p: &'a PropertyFacts, closed: &[&'a str]) -> Vec<&'a str> {
    let listed: Vec<&serde_json::Value> = match (&p.schema.enum_values, &p.schema.const_value) {
        (Some(e), _) => e.value.iter().collect(),
        (None, Some(c)) => vec![&c.value],
        (None, None) => return closed.to_vec(),
    };
    let strings: Vec<&str> = listed.iter().filter_map(|v| v.as_str()).collect();
    if strings.len() == listed.len() {
        strings
    } else {
        Vec::new()
    }
}

/// Whether every one of `values` has a length the code's limit accepts: an agent can send
/// no such value that the check refuses.
fn held_by_values(values: &[&str], upper: bool, enforced: &Limit) -> bool {
    !values.is_empty()
        && values
            .iter()
            .all(|s| accepts(s.chars().count() as f64, upper, enforced))
}

#[allow(clippy::too_many_arguments)]
fn diagnostic(
    code: &'static str,
    tool: &str,
    property: &str,
    (length, upper, keyword): (bool, bool, &str),
    enforced: &Limit,
    (schema, admits): (Option<&Limit>, Option<Lengths>),
    property_span: Option<crate::source::Span>,
) -> Diagnostic {
    let what = if length { "a length " } else { "" };
    let v = show(enforced.value);
    let accepts = match (upper, enforced.exclusive) {
        (true, false) => format!("code accepts {what}up to {v}"),
        (true, true) => format!("code accepts {what}below {v}"),
        (false, false) => format!("code accepts {what}from {v}"),
        (false, true) => format!("code accepts {what}above {v}"),
    };
    let theirs = match schema {
        Some(s) if s.exclusive => {
            format!("the schema's {keyword} is {} (exclusive)", show(s.value))
        }
        Some(s) => format!("the schema's {keyword} is {}", show(s.value)),
        None => match (admits, upper) {
            (Some(Lengths { max: Some(m), .. }), true) => {
                format!("the schema has no {keyword}, and its pattern admits lengths up to {m}")
            }
            (Some(Lengths { min, .. }), false) if min > 0 => {
                format!("the schema has no {keyword}, and its pattern admits lengths from {min}")
            }
            _ => format!("the schema has no {keyword}"),
        },
    };
    let mut d = Diagnostic::new(
        code,
        format!("`{tool}`.`{property}`: {accepts}; {theirs}"),
        Label::new(
            enforced.span,
            format!("the code's limit is {}", show(enforced.value)),
        ),
    )
    .tool(tool)
    .property(property)
    .help(format!(
        "make the check and the schema's `{keyword}` state the same limit"
    ));
    match (schema, property_span) {
        (Some(s), _) => d = d.related(Label::new(s.span, format!("the schema's {keyword}"))),
        (None, Some(span)) => d = d.related(Label::new(span, format!("no {keyword} here"))),
        _ => {}
    }
    d
}
