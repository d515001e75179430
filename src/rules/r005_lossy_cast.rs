use super::Rule;
use super::page_support::page_linked;
use super::rust_support::{
    Linked, checked_in_deserialize, clamps, enforced, integer, linked, schema_limit, show,
    type_range,
};
use crate::contract::{Check, CodeFactKind, JsonType, Project, PropertyFacts};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;
use crate::source::Span;

/// R005: a fractional input is truncated or rounded (`as u8` from a float, `round`), so
/// 1.5 becomes 1 instead of being rejected; or a whole number is narrowed with `as` into a
/// type that cannot hold every value reaching it (`port as u16`, `limit as usize` from an
/// `i32`), so 70000 or -1 silently becomes another number.
pub struct LossyCast;

impl Rule for LossyCast {
    fn code(&self) -> &'static str {
        "R005"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for l in linked(project) {
            for p in l.properties() {
                let float_field = l.rust.field(&p.name).is_some_and(|f| f.ty.is_float());
                let read_as_number = l
                    .rust
                    .checks_on(&p.name)
                    .any(|c| c.kind == CodeFactKind::ReadAs { json: "number" });
                for c in l.rust.checks_on(&p.name) {
                    let what = match &c.kind {
                        CodeFactKind::Cast { to, .. } if float_field || read_as_number => {
                            format!("is cast from a float with `as {to}`, which drops the fraction")
                        }
                        CodeFactKind::Round => {
                            "is rounded, which changes a fractional value".to_string()
                        }
                        CodeFactKind::Cast { to, range } => {
                            let Some(v) = wrapped(&l, p, *range, c.span) else {
                                continue;
                            };
                            let mut d = Diagnostic::new(
                                self.code(),
                                format!(
                                    "`{}`.`{}` is narrowed with `as {to}`: {} reaches it and silently becomes another number instead of being rejected",
                                    l.tool(),
                                    p.name,
                                    show(v)
                                ),
                                Label::new(c.span, "values outside the type wrap here"),
                            )
                            .tool(l.tool())
                            .property(&p.name)
                            .proved(format!("{} reaches the cast: the schema and the code's type admit it and no check before refuses it", show(v)), Some(c.span))
                            .help(format!("reject what `{to}` cannot hold before the cast (convert with `{to}::try_from` and reject its error), and publish those bounds in the schema"));
                            if let Some(t) = &p.schema.types {
                                d = d.related(Label::new(t.span, "the schema's type"));
                            }
                            out.push(d);
                            continue;
                        }
                        _ => continue,
                    };
                    out.push(
                        fraction_lost(self.code(), l.tool(), p, &what, c.span)
                            .help("read the value as an integer type so a fractional number is rejected (INVALID_TYPE)"),
                    );
                }
            }
        }
        // A page's `Math.round(v)` (`floor`, `ceil`, `trunc`, `parseInt`) of a property its
        // schema publishes as any number.
        for l in page_linked(project) {
            for p in l.properties() {
                let types = p.schema.non_null_types();
                if types != [JsonType::Number] {
                    continue;
                }
                for c in l.code.checks_on(&p.name) {
                    if c.kind != CodeFactKind::Round {
                        continue;
                    }
                    out.push(
                        fraction_lost(self.code(), l.tool(), p, "is rounded, which changes a fractional value", c.span)
                            .help("publish the property as an `integer` so a fractional number is rejected, or keep the fraction"),
                    );
                }
            }
        }
    }
}

/// A fractional value made whole at `at`.
fn fraction_lost(
    code: &'static str,
    tool: &str,
    p: &PropertyFacts,
    what: &str,
    at: Span,
) -> Diagnostic {
    let mut d = Diagnostic::new(
        code,
        format!(
            "`{tool}`.`{}` {what}: 1.5 is accepted as a whole number instead of rejected",
            p.name
        ),
        Label::new(at, "the fraction is lost here"),
    )
    .tool(tool)
    .property(&p.name);
    if let Some(t) = &p.schema.types {
        d = d.related(Label::new(t.span, "the schema's type"));
    }
    d
}

/// A whole number outside `range` that reaches a cast of the property: within what the
/// code reads it as (its Rust type, or `as_u64`/`as_i64`), what the schema admits, and what
/// the code's own checks let through. Unknown when the code's type is not known, when the
/// value is checked where the linter does not read (a deserializer, a callee it cannot
/// resolve). A schema `number` read as an integer (`as_u64`) still admits 70000.
fn wrapped(l: &Linked, p: &PropertyFacts, range: (f64, f64), cast: Span) -> Option<f64> {
    // Only a number is narrowed: a cast found on an object property is a value read from
    // inside it (`config.and_then(|c| c.get("cpu"))`), which is not this property.
    let numeric = |t: &JsonType| matches!(t, JsonType::Integer | JsonType::Number);
    let types = p.schema.non_null_types();
    if types.is_empty()
        || !types.iter().all(numeric)
        || checked_in_deserialize(l, &p.name)
        || l.rust.passed_to_unknown.contains(&p.name)
        || l.rust.past_depth.contains(&p.name)
    {
        return None;
    }
    let int = integer(&p.schema);
    let (mut lo, mut hi) = type_range(l, &p.name)?;
    let b = p.schema.bounds();
    let (code_lo, code_hi) = enforced(l, &p.name, false, true);
    for limit in [schema_limit(&b.minimum, false, int), code_lo]
        .into_iter()
        .flatten()
    {
        lo = lo.max(limit.value);
    }
    for limit in [schema_limit(&b.maximum, true, int), code_hi]
        .into_iter()
        .flatten()
    {
        hi = hi.min(limit.value);
    }
    // A clamp the value always goes through before the cast bounds what reaches it: earlier
    // in the same file, or in the handler when the cast is in a function it calls (`let top_k
    // = top_k.clamp(1, 20)` read on as the property and handed to the query that casts it).
    // A clamp in a callee (`opts.priority.clamp(0, 10)` after `priority as u8`) comes after.
    let in_handler = |at: Span| {
        l.rust
            .handler
            .is_some_and(|h| l.krate.body(h).facts.iter().any(|f| f.span == at))
    };
    let before = |c: &&Check| {
        (c.span.file == cast.file && c.span.end() <= cast.start())
            || (in_handler(c.span) && !in_handler(cast))
    };
    for c in clamps(l, &p.name).filter(|c| !c.conditional).filter(before) {
        if let CodeFactKind::Clamp { lo: c_lo, hi: c_hi } = c.kind {
            lo = c_lo.map_or(lo, |v| lo.max(v));
            hi = c_hi.map_or(hi, |v| hi.min(v));
        }
    }
    if lo > hi {
        return None;
    }
    let v = if hi > range.1 {
        lo.max(range.1 + 1.0)
    } else if lo < range.0 {
        hi.min(range.0 - 1.0)
    } else {
        return None;
    };
    // "use -1 for unlimited": the agent is told what the value does, wrapped or not.
    let told = p.schema.description.as_ref().is_some_and(|d| {
        d.value
            .split(|c: char| !(c.is_ascii_digit() || c == '-'))
            .any(|w| w == show(v))
    });
    (!told).then_some(v)
}
