//! Data written in the code: a constant or static list of struct literals (`const PRODUCTS:
//! &[Product] = &[Product { id: "FT-A", folded_thickness_mm: Some(70), .. }, ..]`, or the
//! same in `vec![..]`), read as records so that a search over it can be checked against
//! the records it holds; and which list a loop walks (`for p in PRODUCTS.iter()`).

use super::syntax::strip_borrows;
use crate::contract::RecordList;
use crate::source::Span;
use serde_json::Value;
use syn::{Expr, Lit, Member};

/// Most records read from one list: a sandbox's catalogue holds a handful.
const MAX_RECORDS: usize = 1_000;

/// The records of `expr` when every element is a literal of one struct; a field whose value
/// is not a literal is left out of its record.
pub fn record_list(name: &str, expr: &Expr, span: Span) -> Option<RecordList> {
    let elems: Vec<Expr> = match strip_borrows(expr) {
        Expr::Array(a) => a.elems.iter().cloned().collect(),
        Expr::Macro(m) if m.mac.path.is_ident("vec") => syn::parse::Parser::parse2(
            syn::punctuated::Punctuated::<Expr, syn::Token![,]>::parse_terminated,
            m.mac.tokens.clone(),
        )
        .ok()?
        .into_iter()
        .collect(),
        _ => return None,
    };
    if elems.is_empty() || elems.len() > MAX_RECORDS {
        return None;
    }
    let mut ty: Option<String> = None;
    let mut records = Vec::with_capacity(elems.len());
    for e in &elems {
        let Expr::Struct(s) = e else { return None };
        if s.rest.is_some() {
            return None;
        }
        let name = s.path.segments.last()?.ident.to_string();
        if ty.get_or_insert_with(|| name.clone()) != &name {
            return None;
        }
        let fields = s
            .fields
            .iter()
            .filter_map(|f| match &f.member {
                Member::Named(n) => Some((n.to_string(), literal(&f.expr)?)),
                Member::Unnamed(_) => None,
            })
            .collect();
        records.push(fields);
    }
    Some(RecordList {
        name: name.to_string(),
        ty: ty?,
        records,
        span,
    })
}

/// A literal value: a number, string, boolean, `None` (null: the record says it is unknown),
/// `Some(literal)`, or a string made owned (`"a".to_string()`, `String::from("a")`).
fn literal(e: &Expr) -> Option<Value> {
    match strip_borrows(e) {
        Expr::Lit(l) => match &l.lit {
            Lit::Int(i) => i.base10_parse::<i64>().ok().map(Value::from),
            Lit::Float(f) => f.base10_parse::<f64>().ok().map(Value::from),
            Lit::Str(s) => Some(Value::String(s.value())),
            Lit::Bool(b) => Some(Value::Bool(b.value)),
            _ => None,
        },
        Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => match literal(&u.expr)? {
            Value::Number(n) => n
                .as_i64()
                .map(|i| Value::from(-i))
                .or_else(|| n.as_f64().map(|f| Value::from(-f))),
            _ => None,
        },
        Expr::Path(p) if p.path.is_ident("None") => Some(Value::Null),
        Expr::Call(c)
            if c.args.len() == 1
                && matches!(c.func.as_ref(), Expr::Path(p) if p.path.is_ident("Some")) =>
        {
            literal(&c.args[0]).filter(|v| !v.is_null())
        }
        Expr::Call(c) if c.args.len() == 1 && is_string_from(&c.func) => {
            literal(&c.args[0]).filter(Value::is_string)
        }
        Expr::MethodCall(m)
            if m.args.is_empty()
                && matches!(
                    m.method.to_string().as_str(),
                    "to_string" | "to_owned" | "into"
                ) =>
        {
            literal(&m.receiver).filter(Value::is_string)
        }
        _ => None,
    }
}

fn is_string_from(func: &Expr) -> bool {
    let Expr::Path(p) = func else { return false };
    super::syntax::segment_names(&p.path) == ["String", "from"]
}

/// The name of the list whose elements a loop over `e` binds (`PRODUCTS` in
/// `PRODUCTS.iter().filter(..)`, `&PRODUCTS`): adaptors that keep each element as it is are
/// looked through, any other (a `map`) ends the walk.
pub fn iterated(e: &Expr) -> Option<String> {
    match strip_borrows(e) {
        Expr::MethodCall(m)
            if matches!(
                m.method.to_string().as_str(),
                "iter"
                    | "into_iter"
                    | "filter"
                    | "skip"
                    | "take"
                    | "rev"
                    | "copied"
                    | "cloned"
                    | "by_ref"
                    | "skip_while"
                    | "take_while"
            ) =>
        {
            iterated(&m.receiver)
        }
        Expr::Path(p) => p.path.get_ident().map(ToString::to_string),
        _ => None,
    }
}
