//! What a piece of Rust syntax means wherever it appears: a comparison operator, the span a
//! label should cover, whether a block turns the call away. Shared by the check and the
//! behaviour readers, which otherwise see nothing of each other.

use crate::contract::{CmpOp, Outcome};
use syn::visit::{self, Visit};
use syn::{BinOp, Expr, Pat};

/// A field's name as serde and the schema see it: the field `r#type` is `type` on the wire,
/// and a read of `req.r#type` reads that property.
pub fn field_name(id: &syn::Ident) -> String {
    syn::ext::IdentExt::unraw(id).to_string()
}

/// From the method name to the closing parenthesis: `unwrap_or(1)` in `a.b.unwrap_or(1)`,
/// so a label does not cover the whole receiver chain.
/// Every identifier in `tokens`, through groups: what a macro body this crate does not parse
/// may name.
pub fn idents(tokens: proc_macro2::TokenStream, out: &mut Vec<String>) {
    for t in tokens {
        match t {
            proc_macro2::TokenTree::Ident(i) => out.push(i.to_string()),
            proc_macro2::TokenTree::Group(g) => idents(g.stream(), out),
            _ => {}
        }
    }
}

pub fn call_span(m: &syn::ExprMethodCall) -> proc_macro2::Span {
    m.method
        .span()
        .join(m.paren_token.span.close())
        .unwrap_or_else(|| m.method.span())
}

pub fn cmp_op(op: BinOp) -> Option<CmpOp> {
    Some(match op {
        BinOp::Lt(_) => CmpOp::Lt,
        BinOp::Le(_) => CmpOp::Le,
        BinOp::Gt(_) => CmpOp::Gt,
        BinOp::Ge(_) => CmpOp::Ge,
        BinOp::Eq(_) => CmpOp::Eq,
        BinOp::Ne(_) => CmpOp::Ne,
        _ => return None,
    })
}

/// The type whose methods a parameter of type `t` answers: its last path segment, through
/// references and `Arc`/`Rc`/`Box` (`&mut Cart`, `Arc<Store>`, `wassette::LifecycleManager`,
/// `Sender<u64>`: `Sender`). `None` for a trait object, an `impl Trait`, a tuple, or a type
/// parameter of the function (`generics`): such a value has no one type.
pub fn method_receiver(t: &syn::Type, generics: &syn::Generics) -> Option<String> {
    match t {
        syn::Type::Reference(r) => method_receiver(&r.elem, generics),
        syn::Type::Paren(p) => method_receiver(&p.elem, generics),
        syn::Type::Group(g) => method_receiver(&g.elem, generics),
        syn::Type::Path(p) if p.qself.is_none() => {
            let last = p.path.segments.last()?;
            if ["Arc", "Rc", "Box"].iter().any(|w| last.ident == w)
                && let syn::PathArguments::AngleBracketed(a) = &last.arguments
                && let [syn::GenericArgument::Type(inner)] = a.args.iter().collect::<Vec<_>>()[..]
            {
                return method_receiver(inner, generics);
            }
            let generic =
                p.path.segments.len() == 1 && generics.type_params().any(|g| g.ident == last.ident);
            (!generic).then(|| last.ident.to_string())
        }
        _ => None,
    }
}

/// What a `let` says of its local's type: stated (`let c: Client = ..`, `let c = Client {
/// .. }`), or made by an associated function whose return type linking reads
/// (`let c = Client::new(..)?`).
pub enum LocalType {
    Known(String),
    Made(crate::contract::TypeHint),
}

/// The type of the local a `let` binds from `init`, as far as the syntax says it: an
/// annotation, a struct literal, or a `Type::function(..)` call (through `?`, `.await`,
/// `.unwrap()`, `.expect(..)`).
pub fn local_type(
    init: &Expr,
    annotated: Option<&syn::Type>,
    generics: &syn::Generics,
) -> Option<LocalType> {
    if let Some(t) = annotated {
        return method_receiver(t, generics).map(LocalType::Known);
    }
    let mut e = init;
    loop {
        e = match e {
            Expr::Paren(p) => &p.expr,
            Expr::Group(g) => &g.expr,
            Expr::Try(t) => &t.expr,
            Expr::Await(a) => &a.base,
            Expr::MethodCall(m)
                if (m.method == "unwrap" || m.method == "expect") && m.args.len() <= 1 =>
            {
                &m.receiver
            }
            _ => break,
        };
    }
    match e {
        Expr::Struct(s) if s.qself.is_none() => {
            let last = s.path.segments.last()?.ident.to_string();
            (last != "Self").then_some(LocalType::Known(last))
        }
        Expr::Call(c) => {
            let Expr::Path(p) = c.func.as_ref() else {
                return None;
            };
            let n = p.path.segments.len();
            if p.qself.is_some() || n < 2 {
                return None;
            }
            let ty = p.path.segments[n - 2].ident.to_string();
            let by = p.path.segments[n - 1].ident.to_string();
            (ty.starts_with(char::is_uppercase) && ty != "Self")
                .then_some(LocalType::Made(crate::contract::TypeHint::Made { ty, by }))
        }
        _ => None,
    }
}

