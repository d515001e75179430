use super::Rule;
use super::page_support::{PageLinked, page_linked};
use super::rust_support::{Linked, linked};
use crate::contract::{CodeFactKind, Origin, Project, PropertyFacts, UnknownFields, top_level};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;
use crate::source::Span;

/// R012: a schema property has no Rust field (after renames), or a Rust field — or a key the
/// handler reads from the arguments map — is missing from the schema: one side will never
/// see what the other sends or expects.
pub struct PropertyUnhandled;

impl Rule for PropertyUnhandled {
    fn code(&self) -> &'static str {
        "R012"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        // How many tools each handler serves, counted once (not per tool: 10,000 tools).
        let mut served: std::collections::HashMap<usize, usize> = Default::default();
        for h in project
            .contracts
            .iter()
            .filter_map(|c| c.rust.as_ref()?.handler)
        {
            *served.entry(h).or_default() += 1;
        }
        for l in linked(project) {
            self.undeclared_reads(&project.rust, &served, &l, out);
            self.never_read(project, &l, out);
        }
        for l in page_linked(project) {
            self.page(&l, out);
        }
        for l in linked(project).filter(|l| !l.derived()) {
            let Some(ty) = &l.rust.ty else { continue };
            if ty.fields.is_empty() || ty.fields.iter().any(|f| f.flatten) {
                continue;
            }
            let Some(object) = &l.schema.root.object else {
                continue;
            };
            for p in &object.properties {
                if ty.field_by_wire_name(&p.name).is_some() {
                    continue;
                }
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!("`{}` publishes property `{}`, but `{}` has no field for it", l.tool(), p.name, ty.name),
                        Label::new(ty.span, format!("no field reads `{}`", p.name)),
                    )
                    .tool(l.tool())
                    .property(&p.name)
                    .related(Label::new(p.name_span, "the schema's property"))
                    .help("add the field (with `#[serde(rename)]` if the names differ) or drop the property from the schema"),
                );
            }
            for f in &ty.fields {
                if object.property(&f.wire_name).is_some() {
                    continue;
                }
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!("`{}`.`{}` reads `{}`, which the schema does not publish", ty.name, f.rust_name, f.wire_name),
                        Label::new(f.span, "not in the schema"),
                    )
                    .tool(l.tool())
                    .property(&f.wire_name)
                    .related(Label::new(object.span, "the schema's properties"))
                    .help("publish the property in the schema, or rename the field to the published name"),
                );
            }
        }
    }
}

/// A property with one value allowed (`const`, a one-variant enum) gives the code no choice
/// to act on: the schema's check of it is all there is to do.
fn single_valued(p: &PropertyFacts) -> bool {
    p.schema.const_value.is_some()
        || p.schema
            .enum_values
            .as_ref()
            .is_some_and(|e| e.value.len() == 1)
}

impl PropertyUnhandled {
    /// A published property whose field the code never reads, where every use of the input
    /// is known ([`crate::contract::RustInput::fields_read`]): what an agent sends there is
    /// ignored.
    fn never_read(&self, project: &Project, l: &Linked, out: &mut Findings) {
        let Some(handler) = l.rust.handler else {
            return;
        };
        // Two declarations of the tool in the code (a server kept beside the one served):
        // which handler runs is not known, and the linked one may not.
        let rust_decls = l
            .contract
            .decls
            .iter()
            .filter(|d| matches!(d.origin, Origin::Rust | Origin::RustValue))
            .count();
        if rust_decls > 1 {
            return;
        }
        let at = project.rust.fns[handler].span;
        if let Some(keys) = &l.rust.keys_read {
            self.key_never_read(l, keys, at, out);
        }
        let (Some(read), Some(ty)) = (&l.rust.fields_read, &l.rust.ty) else {
            return;
        };
        for p in l.properties() {
            let Some(field) = ty.field_by_wire_name(&p.name) else {
                continue;
            };
            if read.contains(&p.name) || single_valued(p) {
                continue;
            }
            out.push(
                Diagnostic::new(
                    self.code(),
                    format!(
                        "`{}` publishes property `{}`, but its code never reads `{}`.`{}`: a value an agent sends there is ignored",
                        l.tool(),
                        p.name,
                        ty.name,
                        field.rust_name
                    ),
                    Label::new(at, format!("never reads `{}`", field.rust_name)),
                )
                .tool(l.tool())
                .property(&p.name)
                .related(Label::new(field.span, "the field no code reads"))
                .related(Label::new(p.name_span, "the schema's property"))
                .help("act on the property, or drop it from the schema and the input type"),
            );
        }
    }

