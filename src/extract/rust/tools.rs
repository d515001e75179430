//! Tools declared in Rust: rmcp `#[tool]` methods (in `#[tool_router]` impls) and
//! rust-mcp-sdk `#[mcp_tool]` structs.

use super::Ctx;
use super::attrs::{bool_value, key, list_items, lit_str, str_value};
use crate::contract::{Annotations, Text};
use crate::source::Spanned;
use syn::spanned::Spanned as _;
use syn::{Attribute, FnArg, GenericArgument, Meta, PathArguments, Type};

/// A tool declared by an SDK macro.
#[derive(Clone, Debug)]
pub struct RustTool {
    pub name: Spanned<String>,
    pub description: Option<Text>,
    pub annotations: Annotations,
    /// The input type (`T` of `Parameters<T>`, or the `#[mcp_tool]` struct itself).
    pub input: Option<String>,
    /// The method implementing it (rmcp), with its impl's self type.
    pub handler: Option<(String, Option<String>)>,
}

fn annotations(ctx: &Ctx, metas: &[Meta]) -> Annotations {
    let mut a = Annotations::default();
    for m in metas {
        let Some(b) = bool_value(m) else { continue };
        let v = Some(Spanned::new(b, ctx.span(m.span())));
        match key(m).as_str() {
            "read_only_hint" => a.read_only = v,
            "destructive_hint" => a.destructive = v,
            "idempotent_hint" => a.idempotent = v,
            "open_world_hint" => a.open_world = v,
            _ => {}
        }
    }
    a
}

fn description(ctx: &Ctx, metas: &[Meta]) -> Option<Text> {
    metas
        .iter()
        .find(|m| key(m) == "description")
        .and_then(|m| match m {
            Meta::NameValue(nv) => {
                lit_str(&nv.value).map(|s| Spanned::new(s, ctx.span(nv.value.span())))
            }
            _ => None,
        })
}

/// The attribute `name`, written bare or under the SDK's crate path (`#[rmcp::tool]`,
/// `#[rust_mcp_sdk::macros::mcp_tool]`).
fn sdk_attr(a: &syn::Attribute, name: &str, krates: &[&str]) -> bool {
    let segments = &a.path().segments;
    segments.last().is_some_and(|s| s.ident == name)
        && (segments.len() == 1
            || segments
                .first()
                .is_some_and(|s| super::one_of(&s.ident, krates)))
}

/// `#[tool(..)]` (or `#[rmcp::tool(..)]`) on an rmcp method: the tool named by `name` or
/// the fn.
pub fn rmcp_method(ctx: &Ctx, f: &syn::ImplItemFn, self_ty: Option<&str>) -> Option<RustTool> {
    let attr = f.attrs.iter().find(|a| sdk_attr(a, "tool", &["rmcp"]))?;
    let metas = list_items(&attr.meta);
    let name = metas
        .iter()
        .find(|m| key(m) == "name")
        .and_then(|m| str_value(m).map(|s| Spanned::new(s, ctx.span(m.span()))))
        .unwrap_or_else(|| Spanned::new(f.sig.ident.to_string(), ctx.span(f.sig.ident.span())));
    let ann: Vec<Meta> = metas
        .iter()
        .filter(|m| key(m) == "annotations")
        .flat_map(list_items)
        .collect();
    let input = f.sig.inputs.iter().find_map(|a| match a {
        FnArg::Typed(t) => parameters_type(&t.ty),
        _ => None,
    });
    Some(RustTool {
        name,
        description: description(ctx, &metas).or_else(|| fn_doc(ctx, &f.attrs)),
        annotations: annotations(ctx, &ann),
        input,
        handler: Some((f.sig.ident.to_string(), self_ty.map(str::to_string))),
    })
}

/// rmcp joins the trimmed, non-empty doc lines with `\n`.
fn fn_doc(ctx: &Ctx, attrs: &[Attribute]) -> Option<Text> {
    super::attrs::doc(ctx, attrs).map(|d| {
        let text = d
            .value
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join("\n");
        Spanned::new(text, d.span)
    })
}

/// `T` in a type whose path ends in `Parameters<T>` (rmcp's syntactic detection).
fn parameters_type(t: &Type) -> Option<String> {
    let Type::Path(p) = t else { return None };
    let seg = p.path.segments.last()?;
    if seg.ident != "Parameters" {
        return None;
    }
    let PathArguments::AngleBracketed(a) = &seg.arguments else {
        return None;
    };
    a.args.iter().find_map(|g| match g {
        GenericArgument::Type(Type::Path(tp)) => {
            tp.path.segments.last().map(|s| s.ident.to_string())
        }
        _ => None,
    })
}

/// `#[mcp_tool(name = .., description = .., read_only_hint = ..)]` on a struct.
pub fn mcp_tool(ctx: &Ctx, s: &syn::ItemStruct) -> Option<RustTool> {
    let krates = ["rust_mcp_sdk", "rust_mcp_macros"];
    let mut attrs = s
        .attrs
        .iter()
        .filter(|a| sdk_attr(a, "mcp_tool", &krates))
        .peekable();
    attrs.peek()?;
    let metas: Vec<Meta> = attrs.flat_map(|a| list_items(&a.meta)).collect();
    let name = metas
        .iter()
        .find(|m| key(m) == "name")
        .and_then(|m| str_value(m).map(|v| Spanned::new(v, ctx.span(m.span()))))?;
    Some(RustTool {
        name,
        description: description(ctx, &metas),
        annotations: annotations(ctx, &metas),
        input: Some(s.ident.to_string()),
        handler: None,
    })
}