/// The type a lock of type `t` guards: `T` of `Mutex<T>`, `RwLock<T>`, `RefCell<T>` (std,
/// tokio or parking_lot: by the last segment), through references and `Arc`/`Rc`/`Box`.
pub fn guarded(t: &syn::Type, generics: &syn::Generics) -> Option<String> {
    match t {
        syn::Type::Reference(r) => guarded(&r.elem, generics),
        syn::Type::Paren(p) => guarded(&p.elem, generics),
        syn::Type::Group(g) => guarded(&g.elem, generics),
        syn::Type::Path(p) if p.qself.is_none() => {
            let last = p.path.segments.last()?;
            let syn::PathArguments::AngleBracketed(a) = &last.arguments else {
                return None;
            };
            let [syn::GenericArgument::Type(inner)] = a.args.iter().collect::<Vec<_>>()[..] else {
                return None;
            };
            if ["Arc", "Rc", "Box"].iter().any(|w| last.ident == w) {
                return guarded(inner, generics);
            }
            ["Mutex", "RwLock", "RefCell"]
                .iter()
                .any(|w| last.ident == w)
                .then(|| method_receiver(inner, generics))?
        }
        _ => None,
    }
}

/// Whether a return type is the `impl` type `self_ty` itself (`Self`, `Client`), directly or
/// inside `Result`/`Option`/`Arc`/`Rc`/`Box`: the function constructs one.
pub fn returns_self(t: &syn::Type, self_ty: &str) -> bool {
    match t {
        syn::Type::Paren(p) => returns_self(&p.elem, self_ty),
        syn::Type::Group(g) => returns_self(&g.elem, self_ty),
        syn::Type::Path(p) if p.qself.is_none() => {
            let Some(last) = p.path.segments.last() else {
                return false;
            };
            if last.ident == "Self" || last.ident == self_ty {
                return true;
            }
            let wraps = ["Result", "Option", "Arc", "Rc", "Box"]
                .iter()
                .any(|w| last.ident == w);
            match &last.arguments {
                syn::PathArguments::AngleBracketed(a) if wraps => match a.args.first() {
                    Some(syn::GenericArgument::Type(inner)) => returns_self(inner, self_ty),
                    _ => false,
                },
                _ => false,
            }
        }
        _ => false,
    }
}

/// The trait whose implementations a parameter of type `t` may be: `dyn Trait`,
/// `impl Trait`, `&mut dyn Trait`, `Box<dyn Trait>`/`Arc<..>`, or a type parameter `T` of the
/// function bound by one trait (`T: Trait`, `where T: Trait`). Marker bounds (`Send`,
/// `Sync`, lifetimes) are not the trait; two traits leave it unknown.
pub fn trait_receiver(t: &syn::Type, generics: &syn::Generics) -> Option<String> {
    fn one(bounds: &mut dyn Iterator<Item = &syn::TypeParamBound>) -> Option<String> {
        let names: Vec<String> = bounds
            .filter_map(|b| match b {
                syn::TypeParamBound::Trait(t) => {
                    t.path.segments.last().map(|s| s.ident.to_string())
                }
                _ => None,
            })
            .filter(|n| {
                !["Send", "Sync", "Unpin", "Sized", "Clone", "Copy", "Debug"].contains(&n.as_str())
            })
            .collect();
        match names.as_slice() {
            [one] => Some(one.clone()),
            _ => None,
        }
    }
    match t {
        syn::Type::Reference(r) => trait_receiver(&r.elem, generics),
        syn::Type::Paren(p) => trait_receiver(&p.elem, generics),
        syn::Type::Group(g) => trait_receiver(&g.elem, generics),
        syn::Type::TraitObject(o) => one(&mut o.bounds.iter()),
        syn::Type::ImplTrait(i) => one(&mut i.bounds.iter()),
        syn::Type::Path(p) if p.qself.is_none() => {
            let last = p.path.segments.last()?;
            if ["Arc", "Rc", "Box"].iter().any(|w| last.ident == w)
                && let syn::PathArguments::AngleBracketed(a) = &last.arguments
                && let [syn::GenericArgument::Type(inner)] = a.args.iter().collect::<Vec<_>>()[..]
            {
                return trait_receiver(inner, generics);
            }
            if p.path.segments.len() != 1 {
                return None;
            }
            let param = generics.type_params().find(|g| g.ident == last.ident)?;
            let mut bounds: Vec<&syn::TypeParamBound> = param.bounds.iter().collect();
            if let Some(w) = &generics.where_clause {
                for pred in &w.predicates {
                    if let syn::WherePredicate::Type(pt) = pred
                        && let syn::Type::Path(bp) = &pt.bounded_ty
                        && bp.path.is_ident(&last.ident)
                    {
                        bounds.extend(pt.bounds.iter());
                    }
                }
            }
            one(&mut bounds.into_iter())
        }
        _ => None,
    }
}

/// Whether a call of this path builds an error: `Err(..)`, or an error constructor of a
/// type (`CallToolResult::error`, rmcp's `CallToolResult::structured_error`,
/// `ErrorData::invalid_params`).
fn builds_error(path: &syn::Path) -> bool {
    let Some(last) = path.segments.last() else {
        return false;
    };
    last.ident == "Err"
        || (path.segments.len() > 1
            && (last.ident == "error"
                || last.ident == "structured_error"
                || last.ident.to_string().starts_with("invalid")))
}

