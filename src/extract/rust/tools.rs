//! Tools declared in Rust: rmcp `#[tool]` methods (in `#[tool_router]` impls),
//! rust-mcp-sdk `#[mcp_tool]` structs, and trait-based registries (`impl Tool for X` with
//! `const NAME`, `const DESCRIPTION`, `type Args`). Tools built as values are in
//! [`super::tool_values`].

use super::Ctx;
use super::attrs::{bool_value, key, list_items, str_value};
use crate::contract::{
    Annotations, Form, NotStatic, PagePart, RustTool, SpecFacts, TRAIT_INPUT_TYPES, Text,
};
use crate::source::{Span, Spanned};
use syn::spanned::Spanned as _;
use syn::{Attribute, FnArg, GenericArgument, Meta, PathArguments, Type};

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

/// The `description = ..` of an SDK attribute: a literal, a constant, `concat!`,
/// `include_str!` of a file inside the package. `Err` when one is written whose value is
/// not known without running the code (a call, a path out of the package): reported as
/// such, never taken for a missing description.
fn description(ctx: &Ctx, metas: &[Meta]) -> Option<Result<Text, Span>> {
    let m = metas.iter().find(|m| key(m) == "description")?;
    Some(match m {
        Meta::NameValue(nv) => {
            super::known::static_str(ctx, &nv.value).ok_or_else(|| ctx.span(nv.value.span()))
        }
        _ => Err(ctx.span(m.span())),
    })
}

/// The description of an attribute, else `fallback`, with what could not be known.
fn described(
    ctx: &Ctx,
    metas: &[Meta],
    tool: &Spanned<String>,
    fallback: impl FnOnce() -> Option<Text>,
) -> (Option<Text>, Vec<NotStatic>) {
    match description(ctx, metas) {
        Some(Ok(text)) => (Some(text), Vec::new()),
        Some(Err(span)) => (
            None,
            vec![NotStatic {
                tool: Some(tool.value.clone()),
                part: PagePart::Description,
                what: "description".into(),
                reason: "its value is not a literal, a constant, `concat!` of them or `include_str!` of a file inside the package".into(),
                span,
            }],
        ),
        None => (fallback(), Vec::new()),
    }
}

/// The attribute `name` of an SDK: written bare (as the SDK's examples import it), or as
/// a path that, read through the file's `use` items, starts at the SDK's crate
/// (`#[rmcp::tool]`, `#[macros::mcp_tool]` after `use rust_mcp_sdk::macros;`). A bare name
/// imported from another crate is that crate's attribute, never the SDK's.
fn sdk_attr(ctx: &Ctx, a: &syn::Attribute, name: &str, krates: &[&str]) -> bool {
    let path = ctx.resolve(a.span(), a.path());
    path.last().is_some_and(|s| s == name)
        && (path.len() == 1 || path.first().is_some_and(|s| krates.contains(&s.as_str())))
}

