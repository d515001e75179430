use super::Rule;
use super::claim_support::{first_per_property, property_claims};
use crate::contract::{
    Bound, ClaimBound, ClaimKind, JsonType, Project, SchemaNode, Unit, format_number,
};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// D001: the prose bounds a property ("from 1 through 5", "no more than 80 mm") and the
/// schema bounds it differently, or not at all.
pub struct DescriptionRangeMismatch;

/// What a range in prose measures, given the property's schema.
#[derive(Clone, Copy)]
enum Measure {
    Value,
    Length,
    Items,
}

impl Measure {
    fn of(node: &SchemaNode, unit: Option<Unit>) -> Option<Measure> {
        let types = node.non_null_types();
        let numeric = types
            .iter()
            .any(|t| matches!(t, JsonType::Integer | JsonType::Number))
            || (types.is_empty()
                && (node.bounds().minimum.is_some() || node.bounds().maximum.is_some()));
        if unit == Some(Unit::Character) {
            return types.contains(&JsonType::String).then_some(Measure::Length);
        }
        if types.contains(&JsonType::Array) {
            return Some(Measure::Items);
        }
        (numeric && types.len() <= 2 && !types.contains(&JsonType::String))
            .then_some(Measure::Value)
    }

    fn keywords(self) -> [&'static str; 2] {
        match self {
            Measure::Value => ["minimum", "maximum"],
            Measure::Length => ["minLength", "maxLength"],
            Measure::Items => ["minItems", "maxItems"],
        }
    }

    fn bounds(self, n: &SchemaNode) -> (Option<&Bound>, Option<&Bound>) {
        match self {
            Measure::Value => (n.bounds().minimum.as_ref(), n.bounds().maximum.as_ref()),
            Measure::Length => (
                n.bounds().min_length.as_ref(),
                n.bounds().max_length.as_ref(),
            ),
            Measure::Items => (n.bounds().min_items.as_ref(), n.bounds().max_items.as_ref()),
        }
    }
}

/// A bound as the inclusive limit it means; over whole numbers `< 10` is `<= 9`.
fn inclusive(value: f64, exclusive: bool, upper: bool, whole: bool) -> (f64, bool) {
    match (whole, exclusive, upper) {
        (true, true, false) => (value.floor() + 1.0, false),
        (true, true, true) => (value.ceil() - 1.0, false),
        (true, false, false) => (value.ceil(), false),
        (true, false, true) => (value.floor(), false),
        (false, e, _) => (value, e),
    }
}

/// `maximum` → `exclusiveMaximum`.
fn exclusive(keyword: &str) -> String {
    format!("exclusive{}{}", keyword[..1].to_uppercase(), &keyword[1..])
}

fn said(b: ClaimBound, upper: bool) -> String {
    let n = format_number(b.value);
    match (upper, b.exclusive) {
        (false, false) => format!("at least {n}"),
        (false, true) => format!("more than {n}"),
        (true, false) => format!("at most {n}"),
        (true, true) => format!("less than {n}"),
    }
}

impl Rule for DescriptionRangeMismatch {
    fn code(&self) -> &'static str {
        "D001"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        let claims = property_claims(project);
        // The claim of the unit a property's name states, per declaration and property.
        let name_units = first_per_property(&claims, |c| matches!(c.kind, ClaimKind::NameUnit(_)));
        for pc in &claims {
            let ClaimKind::Range { min, max, unit, .. } = &pc.claim.kind else {
                continue;
            };
            // "at most 40 cm" on `maxDepthMm` means 400: a unit mix is D007's, not a bound.
            let name_unit = name_units.get(&pc.key()).and_then(|o| match o.claim.kind {
                ClaimKind::NameUnit(u) => Some(u),
                _ => None,
            });
            let scale = match (unit, name_unit) {
                (Some(u), Some(n)) if u.dimension() == n.dimension() => {
                    u.factor().zip(n.factor()).map_or(1.0, |(a, b)| a / b)
                }
                _ => 1.0,
            };
            // The claim in its own words, with the converted value when units differ.
            let words = |b: &ClaimBound, upper: bool| match (unit, name_unit) {
                (Some(u), Some(n)) if scale != 1.0 => format!(
                    "{} {} ({} {})",
                    said(*b, upper),
                    u.symbol(),
                    format_number(b.value * scale),
                    n.symbol()
                ),
                _ => said(*b, upper),
            };
            let node = &pc.property.schema;
            let Some(measure) = Measure::of(node, *unit) else {
                continue;
            };
            let whole =
                !matches!(measure, Measure::Value) || node.non_null_types() == [JsonType::Integer];
            let (lo, hi) = measure.bounds(node);
            for (claimed, schema, upper) in [(min, lo, false), (max, hi, true)] {
                let Some(claimed) = claimed else { continue };
                let keyword = measure.keywords()[usize::from(upper)];
                let said = words(claimed, upper);
                let want = inclusive(claimed.value * scale, claimed.exclusive, upper, whole);
                let name = &pc.property.name;
                let tool = &pc.decl.name;
                let d = match schema {
                    Some(b) if inclusive(b.value, b.exclusive, upper, whole) == want => continue,
                    // "0-64 characters": no length or count is below 0, so a missing
                    // `minLength`/`minItems` already says what the prose says.
                    None if !upper && !matches!(measure, Measure::Value) && want.0 <= 0.0 => {
                        continue;
                    }
                    Some(b) => {
                        let kw = if b.exclusive {
                            exclusive(keyword)
                        } else {
                            keyword.to_string()
                        };
                        Diagnostic::new(
                            self.code(),
                            format!(
                                "the description of `{tool}` says `{name}` is {said}, but the schema's `{kw}` is {}",
                                format_number(b.value)
                            ),
                            Label::new(pc.claim.span, format!("the description says {said}")),
                        )
                        .related(Label::new(b.span, format!("the schema says `{kw}: {}`", format_number(b.value))))
                        .help("make the description and the schema state the same limit; the schema is what an agent's call is validated against")
                    }
                    None => {
                        let (v, e) = want;
                        let kw = if e {
                            exclusive(keyword)
                        } else {
                            keyword.to_string()
                        };
                        Diagnostic::new(
                        self.code(),
                        format!(
                            "the description of `{tool}` says `{name}` is {said}, but the schema has no `{keyword}`"
                        ),
                        Label::new(pc.claim.span, format!("the description says {said}")),
                    )
                    .related(Label::new(pc.property.name_span, format!("`{name}` has no `{keyword}`")))
                    .help(format!("add `\"{kw}\": {}` to `{name}` (or correct the description)", format_number(v)))
                    }
                };
                out.push(d.tool(tool).property(name));
            }
        }
    }
}
