use super::Rule;
use crate::contract::{Bound, ObjectFacts, Project, UnknownFields, format_number};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;
use crate::source::Span;

/// R015: a checked-in published schema (manifest, `tools/list` snapshot) differs from the
/// schema the Rust input type derives; clients reading the snapshot are told something else.
pub struct SchemaDrift;

struct Drift<'a> {
    tool: &'a str,
    out: &'a mut Findings,
}

impl Drift<'_> {
    fn report(&mut self, property: Option<&str>, what: String, rust: Span, snapshot: Span) {
        let mut d = Diagnostic::new(
            "R015",
            format!("`{}`: {what}", self.tool),
            Label::new(rust, "the Rust input type derives this"),
        )
        .tool(self.tool)
        .related(Label::new(snapshot, "the checked-in schema says otherwise"))
        .help("regenerate the checked-in schema from the Rust type (or fix the type)");
        if let Some(p) = property {
            d = d.property(p);
        }
        self.out.push(d);
    }
}

fn show(b: &Option<Bound>) -> String {
    match b {
        Some(b) if b.exclusive => format!("exclusive {}", format_number(b.value)),
        Some(b) => format_number(b.value),
        None => "none".into(),
    }
}

fn same(a: &Option<Bound>, b: &Option<Bound>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => a.value == b.value && a.exclusive == b.exclusive,
        (None, None) => true,
        _ => false,
    }
}

fn compare(d: &mut Drift, rust: &ObjectFacts, snap: &ObjectFacts) {
    match (&rust.unknown_fields, &snap.unknown_fields) {
        (UnknownFields::Rejected(r), UnknownFields::Accepted) => d.report(
            None,
            "the Rust input rejects unknown properties; the checked-in schema allows them".into(),
            *r,
            snap.span,
        ),
        (UnknownFields::Accepted, UnknownFields::Rejected(s)) => d.report(
            None,
            "the checked-in schema rejects unknown properties; the Rust input accepts them".into(),
            rust.span,
            *s,
        ),
        _ => {}
    }
    for p in &rust.properties {
        let Some(s) = snap.property(&p.name) else {
            d.report(
                Some(&p.name),
                format!(
                    "property `{}` is derived from Rust but missing from the checked-in schema",
                    p.name
                ),
                p.name_span,
                snap.span,
            );
            continue;
        };
        let name = &p.name;
        if p.required.is_some() != s.required.is_some() {
            let (r, sn) = if p.required.is_some() {
                ("required", "optional")
            } else {
                ("optional", "required")
            };
            d.report(
                Some(name),
                format!("`{name}` is {r} in the Rust type but {sn} in the checked-in schema"),
                p.name_span,
                s.required.unwrap_or(s.name_span),
            );
        }
        let (rt, st) = (p.schema.non_null_types(), s.schema.non_null_types());
        if !rt.is_empty() && !st.is_empty() && rt != st {
            let fmt = |ts: &[crate::contract::JsonType]| {
                ts.iter()
                    .map(|t| t.as_str())
                    .collect::<Vec<_>>()
                    .join(" or ")
            };
            d.report(
                Some(name),
                format!(
                    "`{name}` is {} in the Rust type but {} in the checked-in schema",
                    fmt(&rt),
                    fmt(&st)
                ),
                p.schema.types.as_ref().map_or(p.name_span, |t| t.span),
                s.schema.types.as_ref().map_or(s.name_span, |t| t.span),
            );
        }
        for (kw, a, b) in [
            (
                "minimum",
                &p.schema.bounds().minimum,
                &s.schema.bounds().minimum,
            ),
            (
                "maximum",
                &p.schema.bounds().maximum,
                &s.schema.bounds().maximum,
            ),
            (
                "minLength",
                &p.schema.bounds().min_length,
                &s.schema.bounds().min_length,
            ),
            (
                "maxLength",
                &p.schema.bounds().max_length,
                &s.schema.bounds().max_length,
            ),
        ] {
            if same(a, b) {
                continue;
            }
            d.report(
                Some(name),
                format!(
                    "the {kw} of `{name}` is {} in the Rust type but {} in the checked-in schema",
                    show(a),
                    show(b)
                ),
                a.as_ref().map_or(p.name_span, |b| b.span),
                b.as_ref().map_or(s.name_span, |b| b.span),
            );
        }
        if let (Some(a), Some(b)) = (&p.schema.enum_values, &s.schema.enum_values)
            && a.value != b.value
        {
            d.report(
                Some(name),
                format!("the allowed values of `{name}` differ"),
                a.span,
                b.span,
            );
        }
    }
    for s in &snap.properties {
        if rust.property(&s.name).is_none() {
            d.report(
                Some(&s.name),
                format!(
                    "the checked-in schema publishes `{}`, which the Rust type does not have",
                    s.name
                ),
                rust.span,
                s.name_span,
            );
        }
    }
}

impl Rule for SchemaDrift {
    fn code(&self) -> &'static str {
        "R015"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for c in &project.contracts {
            let Some(rust) = c
                .decls
                .iter()
                .find(|d| d.origin.from_rust())
                .and_then(|d| d.schema.as_ref())
                .and_then(|s| s.root.object.as_ref())
            else {
                continue;
            };
            for decl in c.decls.iter().filter(|d| !d.origin.from_rust()) {
                let Some(snap) = decl.schema.as_ref().and_then(|s| s.root.object.as_ref()) else {
                    continue;
                };
                let mut d = Drift { tool: &c.name, out };
                compare(&mut d, rust, snap);
            }
        }
    }
}
