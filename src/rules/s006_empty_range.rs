use super::Rule;
use crate::contract::{Bound, JsonType, Project, SchemaNode, format_number};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// S006: bounds that admit no value, so every call is rejected (or the bound is a typo).
pub struct EmptyRange;

/// Whether `lo..hi` (with their exclusivity) contains no value; `integers` restricts the
/// values to whole numbers.
fn empty(lo: &Bound, hi: &Bound, integers: bool) -> bool {
    if integers {
        let first = if lo.exclusive {
            lo.value.floor() + 1.0
        } else {
            lo.value.ceil()
        };
        let last = if hi.exclusive {
            hi.value.ceil() - 1.0
        } else {
            hi.value.floor()
        };
        return first > last;
    }
    lo.value > hi.value || (lo.value == hi.value && (lo.exclusive || hi.exclusive))
}

fn describe(lo: &Bound, hi: &Bound) -> String {
    format!(
        "{} {} and {} {}",
        if lo.exclusive { ">" } else { ">=" },
        format_number(lo.value),
        if hi.exclusive { "<" } else { "<=" },
        format_number(hi.value)
    )
}

fn check_node(code: &'static str, tool: &str, prop: &str, node: &SchemaNode, out: &mut Findings) {
    let types = node.non_null_types();
    let integers = types == [JsonType::Integer];
    // A bound constrains only instances of its type: `minimum` on a string admits every
    // string. Untyped nodes are held to every bound they carry.
    let applies = |to: &[JsonType]| types.is_empty() || types.iter().any(|t| to.contains(t));
    let pairs = [
        (
            &node.bounds().minimum,
            &node.bounds().maximum,
            "values",
            integers,
            &[JsonType::Integer, JsonType::Number][..],
        ),
        (
            &node.bounds().min_length,
            &node.bounds().max_length,
            "lengths",
            true,
            &[JsonType::String][..],
        ),
        (
            &node.bounds().min_items,
            &node.bounds().max_items,
            "item counts",
            true,
            &[JsonType::Array][..],
        ),
    ];
    for (lo, hi, what, whole, to) in pairs {
        let (Some(lo), Some(hi)) = (lo, hi) else {
            continue;
        };
        if !applies(to) {
            continue;
        }
        if !empty(lo, hi, whole) {
            continue;
        }
        let which = if whole && what == "values" {
            "integer values"
        } else {
            what
        };
        out.push(
            Diagnostic::new(
                code,
                format!(
                    "`{prop}` of `{tool}` admits no {which}: {}",
                    describe(lo, hi)
                ),
                Label::new(hi.span, "upper bound"),
            )
            .tool(tool)
            .property(prop)
            .related(Label::new(lo.span, "lower bound"))
            .help("correct the bounds; as written every call is rejected"),
        );
    }
}

impl Rule for EmptyRange {
    fn code(&self) -> &'static str {
        "S006"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for (decl, schema) in project.schemas() {
            for (path, object) in schema.root.objects() {
                for p in &object.properties {
                    let name = if path.is_empty() {
                        p.name.clone()
                    } else {
                        format!("{path}.{}", p.name)
                    };
                    check_node(self.code(), &decl.name, &name, &p.schema, out);
                }
            }
        }
    }
}