/// Calls that turn a value into text or JSON (`serde_json::to_string(&v)`): their `Result`
/// fails on what the value's type cannot be written as, never on what a caller sent, so it
/// loses nothing worth reporting and checks nothing of the input.
pub const SERIALIZE: &[&str] = &[
    "to_string",
    "to_string_pretty",
    "to_value",
    "to_vec",
    "to_vec_pretty",
];

/// The first JSON-RPC protocol error for bad arguments built in `e`: rmcp's
/// `McpError::invalid_params(..)` / `ErrorData::invalid_request(..)`, or
/// `ErrorData::new(ErrorCode::INVALID_PARAMS, ..)`, at the constructor's name.
pub fn protocol_error(e: &Expr) -> Option<proc_macro2::Span> {
    /// rmcp's error type, by the names it is used under.
    const TYPES: &[&str] = &["McpError", "ErrorData"];
    struct Finder(Option<proc_macro2::Span>);
    impl Visit<'_> for Finder {
        fn visit_expr_call(&mut self, c: &syn::ExprCall) {
            if self.0.is_none()
                && let Expr::Path(p) = c.func.as_ref()
                && let [.., ty, f] = Vec::from_iter(&p.path.segments)[..]
                && TYPES.iter().any(|t| ty.ident == t)
            {
                let code = |a: &Expr| {
                    matches!(a, Expr::Path(p) if p.path.segments.last().is_some_and(|s| {
                        s.ident == "INVALID_PARAMS" || s.ident == "INVALID_REQUEST"
                    }))
                };
                if f.ident == "invalid_params"
                    || f.ident == "invalid_request"
                    || (f.ident == "new" && c.args.first().is_some_and(code))
                {
                    self.0 = Some(f.ident.span());
                }
            }
            visit::visit_expr_call(self, c);
        }
    }
    let mut f = Finder(None);
    f.visit_expr(e);
    f.0
}

/// Whether `body` hands the local `name` on to a call (`lookup(other)`, `reg.find(&other)`,
/// `other.parse::<T>()`) other than an error's constructor or a conversion: what becomes of
/// that value is the callee's to say. Text built from it (`format!("unknown `{other}`")`)
/// hands nothing on.
pub fn forwards(body: &Expr, name: &str) -> bool {
    /// Methods that only convert or measure the value in place.
    const KEEPS: &[&str] = &[
        "as_str",
        "as_ref",
        "to_string",
        "to_owned",
        "clone",
        "into",
        "len",
        "is_empty",
        "trim",
    ];
    fn names(e: &Expr, name: &str) -> bool {
        match e {
            Expr::Path(p) => p.path.is_ident(name),
            Expr::Reference(r) => names(&r.expr, name),
            Expr::Paren(p) => names(&p.expr, name),
            Expr::MethodCall(m) if KEEPS.iter().any(|k| m.method == k) => names(&m.receiver, name),
            _ => false,
        }
    }
    struct Finder<'n>(&'n str, bool);
    impl Visit<'_> for Finder<'_> {
        fn visit_expr_call(&mut self, c: &syn::ExprCall) {
            let error = matches!(c.func.as_ref(), Expr::Path(p) if builds_error(&p.path));
            if !error && c.args.iter().any(|a| names(a, self.0)) {
                self.1 = true;
            }
            visit::visit_expr_call(self, c);
        }
        fn visit_expr_method_call(&mut self, m: &syn::ExprMethodCall) {
            let keeps = KEEPS.iter().any(|k| m.method == k);
            if m.args.iter().any(|a| names(a, self.0)) || (!keeps && names(&m.receiver, self.0)) {
                self.1 = true;
            }
            visit::visit_expr_method_call(self, m);
        }
    }
    let mut f = Finder(name, false);
    f.visit_expr(body);
    f.1
}

/// Whether a branch turns the call away: `return Err(..)`, a tail `Err(..)`, an error
/// constructor of an error type (`CallToolResult::error(..)`, `ErrorData::invalid_params(..)`),
/// `bail!`, an `Err(..)?`, or an `if`/`match` whose every branch does. A branch that only
/// logs does not, nor one that does its work and may fail on the way (an error inside a
/// loop, a closure or one arm of a `match` is another check's).
pub fn rejects(block: &syn::Block) -> bool {
    block.stmts.iter().any(|s| match s {
        syn::Stmt::Expr(e, _) => leaves_with_error(e),
        syn::Stmt::Macro(m) => error_macro(&m.mac),
        syn::Stmt::Local(_) | syn::Stmt::Item(_) => false,
    }) || answers_and_leaves(block)
}

