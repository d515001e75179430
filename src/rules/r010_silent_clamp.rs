use super::Rule;
use super::page_support::page_linked;
use super::rust_support::{
    Limit, REPRESENTATION_LIMITS, clamps, enforced, integer, linked, opaque_bound, show,
};
use crate::contract::{
    Check, ClaimKind, CodeFactKind, Contract, JsonType, Project, PropertyFacts, Subject,
    format_number,
};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// R010: out-of-range input is adjusted (`clamp`, `min`, `max`) instead of rejected, and the
/// agent is not told. A cap the description states as an adjustment with its number ("capped
/// at 500", "clamped to 1..=25") is told, whether or not the schema has the bound too (its
/// absence is D001's finding); a side of a clamp beyond which the code already rejects the
/// value never adjusts an accepted one.
pub struct SilentClamp;

impl Rule for SilentClamp {
    fn code(&self) -> &'static str {
        "R010"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in linked(project) {
            for p in l.properties() {
                let rejects = enforced(&l, &p.name, false, integer(&p.schema));
                let clamps = clamps(&l, &p.name);
                let above = rejects.1.is_some() || opaque_bound(&l, &p.name, false, true).is_some();
                silent(self.code(), l.contract, p, rejects, clamps, out);
                if !above {
                    runtime_cap(self.code(), l.contract, p, l.rust.checks_on(&p.name), out);
                }
            }
        }
        for l in page_linked(project) {
            for p in l.properties() {
                let rejects = l.enforced(&p.name, false, integer(&p.schema));
                silent(self.code(), l.contract, p, rejects, l.clamps(&p.name), out);
            }
        }
    }
}

/// Whether the property's description or the tool's speaks of adjusting values, and the
/// numbers they state.
fn told<'c>(contract: &'c Contract, p: &PropertyFacts) -> (bool, Vec<&'c str>) {
    let mut says_cap = false;
    let mut stated: Vec<&str> = Vec::new();
    for (_, claims) in contract.claimed() {
        for cl in claims {
            let about = match &cl.subject {
                Subject::Tool => true,
                Subject::Property { object, name } => object.is_empty() && *name == p.name,
            };
            match &cl.kind {
                ClaimKind::CapWording { numbers } if about => {
                    says_cap = true;
                    stated.extend(numbers.iter().map(String::as_str));
                }
                ClaimKind::Numbers(numbers) if about => {
                    stated.extend(numbers.iter().map(String::as_str));
                }
                _ => {}
            }
        }
    }
    (says_cap, stated)
}

/// A cap chosen at run time (`.min(policy.max_rows)`) on a property whose schema publishes
/// no maximum and whose descriptions do not speak of capping: a value above it, which the
/// schema accepts, is lowered, whatever the cap is. Silent when the code also rejects above
/// some bound (which of the two acts first is not known) or the schema has a maximum (the
/// cap may be it; the top of an integer representation is no such maximum).
fn runtime_cap<'a>(
    code: &'static str,
    contract: &Contract,
    p: &PropertyFacts,
    mut checks: impl Iterator<Item = &'a Check>,
    out: &mut Findings,
) {
    let numeric = p.schema.has_type(JsonType::Integer) || p.schema.has_type(JsonType::Number);
    // The top of an integer representation (`i32::MAX`, JSON's safe 2^53 - 1, ..) bounds
    // the type, not the request: it is no cap the configured limit could be.
    let capped = p
        .schema
        .bounds()
        .maximum
        .as_ref()
        .is_some_and(|m| !REPRESENTATION_LIMITS.contains(&m.value));
    if !numeric || capped || told(contract, p).0 {
        return;
    }
    let Some((c, against)) = checks.find_map(|c| match &c.kind {
        CodeFactKind::ClampRuntime { against } => Some((c, against)),
        _ => None,
    }) else {
        return;
    };
    let tool = contract.name.as_str();
    out.push(
        Diagnostic::new(
            code,
            format!(
                "`{tool}`.`{}` above the run-time limit `{against}` is lowered to it instead of being rejected; the schema publishes no such cap and the agent is not told its request changed",
                p.name
            ),
            Label::new(c.span, "the value is capped here"),
        )
        .tool(tool)
        .property(&p.name)
        .help("reject values above the limit (OUT_OF_RANGE), or say in the description that larger values are capped at the server's limit"),
    );
}

/// Each clamp of `p` that adjusts an accepted value the descriptions do not tell of.
fn silent<'a>(
    code: &'static str,
    contract: &Contract,
    p: &PropertyFacts,
    (rejects_below, rejects_above): (Option<Limit>, Option<Limit>),
    clamps: impl Iterator<Item = &'a Check>,
    out: &mut Findings,
) {
    let tool = contract.name.as_str();
    // The property's description and the tool's: does either speak of adjusting
    // values, and which numbers do they state?
    let (says_cap, stated) = told(contract, p);
    let documented = |v: f64| says_cap && stated.contains(&format_number(v).as_str());
    for c in clamps {
        let CodeFactKind::Clamp { lo, hi } = c.kind else {
            continue;
        };
        let lo = lo.filter(|v| rejects_below.as_ref().is_none_or(|r| r.value < *v));
        let hi = hi.filter(|v| rejects_above.as_ref().is_none_or(|r| r.value > *v));
        if lo.is_none() && hi.is_none() {
            continue;
        }
        let lo_ok = lo.is_none_or(documented);
        let hi_ok = hi.is_none_or(documented);
        let what = match (lo, hi) {
            (Some(a), Some(b)) => format!("is clamped into {}..={}", show(a), show(b)),
            (None, Some(b)) => format!("above {} is lowered to {}", show(b), show(b)),
            (Some(a), None) => format!("below {} is raised to {}", show(a), show(a)),
            (None, None) => "is clamped".to_string(),
        };
        let silent = lo_ok && hi_ok;
        if silent {
            continue;
        }
        let mut d = Diagnostic::new(
            code,
            format!(
                "`{}`.`{}` {what} instead of being rejected; the agent is not told its request changed",
                tool,
                p.name
            ),
            Label::new(c.span, "the value is adjusted here"),
        )
        .tool(tool)
        .property(&p.name)
        .help("reject out-of-range values (OUT_OF_RANGE), or document the cap in the schema and description");
        let lower_only = matches!(
            c.kind,
            CodeFactKind::Clamp {
                lo: Some(_),
                hi: None
            }
        );
        let bound = if lower_only {
            p.schema.bounds().minimum.as_ref()
        } else {
            p.schema
                .bounds()
                .maximum
                .as_ref()
                .or(p.schema.bounds().minimum.as_ref())
        };
        if let Some(b) = bound {
            d = d.related(Label::new(b.span, "the schema's bound"));
        }
        out.push(d);
    }
}
