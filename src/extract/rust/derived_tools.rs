//! Tools a derive macro writes from a struct or a function: turul-mcp-framework's
//! `#[derive(McpTool)]` and `#[mcp_tool]` on a function.
//! The derive publishes the struct's fields as the input schema with its own rules (read
//! from `turul-mcp-derive`'s `tool_derive.rs` and `utils.rs`), which serde's attributes do
//! not change: the key is the field's name, a field is required unless it is an `Option`
//! or `#[param(optional)]`, its description and numeric bounds come from `#[param(..)]`
//! alone, and the tool runs the struct's `execute` method.

use super::Ctx;
use super::attrs::{bool_value, key, list_items, number, str_value};
use super::types;
use crate::contract::{
    Annotations, AttrBounds, AttrCrate, Bound, Few, FieldDefault, Form, RustField, RustTool,
    RustTy, RustType, Text,
};
use crate::source::{Span, Spanned};
use syn::spanned::Spanned as _;
use syn::{Attribute, FnArg, Meta, Pat, Type};

/// The crates whose `McpTool` derive this reads: the derive's own, and the server crate
/// that re-exports it. A bare `McpTool` is the framework's (as its examples import it);
/// one a `use` binds to another crate is that crate's.
const DERIVE_CRATES: &[&str] = &["turul_mcp_derive", "turul_mcp_server"];

/// Whether the item derives turul's `McpTool`. Every segment of a resolved path is written in
/// the file (the path itself or a `use` of it), so a file that never names `McpTool` derives
/// it nowhere: its derives are not parsed again and resolved (1.75% of a 1,000-tool run,
/// docs/performance.md, session 56).
pub fn derives_mcp_tool(ctx: &Ctx, attrs: &[Attribute]) -> bool {
    ctx.names_mcp_tool
        && attrs
            .iter()
            .filter(|a| a.path().is_ident("derive"))
            .flat_map(|a| {
                a.parse_args_with(
                    syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated,
                )
                .map(|p| p.into_iter().collect::<Vec<_>>())
                .unwrap_or_default()
            })
            .any(|p| {
                let path = ctx.resolve(p.span(), &p);
                path.last().is_some_and(|s| s == "McpTool")
                    && (path.len() == 1
                        || path
                            .first()
                            .is_some_and(|s| DERIVE_CRATES.contains(&s.as_str())))
            })
}

/// The entries of the struct's `#[tool(..)]`, each parsed on its own: `output = Vec<T>`
/// is a type, not an expression, and must not hide the name and description beside it.
fn tool_entries(attrs: &[Attribute]) -> Vec<Meta> {
    use proc_macro2::{TokenStream, TokenTree};
    let mut out = Vec::new();
    for a in attrs.iter().filter(|a| a.path().is_ident("tool")) {
        let Meta::List(l) = &a.meta else { continue };
        let mut entry = TokenStream::new();
        let mut flush = |entry: &mut TokenStream| {
            out.extend(syn::parse2::<Meta>(std::mem::take(entry)).ok());
        };
        for tt in l.tokens.clone() {
            match &tt {
                TokenTree::Punct(p) if p.as_char() == ',' => flush(&mut entry),
                _ => entry.extend([tt]),
            }
        }
        flush(&mut entry);
    }
    out
}

/// `#[derive(McpTool)]` on a struct with named fields: the tool named by `#[tool(name =
/// .., description = ..)]`. The derive takes both or neither: with either missing it names
/// the tool after the struct (`CalculatorTool` is `calculator`) and describes it by the
/// struct's name in words (`Calculator Tool`).
pub fn mcp_tool(ctx: &Ctx, s: &syn::ItemStruct) -> Option<RustTool> {
    if !matches!(s.fields, syn::Fields::Named(_)) || !derives_mcp_tool(ctx, &s.attrs) {
        return None;
    }
    let entries = tool_entries(&s.attrs);
    let literal = |k: &str| {
        entries
            .iter()
            .find(|m| key(m) == k)
            .and_then(|m| str_value(m).map(|v| Spanned::new(v, ctx.span(m.span()))))
    };
    let ident = s.ident.to_string();
    let at = ctx.span(s.ident.span());
    let (name, description): (Spanned<String>, Text) =
        match (literal("name"), literal("description")) {
            (Some(n), Some(d)) => (n, d),
            _ => (
                Spanned::new(auto_name(&ident), at),
                Spanned::new(words(&ident), at),
            ),
        };
    Some(derived(
        name,
        description,
        annotations(ctx, &entries),
        ident.clone(),
        ("execute".into(), Some(ident)),
    ))
}