/// `write_error(id, -32602, "relay_ask requires 'to'"); return;`: a branch of a handler
/// that answers by itself (no value to return) sends a message and leaves before the work:
/// the call is turned away, told why.
fn answers_and_leaves(block: &syn::Block) -> bool {
    let [sent @ .., last] = block.stmts.as_slice() else {
        return false;
    };
    let leaves = matches!(last, syn::Stmt::Expr(Expr::Return(r), _) if r.expr.is_none());
    let told = |args: &syn::punctuated::Punctuated<Expr, syn::Token![,]>| {
        args.iter()
            .any(|a| matches!(a, Expr::Lit(l) if matches!(l.lit, syn::Lit::Str(_))))
    };
    leaves
        && sent.iter().any(|s| match s {
            syn::Stmt::Expr(Expr::Call(c), _) => told(&c.args),
            syn::Stmt::Expr(Expr::MethodCall(m), _) => told(&m.args),
            _ => false,
        })
}

/// Whether evaluating `e` at the top of a branch always leaves with an error.
pub fn leaves_with_error(e: &Expr) -> bool {
    match e {
        Expr::Paren(p) => leaves_with_error(&p.expr),
        Expr::Group(g) => leaves_with_error(&g.expr),
        Expr::Block(b) => rejects(&b.block),
        Expr::Return(r) => r.expr.as_deref().is_some_and(builds_error_inside),
        Expr::Macro(m) => error_macro(&m.mac),
        Expr::Try(t) => builds_error_inside(&t.expr),
        Expr::Call(_) | Expr::MethodCall(_) => builds_error_inside(e),
        Expr::If(i) => {
            let otherwise = match i.else_branch.as_ref().map(|(_, e)| e.as_ref()) {
                Some(e) => leaves_with_error(e),
                None => false,
            };
            rejects(&i.then_branch) && otherwise
        }
        Expr::Match(m) => !m.arms.is_empty() && m.arms.iter().all(|a| leaves_with_error(&a.body)),
        _ => false,
    }
}

/// `bail!(..)`, or a macro that returns an `Err` (`return Err(..)` written through one).
fn error_macro(m: &syn::Macro) -> bool {
    m.path.segments.last().is_some_and(|s| s.ident == "bail")
        || m.tokens.to_string().contains("Err")
}

/// Whether an error value is built in `e` (not inside a closure, which runs elsewhere).
fn builds_error_inside(e: &Expr) -> bool {
    builds_error_in(|f| f.visit_expr(e))
}

/// [`builds_error_inside`] for what `walk` visits (a block, an expression).
fn builds_error_in(walk: impl FnOnce(&mut dyn for<'a> Visit<'a>)) -> bool {
    struct Finder(bool);
    impl Visit<'_> for Finder {
        fn visit_expr_call(&mut self, c: &syn::ExprCall) {
            if let Expr::Path(p) = c.func.as_ref()
                && builds_error(&p.path)
            {
                self.0 = true;
            }
            visit::visit_expr_call(self, c);
        }
        fn visit_macro(&mut self, m: &syn::Macro) {
            self.0 |= error_macro(m);
        }
        fn visit_expr_closure(&mut self, _: &syn::ExprClosure) {}
        fn visit_item(&mut self, _: &syn::Item) {}
    }
    let mut f = Finder(false);
    walk(&mut f);
    f.0
}

/// Whether an expression is an error value built on the spot: `Err(..)`, an error
/// constructor of an error type (`CallToolResult::error(..)`, `ErrorData::invalid_params(..)`),
/// `Ok` of such a result (rmcp's `isError`), or `bail!`. Unlike [`rejects`], nothing inside a
/// `match` or an `if` counts: this is about what a value *is*.
pub fn error_value(e: &Expr) -> bool {
    match e {
        Expr::Paren(p) => error_value(&p.expr),
        Expr::Group(g) => error_value(&g.expr),
        Expr::Return(r) => r.expr.as_deref().is_some_and(error_value),
        Expr::Call(c) => {
            let Expr::Path(p) = c.func.as_ref() else {
                return false;
            };
            if p.path.is_ident("Ok") && c.args.len() == 1 {
                return error_value(&c.args[0]);
            }
            builds_error(&p.path)
        }
        Expr::Macro(m) => m
            .mac
            .path
            .segments
            .last()
            .is_some_and(|s| s.ident == "bail"),
        _ => false,
    }
}

/// The call whose value an expression is, through `Ok(..)`, `.await`, `.into()` and
/// parentheses: `Self::err(..)`, `Ok(self.reject(..).await)`. Its span is the one the call's
/// [`crate::contract::CallFact`] carries (the name of the function or method).
pub fn value_call(e: &Expr) -> Option<proc_macro2::Span> {
    match e {
        Expr::Paren(p) => value_call(&p.expr),
        Expr::Group(g) => value_call(&g.expr),
        Expr::Await(a) => value_call(&a.base),
        Expr::Return(r) => r.expr.as_deref().and_then(value_call),
        Expr::MethodCall(m) if m.method == "into" && m.args.is_empty() => value_call(&m.receiver),
        Expr::MethodCall(m) => Some(m.method.span()),
        Expr::Call(c) => {
            let Expr::Path(p) = c.func.as_ref() else {
                return None;
            };
            let last = p.path.segments.last()?;
            if last.ident == "Ok" && c.args.len() == 1 {
                return value_call(&c.args[0]);
            }
            Some(last.ident.span())
        }
        _ => None,
    }
}

/// The names of a path's segments, as written (`rmcp::model::Tool` → `rmcp`, `model`, `Tool`).
pub fn segment_names(path: &syn::Path) -> Vec<String> {
    path.segments.iter().map(|s| s.ident.to_string()).collect()
}