    /// A published property no key read of the arguments map names, where every use of the
    /// map is known ([`crate::contract::RustInput::keys_read`]).
    fn key_never_read(&self, l: &Linked, keys: &[String], at: Span, out: &mut Findings) {
        for p in l.properties() {
            if keys.contains(&p.name) || single_valued(p) {
                continue;
            }
            out.push(
                Diagnostic::new(
                    self.code(),
                    format!(
                        "`{}` publishes property `{}`, but its code never reads key `{}` of the arguments: a value an agent sends there is ignored",
                        l.tool(),
                        p.name,
                        p.name
                    ),
                    Label::new(at, format!("never reads `{}`", p.name)),
                )
                .tool(l.tool())
                .property(&p.name)
                .related(Label::new(p.name_span, "the schema's property"))
                .help("read the argument and act on it, or drop the property from the schema"),
            );
        }
    }

    /// A page's code: a published property it never reads (only when every use of the input
    /// is a read by a written name), and a property it reads that the schema does not list.
    fn page(&self, l: &PageLinked, out: &mut Findings) {
        let Some(object) = &l.schema.root.object else {
            return;
        };
        if l.code.complete {
            for p in &object.properties {
                if l.code.reads(&p.name) {
                    continue;
                }
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!(
                            "`{}` publishes property `{}`, but its code never reads it",
                            l.tool(),
                            p.name
                        ),
                        Label::new(l.code.function, format!("never reads `{}`", p.name)),
                    )
                    .tool(l.tool())
                    .property(&p.name)
                    .related(Label::new(p.name_span, "the schema's property"))
                    .help("read the property and act on it, or drop it from the schema"),
                );
            }
        }
        if l.schema.root.alternatives || matches!(object.unknown_fields, UnknownFields::Unknown) {
            return;
        }
        let mut seen: Vec<&str> = Vec::new();
        for c in &l.code.checks {
            let key = c.property.as_str();
            if c.kind != CodeFactKind::KeyRead
                || object.property(key).is_some()
                || seen.contains(&key)
            {
                continue;
            }
            seen.push(key);
            out.push(
                Diagnostic::new(
                    self.code(),
                    format!(
                        "`{}` reads argument `{key}`, which its schema does not declare",
                        l.tool()
                    ),
                    Label::new(c.span, format!("`{key}` is read here")),
                )
                .tool(l.tool())
                .property(key)
                .related(Label::new(object.span, "the schema's properties"))
                .help(format!(
                    "declare `{key}` in the schema (with its type and description), or stop reading it"
                )),
            );
        }
    }

    /// Keys the handler reads from the tool's arguments map (`args.get("index")`,
    /// `params["x"]`) that the schema does not declare: the code expects an argument no agent
    /// is told about. Only where the schema lists its properties in full (no alternatives,
    /// no schema for additional properties) and the handler serves this tool alone (a
    /// dispatcher's other arms read other tools' keys).
    fn undeclared_reads(
        &self,
        krate: &dyn crate::contract::RustLookup,
        served: &std::collections::HashMap<usize, usize>,
        l: &Linked,
        out: &mut Findings,
    ) {
        let Some(object) = &l.schema.root.object else {
            return;
        };
        if l.schema.root.alternatives || matches!(object.unknown_fields, UnknownFields::Unknown) {
            return;
        }
        // A handler serving several tools reads every tool's keys, unless its reads are per
        // tool: a `match` with an arm picked by this tool's name (its other arms' reads are
        // not this tool's, see `FnBody::outside_arm`).
        let per_tool = (l.rust.handler.iter().chain(&l.rust.reached))
            .any(|&f| krate.body(f).has_arm_for(l.tool()));
        let shared = l
            .rust
            .handler
            .is_some_and(|h| served.get(&h).copied().unwrap_or(0) > 1 && !per_tool);
        if shared {
            return;
        }
        let mut seen: Vec<&str> = Vec::new();
        for c in &l.rust.checks {
            let key = c.property.as_str();
            if c.kind != CodeFactKind::KeyRead
                || key.is_empty()
                || !top_level(key)
                || object.property(key).is_some()
                || object.required.iter().any(|r| r.value == key)
                || seen.contains(&key)
            {
                continue;
            }
            seen.push(key);
            out.push(
                Diagnostic::new(
                    self.code(),
                    format!(
                        "`{}` reads argument `{key}`, which its schema does not declare",
                        l.tool()
                    ),
                    Label::new(c.span, format!("`{key}` is read here")),
                )
                .tool(l.tool())
                .property(key)
                .related(Label::new(object.span, "the schema's properties"))
                .help(format!(
                    "declare `{key}` in the schema (with its type and description), or stop reading it"
                )),
            );
        }
    }
}