/// A tool the derive declares: its input type and the function that handles it.
fn derived(
    name: Spanned<String>,
    description: Spanned<String>,
    annotations: Annotations,
    input: String,
    handler: (String, Option<String>),
) -> RustTool {
    RustTool {
        name,
        description: Some(description),
        annotations,
        input: Some(input),
        schema: None,
        dialect_dropped: false,
        spec: None,
        handler: Some(handler),
        owner: None,
        callees: Vec::new(),
        registered: None,
        dispatcher: None,
        hands_on: false,
        works_itself: false,
        by_arms_alone: false,
        form: Form::Derive,
        not_static: Vec::new(),
    }
}

fn annotations(ctx: &Ctx, entries: &[Meta]) -> Annotations {
    let mut out = Annotations::default();
    for m in entries {
        let Some(b) = bool_value(m) else { continue };
        let v = Some(Spanned::new(b, ctx.span(m.span())));
        match key(m).as_str() {
            "read_only" => out.read_only = v,
            "destructive" => out.destructive = v,
            "idempotent" => out.idempotent = v,
            "open_world" => out.open_world = v,
            _ => {}
        }
    }
    out
}

/// turul's `#[mcp_tool(name = .., description = ..)]` on a free function (both are
/// required): each parameter but a `SessionContext` is a property, published as a derived
/// struct's field, and the function is the handler. A `#[param(optional)]` parameter that
/// is no `Option` is published as optional and rejected when absent: read as an `Option`.
pub fn mcp_tool_fn(ctx: &Ctx, f: &syn::ItemFn) -> Option<(RustTool, RustType)> {
    let attr = f.attrs.iter().find(|a| {
        let path = ctx.resolve(a.span(), a.path());
        path.last().is_some_and(|s| s == "mcp_tool")
            && (path.len() == 1
                || path
                    .first()
                    .is_some_and(|s| DERIVE_CRATES.contains(&s.as_str())))
    })?;
    let entries = list_items(&attr.meta);
    let literal = |k: &str| {
        entries
            .iter()
            .find(|m| key(m) == k)
            .and_then(|m| str_value(m).map(|v| Spanned::new(v, ctx.span(m.span()))))
    };
    let (name, description) = (literal("name")?, literal("description")?);
    let mut fields = Vec::new();
    for input in &f.sig.inputs {
        let FnArg::Typed(t) = input else { continue };
        let Pat::Ident(p) = &*t.pat else { return None };
        let written = &t.ty;
        if quote::quote!(#written)
            .to_string()
            .contains("SessionContext")
        {
            continue;
        }
        let param = param(ctx, &t.attrs);
        let mut rty = types::ty(written);
        if param.optional.is_some() && !matches!(rty, RustTy::Option(_)) {
            rty = RustTy::Option(Box::new(rty));
        }
        fields.push(field(ctx, &p.ident, rty, written, param.bounds, None));
    }
    let ty = params_type(ctx, f, fields);
    let tool = derived(
        name,
        description,
        annotations(ctx, &entries),
        ty.name.clone(),
        (f.sig.ident.to_string(), None),
    );
    Some((tool, ty))
}

/// A struct deriving turul's `McpTool`: the derive reads each field from the arguments by
/// its own name (serde's attributes change nothing), rejects a value of another type, and
/// publishes the fields by this module's rules.
pub fn input(ctx: &Ctx, s: &syn::ItemStruct) -> Option<RustType> {
    if !derives_mcp_tool(ctx, &s.attrs) {
        return None;
    }
    // Not serde's: `deserialize` is false, so no rule asks for a serde attribute on it.
    let mut out = types::base(ctx, &s.ident, &s.attrs, false, &[]);
    out.referenced = false;
    for f in &s.fields {
        let Some(ident) = &f.ident else { continue };
        let param = param(ctx, &f.attrs);
        // `#[param(optional)]` on a field that is no `Option`: `unwrap_or_default()`.
        let rty = types::ty(&f.ty);
        let default = param
            .optional
            .filter(|_| !matches!(rty, RustTy::Option(_)))
            .map(|span| FieldDefault {
                span,
                value: types::default_of(&rty),
                from_container: false,
            });
        out.fields
            .push(field(ctx, ident, rty, &f.ty, param.bounds, default));
    }
    out.fields.shrink_to_fit();
    Some(out)
}

/// A property of a turul tool, keyed by its Rust name.
fn field(
    ctx: &Ctx,
    ident: &syn::Ident,
    rty: RustTy,
    written: &Type,
    bounds: AttrBounds,
    default: Option<FieldDefault>,
) -> RustField {
    let rust_name = super::syntax::field_name(ident);
    RustField {
        wire_name: rust_name.clone(),
        rust_name,
        aliases: Few::default(),
        span: ctx.span(ident.span()),
        ty: rty,
        ty_span: ctx.span(written.span()),
        default: default.map(Box::new),
        flatten: false,
        coercion: None,
        numeric_strings: false,
        bounds: (bounds != AttrBounds::default()).then(|| Box::new(bounds)),
        // The derive publishes no doc comment.
        doc: None,
        mcp_header: None,
    }
}

/// The type a turul `#[mcp_tool]` fn's parameters make: named after the fn (no Rust type
/// is written in snake case), read by the same rules as a derived struct.
fn params_type(ctx: &Ctx, f: &syn::ItemFn, fields: Vec<RustField>) -> RustType {
    let mut out = types::base(ctx, &f.sig.ident, &[], false, &[]);
    out.fields = fields;
    out.params_of = Some(out.span);
    out
}

/// The derive's name for a struct without one: `Tool` dropped, then snake case.
fn auto_name(ident: &str) -> String {
    let base = ident.strip_suffix("Tool").unwrap_or(ident);
    let mut out = String::new();
    for (i, c) in base.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.extend(c.to_lowercase());
    }
    out
}