/// The call whose failure a `match` replaces with a value of its own, at the span its call
/// fact is recorded at: `match f(x) { Ok(v) => v, Err(_) => d }`. A failure arm that leaves
/// (`return`, `?`, `break`, a panic) may turn the request away: that is not carrying on.
pub fn swallowed_by_match(m: &syn::ExprMatch) -> Option<proc_macro2::Span> {
    let ok = |p: &Pat| match p {
        Pat::Guard(g) => matches!(g.pat.as_ref(), Pat::TupleStruct(t) if t.path.is_ident("Ok")),
        p => matches!(p, Pat::TupleStruct(t) if t.path.is_ident("Ok")),
    };
    let (success, failure): (Vec<_>, Vec<_>) = m.arms.iter().partition(|a| ok(&a.pat));
    let carries_on = failure.iter().all(|a| {
        !matches!(a.pat, Pat::Guard(_))
            && !leaves(|f| f.visit_expr(&a.body))
            && !builds_error_inside(&a.body)
    });
    (!success.is_empty() && !failure.is_empty() && carries_on)
        .then(|| value_call(&m.expr))
        .flatten()
}

/// [`swallowed_by_match`] for `if let Ok(v) = f(x) {..}` whose `else` carries on (or is
/// absent), and `if let Err(e) = f(x) { log(e) }`.
pub fn swallowed_by_if(i: &syn::ExprIf) -> Option<proc_macro2::Span> {
    let Expr::Let(l) = i.cond.as_ref() else {
        return None;
    };
    let Pat::TupleStruct(t) = l.pat.as_ref() else {
        return None;
    };
    let carries_on = if t.path.is_ident("Ok") {
        i.else_branch
            .as_ref()
            .is_none_or(|(_, e)| !leaves(|f| f.visit_expr(e)) && !builds_error_inside(e))
    } else {
        t.path.is_ident("Err")
            && !leaves(|f| f.visit_block(&i.then_branch))
            && !builds_error_in(|f| f.visit_block(&i.then_branch))
    };
    carries_on.then(|| value_call(&l.expr)).flatten()
}

/// [`swallowed_by_match`] for `f(x).unwrap_or(d)`, `_or_default()`, `_or_else(..)`.
pub fn swallowed_by_method(m: &syn::ExprMethodCall) -> Option<proc_macro2::Span> {
    let fallback_is_error = m.args.iter().any(|a| match a {
        Expr::Closure(c) => builds_error_inside(&c.body),
        a => builds_error_inside(a),
    });
    (["unwrap_or", "unwrap_or_default", "unwrap_or_else"]
        .iter()
        .any(|n| m.method == n)
        && !fallback_is_error)
        .then(|| value_call(&m.receiver))
        .flatten()
}

/// Whether what `walk` visits may leave the enclosing function or loop, or panic: a
/// `return`, `?`, `break`, `continue`, or a macro that does (`bail!`, `panic!`, ..).
/// Closures run elsewhere.
fn leaves(walk: impl FnOnce(&mut dyn for<'a> Visit<'a>)) -> bool {
    struct Finder(bool);
    impl Visit<'_> for Finder {
        fn visit_expr(&mut self, e: &Expr) {
            match e {
                Expr::Return(_) | Expr::Try(_) | Expr::Break(_) | Expr::Continue(_) => {
                    self.0 = true
                }
                Expr::Closure(_) => {}
                _ => visit::visit_expr(self, e),
            }
        }
        fn visit_macro(&mut self, m: &syn::Macro) {
            const LEAVING: &[&str] = &["bail", "panic", "unreachable", "todo", "unimplemented"];
            self.0 |= error_macro(m)
                || m.path
                    .segments
                    .last()
                    .is_some_and(|s| LEAVING.iter().any(|n| s.ident == n));
        }
        fn visit_item(&mut self, _: &syn::Item) {}
    }
    let mut f = Finder(false);
    walk(&mut f);
    f.0
}

/// Every value other than an error the function may leave with, inside `Ok(..)`/`Some(..)`:
/// the tail expression through `match` arms, `if` branches and blocks, and each `return`.
pub fn success_values(block: &syn::Block) -> Vec<&Expr> {
    struct Returns<'a>(Vec<&'a Expr>);
    impl<'a> Visit<'a> for Returns<'a> {
        fn visit_expr_return(&mut self, r: &'a syn::ExprReturn) {
            if let Some(e) = r.expr.as_deref() {
                leaves(e, &mut self.0);
            }
        }
        fn visit_expr_closure(&mut self, _: &'a syn::ExprClosure) {}
        fn visit_item(&mut self, _: &'a syn::Item) {}
    }
    fn leaves<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
        match e {
            Expr::Paren(p) => leaves(&p.expr, out),
            Expr::Block(b) => tail(&b.block, out),
            Expr::Match(m) => m.arms.iter().for_each(|a| leaves(&a.body, out)),
            Expr::If(i) => {
                tail(&i.then_branch, out);
                match i.else_branch.as_ref() {
                    Some((_, e)) => leaves(e, out),
                    None => out.push(e),
                }
            }
            // Diverges: `return` is collected where it is, `panic!` leaves with nothing.
            Expr::Return(_) | Expr::Macro(_) => {}
            e if error_value(e) => {}
            Expr::Call(c)
                if c.args.len() == 1
                    && matches!(c.func.as_ref(), Expr::Path(p) if p.path.is_ident("Ok") || p.path.is_ident("Some")) =>
            {
                out.push(&c.args[0]);
            }
            e => out.push(e),
        }
    }
    fn tail<'a>(b: &'a syn::Block, out: &mut Vec<&'a Expr>) {
        if let Some(syn::Stmt::Expr(e, None)) = b.stmts.last() {
            leaves(e, out);
        }
    }
    let mut r = Returns(Vec::new());
    r.visit_block(block);
    tail(block, &mut r.0);
    r.0
}

