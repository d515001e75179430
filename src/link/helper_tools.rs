//! Tools built by a helper of another file (`make_tool("search", "..", json!({..}),
//! vec!["query"])` in `tools/search.rs`, `fn make_tool` in `tools/mod.rs`): extraction
//! keeps each file's side ([`ToolCall`], [`ToolHelper`]); here a call is joined with the
//! helper it resolves to ([`super::resolve::free_fn`]), through helpers that hand their
//! parameters on (`make_tool_with_prompts` → `make_tool`).

use crate::contract::{
    CrateGraph, FnFacts, HelperArg, HelperBuild, HelperSchema, JsonKind, JsonMember, JsonNode,
    ToolCall, ToolHelper,
};
use crate::source::{FileId, Spanned};

/// How many helpers (and re-exports) one call may pass through.
const HOPS: usize = 4;

/// A tool a call makes: its name, description and schema as written at the call, or the
/// type whose derived schema it publishes (`tool_input_schema::<PlanArgs>()`), and the hints
/// the helper writes from the call's `bool` literals (read into a tool by the Rust reader,
/// `extract::rust::helper_tool`).
pub struct Joined {
    pub name: Spanned<String>,
    pub description: Option<Spanned<String>>,
    pub schema: Option<JsonNode>,
    pub input: Option<String>,
    pub hints: Vec<(String, Spanned<bool>)>,
}

/// The tools the calls make, for the calls whose helper is known and whose name is.
pub fn join(
    graph: &CrateGraph,
    fns: &[FnFacts],
    calls: &[ToolCall],
    helpers: &[ToolHelper],
) -> Vec<Joined> {
    let at = Place {
        graph,
        fns,
        helpers,
    };
    calls
        .iter()
        .filter_map(|c| {
            // A crate function called with a turbofish is resolved where the call is
            // written: only a known [`HelperBuild::SchemaOf`] gives the type's schema.
            let args: Vec<Option<HelperArg>> = c
                .args
                .iter()
                .map(|a| match a {
                    Some(HelperArg::Generic { callee, ty }) => at
                        .helper(c.span.file, callee, 0)
                        .filter(|h| matches!(h.builds, HelperBuild::SchemaOf))
                        .map(|_| HelperArg::Derived(ty.clone())),
                    a => a.clone(),
                })
                .collect();
            let args: Vec<Option<&HelperArg>> = args.iter().map(Option::as_ref).collect();
            at.build(c.span.file, &c.callee, &args, 0)
        })
        .collect()
}

struct Place<'a> {
    graph: &'a CrateGraph,
    fns: &'a [FnFacts],
    helpers: &'a [ToolHelper],
}

impl<'a> Place<'a> {
    /// The helper a path written in `from` names: a free function ([`super::resolve::free_fn`]),
    /// or, when the module the path names re-exports the name (`super::tool` with `use
    /// tool_schema::tool;` in the parent module's file), what the re-exported path names.
    fn helper(&self, from: FileId, path: &[String], hops: usize) -> Option<&'a ToolHelper> {
        if hops > HOPS {
            return None;
        }
        if let Some(f) = super::resolve::free_fn(self.graph, self.fns, from, path) {
            let span = self.fns[f].span;
            return self.helpers.iter().find(|h| h.span == span);
        }
        let [head @ .., name] = path else { return None };
        let module = self.module(from, head)?;
        let package = self.graph.files.get(&from)?.package;
        let [r] = self
            .helpers
            .iter()
            .filter(|h| {
                h.name == *name
                    && self
                        .graph
                        .files
                        .get(&h.span.file)
                        .is_some_and(|fh| fh.package == package && fh.module == module)
            })
            .collect::<Vec<_>>()[..]
        else {
            return None;
        };
        let HelperBuild::Reexport(to) = &r.builds else {
            return None;
        };
        self.helper(r.span.file, to, hops + 1)
    }

    /// The module a path's leading segments name exactly from `from`: `crate`, `self`,
    /// `super` and what follows them.
    fn module(&self, from: FileId, head: &[String]) -> Option<Vec<String>> {
        let home = &self.graph.files.get(&from)?.module;
        let (first, rest) = head.split_first()?;
        let base = match first.as_str() {
            "crate" => Vec::new(),
            "self" => home.clone(),
            "super" => home.split_last()?.1.to_vec(),
            _ => return None,
        };
        (!rest.iter().any(|s| s == "self" || s == "super")).then(|| [base, rest.to_vec()].concat())
    }

    fn build(
        &self,
        from: FileId,
        callee: &[String],
        args: &[Option<&HelperArg>],
        hops: usize,
    ) -> Option<Joined> {
        let h = self.helper(from, callee, 0)?;
        if h.arity != args.len() || hops > HOPS {
            return None;
        }
        let arg = |i: usize| args.get(i).copied().flatten();
        let json = |i: usize| match arg(i) {
            Some(HelperArg::Json(n)) => Some(n),
            _ => None,
        };
        match &h.builds {
            HelperBuild::Forward { callee, args } => {
                let handed: Vec<_> = args.iter().map(|i| i.and_then(arg)).collect();
                self.build(h.span.file, callee, &handed, hops + 1)
            }
            HelperBuild::Tool {
                name,
                description,
                schema,
                hints,
            } => {
                let text = |n: &JsonNode| match &n.kind {
                    JsonKind::String(s) => Some(Spanned::new(s.clone(), n.span)),
                    _ => None,
                };
                let name = text(json(*name)?)?;
                let description = description.and_then(json).and_then(text);
                let (schema, input) = match *schema {
                    HelperSchema::Whole(i) => match arg(i) {
                        Some(HelperArg::Json(n)) => (Some(n.clone()), None),
                        Some(HelperArg::Derived(ty)) => (None, Some(ty.clone())),
                        _ => (None, None),
                    },
                    HelperSchema::Object {
                        properties,
                        required,
                    } => (object(json(properties), required.map(json)), None),
                };
                // A hint is the call's literal (negated where the helper negates it).
                let hints = hints
                    .iter()
                    .filter_map(|(key, i, negated)| match &json(*i)?.kind {
                        JsonKind::Bool(b) => {
                            Some((key.clone(), Spanned::new(*b != *negated, json(*i)?.span)))
                        }
                        _ => None,
                    })
                    .collect();
                Some(Joined {
                    name,
                    description,
                    schema,
                    input,
                    hints,
                })
            }
            HelperBuild::SchemaOf | HelperBuild::Reexport(_) => None,
        }
    }
}

/// `{"type": "object", "properties": .., "required": ..}` of the call's arguments; unknown
/// when either is (a `required` the helper does not take is absent).
fn object(properties: Option<&JsonNode>, required: Option<Option<&JsonNode>>) -> Option<JsonNode> {
    let properties = properties?;
    let at = properties.span;
    let member = |key: &str, value: JsonNode| JsonMember {
        key: key.into(),
        key_span: at,
        value,
    };
    let mut members = vec![
        member(
            "type",
            JsonNode {
                span: at,
                kind: JsonKind::String("object".into()),
            },
        ),
        member("properties", properties.clone()),
    ];
    if let Some(r) = required {
        members.push(member("required", r?.clone()));
    }
    Some(JsonNode {
        span: at,
        kind: JsonKind::Object(members),
    })
}