/// The derive's description for a struct without one: a space before each capital.
fn words(ident: &str) -> String {
    let mut out = String::new();
    for (i, c) in ident.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// What `#[param(..)]` says of a field.
pub struct Param {
    /// `description`, and `min`/`max` (published on a number or integer only).
    pub bounds: AttrBounds,
    /// `optional` (or `optional = true`): not required, and on a field that is no
    /// `Option` the derive fills in the type's default.
    pub optional: Option<Span>,
}

/// A field's `#[param(description = .., optional, min = .., max = ..)]`: what the derive
/// publishes of it besides its type.
pub fn param(ctx: &Ctx, attrs: &[Attribute]) -> Param {
    let mut bounds = AttrBounds::default();
    let mut optional = None;
    for m in super::attrs::named(attrs, "param") {
        let at = ctx.span(m.span());
        match (key(&m).as_str(), &m) {
            ("description", _) => {
                bounds.description = str_value(&m).map(|s| Spanned::new(s, at));
            }
            ("optional", Meta::Path(_)) => optional = Some(at),
            ("optional", _) => optional = bool_value(&m).filter(|b| *b).map(|_| at),
            (k @ ("min" | "max"), Meta::NameValue(nv)) => {
                let b = number(&nv.value).map(|value| {
                    let bound = Bound {
                        value,
                        exclusive: false,
                        span: at,
                    };
                    (bound, AttrCrate::Param)
                });
                match k {
                    "min" => bounds.minimum = b,
                    _ => bounds.maximum = b,
                }
            }
            _ => {}
        }
    }
    Param { bounds, optional }
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_and_words_follow_the_derive() {
        assert_eq!(super::auto_name("FileReaderTool"), "file_reader");
        assert_eq!(super::auto_name("Calculator"), "calculator");
        assert_eq!(super::words("CalculatorTool"), "Calculator Tool");
    }
}