/// `CallToolResult::success(..)` (rmcp: content blocks, no structured content), at the
/// call's path.
pub fn unstructured_result(e: &Expr) -> Option<proc_macro2::Span> {
    let Expr::Call(c) = e else { return None };
    let Expr::Path(p) = c.func.as_ref() else {
        return None;
    };
    match Vec::from_iter(&p.path.segments)[..] {
        [.., ty, f] if ty.ident == "CallToolResult" && f.ident == "success" => {
            Some(syn::spanned::Spanned::span(p))
        }
        _ => None,
    }
}

/// Calls of `block` whose error its function passes on as it is: `?` straight on the call,
/// through `.await` and parentheses (`validate(&args)?`, `self.check(x).await?`), at the span
/// the call's [`crate::contract::CallFact`] carries. A `?` in a closure leaves the closure,
/// not the function, and a `map_err` between makes another error.
pub fn passed_on(block: &syn::Block) -> Vec<proc_macro2::Span> {
    struct V(Vec<proc_macro2::Span>);
    impl<'ast> syn::visit::Visit<'ast> for V {
        fn visit_expr_try(&mut self, t: &'ast syn::ExprTry) {
            let mut e = t.expr.as_ref();
            while let Expr::Await(a) = e {
                e = &a.base;
            }
            while let Expr::Paren(p) = e {
                e = &p.expr;
            }
            match e {
                Expr::MethodCall(m) => self.0.push(m.method.span()),
                Expr::Call(c) => {
                    if let Expr::Path(p) = c.func.as_ref()
                        && let Some(last) = p.path.segments.last()
                    {
                        self.0.push(last.ident.span());
                    }
                }
                _ => {}
            }
            syn::visit::visit_expr_try(self, t);
        }
        fn visit_expr_closure(&mut self, _: &'ast syn::ExprClosure) {}
        fn visit_expr_async(&mut self, _: &'ast syn::ExprAsync) {}
        fn visit_item(&mut self, _: &'ast syn::Item) {}
    }
    let mut v = V(Vec::new());
    syn::visit::Visit::visit_block(&mut v, block);
    v.0
}

/// The call whose value a `let` binds, through `?`, `.await`, `.unwrap()`/`.expect(..)` and
/// parentheses: the span its [`crate::contract::CallFact`] carries, and a method call's
/// receiver.
pub fn bound_call(e: &Expr) -> Option<(proc_macro2::Span, Option<&Expr>)> {
    match e {
        Expr::Try(t) => bound_call(&t.expr),
        Expr::Await(a) => bound_call(&a.base),
        Expr::Paren(p) => bound_call(&p.expr),
        Expr::MethodCall(m) if matches!(m.method.to_string().as_str(), "unwrap" | "expect") => {
            bound_call(&m.receiver)
        }
        Expr::MethodCall(m) => Some((m.method.span(), Some(&m.receiver))),
        // `match call(..) { Ok(v) => v, Err(e) => return .. }`: what `?` says, written out.
        Expr::Match(m) if passes_value_on(m) => bound_call(&m.expr),
        Expr::Call(c) => match c.func.as_ref() {
            Expr::Path(p) => Some((p.path.segments.last()?.ident.span(), None)),
            _ => None,
        },
        _ => None,
    }
}

/// A `match` whose one arm `Ok(v) => v` (or `Some(v) => v`) gives the value and whose
/// other arms leave (`return`, `continue`, `break`).
fn passes_value_on(m: &syn::ExprMatch) -> bool {
    let gives = |a: &syn::Arm| {
        let Pat::TupleStruct(ts) = &a.pat else {
            return false;
        };
        let (Some(Pat::Ident(id)), 1) = (ts.elems.first(), ts.elems.len()) else {
            return false;
        };
        (ts.path.is_ident("Ok") || ts.path.is_ident("Some"))
            && matches!(a.body.as_ref(), Expr::Path(p) if p.path.is_ident(&id.ident))
    };
    let leaves = |a: &syn::Arm| match a.body.as_ref() {
        Expr::Return(_) | Expr::Continue(_) | Expr::Break(_) => true,
        Expr::Block(b) => matches!(
            b.block.stmts.last(),
            Some(syn::Stmt::Expr(
                Expr::Return(_) | Expr::Continue(_) | Expr::Break(_),
                _
            ))
        ),
        _ => false,
    };
    m.arms.iter().filter(|a| gives(a)).count() == 1 && m.arms.iter().all(|a| gives(a) || leaves(a))
}

/// The call whose value a match arm leaves the function with: `_ => return refuse(..)`,
/// `_ => { return Ok(rejected(..)); }`. Whether that rejects is the callee's to say.
pub fn arm_leaves_with(body: &Expr) -> Option<proc_macro2::Span> {
    match body {
        Expr::Block(b) => returned(&b.block).and_then(value_call),
        Expr::Return(_) => value_call(body),
        _ => None,
    }
}

/// `Err(..)`: the arm or `let` that a failure takes.
pub fn err_pattern(p: &Pat) -> bool {
    matches!(p, Pat::TupleStruct(ts) if ts.path.is_ident("Err"))
}

/// `Some(_)` or `Some(v)`: every present value. `Some(None)` for `_`, `Some(Some(v))` for a
/// binding; `None` for any other pattern (`Some(None)` and `Some("a")` among them).
/// The name a closure parameter binds: `v`, `&v`, `v: &u32`.
pub fn param_ident(p: &Pat) -> Option<&syn::Ident> {
    match p {
        Pat::Ident(i) if i.subpat.is_none() => Some(&i.ident),
        Pat::Reference(r) => param_ident(&r.pat),
        Pat::Type(t) => param_ident(&t.pat),
        _ => None,
    }
}

/// The one name a one-parameter closure binds (`|p|`, `|&p|`, `|p: &u32|`).
pub fn closure_param(c: &syn::ExprClosure) -> Option<&syn::Ident> {
    match c.inputs.len() {
        1 => param_ident(&c.inputs[0]),
        _ => None,
    }
}

pub fn some_pattern(p: &Pat) -> Option<Option<&syn::Ident>> {
    let Pat::TupleStruct(ts) = p else { return None };
    if !ts.path.is_ident("Some") || ts.elems.len() != 1 {
        return None;
    }
    match &ts.elems[0] {
        Pat::Wild(_) => Some(None),
        Pat::Ident(i) if i.subpat.is_none() && i.ident != "None" => Some(Some(&i.ident)),
        _ => None,
    }
}

/// Whether a condition only asks whether a value is there (`if let Some(x) = ..`, chains
/// of those, `x.is_some()`, `!x.is_empty()`): its branch is the value's own path, taken
/// whenever there is a value to check.
pub fn presence_test(cond: &Expr) -> bool {
    let asks = |e: &Expr, names: &[&str]| {
        matches!(e, Expr::MethodCall(m) if m.args.is_empty()
            && names.iter().any(|n| m.method == n))
    };
    match cond {
        Expr::Let(_) => true,
        Expr::Paren(p) => presence_test(&p.expr),
        Expr::Binary(b) if matches!(b.op, syn::BinOp::And(_)) => {
            presence_test(&b.left) && presence_test(&b.right)
        }
        Expr::Unary(u) if matches!(u.op, syn::UnOp::Not(_)) => {
            asks(&u.expr, &["is_none", "is_err", "is_empty"])
        }
        e => asks(e, &["is_some", "is_ok"]),
    }
}

/// The value a branch leaves the function with: its first top-level `return`.
pub fn returned(block: &syn::Block) -> Option<&Expr> {
    block.stmts.iter().find_map(|stmt| match stmt {
        syn::Stmt::Expr(Expr::Return(r), _) => r.expr.as_deref(),
        _ => None,
    })
}

/// What a function body's value is: its tail expression's, when every `return` inside
/// leaves with an error too (`?` only ever leaves with one). `None` for a call's value: the
/// caller records where that call is.
pub fn outcome(block: &syn::Block) -> (Outcome, Option<proc_macro2::Span>) {
    struct Returns(bool);
    impl Visit<'_> for Returns {
        fn visit_expr_return(&mut self, r: &syn::ExprReturn) {
            if !r.expr.as_deref().is_some_and(error_value) {
                self.0 = true;
            }
        }
        fn visit_expr_closure(&mut self, _: &syn::ExprClosure) {}
        fn visit_item(&mut self, _: &syn::Item) {}
    }
    let Some(syn::Stmt::Expr(tail, None)) = block.stmts.last() else {
        return (Outcome::Other, None);
    };
    let mut r = Returns(false);
    r.visit_block(block);
    if r.0 {
        return (Outcome::Other, None);
    }
    if error_value(tail) {
        return (Outcome::Rejects, None);
    }
    (Outcome::Other, value_call(tail))
}

/// The JSON type a `serde_json::Value` accessor reads (`as_u64`: an unsigned integer).
pub fn read_as(method: &str) -> Option<&'static str> {
    Some(match method {
        "as_u64" => "unsigned integer",
        "as_i64" => "integer",
        "as_f64" => "number",
        "as_str" => "string",
        "as_bool" => "boolean",
        _ => return None,
    })
}

/// `|v| v.as_u64()` or `Value::as_u64`: the accessor a closure or path applies.
pub fn closure_method(e: &Expr) -> Option<&'static str> {
    match e {
        Expr::Closure(c) => match c.body.as_ref() {
            Expr::MethodCall(m) => read_as(&m.method.to_string()),
            _ => None,
        },
        Expr::Path(p) => read_as(&p.path.segments.last()?.ident.to_string()),
        _ => None,
    }
}

