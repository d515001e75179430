//! Where a value can make a function panic: what an `.unwrap()`/`.expect(..)` fails on, which
//! standard types a `parse` into can refuse a string, and which expressions index a
//! sequence. Syntax only: which value each is about is the walker's to say.

use super::syntax::strip_borrows;
use syn::Expr;

/// What the receiver of an `.unwrap()`/`.expect(..)` asks of the value it reads.
pub enum Unwrapped<'e> {
    /// The value is an `Option` (a field, `map.get("k")`): it must be there.
    Present(&'e Expr),
    /// `v.as_str()`, `v.as_u64()` on a JSON value: it must be of that type.
    Json(&'static str, &'e Expr),
    /// `v.parse()` / `v.parse::<T>()`: it must parse; the call, for its turbofish.
    Parsed(&'e syn::ExprMethodCall),
}

/// Views that keep an `Option` what it is (`input.path.as_deref().unwrap()`).
const VIEWS: &[&str] = &["as_ref", "as_deref", "as_mut", "clone", "cloned", "copied"];

/// What `receiver.unwrap()` fails on, when it is one of the value's own steps.
pub fn unwrapped(receiver: &Expr) -> Option<Unwrapped<'_>> {
    let e = strip_borrows(receiver);
    let Expr::MethodCall(m) = e else {
        return matches!(e, Expr::Path(_) | Expr::Field(_)).then_some(Unwrapped::Present(e));
    };
    let method = m.method.to_string();
    if VIEWS.contains(&method.as_str()) && m.args.is_empty() {
        return unwrapped(&m.receiver);
    }
    match method.as_str() {
        "get" if m.args.len() == 1 => Some(Unwrapped::Present(e)),
        "parse" if m.args.is_empty() => Some(Unwrapped::Parsed(m)),
        // `args.get("n").and_then(|v| v.as_u64())`: the accessor, inside the option.
        "and_then" if m.args.len() == 1 => {
            super::syntax::closure_method(&m.args[0]).map(|json| Unwrapped::Json(json, &m.receiver))
        }
        _ => super::syntax::read_as(&method)
            .filter(|_| m.args.is_empty())
            .map(|json| Unwrapped::Json(json, &m.receiver)),
    }
}

/// `x.unwrap()` or `x.expect("..")`: its receiver.
pub fn unwrap_of(m: &syn::ExprMethodCall) -> Option<&Expr> {
    match (m.method.to_string().as_str(), m.args.len()) {
        ("unwrap", 0) | ("expect", 1) => Some(&m.receiver),
        _ => None,
    }
}

/// The standard type a string parses into, as written, when its `FromStr` refuses some
/// strings: the numbers, `bool`, `char` and the address types. `String`, `PathBuf` and a
/// type of the crate or another crate are left out: their parse may never fail, or fail on
/// what is not known here.
pub fn refusing(ty: &syn::Type) -> Option<String> {
    let syn::Type::Path(p) = ty else { return None };
    if p.qself.is_some() {
        return None;
    }
    let last = p.path.segments.last()?.ident.to_string();
    let known = super::types::ty(ty).int_range().is_some()
        || matches!(
            last.as_str(),
            "f32" | "f64" | "bool" | "char" | "IpAddr" | "Ipv4Addr" | "Ipv6Addr" | "SocketAddr"
        );
    known.then_some(last)
}

/// The expression a sequence is indexed by, seen through `x - 1`, `x + 1` and parentheses:
/// a number written beside it moves the index, it does not bound it.
pub fn index_value(e: &Expr) -> &Expr {
    match e {
        Expr::Paren(p) => index_value(&p.expr),
        Expr::Binary(b)
            if matches!(b.op, syn::BinOp::Sub(_) | syn::BinOp::Add(_))
                && super::attrs::number(&b.right).is_some() =>
        {
            index_value(&b.left)
        }
        e => e,
    }
}

/// Whether a `let` makes a sequence that panics when indexed past its end: a `Vec`, array,
/// slice or `VecDeque` by its annotation, `vec![..]`, an array literal, `.to_vec()`,
/// `.collect::<Vec<_>>()`, `Vec::new()`. A `serde_json::Value` indexed by a number answers
/// `null` instead, so a local of unknown type is no sequence.
pub fn makes_sequence(init: &Expr, annotated: Option<&syn::Type>) -> bool {
    if let Some(t) = annotated {
        return sequence_type(t);
    }
    match strip_borrows(init) {
        Expr::Macro(m) => m.mac.path.is_ident("vec"),
        Expr::Array(_) | Expr::Repeat(_) => true,
        Expr::MethodCall(m) => match m.method.to_string().as_str() {
            "to_vec" => true,
            "collect" => m.turbofish.as_ref().is_some_and(|t| {
                t.args.iter().any(|a| match a {
                    syn::GenericArgument::Type(t) => sequence_type(t),
                    _ => false,
                })
            }),
            _ => false,
        },
        Expr::Call(c) => matches!(c.func.as_ref(), Expr::Path(p)
            if p.path.segments.len() == 2
                && p.path.segments[0].ident == "Vec"
                && matches!(p.path.segments[1].ident.to_string().as_str(), "new" | "with_capacity" | "from")),
        _ => false,
    }
}

fn sequence_type(t: &syn::Type) -> bool {
    match t {
        syn::Type::Reference(r) => sequence_type(&r.elem),
        syn::Type::Array(_) | syn::Type::Slice(_) => true,
        syn::Type::Path(p) => p
            .path
            .segments
            .last()
            .is_some_and(|s| s.ident == "Vec" || s.ident == "VecDeque"),
        _ => false,
    }
}
