//! Values known without running the code: a string written as a literal, a constant or a
//! conversion of one, and the name a type path ends in. Tool declarations of every form and
//! the `json!` lowering read names and descriptions through these.

use super::Ctx;
use crate::source::Spanned;
use syn::Expr;
use syn::spanned::Spanned as _;

/// A string known without running the code: a literal, `concat!` of literals, a string
/// constant of the file, or one of those through `Some`, `Cow::Borrowed`, `String::from`,
/// `.into()`, `.to_string()`, `.to_owned()`. The span is the literal's (or the constant's use).
pub fn static_str(ctx: &Ctx, e: &Expr) -> Option<Spanned<String>> {
    static_str_in(ctx, e, None)
}

/// [`static_str`] written inside an impl of `owner`, where `Self::NAME` is that impl's
/// constant (a file holding many tools gives each its own `const NAME`).
pub fn static_str_in(ctx: &Ctx, e: &Expr, owner: Option<&str>) -> Option<Spanned<String>> {
    if let Some(s) = super::attrs::lit_str(e) {
        return Some(Spanned::new(s, ctx.span(e.span())));
    }
    let inner = |e: &Expr| static_str_in(ctx, e, owner);
    match e {
        Expr::Path(p) if p.qself.is_none() => {
            let name = p.path.segments.last()?.ident.to_string();
            if let [ty, _] = &p.path.segments.iter().collect::<Vec<_>>()[..] {
                let ty = match ty.ident.to_string() {
                    s if s == "Self" => owner.map(str::to_string),
                    s => Some(s),
                };
                if let Some(s) = ty.and_then(|t| ctx.impl_str_constant(&t, &name)) {
                    return Some(Spanned::new(s.to_string(), ctx.span(e.span())));
                }
            }
            let s = ctx.str_constant(&name)?;
            Some(Spanned::new(s.to_string(), ctx.span(e.span())))
        }
        // `include_str!("prompts/book.md")`: the file's text when the engine read it (inside
        // the package); the span is the macro's.
        Expr::Macro(_) => {
            let text = super::attrs::included(ctx, e)?;
            Some(Spanned::new(text.to_string(), ctx.span(e.span())))
        }
        Expr::Reference(r) => inner(&r.expr),
        Expr::Paren(p) => inner(&p.expr),
        Expr::Group(g) => inner(&g.expr),
        Expr::Call(c) if c.args.len() == 1 => {
            let Expr::Path(f) = &*c.func else { return None };
            let last = f.path.segments.last()?.ident.to_string();
            let wraps = ["Some", "Borrowed", "Owned", "from", "new"].contains(&last.as_str());
            wraps.then(|| inner(&c.args[0])).flatten()
        }
        Expr::MethodCall(m) if m.args.is_empty() => {
            let conv = ["into", "to_string", "to_owned", "into_owned"];
            conv.iter()
                .any(|c| m.method == c)
                .then(|| inner(&m.receiver))
                .flatten()
        }
        _ => None,
    }
}

/// The last segment of a type path (`crate::tools::Input` → `Input`).
pub fn type_name(t: &syn::Type) -> Option<String> {
    match t {
        syn::Type::Path(p) if p.qself.is_none() => {
            p.path.segments.last().map(|s| s.ident.to_string())
        }
        syn::Type::Group(g) => type_name(&g.elem),
        syn::Type::Paren(p) => type_name(&p.elem),
        _ => None,
    }
}