/// Whether `e`'s value is one a typed accessor read out of JSON (`args["n"].as_u64()`,
/// `v.get("n").and_then(Value::as_str).unwrap_or("x")`, or a local `taken` says holds
/// one): a Rust number, string or boolean, no longer the JSON value.
pub fn read_out_of_json(e: &Expr, taken: &impl Fn(&str) -> bool) -> bool {
    match strip_borrows(e) {
        Expr::Path(p) => p.path.get_ident().is_some_and(|i| taken(&i.to_string())),
        Expr::Try(t) => read_out_of_json(&t.expr, taken),
        Expr::Cast(c) => read_out_of_json(&c.expr, taken),
        Expr::MethodCall(m) => {
            read_as(&m.method.to_string()).is_some()
                || m.args.first().and_then(closure_method).is_some()
                || read_out_of_json(&m.receiver, taken)
        }
        _ => false,
    }
}

/// The one name a pattern binds the whole value (or the one field of a newtype variant) to:
/// `n`, `Some(n)`, `Ok(ref n)`.
pub fn sole_binding(pat: &syn::Pat) -> Option<&syn::Ident> {
    match pat {
        syn::Pat::Ident(p) if p.subpat.is_none() => Some(&p.ident),
        syn::Pat::Type(t) => sole_binding(&t.pat),
        syn::Pat::Reference(r) => sole_binding(&r.pat),
        syn::Pat::Paren(p) => sole_binding(&p.pat),
        syn::Pat::TupleStruct(ts) if ts.elems.len() == 1 => sole_binding(&ts.elems[0]),
        _ => None,
    }
}