/// `#[tool(..)]` (or `#[rmcp::tool(..)]`) on an rmcp method: the tool named by `name` or
/// the fn.
pub fn rmcp_method(ctx: &Ctx, f: &syn::ImplItemFn, self_ty: Option<&str>) -> Option<RustTool> {
    let attr = f
        .attrs
        .iter()
        .find(|a| sdk_attr(ctx, a, "tool", &["rmcp", "rmcp_macros"]))?;
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
        FnArg::Typed(t) => parameters_type(ctx, &t.ty),
        _ => None,
    });
    let (description, not_static) = described(ctx, &metas, &name, || fn_doc(ctx, &f.attrs));
    // `output_schema = ..`: published in place of the one rmcp derives from `Json<T>`. Its
    // value is code; only that there is one is known.
    let spec = metas.iter().find(|m| key(m) == "output_schema").map(|m| {
        let at = match m {
            Meta::NameValue(nv) => nv.value.span(),
            _ => m.span(),
        };
        Box::new(SpecFacts {
            output_schema: Some(ctx.span(at)),
            ..SpecFacts::default()
        })
    });
    Some(RustTool {
        name,
        description,
        annotations: annotations(ctx, &ann),
        input,
        schema: None,
        dialect_dropped: false,
        spec,
        handler: Some((f.sig.ident.to_string(), self_ty.map(str::to_string))),
        owner: None,
        callees: Vec::new(),
        registered: None,
        dispatcher: None,
        hands_on: false,
        works_itself: false,
        by_arms_alone: false,
        form: Form::Attribute,
        not_static,
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

/// `T` in a type whose path ends in `Parameters<T>` (rmcp's syntactic detection), as its
/// path stands after the file's imports (`mpris::SetVolumeParams`; `IngestRequest` after
/// `use super::tools::IngestRequest` is `super::tools::IngestRequest`): linking resolves it
/// in that module, never in another module's same-named type.
fn parameters_type(ctx: &Ctx, t: &Type) -> Option<String> {
    let Type::Path(p) = t else { return None };
    let seg = p.path.segments.last()?;
    if seg.ident != "Parameters" {
        return None;
    }
    let PathArguments::AngleBracketed(a) = &seg.arguments else {
        return None;
    };
    a.args.iter().find_map(|g| match g {
        GenericArgument::Type(Type::Path(tp)) if tp.qself.is_none() => {
            let segments = ctx.resolve(tp.path.span(), &tp.path);
            (!segments.is_empty()).then(|| segments.join("::"))
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
        .filter(|a| sdk_attr(ctx, a, "mcp_tool", &krates))
        .peekable();
    attrs.peek()?;
    let metas: Vec<Meta> = attrs.flat_map(|a| list_items(&a.meta)).collect();
    let name = metas
        .iter()
        .find(|m| key(m) == "name")
        .and_then(|m| str_value(m).map(|v| Spanned::new(v, ctx.span(m.span()))))?;
    let (description, not_static) = described(ctx, &metas, &name, || None);
    Some(RustTool {
        name,
        description,
        annotations: annotations(ctx, &metas),
        input: Some(s.ident.to_string()),
        schema: None,
        dialect_dropped: false,
        spec: None,
        handler: None,
        owner: None,
        callees: Vec::new(),
        registered: None,
        dispatcher: None,
        hands_on: false,
        works_itself: false,
        by_arms_alone: false,
        form: Form::Attribute,
        not_static,
    })
}

/// Methods that run a trait tool, when none takes the input type.
const RUN_METHODS: &[&str] = &["call", "call_tool", "run", "execute", "handle", "invoke"];

/// `impl SomeTool for X` whose items name the tool: `const NAME: &str = ".."` (or
/// `TOOL_NAME`, or `fn name() -> &str { ".." }`), with a description (`const DESCRIPTION`,
/// `fn description()`, the literal rig's `fn definition()` answers with) or an input (`type Args = T`, `fn input_schema()` returning `json!`
/// or `schema_for!(T)`). The handler is the impl's method taking the input, else its
/// `call`/`run`/`execute`-style method.
pub fn trait_impl(ctx: &Ctx, i: &syn::ItemImpl) -> Option<RustTool> {
    i.trait_.as_ref()?;
    let owner = super::known::type_name(&i.self_ty)?;
    let mut name = None;
    let mut description = None;
    let mut input = None;
    let mut schema_fn = None;
    let mut defined = None;
    for it in &i.items {
        match it {
            // rig's `async fn definition(&self, _prompt: String) -> ToolDefinition {
            // ToolDefinition { name, description, parameters } }`.
            syn::ImplItem::Fn(f) if f.sig.ident == "definition" => {
                if let Some(s) = returned_struct(&f.block) {
                    let field = |n: &str| {
                        s.fields.iter().find_map(|fv| match &fv.member {
                            syn::Member::Named(id) if id == n => Some(&fv.expr),
                            _ => None,
                        })
                    };
                    description = description.or_else(|| {
                        field("description").and_then(|e| super::known::static_str(ctx, e))
                    });
                    defined = field("parameters")
                        .or_else(|| field("input_schema"))
                        .map(|e| (f, e));
                }
            }
            syn::ImplItem::Const(c) => {
                let id = c.ident.to_string();
                if id == "NAME" || id.ends_with("_NAME") && !id.contains("TITLE") {
                    name = name.or_else(|| super::known::static_str(ctx, &c.expr));
                } else if id == "DESCRIPTION" || id.ends_with("_DESCRIPTION") {
                    description = super::known::static_str(ctx, &c.expr);
                }
            }
            syn::ImplItem::Type(t) if super::one_of(&t.ident, TRAIT_INPUT_TYPES) => {
                input = super::known::type_name(&t.ty);
            }
            syn::ImplItem::Fn(f)
                if f.sig.inputs.iter().all(|a| matches!(a, FnArg::Receiver(_))) =>
            {
                let id = f.sig.ident.to_string();
                let body = match f.block.stmts.as_slice() {
                    [syn::Stmt::Expr(e, None)] => Some(e),
                    _ => None,
                };
                match id.as_str() {
                    "name" | "tool_name" => {
                        name = name.or_else(|| body.and_then(|e| super::known::static_str(ctx, e)));
                    }
                    "description" => {
                        description = description
                            .or_else(|| body.and_then(|e| super::known::static_str(ctx, e)));
                    }
                    "input_schema" | "schema" | "json_schema" | "parameters" => schema_fn = Some(f),
                    _ => {}
                }
            }
            _ => {}
        }
    }
    let name = name?;
    let mut t = RustTool {
        name,
        description,
        annotations: Annotations::default(),
        input,
        schema: None,
        dialect_dropped: false,
        spec: None,
        handler: None,
        owner: Some(owner.clone()),
        callees: Vec::new(),
        registered: None,
        dispatcher: None,
        hands_on: false,
        works_itself: false,
        by_arms_alone: false,
        form: Form::Trait,
        not_static: Vec::new(),
    };
    if t.input.is_none()
        && let Some(f) = schema_fn
    {
        super::tool_values::fn_schema(ctx, f, &mut t);
    } else if t.input.is_none()
        && let Some((f, e)) = defined
    {
        super::tool_values::expr_schema(ctx, f, e, &mut t);
    }
    if t.input.is_none() && t.schema.is_none() && t.description.is_none() {
        return None;
    }
    let takes_input = |f: &syn::ImplItemFn| {
        t.input.as_ref().is_some_and(|ty| {
            f.sig.inputs.iter().any(|a| match a {
                FnArg::Typed(p) => {
                    let text = quote::ToTokens::to_token_stream(&p.ty).to_string();
                    text.split(|c: char| !c.is_alphanumeric() && c != '_')
                        .any(|w| w == ty || TRAIT_INPUT_TYPES.contains(&w))
                }
                _ => false,
            })
        })
    };
    let fns: Vec<&syn::ImplItemFn> = i
        .items
        .iter()
        .filter_map(|it| match it {
            syn::ImplItem::Fn(f) => Some(f),
            _ => None,
        })
        .collect();
    let handler = fns.iter().find(|f| takes_input(f)).or_else(|| {
        fns.iter()
            .find(|f| super::one_of(&f.sig.ident, RUN_METHODS))
    });
    t.handler = handler.map(|f| (f.sig.ident.to_string(), Some(owner)));
    Some(t)
}

/// The struct literal a method body answers with (its tail, through `Ok(..)` and blocks).
fn returned_struct(b: &syn::Block) -> Option<&syn::ExprStruct> {
    let Some(syn::Stmt::Expr(e, None)) = b.stmts.last() else {
        return None;
    };
    let mut e = e;
    loop {
        match e {
            syn::Expr::Struct(s) => return Some(s),
            syn::Expr::Paren(p) => e = &p.expr,
            syn::Expr::Block(b) => return returned_struct(&b.block),
            syn::Expr::Call(c)
                if c.args.len() == 1
                    && matches!(&*c.func, syn::Expr::Path(p) if p.path.is_ident("Ok")) =>
            {
                e = &c.args[0];
            }
            _ => return None,
        }
    }
}
