//! The JSON forms a hand-written serde deserializer turns into a value: a function generic
//! over a `Deserializer` that reads the input as a `serde_json::Value` and matches on its
//! variants (`Value::String(s) => Ok(Some(vec![s]))`, `_ => Err(..)`). Each variant an arm
//! names and that arm does not refuse is a form the field deserialized with it takes,
//! whatever its published schema says. A catch-all that accepts, or a read that is not a
//! match on the `Value`, says nothing: no form is claimed.

use super::Ctx;
use super::syntax::leaves_with_error;
use crate::contract::JsonType;
use crate::source::Span;
use syn::visit::{self, Visit};
use syn::{Expr, FnArg, GenericParam, Pat, Stmt, TypeParamBound};

/// The variants of `serde_json::Value` and the JSON type each is.
const VARIANTS: &[(&str, JsonType)] = &[
    ("Null", JsonType::Null),
    ("Bool", JsonType::Boolean),
    ("Number", JsonType::Number),
    ("String", JsonType::String),
    ("Array", JsonType::Array),
    ("Object", JsonType::Object),
];

/// The forms `sig`'s function, a deserializer, accepts, each with the arm that takes it.
pub fn json_forms(ctx: &Ctx, sig: &syn::Signature, block: &syn::Block) -> Vec<(JsonType, Span)> {
    let Some(de) = deserializer_param(sig) else {
        return Vec::new();
    };
    // `use serde_json::Value;` written inside the body binds the name there.
    let local_value = block.stmts.iter().any(|s| match s {
        Stmt::Item(syn::Item::Use(u)) => binds_value(&u.tree, &mut Vec::new()),
        _ => false,
    });
    // Whether a path's second to last segment is `serde_json::Value` (`Value::String`,
    // `Value::deserialize`), through the file's imports or one written in the body.
    let is_value = |p: &syn::Path| -> bool {
        let segs: Vec<String> =
            if local_value && p.segments.len() >= 2 && p.segments[0].ident == "Value" {
                ["serde_json".to_string()]
                    .into_iter()
                    .chain(p.segments.iter().map(|s| s.ident.to_string()))
                    .collect()
            } else {
                ctx.resolve(p.segments[0].ident.span(), p)
            };
        segs.len() >= 2 && segs[0] == "serde_json" && segs[segs.len() - 2] == "Value"
    };
    // `let value = Value::deserialize(deserializer)?;`
    let mut read = None;
    for s in &block.stmts {
        let Stmt::Local(l) = s else { continue };
        let (Pat::Ident(name), Some(init)) = (&l.pat, &l.init) else {
            continue;
        };
        let mut e = init.expr.as_ref();
        while let Expr::Try(t) = e {
            e = &t.expr;
        }
        if let Expr::Call(c) = e
            && let Expr::Path(f) = c.func.as_ref()
            && f.path
                .segments
                .last()
                .is_some_and(|s| s.ident == "deserialize")
            && is_value(&f.path)
            && matches!(c.args.first(), Some(Expr::Path(a)) if a.path.is_ident(&de))
        {
            read = Some(name.ident.to_string());
        }
    }
    let Some(local) = read else {
        return Vec::new();
    };
    struct Arms<'a, F: Fn(&syn::Path) -> bool> {
        ctx: &'a Ctx<'a>,
        local: &'a str,
        is_value: F,
        out: Vec<(JsonType, Span)>,
    }
    impl<F: Fn(&syn::Path) -> bool> Visit<'_> for Arms<'_, F> {
        fn visit_expr_match(&mut self, m: &syn::ExprMatch) {
            if matches!(m.expr.as_ref(), Expr::Path(p) if p.path.is_ident(self.local)) {
                for a in &m.arms {
                    if leaves_with_error(&a.body) {
                        continue;
                    }
                    let mut named = Vec::new();
                    variants(&a.pat, &self.is_value, &mut named);
                    for json in named {
                        self.out
                            .push((json, self.ctx.span(syn::spanned::Spanned::span(&a.pat))));
                    }
                }
            }
            visit::visit_expr_match(self, m);
        }
        fn visit_expr_closure(&mut self, _: &syn::ExprClosure) {}
    }
    let mut arms = Arms {
        ctx,
        local: &local,
        is_value,
        out: Vec::new(),
    };
    arms.visit_block(block);
    arms.out
}

/// The variants of `Value` a pattern names, alternatives included; a binding or wildcard
/// names none.
fn variants(p: &Pat, is_value: &impl Fn(&syn::Path) -> bool, out: &mut Vec<JsonType>) {
    let path = match p {
        Pat::Or(o) => {
            for c in &o.cases {
                variants(c, is_value, out);
            }
            return;
        }
        Pat::TupleStruct(t) => &t.path,
        Pat::Path(p) => &p.path,
        Pat::Struct(s) => &s.path,
        _ => return,
    };
    let Some(last) = path.segments.last() else {
        return;
    };
    if path.segments.len() >= 2
        && is_value(path)
        && let Some((_, json)) = VARIANTS.iter().find(|(v, _)| last.ident == v)
    {
        out.push(*json);
    }
}

/// A use tree that binds `Value` to `serde_json::Value`.
fn binds_value(tree: &syn::UseTree, prefix: &mut Vec<String>) -> bool {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            let found = binds_value(&p.tree, prefix);
            prefix.pop();
            found
        }
        syn::UseTree::Name(n) => n.ident == "Value" && prefix.as_slice() == ["serde_json"],
        syn::UseTree::Group(g) => g.items.iter().any(|t| binds_value(t, prefix)),
        _ => false,
    }
}

/// The parameter whose type is a generic bounded by `Deserializer` (`D: Deserializer<'de>`,
/// or a `where` clause), by name.
fn deserializer_param(sig: &syn::Signature) -> Option<String> {
    let bounded = |bounds: &syn::punctuated::Punctuated<TypeParamBound, syn::Token![+]>| {
        bounds.iter().any(|b| match b {
            TypeParamBound::Trait(t) => t
                .path
                .segments
                .last()
                .is_some_and(|s| s.ident == "Deserializer"),
            _ => false,
        })
    };
    let mut generics: Vec<String> = sig
        .generics
        .params
        .iter()
        .filter_map(|g| match g {
            GenericParam::Type(t) if bounded(&t.bounds) => Some(t.ident.to_string()),
            _ => None,
        })
        .collect();
    if let Some(w) = &sig.generics.where_clause {
        for p in &w.predicates {
            if let syn::WherePredicate::Type(t) = p
                && bounded(&t.bounds)
                && let syn::Type::Path(tp) = &t.bounded_ty
                && let Some(id) = tp.path.get_ident()
            {
                generics.push(id.to_string());
            }
        }
    }
    sig.inputs.iter().find_map(|a| match a {
        FnArg::Typed(t) => match (t.pat.as_ref(), t.ty.as_ref()) {
            (Pat::Ident(name), syn::Type::Path(tp))
                if tp
                    .path
                    .get_ident()
                    .is_some_and(|i| generics.iter().any(|g| i == g)) =>
            {
                Some(name.ident.to_string())
            }
            _ => None,
        },
        _ => None,
    })
}