/// Whether `op` updates its left side in place (`+=`, `-=`, `|=`, ..).
pub fn is_compound_assign(op: &syn::BinOp) -> bool {
    use syn::BinOp::*;
    matches!(
        op,
        AddAssign(_)
            | SubAssign(_)
            | MulAssign(_)
            | DivAssign(_)
            | RemAssign(_)
            | BitXorAssign(_)
            | BitAndAssign(_)
            | BitOrAssign(_)
            | ShlAssign(_)
            | ShrAssign(_)
    )
}

/// `self.clone()`: another handle on the method's own value (moved into the `async` block
/// a dispatcher answers from).
pub fn self_clone(e: &Expr) -> bool {
    matches!(strip_borrows(e), Expr::MethodCall(m)
        if m.method == "clone" && m.args.is_empty()
            && matches!(strip_borrows(&m.receiver), Expr::Path(p) if p.path.is_ident("self")))
}

/// An expression without the parentheses, invisible groups and borrows around it.
pub fn strip_borrows(e: &Expr) -> &Expr {
    match e {
        Expr::Reference(r) => strip_borrows(&r.expr),
        Expr::Paren(p) => strip_borrows(&p.expr),
        Expr::Group(g) => strip_borrows(&g.expr),
        e => e,
    }
}

#[cfg(test)]
mod tests {
    use super::{method_receiver, trait_receiver};

    #[test]
    fn a_parameter_type_names_whose_methods_are_called() {
        let plain: syn::Generics = syn::parse_quote!();
        for (text, ty) in [
            ("&Cart", Some("Cart")),
            ("&mut Cart", Some("Cart")),
            ("Arc<Store>", Some("Store")),
            ("&std::sync::Arc<Store>", Some("Store")),
            ("&wassette::LifecycleManager", Some("LifecycleManager")),
            ("&Sender<u64>", Some("Sender")),
            ("&dyn Store", None),
            ("impl Store", None),
            // Read from the syntax tree, a lifetime is told apart from the type.
            ("&'a Cart", Some("Cart")),
            ("(u8, u8)", None),
        ] {
            let t: syn::Type = syn::parse_str(text).unwrap();
            assert_eq!(method_receiver(&t, &plain).as_deref(), ty, "{text}");
        }
        let generic: syn::Generics = syn::parse_quote!(<S: Store>);
        let s: syn::Type = syn::parse_str("&S").unwrap();
        assert_eq!(method_receiver(&s, &generic), None);
        assert_eq!(method_receiver(&s, &plain).as_deref(), Some("S"));
    }

    #[test]
    fn a_parameter_of_a_trait_type_names_the_trait() {
        let g: syn::Generics = syn::parse_quote!(<S: Store + Send, T, U: Read + Write>);
        let mut w: syn::Generics = syn::parse_quote!(<T>);
        w.where_clause = Some(syn::parse_quote!(where T: Catalogue + Sync + 'static));
        for (text, generics, tr) in [
            ("&mut dyn LineStore", &g, Some("LineStore")),
            ("Arc<dyn LineStore + Send + Sync>", &g, Some("LineStore")),
            ("impl Store", &g, Some("Store")),
            ("&S", &g, Some("Store")),
            ("&T", &g, None),
            ("U", &g, None),
            ("&T", &w, Some("Catalogue")),
            ("&Cart", &g, None),
        ] {
            let t: syn::Type = syn::parse_str(text).unwrap();
            assert_eq!(trait_receiver(&t, generics).as_deref(), tr, "{text}");
        }
    }
}
