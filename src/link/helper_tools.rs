//! Tools built by a helper of another file (`make_tool("search", "..", json!({..}),
//! vec!["query"])` in `tools/search.rs`, `fn make_tool` in `tools/mod.rs`): extraction
//! keeps each file's side ([`ToolCall`], [`ToolHelper`]); here a call is joined with the
//! helper it resolves to ([`super::resolve::free_fn`]), through helpers that hand their
//! parameters on (`make_tool_with_prompts` → `make_tool`).

use crate::contract::{
    CrateGraph, FnFacts, HelperBuild, HelperSchema, JsonKind, JsonMember, JsonNode, ToolCall,
    ToolHelper,
};
use crate::source::Spanned;

/// How many helpers one call may pass through.
const HOPS: usize = 4;

/// A tool a call makes: its name, description and schema as written at the call (read
/// into a tool by the Rust reader, `extract::rust::helper_tool`).
pub struct Joined {
    pub name: Spanned<String>,
    pub description: Option<Spanned<String>>,
    pub schema: Option<JsonNode>,
}

/// The tools the calls make, for the calls whose helper is known and whose name is.
pub fn join(
    graph: &CrateGraph,
    fns: &[FnFacts],
    calls: &[ToolCall],
    helpers: &[ToolHelper],
) -> Vec<Joined> {
    calls
        .iter()
        .filter_map(|c| {
            let args: Vec<Option<&JsonNode>> = c.args.iter().map(Option::as_ref).collect();
            build(graph, fns, helpers, c.span.file, &c.callee, &args, 0)
        })
        .collect()
}

fn build(
    graph: &CrateGraph,
    fns: &[FnFacts],
    helpers: &[ToolHelper],
    from: crate::source::FileId,
    callee: &[String],
    args: &[Option<&JsonNode>],
    hops: usize,
) -> Option<Joined> {
    let f = &fns[super::resolve::free_fn(graph, fns, from, callee)?];
    let h = helpers.iter().find(|h| h.span == f.span)?;
    if h.arity != args.len() || hops > HOPS {
        return None;
    }
    let arg = |i: usize| args.get(i).copied().flatten();
    match &h.builds {
        HelperBuild::Forward { callee, args } => {
            let handed: Vec<_> = args.iter().map(|i| i.and_then(arg)).collect();
            build(graph, fns, helpers, h.span.file, callee, &handed, hops + 1)
        }
        HelperBuild::Tool {
            name,
            description,
            schema,
        } => {
            let text = |n: &JsonNode| match &n.kind {
                JsonKind::String(s) => Some(Spanned::new(s.clone(), n.span)),
                _ => None,
            };
            let name = text(arg(*name)?)?;
            let description = description.and_then(arg).and_then(text);
            let schema = match *schema {
                HelperSchema::Whole(i) => arg(i).cloned(),
                HelperSchema::Object {
                    properties,
                    required,
                } => object(arg(properties), required.map(arg)),
            };
            Some(Joined {
                name,
                description,
                schema,
            })
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
