//! Function bodies as behaviour facts: calls with what their receiver is (shared state, a
//! lock guard, a local), assignments to shared state, rejections, SQL writes, in evaluation
//! order; comparisons between two values; failures turned into empty values. Nothing here
//! decides what is a write or a validation: linking classifies calls with the configured
//! names and the crate's functions.

use super::Ctx;
use super::syntax::{arm_leaves_with, call_span, cmp_op, rejects, returned, value_call};
use crate::contract::{
    Arg, CallPlace, Comparison, Defaulted, Effect, EffectKind, FnBehaviour, Operand, Receiver,
    Swallow, TypeHint, VariantArms,
};
use fnv::FnvHashMap as HashMap;
use fnv::FnvHashSet as HashSet;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned as _;
use syn::visit::{self, Visit};
use syn::{Expr, FnArg, Member, Pat, Token};

/// Behaviour facts of one fn or method; `params` are its parameters' names and types as
/// written, one per input (rendered once, for both walkers).
pub fn fn_behaviour(
    ctx: &Ctx<'_>,
    sig: &syn::Signature,
    block: &syn::Block,
    params: &[(String, String)],
) -> FnBehaviour {
    let mut w = Walker {
        ctx,
        params: HashMap::default(),
        locals: HashMap::default(),
        self_owned: false,
        error_exits: 0,
        failure_arms: 0,
        outcomes: HashSet::default(),
        empty_places: Vec::new(),
        transactions: HashMap::default(),
        out: FnBehaviour::default(),
        generics: &sig.generics,
        missed: Vec::new(),
        bound: HashMap::default(),
        sources: Vec::new(),
        loops: Vec::new(),
    };
    let has_self = matches!(sig.inputs.first(), Some(FnArg::Receiver(_)));
    for (i, a) in sig.inputs.iter().enumerate() {
        match a {
            FnArg::Receiver(r) => w.self_owned = matches!(r.kind, syn::ReceiverKind::Value),
            FnArg::Typed(t) => {
                let text = &params[i].1;
                let kind = if text.starts_with("&mut") && !scalar(&t.ty) {
                    Receiver::MutParam
                } else if text.starts_with('&')
                    || ["Arc<", "Rc<", "Pool", "Client", "Connection"]
                        .iter()
                        .any(|w| text.contains(w))
                {
                    Receiver::SharedParam
                } else {
                    Receiver::Local
                };
                let root = params[i].0.clone();
                let param = Param {
                    kind,
                    position: i - usize::from(has_self),
                    ty: base_type(&t.ty),
                    of_trait: super::syntax::trait_receiver(&t.ty, &sig.generics),
                };
                w.bind_param(&t.pat, vec![root], &param);
            }
        }
    }
    w.visit_block(block);
    w.out.lazy = returns_stored_first(block);
    w.out.fails_only_absent = fails_only_absent(block);
    let lent: Vec<String> = params
        .iter()
        .filter(|(_, ty)| ty.starts_with("&mut"))
        .map(|(name, _)| name.clone())
        .collect();
    let answered = super::answer_flow::answered(ctx, block, &lent);
    for s in &mut w.out.swallows {
        // The emptied value, or a `return` of one inside it, reaches the answer.
        let body = w.loops.iter().find(|(at, _)| *at == s.span).map(|l| l.1);
        s.answers = answered
            .iter()
            .any(|a| s.span.encloses(*a) || body.is_some_and(|b| b.encloses(*a)));
        s.surfaced = w.sources.iter().any(|(at, source)| {
            *at == s.span
                && super::surfaced::surfaced(
                    &block.stmts,
                    |st| ctx.span(st.span()).encloses(s.span),
                    source,
                )
        });
    }
    w.out.answers = w
        .out
        .effects
        .iter()
        .filter(|e| matches!(e.kind, EffectKind::Call { .. }) && answered.contains(&e.span))
        .map(|e| e.span)
        .collect();
    w.out
}

/// The variant a path names: `Type::Variant` or `Self::Variant`, the variant in upper
/// camel case (an all-caps last segment is an associated constant).
fn variant(p: &syn::Path) -> Option<String> {
    let n = p.segments.len();
    let upper = |s: &syn::PathSegment| {
        s.ident
            .to_string()
            .starts_with(|c: char| c.is_ascii_uppercase())
    };
    let last = p.segments.last()?;
    let name = last.ident.to_string();
    (n >= 2
        && upper(&p.segments[n - 2])
        && upper(last)
        && name.contains(|c: char| c.is_ascii_lowercase())
        && last.arguments.is_none())
    .then_some(name)
}

/// The variants' keys an arm's pattern picks (none for a catch-all), or `None` for any
/// other pattern (a literal, a range, a bare identifier that may be an imported variant).
fn arm_variants(pat: &Pat) -> Option<Vec<u64>> {
    let key = |p: &syn::Path| variant(p).map(|v| crate::contract::variant_key(&v));
    match pat {
        Pat::Wild(_) => Some(Vec::new()),
        Pat::Ident(i)
            if i.subpat.is_none()
                && !i
                    .ident
                    .to_string()
                    .starts_with(|c: char| c.is_ascii_uppercase()) =>
        {
            Some(Vec::new())
        }
        Pat::Path(p) => Some(vec![key(&p.path)?]),
        Pat::TupleStruct(t) => Some(vec![key(&t.path)?]),
        Pat::Struct(s) => Some(vec![key(&s.path)?]),
        Pat::Reference(r) => arm_variants(&r.pat),
        Pat::Paren(p) => arm_variants(&p.pat),
        Pat::Or(o) => {
            let mut keys = Vec::new();
            for c in &o.cases {
                let k = arm_variants(c)?;
                if k.is_empty() {
                    return Some(Vec::new());
                }
                keys.extend(k);
            }
            Some(keys)
        }
        _ => None,
    }
}

/// Whether every failure `block` returns is an absence: each of its `?`s (if any) is on an
/// `ok_or`/`ok_or_else` of an option, it builds no `Err` of its own, and answers with
/// `Ok(..)` only, never with another call's result (closures' own `?`s are theirs). A
/// function with no failure at all (an in-memory lookup kept behind a store's `Result`
/// signature) has none to hide either.
fn fails_only_absent(block: &syn::Block) -> bool {
    fn ok(e: &Expr) -> bool {
        matches!(strip(e), Expr::Call(c) if matches!(&*c.func, Expr::Path(p) if p.path.is_ident("Ok")))
    }
    #[derive(Default)]
    struct Exits {
        absent: usize,
        other: usize,
    }
    impl<'ast> Visit<'ast> for Exits {
        fn visit_expr_try(&mut self, t: &'ast syn::ExprTry) {
            match strip(&t.expr) {
                Expr::MethodCall(m) if m.method == "ok_or" || m.method == "ok_or_else" => {
                    self.absent += 1
                }
                _ => self.other += 1,
            }
            visit::visit_expr_try(self, t);
        }
        fn visit_expr_call(&mut self, c: &'ast syn::ExprCall) {
            if matches!(&*c.func, Expr::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "Err"))
            {
                self.other += 1;
            }
            visit::visit_expr_call(self, c);
        }
        fn visit_expr_return(&mut self, r: &'ast syn::ExprReturn) {
            if !r.expr.as_deref().is_some_and(ok) {
                self.other += 1;
            }
            visit::visit_expr_return(self, r);
        }
        fn visit_expr_closure(&mut self, _: &'ast syn::ExprClosure) {}
        fn visit_item(&mut self, _: &'ast syn::Item) {}
    }
    let answers_ok = matches!(block.stmts.last(), Some(syn::Stmt::Expr(e, None)) if ok(e));
    let mut e = Exits::default();
    e.visit_block(block);
    answers_ok && e.other == 0
}

/// The `if let` a block opens with, after its `let`s.
fn opening_if_let(block: &syn::Block) -> Option<(&syn::ExprIf, &syn::ExprLet)> {
    let Some(syn::Stmt::Expr(Expr::If(i), _)) = block
        .stmts
        .iter()
        .find(|s| !matches!(s, syn::Stmt::Local(_)))
    else {
        return None;
    };
    match strip(&i.cond) {
        Expr::Let(l) => Some((i, l)),
        _ => None,
    }
}

/// Whether `block` opens with `if let Some(x) = .. { return x; }` (through `Ok`, `Some`,
/// clones and fields of `x`), after the `let`s that take the store (`let guard =
/// self.token.lock().await;`), and with the return perhaps under a test that the stored
/// value is still good (`if fresh(t) { return Ok(t.value.clone()); }`): the value is taken
/// from where it is stored when it is there, and stored otherwise. A memo.
fn returns_stored_first(block: &syn::Block) -> bool {
    let Some((i, l)) = opening_if_let(block) else {
        return false;
    };
    let Some(bound) = some_binding(&l.pat) else {
        return false;
    };
    if i.else_branch.is_some() {
        return false;
    }
    let returns_bound = |r: &syn::ExprReturn| returns_found(r, &bound);
    // A log line beside the return changes nothing.
    fn only(b: &syn::Block) -> Option<&Expr> {
        let mut rest = b.stmts.iter().filter(|s| !matches!(s, syn::Stmt::Macro(_)));
        match (rest.next(), rest.next()) {
            (Some(syn::Stmt::Expr(e, _)), None) => Some(e),
            _ => None,
        }
    }
    match only(&i.then_branch) {
        Some(Expr::Return(r)) => returns_bound(r),
        // `if still_good(t) { return t; }`: returned only while it is good, refreshed after.
        Some(Expr::If(fresh)) => {
            fresh.else_branch.is_none()
                && matches!(only(&fresh.then_branch), Some(Expr::Return(r)) if returns_bound(r))
        }
        _ => false,
    }
}

/// The field of `self` a lazily filling function reads its stored value from
/// (`session_token` in `if let Some(t) = self.session_token.read().await.clone() { return
/// Ok(t) }`): a memo slot, whichever method of the type fills it.
pub fn stored_first_field(block: &syn::Block) -> Option<String> {
    if !returns_stored_first(block) {
        return None;
    }
    let (_, l) = opening_if_let(block)?;
    let mut e = strip(&l.expr);
    loop {
        e = match e {
            Expr::MethodCall(m) => strip(&m.receiver),
            Expr::Await(a) => strip(&a.base),
            Expr::Try(t) => strip(&t.expr),
            Expr::Field(f) => {
                let on_self = matches!(strip(&f.base), Expr::Path(p) if p.path.is_ident("self"));
                return match &f.member {
                    Member::Named(n) if on_self => Some(n.to_string()),
                    _ => None,
                };
            }
            _ => return None,
        };
    }
}

/// Marks each assignment to one of `slots` (fields of `self` lazily filled, see
/// [`stored_first_field`]) as a memo fill: refreshing the stored session or client is the
/// memo's upkeep, not a change a tool makes.
pub fn mark_memo_slots(b: &mut FnBehaviour, slots: &[String]) {
    for e in &mut b.effects {
        if let EffectKind::Assign {
            field: Some(f),
            fills_empty,
            ..
        } = &mut e.kind
            && slots.contains(f)
            && fills_empty.is_none()
        {
            *fills_empty = Some(Vec::new());
        }
    }
}

/// `return Ok(found.clone())`, `return Ok(Arc::clone(found))`: the return hands back what
/// was found under `bound` (through `Ok`, `Some`, clones and fields of it).
fn returns_found(r: &syn::ExprReturn, bound: &str) -> bool {
    let Some(mut e) = r.expr.as_deref() else {
        return false;
    };
    loop {
        e = match strip(e) {
            Expr::Call(c) if c.args.len() == 1 => match &*c.func {
                Expr::Path(p)
                    if p.path.is_ident("Ok")
                        || p.path.is_ident("Some")
                        || matches!(
                            super::syntax::segment_names(&p.path)
                                .iter()
                                .map(String::as_str)
                                .collect::<Vec<_>>()[..],
                            ["Arc" | "Rc", "clone"]
                        ) =>
                {
                    &c.args[0]
                }
                _ => return false,
            },
            Expr::MethodCall(m)
                if m.args.is_empty()
                    && ["clone", "to_owned", "into", "cloned"]
                        .iter()
                        .any(|n| m.method == n) =>
            {
                &m.receiver
            }
            Expr::Field(f) => &f.base,
            Expr::Path(p) => return p.path.is_ident(bound),
            _ => return false,
        };
    }
}

/// The block returns what was found under `bound`, at once or under a further test
/// (`if !stale(found) { return Ok(found.clone()) }`): a lookup the fn answers from when
/// it hits.
fn answers_hit(b: &syn::Block, bound: &str) -> bool {
    b.stmts.iter().any(|s| match s {
        syn::Stmt::Expr(Expr::Return(r), _) => returns_found(r, bound),
        syn::Stmt::Expr(Expr::If(i), _) => {
            answers_hit(&i.then_branch, bound)
                || matches!(i.else_branch.as_ref().map(|(_, e)| e.as_ref()),
                    Some(Expr::Block(e)) if answers_hit(&e.block, bound))
        }
        _ => false,
    })
}

#[derive(Clone)]
struct Param {
    kind: Receiver,
    /// Its position among a call's arguments (`self` not counted).
    position: usize,
    ty: Option<String>,
    /// Of a trait's type (`&dyn Store`, `S: Store`): the trait.
    of_trait: Option<String>,
}

/// What a local name holds.
#[derive(Clone)]
struct Local {
    receiver: Receiver,
    /// The field of `self` it was obtained from.
    field: Option<String>,
    operand: Option<Operand>,
    /// Made by this call (`Arc::new(Mutex::new(..))`, a literal, a clone of such): a lock
    /// on it guards the call's own scratch state, which no later call observes.
    fresh: bool,
    /// Returned by a method of a type nothing here states (see [`Walker::opaque`]).
    opaque: bool,
    /// An id minted by this call (see [`Walker::minted`]).
    minted: bool,
    /// The method or function whose value it holds, as [`Walker::callee_of`] names it
    /// (`let fetched = self.catalogue.all();`): a failure swallowed from the local is
    /// swallowed from that call.
    called: Option<String>,
    /// Its type, when the `let` states it (an annotation, a struct literal).
    known: Option<String>,
    /// Made by an associated function (`Client::new(..)`): linking reads whether that
    /// function returns its type.
    made: Option<TypeHint>,
}

struct Walker<'c> {
    ctx: &'c Ctx<'c>,
    /// Names bound by a parameter's pattern, with the path they stand for (`#1` for
    /// `Parameters(params)`, so `params.x` is `#1.x` as checks name it).
    params: HashMap<String, (Vec<String>, Param)>,
    locals: HashMap<String, Local>,
    /// The fn takes `self` by value (a builder): its fields are its own.
    self_owned: bool,
    /// Blocks being walked that end by returning an error: what is defaulted inside them
    /// (an error body's details, say) never reaches the caller as an empty answer.
    error_exits: usize,
    /// Arms being walked that handle a call's failure (`Err(e) => ..` of `match call()`): a
    /// rejection there reports that failure, it does not check the input.
    failure_arms: usize,
    /// Locals bound to what a call returned (`let sent = client.post(..).send().await`).
    outcomes: HashSet<String>,
    /// Places the walk is inside an `if place.is_none()` (or `is_empty()`) of, as written.
    empty_places: Vec<String>,
    /// Transactions this fn opened (`let mut tx = pool.begin().await?`), with the SQL writes
    /// made in them so far: they take effect at `tx.commit()`, and are rolled back when
    /// the transaction is dropped uncommitted on any other way out.
    transactions: HashMap<String, Vec<Effect>>,
    out: FnBehaviour,
    generics: &'c syn::Generics,
    /// Map and key (as written, see [`key_text`]) of lookups the fn returned from on a
    /// hit: what follows runs on a miss.
    missed: Vec<(String, String)>,
    /// Names bound, while the walk is inside their scope, to a value read elsewhere: a loop's
    /// element of a record list (`for p in PRODUCTS.iter()`), an arm's `Some(t)` of a field
    /// (`match p.folded_thickness_mm { Some(t) => .. }`).
    bound: HashMap<String, Operand>,
    /// Each swallow's span and the source its failing call asked ([`super::surfaced::source`]).
    sources: Vec<(crate::source::Span, String)>,
    /// A `while let Ok(..)` swallow's span and its loop's body, whose values are the ones the
    /// failure cuts short.
    loops: Vec<(crate::source::Span, crate::source::Span)>,
}

/// `&mut usize` is a caller's counter or out-parameter, not state that outlives the call.
fn scalar(t: &syn::Type) -> bool {
    const SCALARS: &[&str] = &[
        "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
        "f32", "f64", "bool", "char",
    ];
    base_type(t).is_some_and(|b| SCALARS.contains(&b.as_str()))
}

/// `&mut Cart` → `Cart`; `Arc<Store>` → `Arc`.
fn base_type(t: &syn::Type) -> Option<String> {
    match t {
        syn::Type::Reference(r) => base_type(&r.elem),
        syn::Type::Paren(p) => base_type(&p.elem),
        syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
        _ => None,
    }
}

/// Methods that hand out a guard to mutate what they protect.
const GUARDS: &[&str] = &[
    "lock",
    "lock_owned",
    "try_lock",
    "borrow_mut",
    "write",
    "write_owned",
    "try_write",
    "get_mut",
    "as_mut",
];

/// Methods through which a receiver stays the same thing.
const SAME: &[&str] = &["unwrap", "expect", "as_ref", "deref", "deref_mut"];

/// Methods that hand out a connection or transaction to shared storage.
const HANDLES: &[&str] = &[
    "begin",
    "begin_transaction",
    "transaction",
    "acquire",
    "conn",
    "connection",
    "get_conn",
    "get_connection",
    "client",
    "session",
    "collection",
    "table",
];

/// Methods that look at a value without computing anything new.
const ACCESSORS: &[&str] = &[
    "as_str",
    "as_deref",
    "as_ref",
    "trim",
    "to_lowercase",
    "to_ascii_lowercase",
    "len",
    "is_empty",
    "get",
    "first",
    "last",
    "as_u64",
    "as_i64",
    "as_f64",
    "as_bool",
    "clone",
];

const SQL_WRITES: &[&str] = &[
    "INSERT", "UPDATE", "DELETE", "REPLACE", "UPSERT", "MERGE", "TRUNCATE", "DROP", "ALTER",
    "CREATE",
];

/// The columns an `UPDATE` sets (`SET last_accessed_at = .., access_count = ..`), as
/// written; none for another statement or one not read.
fn set_columns(statement: &str) -> Vec<String> {
    let upper = statement.to_ascii_uppercase();
    let b = upper.as_bytes();
    let word = |i: usize, len: usize| {
        (i == 0 || b[i - 1].is_ascii_whitespace())
            && b.get(i + len).is_none_or(u8::is_ascii_whitespace)
    };
    let Some(set) = upper
        .match_indices("SET")
        .map(|(i, _)| i)
        .find(|&i| word(i, 3))
    else {
        return Vec::new();
    };
    let rest = &statement[set + 3..];
    let end = ["WHERE", "RETURNING", "FROM"]
        .iter()
        .filter_map(|w| upper[set + 3..].find(w))
        .min()
        .unwrap_or(rest.len());
    let mut depth = 0i32;
    let mut columns = Vec::new();
    let mut start = 0;
    for (i, c) in rest[..end].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                columns.push(&rest[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    columns.push(&rest[start..end]);
    columns
        .iter()
        .filter_map(|a| a.split_once('='))
        .map(|(col, _)| col.trim().trim_matches('"').to_string())
        .collect()
}

fn strip(e: &Expr) -> &Expr {
    match e {
        Expr::Paren(p) => strip(&p.expr),
        Expr::Group(g) => strip(&g.expr),
        Expr::Await(a) => strip(&a.base),
        Expr::Try(t) => strip(&t.expr),
        Expr::Reference(r) => strip(&r.expr),
        _ => e,
    }
}

/// The value a receiver chain starts from: `pending` in `(*pending).lock().unwrap().map`.
fn chain_root(e: &Expr) -> &Expr {
    match e {
        Expr::Paren(p) => chain_root(&p.expr),
        Expr::Group(g) => chain_root(&g.expr),
        Expr::Await(a) => chain_root(&a.base),
        Expr::Try(t) => chain_root(&t.expr),
        Expr::Reference(r) => chain_root(&r.expr),
        Expr::Unary(u) => chain_root(&u.expr),
        Expr::Field(f) => chain_root(&f.base),
        Expr::MethodCall(m) => chain_root(&m.receiver),
        e => e,
    }
}

/// The module a path call names before the function (`serde_json` in
/// `serde_json::from_str`); none for a type's function (`Cart::add`) or a path from the
/// crate itself.
fn module_of(segs: &[String]) -> Option<String> {
    segs.len()
        .checked_sub(2)
        .map(|i| segs[i].clone())
        .filter(|s| {
            !s.starts_with(char::is_uppercase) && !matches!(s.as_str(), "crate" | "self" | "super")
        })
}

fn last_segment(p: &syn::Path) -> String {
    p.segments
        .last()
        .map(|s| s.ident.to_string())
        .unwrap_or_default()
}

fn is_upper(name: &str) -> bool {
    name.chars().any(|c| c.is_ascii_uppercase())
        && name
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

impl Walker<'_> {
    fn bind_param(&mut self, pat: &Pat, path: Vec<String>, param: &Param) {
        match pat {
            Pat::Ident(p) => {
                self.params
                    .insert(p.ident.to_string(), (path, param.clone()));
            }
            Pat::Type(t) => self.bind_param(&t.pat, path, param),
            Pat::Reference(r) => self.bind_param(&r.pat, path, param),
            Pat::Paren(p) => self.bind_param(&p.pat, path, param),
            Pat::TupleStruct(ts) if ts.elems.len() == 1 => {
                self.bind_param(&ts.elems[0], path, param)
            }
            Pat::Struct(ps) if path.len() == 1 => {
                for f in &ps.fields {
                    if let Member::Named(n) = &f.member {
                        let mut p = path.clone();
                        p.push(super::syntax::field_name(n));
                        self.bind_param(&f.pat, p, param);
                    }
                }
            }
            _ => {}
        }
    }

    /// What a call's receiver (or an assignment's target) is.
    fn receiver(&self, e: &Expr) -> (Receiver, Option<String>) {
        match e {
            Expr::Paren(p) => self.receiver(&p.expr),
            Expr::Group(g) => self.receiver(&g.expr),
            Expr::Await(a) => self.receiver(&a.base),
            Expr::Try(t) => self.receiver(&t.expr),
            Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => self.receiver(&u.expr),
            Expr::Reference(r) => {
                let (inner, ty) = self.receiver(&r.expr);
                if r.mutability.is_some() && inner == Receiver::SelfField {
                    (Receiver::Guard, None)
                } else {
                    (inner, ty)
                }
            }
            Expr::Index(i) => (self.receiver(&i.expr).0, None),
            Expr::Field(f) => match self.receiver(&f.base).0 {
                Receiver::SelfRef => (Receiver::SelfField, None),
                r => (r, None),
            },
            Expr::MethodCall(m) => {
                let name = &m.method;
                let (inner, ty) = self.receiver(&m.receiver);
                if super::one_of(name, GUARDS) && (name != "write" || m.args.is_empty()) {
                    if self.fresh(&m.receiver) {
                        return (Receiver::Local, None);
                    }
                    return (Receiver::Guard, None);
                }
                if super::one_of(name, SAME) {
                    return (inner, ty);
                }
                if super::one_of(name, HANDLES) && inner.shared() {
                    return (Receiver::Handle, None);
                }
                (Receiver::Local, None)
            }
            Expr::Path(p) => {
                if let Some(id) = p.path.get_ident() {
                    let name = id.to_string();
                    if name == "self" && self.self_owned {
                        return (Receiver::Local, None);
                    }
                    if name == "self" {
                        return (Receiver::SelfRef, None);
                    }
                    if let Some((_, param)) = self.params.get(&name) {
                        return (param.kind, param.ty.clone());
                    }
                    if let Some(l) = self.locals.get(&name) {
                        return (l.receiver, l.known.clone());
                    }
                }
                if is_upper(&last_segment(&p.path)) {
                    (Receiver::Global, None)
                } else {
                    (Receiver::Local, None)
                }
            }
            _ => (Receiver::Local, None),
        }
    }

    /// The value is made by this call: a constructor (`Arc::new(..)`, `Default::default()`),
    /// a literal, or a clone or field of a local that is.
    fn fresh(&self, e: &Expr) -> bool {
        match e {
            Expr::Paren(p) => self.fresh(&p.expr),
            Expr::Reference(r) => self.fresh(&r.expr),
            Expr::Field(f) => self.fresh(&f.base),
            Expr::Struct(_) | Expr::Array(_) | Expr::Lit(_) => true,
            Expr::Macro(m) => m.mac.path.is_ident("vec"),
            Expr::MethodCall(m) => {
                super::one_of(&m.method, &["clone", "unwrap", "expect"]) && self.fresh(&m.receiver)
            }
            Expr::Call(c) => match &*c.func {
                Expr::Path(p) => {
                    let last = last_segment(&p.path);
                    let n = p.path.segments.len();
                    // `io::stdout()`/`io::stderr()`: the process's output streams. What is
                    // written there is output (a log line, a protocol frame), no state a
                    // later call reads back.
                    let stream = matches!(last.as_str(), "stdout" | "stderr")
                        && n > 1
                        && p.path.segments[n - 2].ident == "io";
                    // `Arc::clone(&made)`, `Rc::clone(&made)`: the method `clone`, called by path.
                    let cloned = last == "clone"
                        && n > 1
                        && c.args.len() == 1
                        && c.args.iter().all(|a| self.fresh(a));
                    stream
                        || cloned
                        || (matches!(last.as_str(), "new" | "default" | "with_capacity")
                            && n > 1
                            && c.args.iter().all(|a| !self.reads_state(a)))
                }
                _ => false,
            },
            Expr::Path(p) => p
                .path
                .get_ident()
                .and_then(|id| self.locals.get(&id.to_string()))
                .is_some_and(|l| l.fresh),
            _ => false,
        }
    }

    /// What an argument hands the callee.
    fn arg(&self, e: &Expr) -> Arg {
        if self.minted(e) {
            return Arg::Minted;
        }
        if self.fresh(e) {
            return Arg::Fresh;
        }
        match strip(e) {
            Expr::Path(p) => match (self.param_position(&p.path), variant(&p.path)) {
                (Some(at), _) => Arg::Param(at),
                (None, Some(name)) => Arg::Variant(crate::contract::variant_key(&name)),
                (None, None) => Arg::Other,
            },
            _ => Arg::Other,
        }
    }

    /// A `match` on a whole parameter whose arms are all picked by enum variants or catch
    /// all, without guards (see [`VariantArms`]).
    fn variant_arms(&self, m: &syn::ExprMatch) -> Option<VariantArms> {
        let Expr::Path(p) = strip(&m.expr) else {
            return None;
        };
        let param = self.param_position(&p.path)?;
        let mut arms = Vec::with_capacity(m.arms.len());
        for a in &m.arms {
            // A guarded arm (`Pat::Guard`) is no variant's alone: `arm_variants` gives up.
            let keys = arm_variants(&a.pat)?;
            arms.push((self.ctx.span(a.span()), keys));
        }
        arms.iter()
            .any(|(_, k)| !k.is_empty())
            .then_some(VariantArms { param, arms })
    }

    /// The parameter a receiver chain starts from (`pending` in
    /// `pending.lock().unwrap().insert(..)`), by its argument position.
    fn param_at_root(&self, e: &Expr) -> Option<usize> {
        match chain_root(e) {
            Expr::Path(p) => self.param_position(&p.path),
            _ => None,
        }
    }

    /// The argument position of the parameter a path names, when it names one whole.
    fn param_position(&self, p: &syn::Path) -> Option<usize> {
        let (path, param) = self.params.get(&p.get_ident()?.to_string())?;
        (path.len() == 1).then_some(param.position)
    }

    /// An id this call mints: the previous value of an atomic counter (`fetch_add`), a new
    /// random or time-ordered UUID, or a local holding one (through `&`, `clone`).
    fn minted(&self, e: &Expr) -> bool {
        match strip(e) {
            Expr::MethodCall(m) if m.method == "fetch_add" || m.method == "fetch_sub" => true,
            Expr::MethodCall(m) if super::one_of(&m.method, &["clone", "to_string"]) => {
                self.minted(&m.receiver)
            }
            Expr::Call(c) => matches!(
                &*c.func,
                Expr::Path(p) if matches!(last_segment(&p.path).as_str(), "new_v4" | "new_v7" | "now_v7")
            ),
            Expr::Path(p) => p
                .path
                .get_ident()
                .and_then(|id| self.locals.get(&id.to_string()))
                .is_some_and(|l| l.minted),
            _ => false,
        }
    }

    /// The value is what some method returned (not a guard, handle or the receiver
    /// itself): its type is not written anywhere the walker sees.
    fn opaque(&self, e: &Expr) -> bool {
        match e {
            Expr::Paren(p) => self.opaque(&p.expr),
            Expr::Group(g) => self.opaque(&g.expr),
            Expr::Await(a) => self.opaque(&a.base),
            Expr::Try(t) => self.opaque(&t.expr),
            Expr::Reference(r) => self.opaque(&r.expr),
            Expr::Unary(u) => self.opaque(&u.expr),
            Expr::MethodCall(m) => {
                if super::one_of(&m.method, SAME) {
                    self.opaque(&m.receiver)
                } else {
                    !super::one_of(&m.method, GUARDS) && !super::one_of(&m.method, HANDLES)
                }
            }
            Expr::Path(p) => p
                .path
                .get_ident()
                .and_then(|id| self.locals.get(&id.to_string()))
                .is_some_and(|l| l.opaque),
            _ => false,
        }
    }

    /// Whether an expression mentions `self` or a shared parameter (a constructor given
    /// them wraps existing state).
    fn reads_state(&self, e: &Expr) -> bool {
        match e {
            Expr::Call(c) => c.args.iter().any(|a| self.reads_state(a)),
            Expr::Path(_) | Expr::Field(_) | Expr::MethodCall(_) | Expr::Reference(_) => {
                self.receiver(e).0.shared()
            }
            _ => false,
        }
    }

    /// Where linking finds the type of a receiver this fn does not state: a field of
    /// `self` (or a lock guard taken of one: `self.cart.lock().unwrap()`), a local made by
    /// an associated function.
    fn hint(&self, e: &Expr) -> Option<TypeHint> {
        let mut e = strip(e);
        let mut guarded = false;
        loop {
            e = match e {
                Expr::Reference(r) => strip(&r.expr),
                Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => strip(&u.expr),
                Expr::MethodCall(m)
                    if (m.method == "unwrap" || m.method == "expect") && m.args.len() <= 1 =>
                {
                    strip(&m.receiver)
                }
                Expr::MethodCall(m) if !guarded && super::one_of(&m.method, GUARDS) => {
                    guarded = true;
                    strip(&m.receiver)
                }
                _ => break,
            };
        }
        match e {
            Expr::Field(f) => match (strip(&f.base), &f.member) {
                (Expr::Path(p), Member::Named(n))
                    if p.path.is_ident("self") && !self.self_owned =>
                {
                    Some(TypeHint::Field {
                        owner: None,
                        field: n.to_string(),
                        guarded,
                    })
                }
                _ => None,
            },
            Expr::Path(p) if !guarded => {
                let name = p.path.get_ident()?.to_string();
                if let Some((_, param)) = self.params.get(&name) {
                    return param.of_trait.clone().map(TypeHint::Trait);
                }
                self.locals.get(&name)?.made.clone()
            }
            _ => None,
        }
    }

    /// The field of `self` an expression reaches state through: `cache` in
    /// `self.cache.write().await.insert(..)` or in `guard.insert(..)` for a guard of it.
    fn state_field(&self, e: &Expr) -> Option<String> {
        match e {
            Expr::Paren(p) => self.state_field(&p.expr),
            Expr::Group(g) => self.state_field(&g.expr),
            Expr::Await(a) => self.state_field(&a.base),
            Expr::Try(t) => self.state_field(&t.expr),
            Expr::Reference(r) => self.state_field(&r.expr),
            Expr::Unary(u) => self.state_field(&u.expr),
            Expr::Index(i) => self.state_field(&i.expr),
            Expr::MethodCall(m) => self.state_field(&m.receiver),
            Expr::Field(f) => match (strip(&f.base), &f.member) {
                (Expr::Path(p), Member::Named(n)) if p.path.is_ident("self") => Some(n.to_string()),
                _ => self.state_field(&f.base),
            },
            Expr::Path(p) => {
                let name = p.path.get_ident()?.to_string();
                self.locals.get(&name)?.field.clone()
            }
            _ => None,
        }
    }

    fn num(&self, e: &Expr) -> Option<f64> {
        if let Some(v) = super::attrs::number(e) {
            return Some(v);
        }
        match e {
            Expr::Path(p) => self.ctx.constant(&last_segment(&p.path)),
            Expr::Paren(p) => self.num(&p.expr),
            Expr::Cast(c) => self.num(&c.expr),
            _ => None,
        }
    }

    /// A value read from a path, seen through locals, references, `?` and accessors.
    fn operand(&self, e: &Expr) -> Option<Operand> {
        // Only when there is an operand: an expression's span renders its tokens.
        let span = || self.ctx.span(e.span());
        match e {
            Expr::Paren(p) => self.operand(&p.expr),
            Expr::Group(g) => self.operand(&g.expr),
            Expr::Reference(r) => self.operand(&r.expr),
            Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => self.operand(&u.expr),
            Expr::Try(t) => self.operand(&t.expr),
            Expr::Await(a) => self.operand(&a.base),
            Expr::Cast(c) => self.operand(&c.expr),
            Expr::Path(p) => {
                let name = p.path.get_ident()?.to_string();
                if let Some(o) = self.bound.get(&name) {
                    return Some(Operand {
                        span: span(),
                        ..o.clone()
                    });
                }
                if let Some((path, _)) = self.params.get(&name) {
                    return Some(Operand {
                        path: path.clone(),
                        defaulted: None,
                        element_of: None,
                        span: span(),
                    });
                }
                if let Some(Local {
                    operand: Some(o), ..
                }) = self.locals.get(&name)
                {
                    return Some(o.clone());
                }
                (name != "self" && !is_upper(&name)).then(|| Operand {
                    path: vec![name],
                    defaulted: None,
                    element_of: None,
                    span: span(),
                })
            }
            Expr::Field(f) => {
                let mut o = self.operand(&f.base)?;
                if let Member::Named(n) = &f.member {
                    o.path.push(super::syntax::field_name(n));
                }
                o.span = span();
                Some(o)
            }
            Expr::MethodCall(m) => {
                let name = &m.method;
                let value = if name == "unwrap_or" || name == "map_or" {
                    Some(m.args.first().and_then(|a| self.num(a)))
                } else if name == "unwrap_or_default" {
                    Some(Some(0.0))
                } else {
                    None
                };
                let mut o = self.operand(&m.receiver)?;
                match value {
                    Some(value) => {
                        o.defaulted = Some(Defaulted {
                            value,
                            span: self.ctx.span(call_span(m)),
                        });
                        Some(o)
                    }
                    None => super::one_of(
                        name,
                        &[
                            "clone",
                            "copied",
                            "cloned",
                            "unwrap",
                            "expect",
                            "into",
                            "as_str",
                            "as_ref",
                            "as_deref",
                            "to_owned",
                            "to_string",
                        ],
                    )
                    .then_some(o),
                }
            }
            _ => None,
        }
    }

    /// The parameters (other than `self`) a condition reads, directly or through a local,
    /// by the root name checks use (`#1` for `Parameters(params)`).
    fn param_roots(&self, e: &Expr) -> Vec<String> {
        struct Roots<'a>(&'a Walker<'a>, Vec<String>);
        impl<'ast> Visit<'ast> for Roots<'_> {
            fn visit_expr_path(&mut self, p: &'ast syn::ExprPath) {
                let Some(id) = p.path.get_ident() else { return };
                let name = id.to_string();
                let root = match self.0.params.get(&name) {
                    Some((path, _)) => Some(path[0].clone()),
                    None => self
                        .0
                        .locals
                        .get(&name)
                        .and_then(|l| l.operand.as_ref())
                        .map(|o| o.path[0].clone())
                        .filter(|r| self.0.param_root(r)),
                };
                if let Some(r) = root
                    && !self.1.contains(&r)
                {
                    self.1.push(r);
                }
            }
        }
        let mut v = Roots(self, Vec::new());
        v.visit_expr(e);
        v.1
    }

    /// A value read from a path, possibly through accessors (`x.kind.as_str()`), not
    /// the result of some other call.
    fn reads_value(&self, e: &Expr) -> bool {
        match strip(e) {
            Expr::MethodCall(m) => {
                super::one_of(&m.method, ACCESSORS) && self.reads_value(&m.receiver)
            }
            e => self.operand(e).is_some(),
        }
    }

    /// What a call of a function returns, rather than a value of the input read here:
    /// `validate(&input)`, `self.check(&args)`, but not `input.quantity.parse::<u8>()`.
    fn call_outcome(&self, e: &Expr) -> bool {
        match strip(e) {
            Expr::Call(c) => !matches!(c.func.as_ref(), Expr::Path(p)
                if p.path.is_ident("Ok") || p.path.is_ident("Some") || p.path.is_ident("Err")),
            Expr::MethodCall(m) => !self.reads_params(&m.receiver),
            _ => false,
        }
    }

    fn reads_params(&self, e: &Expr) -> bool {
        !self.param_roots(e).is_empty()
    }

    /// The parameter fields (Rust names) an expression reads.
    fn fields_read(&self, e: &Expr) -> Vec<String> {
        struct Fields<'a>(&'a Walker<'a>, Vec<String>);
        impl<'ast> Visit<'ast> for Fields<'_> {
            fn visit_expr(&mut self, e: &'ast Expr) {
                if matches!(e, Expr::Field(_) | Expr::Path(_))
                    && let Some(o) = self.0.operand(e)
                    && self.0.param_root(&o.path[0])
                {
                    if let Some(f) = o.path.get(1)
                        && !self.1.contains(f)
                    {
                        self.1.push(f.clone());
                    }
                    return;
                }
                visit::visit_expr(self, e);
            }
        }
        let mut v = Fields(self, Vec::new());
        v.visit_expr(e);
        v.1
    }

    /// The method or function whose value `e` is. A method is looked up by name only on a
    /// named receiver (`self.catalogue.all()`, `client.fetch()`): on what a call returned
    /// (`v.as_array().map(..)`, or a local holding it), its type, and so the method, is
    /// unknown.
    fn callee_of(&self, e: &Expr) -> Option<String> {
        match e {
            Expr::MethodCall(c)
                if matches!(strip(&c.receiver), Expr::MethodCall(_) | Expr::Call(_))
                    || self.opaque(&c.receiver) =>
            {
                None
            }
            Expr::MethodCall(c) => Some(c.method.to_string()),
            Expr::Call(c) => match c.func.as_ref() {
                Expr::Path(p) => Some(last_segment(&p.path)),
                _ => None,
            },
            _ => None,
        }
    }

    /// [`Self::callee_of`], with the module a path call names before the function
    /// (`serde_json::from_str`): linking then looks for the callee in that module only, never
    /// in a same-named function of the crate's own.
    fn qualified_callee(&self, e: &Expr) -> Option<String> {
        let callee = self.callee_of(e)?;
        let Expr::Call(c) = e else {
            return Some(callee);
        };
        let Expr::Path(p) = c.func.as_ref() else {
            return Some(callee);
        };
        // `use super::{get_string}`: the path the import stands for, when it names the
        // module exactly, so linking never takes another module's `get_string` for it.
        let full = self.ctx.resolve(p.span(), &p.path);
        if full.len() > 1 && matches!(full[0].as_str(), "crate" | "self" | "super") {
            return Some(full.join("::"));
        }
        Some(match module_of(&super::syntax::segment_names(&p.path)) {
            Some(m) => format!("{m}::{callee}"),
            None => callee,
        })
    }

    /// The transaction of this fn an expression names: `tx`, `&mut *tx`, `&mut tx`.
    fn transaction(&self, e: &Expr) -> Option<String> {
        let e = match strip(e) {
            Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => strip(&u.expr),
            e => e,
        };
        let Expr::Path(p) = e else { return None };
        let name = p.path.get_ident()?.to_string();
        self.transactions.contains_key(&name).then_some(name)
    }

    /// The statements of a transaction take effect here (its commit, or its hand-over to
    /// code that may commit it).
    fn settle(&mut self, tx: &str) {
        if let Some(pending) = self.transactions.get_mut(tx) {
            let pending = std::mem::take(pending);
            self.out.effects.extend(pending);
        }
    }

    /// A transaction passed by value (`finish(tx)`) may be committed there.
    fn moved(&mut self, arg: &Expr) {
        if let Expr::Path(p) = arg
            && let Some(id) = p.path.get_ident()
        {
            let name = id.to_string();
            if self.transactions.contains_key(&name) {
                self.settle(&name);
            }
        }
    }

    fn param_root(&self, root: &str) -> bool {
        self.params.values().any(|(p, _)| p[0] == root)
    }

    fn effect(&mut self, kind: EffectKind, span: proc_macro2::Span) {
        let span = self.ctx.span(span);
        self.out.effects.push(Effect { kind, span });
    }

    /// `execute("INSERT ..")`, `query("UPDATE ..").execute(..)`: the statement, when it writes,
    /// and the columns an `UPDATE` sets.
    fn sql_write(&self, m: &syn::ExprMethodCall) -> Option<(String, Vec<String>)> {
        let mut literals = Vec::new();
        let mut e: &Expr = &Expr::MethodCall(m.clone());
        loop {
            match strip(e) {
                Expr::MethodCall(mc) => {
                    literals.extend(mc.args.iter().filter_map(super::attrs::lit_str));
                    e = &mc.receiver;
                }
                Expr::Call(c) => {
                    literals.extend(c.args.iter().filter_map(super::attrs::lit_str));
                    break;
                }
                Expr::Macro(mac) => {
                    if let Ok(args) = syn::parse::Parser::parse2(
                        Punctuated::<Expr, Token![,]>::parse_terminated,
                        mac.mac.tokens.clone(),
                    ) {
                        literals.extend(args.iter().filter_map(super::attrs::lit_str));
                    }
                    break;
                }
                _ => break,
            }
        }
        literals.into_iter().find_map(|l| {
            let first = l.split_whitespace().next()?.to_ascii_uppercase();
            // `CREATE TABLE IF NOT EXISTS ..; CREATE INDEX IF NOT EXISTS ..`: the store set up
            // once, as opening it does on every call; nothing a later call sees changes.
            let setup = first == "CREATE"
                && l.split(';').filter(|s| !s.trim().is_empty()).all(|s| {
                    let s = s.to_ascii_uppercase();
                    s.trim_start().starts_with("CREATE") && s.contains("IF NOT EXISTS")
                });
            // `INSERT INTO audit_log ..`: a record of the call, not its effect.
            if first == "INSERT" && inserted_table(&l).is_some_and(crate::contract::call_record) {
                return None;
            }
            if setup {
                return None;
            }
            let set = match first.as_str() {
                "UPDATE" => set_columns(&l),
                _ => Vec::new(),
            };
            SQL_WRITES.contains(&first.as_str()).then_some((first, set))
        })
    }

    /// Whether a URL is a `format!` whose template names no path segment of its own beyond a
    /// version (`"{}{path}"`, `"{base}/v1/{}"`): the endpoint comes from elsewhere.
    fn caller_endpoint(&self, url: &Expr) -> bool {
        let Expr::Macro(m) = strip(url) else {
            return false;
        };
        if !m.mac.path.is_ident("format") {
            return false;
        }
        let Some(template) = self
            .ctx
            .macro_args(&m.mac)
            .and_then(|args| args.first().and_then(super::attrs::lit_str))
        else {
            return false;
        };
        let mut literal = String::new();
        let mut depth = 0usize;
        for c in template.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                c if depth == 0 => literal.push(c),
                _ => {}
            }
        }
        template.contains('{')
            && literal.split('/').filter(|s| !s.is_empty()).all(|seg| {
                seg == "api"
                    || seg
                        .strip_prefix('v')
                        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            })
    }

    fn swallow(&mut self, how: String, from_call: Option<String>, span: proc_macro2::Span) {
        self.swallow_of(how, from_call, None, span);
    }

    /// A swallow of the failure of the call `failed` (see [`Swallow::failed_call`]).
    fn swallow_of(
        &mut self,
        how: String,
        from_call: Option<String>,
        failed: Option<&Expr>,
        span: proc_macro2::Span,
    ) {
        let span = self.ctx.span(span);
        let failed_call = failed.and_then(|e| self.value_of_call(strip(e)));
        self.out.swallows.push(Swallow {
            how,
            from_call,
            failed_call,
            in_error_exit: self.error_exits > 0,
            missed: None,
            property: None,
            answers: false,
            surfaced: false,
            span,
        });
        if let Some(source) = failed.and_then(super::surfaced::source) {
            self.sources.push((span, source));
        }
    }

    /// A lookup of a value in a collection (`types.get(name)`) whose miss answers with no
    /// content at all (`diverge`): the unknown value reads as an empty answer.
    fn lookup_miss(&mut self, looked_up: &Expr, diverge: &Expr, how: &str) {
        let Expr::MethodCall(m) = strip(looked_up) else {
            return;
        };
        if m.method != "get" || m.args.len() != 1 {
            return;
        }
        let Some(key) = self.operand(&m.args[0]) else {
            return;
        };
        if !matches!(arm_value(diverge), Some((v, true)) if content_free(v)) {
            return;
        }
        let span = self.ctx.span(diverge.span());
        self.out.swallows.push(Swallow {
            how: how.to_string(),
            from_call: None,
            failed_call: None,
            in_error_exit: self.error_exits > 0,
            missed: Some(key.path),
            property: None,
            answers: false,
            surfaced: false,
            span,
        });
    }

    /// `left = right` (or `left += ..`, with no `right`) to shared state.
    /// `map.entry(host).or_insert_with(make).clone()`: the entry is filled only when missing
    /// and the value is read, a memo like an insert after a missed lookup, not a write a
    /// later call observes as the tool's effect.
    fn memo_read(&mut self, m: &syn::ExprMethodCall) {
        let reads = ["clone", "cloned", "copied", "to_owned", "to_string"];
        let fills = [
            "or_insert",
            "or_insert_with",
            "or_insert_with_key",
            "or_default",
        ];
        if !reads.iter().any(|r| m.method == r) {
            return;
        }
        let Expr::MethodCall(fill) = strip(&m.receiver) else {
            return;
        };
        let Expr::MethodCall(entry) = strip(&fill.receiver) else {
            return;
        };
        if !fills.iter().any(|f| fill.method == f) || entry.method != "entry" {
            return;
        }
        let at = self.ctx.span(call_span(entry));
        for e in self.out.effects.iter_mut().rev() {
            if let EffectKind::Call { fills_missing, .. } = &mut e.kind
                && e.span == at
            {
                *fills_missing = true;
                return;
            }
        }
    }

    fn assignment(&mut self, left: &Expr, right: Option<&Expr>) {
        let receiver = self.receiver(left).0;
        if !receiver.shared() || matches!(receiver, Receiver::SharedParam) {
            return;
        }
        let target = match left {
            Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => &u.expr,
            left => left,
        };
        let member = match strip(target) {
            Expr::Field(f) => match &f.member {
                Member::Named(n) => Some(n.to_string()),
                Member::Unnamed(_) => None,
            },
            _ => None,
        };
        let fills_empty = right
            .filter(|_| self.empty_places.contains(&place(target)))
            .map(|r| self.param_roots(r));
        // The field of `self` the place is in, else the field the place is reached by
        // (`meta_cache` in `*state.cache.meta_cache.write().await = ..`).
        let field = self.state_field(left).or_else(|| reached_by(left));
        self.effect(
            EffectKind::Assign {
                receiver,
                field,
                member,
                fills_empty,
            },
            left.span(),
        );
    }

    /// The function whose value `e` is: a call's callee (after the module a path names), or
    /// the one a local was bound from.
    fn value_of_call(&self, e: &Expr) -> Option<String> {
        match e {
            Expr::Path(p) => p
                .path
                .get_ident()
                .and_then(|i| self.locals.get(&i.to_string()))
                .and_then(|l| l.called.clone()),
            e => self.qualified_callee(e),
        }
    }

    /// Whether `source` turns a value the code holds into another (`to_string(&v)`,
    /// `from_value(args)`, `s.parse()`, a `json!` literal's) or, with `text`, parses text
    /// (`s.parse()`): its failure is that value's, not an outage of something asked. Text
    /// fetched from elsewhere and parsed in a `match` is not told apart from an outage.
    fn decodes(&self, source: &Expr, text: bool) -> bool {
        let callee = self.value_of_call(source);
        let last = callee
            .as_deref()
            .map(|c| c.rsplit("::").next().unwrap_or(c));
        last.is_some_and(|c| {
            super::syntax::SERIALIZE.contains(&c) || c == "from_value" || (text && c == "parse")
        }) || has_json_literal(source)
    }

    /// `r.unwrap_or_default()`, `r.ok().unwrap_or_default()`, `r.unwrap_or_else(|_| vec![])`.
    fn unwrap_swallow(&mut self, m: &syn::ExprMethodCall) {
        let method = &m.method;
        let (empty, certain) = if method == "unwrap_or_default" {
            (true, false)
        } else if method == "unwrap_or" {
            (m.args.first().is_some_and(empty_value), false)
        } else if method == "unwrap_or_else" {
            match m.args.first() {
                Some(Expr::Closure(c)) => (empty_value(&c.body), c.inputs.len() == 1),
                _ => (false, false),
            }
        } else {
            return;
        };
        if !empty {
            return;
        }
        let name = method.to_string();
        let mut source = strip(&m.receiver);
        let mut certain = certain;
        let mut via_ok = false;
        if let Expr::MethodCall(ok) = source
            && ok.method == "ok"
            && ok.args.is_empty()
        {
            certain = true;
            via_ok = true;
            source = strip(&ok.receiver);
        }
        if self.decodes(source, true) {
            return;
        }
        let callee = self.value_of_call(source);
        let args = if name == "unwrap_or_else" {
            "|_| .."
        } else {
            ".."
        };
        let ok = if via_ok { ".ok()." } else { "" };
        let how = match name.as_str() {
            "unwrap_or_default" => format!("`{ok}unwrap_or_default()`"),
            n => format!("`{ok}{n}({args})` with an empty value"),
        };
        let at = self.ctx.span(call_span(m));
        match (certain, callee) {
            (true, _) => self.swallow(how, None, call_span(m)),
            (false, Some(c)) => self.swallow(how, Some(c), call_span(m)),
            (false, None) => return,
        }
        if let Some(source) = super::surfaced::source(source) {
            self.sources.push((at, source));
        }
    }
}

/// `pool.begin().await?`, `conn.transaction()?` (through `map_err`, `expect` …): a database
/// transaction, which sqlx and rusqlite roll back when it is dropped uncommitted.
fn begins_transaction(e: &Expr) -> bool {
    match strip(e) {
        Expr::MethodCall(m)
            if matches!(
                m.method.to_string().as_str(),
                "map_err" | "expect" | "unwrap" | "context" | "with_context"
            ) =>
        {
            begins_transaction(&m.receiver)
        }
        Expr::MethodCall(m) => {
            m.args.is_empty() && matches!(m.method.to_string().as_str(), "begin" | "transaction")
        }
        _ => false,
    }
}

/// The last named field on the way to a place, through guards and derefs
/// (`meta_cache` in `*state.cache.meta_cache.write().await`).
fn reached_by(e: &Expr) -> Option<String> {
    match strip(e) {
        Expr::Unary(u) => reached_by(&u.expr),
        Expr::MethodCall(m) => reached_by(&m.receiver),
        Expr::Field(f) => match &f.member {
            Member::Named(n) => Some(n.to_string()),
            Member::Unnamed(_) => reached_by(&f.base),
        },
        _ => None,
    }
}

/// A place as written, to tell `if slot.is_none() { *slot = Some(..) }` fills one place.
/// A map key as written, without the borrows and conversions that leave it the same key
/// (`&k`, `&*k`, `k.to_string()`, `k.clone()`, `k.into()`).
fn key_text(e: &Expr) -> String {
    let mut e = strip(e);
    loop {
        e = match e {
            Expr::Reference(r) => strip(&r.expr),
            Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => strip(&u.expr),
            Expr::MethodCall(m)
                if m.args.is_empty()
                    && super::one_of(&m.method, &["to_string", "to_owned", "clone", "into"]) =>
            {
                strip(&m.receiver)
            }
            _ => break,
        };
    }
    place(e)
}

fn place(e: &Expr) -> String {
    let e = strip(e);
    quote::quote!(#e).to_string()
}

/// The block's last statement returns an error: `return Err(..)`, a tail `Err(..)`, `bail!`.
fn ends_in_error(b: &syn::Block) -> bool {
    let err = |e: &Expr| {
        matches!(strip(e), Expr::Call(c)
            if matches!(c.func.as_ref(), Expr::Path(p) if last_segment(&p.path) == "Err"))
    };
    let bail = |m: &syn::Macro| m.path.segments.last().is_some_and(|s| s.ident == "bail");
    match b.stmts.last() {
        Some(syn::Stmt::Expr(Expr::Return(r), _)) => r.expr.as_deref().is_some_and(err),
        Some(syn::Stmt::Expr(Expr::Macro(m), _)) => bail(&m.mac),
        Some(syn::Stmt::Macro(m)) => bail(&m.mac),
        Some(syn::Stmt::Expr(e, None)) => err(e),
        _ => false,
    }
}

/// An argument of a call or macro is a `json!` literal (parsing a constant cannot fail).
fn has_json_literal(e: &Expr) -> bool {
    let args: Vec<&Expr> = match e {
        Expr::MethodCall(m) => m.args.iter().collect(),
        Expr::Call(c) => c.args.iter().collect(),
        _ => return false,
    };
    args.into_iter()
        .any(|a| matches!(strip(a), Expr::Macro(m) if m.mac.path.is_ident("json")))
}

/// An empty collection, a default, or a "no match" answer.
fn empty_value(e: &Expr) -> bool {
    match e {
        Expr::Paren(p) => empty_value(&p.expr),
        Expr::Group(g) => empty_value(&g.expr),
        Expr::Block(b) => match b.block.stmts.last() {
            Some(syn::Stmt::Expr(e, None)) => empty_value(e),
            _ => false,
        },
        Expr::Macro(_) | Expr::Array(_) | Expr::Lit(_) => empty_literal(e),
        Expr::Call(c) => {
            let Expr::Path(p) = c.func.as_ref() else {
                return false;
            };
            let last = last_segment(&p.path);
            match last.as_str() {
                "new" | "default" => c.args.is_empty(),
                "Json" | "Some" | "Ok" | "Wrapper" => c.args.len() == 1 && empty_value(&c.args[0]),
                "success" => c
                    .args
                    .first()
                    .is_some_and(|a| empty_value(a) || says_no_match(a)),
                n => no_match_name(n),
            }
        }
        Expr::Path(p) => no_match_name(&last_segment(&p.path)),
        Expr::Struct(s) => {
            no_match_name(&last_segment(&s.path))
                || (!s.fields.is_empty()
                    && s.fields
                        .iter()
                        .all(|f| empty_value(&f.expr) || zero(&f.expr)))
        }
        _ => false,
    }
}

/// `vec![]`, `[]`, `""`.
fn empty_literal(e: &Expr) -> bool {
    match e {
        Expr::Macro(m) => m.mac.path.is_ident("vec") && m.mac.tokens.is_empty(),
        Expr::Array(a) => a.elems.is_empty(),
        Expr::Lit(l) => matches!(&l.lit, syn::Lit::Str(s) if s.value().is_empty()),
        _ => false,
    }
}

fn zero(e: &Expr) -> bool {
    matches!(e, Expr::Lit(l) if matches!(&l.lit, syn::Lit::Int(i) if i.base10_digits() == "0"))
        || matches!(e, Expr::Lit(l) if matches!(&l.lit, syn::Lit::Bool(b) if !b.value))
}

/// `NoMatch`, `NotFound`, `Empty`: an answer that says there is nothing.
fn no_match_name(name: &str) -> bool {
    let n: String = name
        .chars()
        .filter(|c| *c != '_')
        .flat_map(char::to_lowercase)
        .collect();
    ["nomatch", "notfound", "noresult", "empty", "nothingfound"]
        .iter()
        .any(|w| n.contains(w))
}

/// A literal inside the value that tells the agent nothing was found.
fn says_no_match(e: &Expr) -> bool {
    struct Finder(bool);
    impl Visit<'_> for Finder {
        fn visit_lit_str(&mut self, s: &syn::LitStr) {
            let t = s.value().to_lowercase();
            if ["no match", "not found", "no result", "nothing found"]
                .iter()
                .any(|w| t.contains(w))
            {
                self.0 = true;
            }
        }
        fn visit_macro(&mut self, m: &syn::Macro) {
            if let Ok(args) = syn::parse::Parser::parse2(
                Punctuated::<Expr, Token![,]>::parse_terminated,
                m.tokens.clone(),
            ) {
                for a in &args {
                    self.visit_expr(a);
                }
            }
        }
    }
    let mut f = Finder(false);
    f.visit_expr(e);
    f.0
}

/// The value an `Err` arm or `else` branch produces: `Ok(x)`, `return Ok(x)`, `x`, the tail
/// of a block. `None` when it rejects or diverges otherwise.
fn arm_value(e: &Expr) -> Option<(&Expr, bool)> {
    match e {
        Expr::Paren(p) => arm_value(&p.expr),
        Expr::Block(b) => match b.block.stmts.last()? {
            syn::Stmt::Expr(e, None) => arm_value(e),
            syn::Stmt::Expr(e @ Expr::Return(_), Some(_)) => arm_value(e),
            _ => None,
        },
        Expr::Return(r) => arm_value(r.expr.as_deref()?).map(|(v, _)| (v, true)),
        Expr::Call(c) => match c.func.as_ref() {
            Expr::Path(p) if p.path.is_ident("Ok") && c.args.len() == 1 => Some((&c.args[0], true)),
            Expr::Path(p) if p.path.is_ident("Err") => None,
            _ => Some((e, false)),
        },
        _ => Some((e, false)),
    }
}

/// `Some(x)` / `Ok(x)`: the name bound to the value inside.
fn unwrapped_ident(p: &Pat) -> Option<String> {
    match p {
        Pat::TupleStruct(ts)
            if ts.elems.len() == 1 && (ts.path.is_ident("Some") || ts.path.is_ident("Ok")) =>
        {
            match &ts.elems[0] {
                Pat::Ident(id) => Some(id.ident.to_string()),
                _ => None,
            }
        }
        _ => None,
    }
}

/// `|v| ..`: the one name a closure argument binds.
fn closure_param(a: &Expr) -> Option<&syn::Ident> {
    match a {
        Expr::Closure(c) => super::syntax::closure_param(c),
        _ => None,
    }
}

/// `None =>`.
fn none_pattern(p: &Pat) -> bool {
    match p {
        Pat::Ident(id) => id.ident == "None" && id.subpat.is_none(),
        Pat::Path(p) => p.path.is_ident("None"),
        _ => false,
    }
}

/// An answer with nothing in it: `vec![]`, `Vec::new()`, `""`, or a success of one
/// (`CallToolResult::success(vec![])`, `Json(vec![])`). Unlike [`empty_value`], an answer
/// that says nothing was found (`NotFound`, "no match") tells the agent something.
fn content_free(e: &Expr) -> bool {
    match e {
        Expr::Paren(p) => content_free(&p.expr),
        Expr::Group(g) => content_free(&g.expr),
        Expr::Macro(_) | Expr::Array(_) | Expr::Lit(_) => empty_literal(e),
        Expr::Call(c) => {
            let Expr::Path(p) = c.func.as_ref() else {
                return false;
            };
            match last_segment(&p.path).as_str() {
                "new" => {
                    c.args.is_empty()
                        && p.path.segments.len() == 2
                        && ["Vec", "String"]
                            .iter()
                            .any(|t| p.path.segments[0].ident == t)
                }
                "Json" | "Ok" | "success" => c.args.len() == 1 && content_free(&c.args[0]),
                _ => false,
            }
        }
        _ => false,
    }
}

/// `Err(_) =>` / `Err(e) =>`.
/// Whether the answer of an `Err(e)` arm carries the error it binds (`format!("Device not
/// found: {e}")`): the failure is told to the agent, not read as nothing found.
fn tells_error(p: &Pat, answer: &Expr) -> bool {
    error_binding(p).is_some_and(|name| mentions(quote::ToTokens::to_token_stream(answer), &name))
}

/// Whether an `Err(e)` arm stores the error it binds where the answer gathers what went
/// wrong (`warnings.push(format!("could not read {dir}: {e}"))`): the failure is reported
/// beside the result, not read as nothing found. A log line stores nothing.
fn stores_error(p: &Pat, body: &Expr) -> bool {
    let Some(name) = error_binding(p) else {
        return false;
    };
    let Expr::Block(b) = body else { return false };
    b.block.stmts.iter().any(|st| match st {
        syn::Stmt::Expr(Expr::MethodCall(m), _) => {
            super::answer_flow::FILLS.iter().any(|f| m.method == f)
                && m.args
                    .iter()
                    .any(|a| mentions(quote::ToTokens::to_token_stream(a), &name))
        }
        _ => false,
    })
}

/// The name an `Err(e)` pattern binds the error to.
fn error_binding(p: &Pat) -> Option<String> {
    let Pat::TupleStruct(ts) = p else {
        return None;
    };
    let Some(Pat::Ident(e)) = ts.elems.first() else {
        return None;
    };
    Some(e.ident.to_string())
}

fn mentions(tokens: proc_macro2::TokenStream, name: &str) -> bool {
    tokens.into_iter().any(|t| match t {
        proc_macro2::TokenTree::Ident(i) => i == name,
        proc_macro2::TokenTree::Group(g) => mentions(g.stream(), name),
        // `{e}` or `{e:?}` captured by a format string.
        proc_macro2::TokenTree::Literal(l) => {
            let text = l.to_string();
            text.contains(&format!("{{{name}}}")) || text.contains(&format!("{{{name}:"))
        }
        proc_macro2::TokenTree::Punct(_) => false,
    })
}

impl<'ast> Visit<'ast> for Walker<'_> {
    fn visit_local(&mut self, l: &'ast syn::Local) {
        let Some(init) = &l.init else { return };
        self.visit_expr(&init.expr);
        if let Pat::Ident(p) = &l.pat {
            let name = p.ident.to_string();
            if self.call_outcome(&init.expr) {
                self.outcomes.insert(name);
            } else {
                self.outcomes.remove(&name);
            }
        }
        if let Some((_, diverge)) = &init.diverge {
            // `let Ok(x) = r else { return Ok(vec![]) };`
            if let Pat::TupleStruct(ts) = &l.pat
                && ts.path.is_ident("Ok")
                && let Some((v, _)) = arm_value(diverge)
                && empty_value(v)
            {
                self.swallow_of(
                    "`let Ok(..) = .. else` returning an empty result".into(),
                    None,
                    Some(&init.expr),
                    diverge.span(),
                );
            }
            if let Pat::TupleStruct(ts) = &l.pat
                && ts.path.is_ident("Some")
            {
                self.lookup_miss(
                    &init.expr,
                    diverge,
                    "`let Some(..) = .. else` returning no content",
                );
            }
            self.visit_expr(diverge);
        }
        let mut pat = &l.pat;
        while let Pat::Type(t) = pat {
            pat = &t.pat;
        }
        if let Some(id) = unwrapped_ident(pat) {
            let local = Local {
                receiver: Receiver::Local,
                field: None,
                operand: self.operand(&init.expr),
                fresh: false,
                opaque: false,
                minted: false,
                called: None,
                known: None,
                made: None,
            };
            self.locals.insert(id, local);
        }
        if let Pat::Ident(id) = pat
            && begins_transaction(&init.expr)
        {
            self.transactions.insert(id.ident.to_string(), Vec::new());
        }
        if let Pat::Ident(id) = pat {
            let annotated = match &l.pat {
                Pat::Type(t) => Some(t.ty.as_ref()),
                _ => None,
            };
            let (known, made) =
                match super::syntax::local_type(&init.expr, annotated, self.generics) {
                    Some(super::syntax::LocalType::Known(t)) => (Some(t), None),
                    Some(super::syntax::LocalType::Made(h)) => (None, Some(h)),
                    None => (None, None),
                };
            let receiver = match self.receiver(&init.expr).0 {
                // `let this = self.clone();`, moved into the `async` block that dispatches:
                // the same server, whose methods `this.query(..)` calls.
                Receiver::SelfRef if super::syntax::self_clone(&init.expr) => Receiver::SelfRef,
                Receiver::SelfField | Receiver::SelfRef => Receiver::Handle,
                r @ (Receiver::Guard | Receiver::Handle) => r,
                _ => Receiver::Local,
            };
            let local = Local {
                receiver,
                field: self.state_field(&init.expr),
                operand: self.operand(&init.expr),
                fresh: self.fresh(&init.expr),
                opaque: self.opaque(&init.expr),
                minted: self.minted(&init.expr),
                // Not through `?`: what is left after it is the success value.
                called: self.callee_of(match init.expr.as_ref() {
                    Expr::Await(a) => &a.base,
                    e => e,
                }),
                known,
                made,
            };
            self.locals.insert(id.ident.to_string(), local);
        }
    }

    fn visit_expr_let(&mut self, l: &'ast syn::ExprLet) {
        self.visit_expr(&l.expr);
        if let Some(id) = unwrapped_ident(&l.pat) {
            let local = Local {
                receiver: Receiver::Local,
                field: None,
                operand: self.operand(&l.expr),
                fresh: false,
                opaque: false,
                minted: false,
                called: None,
                known: None,
                made: None,
            };
            self.locals.insert(id, local);
        }
    }

    fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
        // `x.is_some_and(|v| ..)`, `x.map(|v| ..)`: `v` is the value inside `x`. The
        // receiver is read only for such a closure (an operand's span renders its tokens).
        if m.args.iter().any(|a| closure_param(a).is_some())
            && let Some(o) = self.operand(&m.receiver)
        {
            for id in m.args.iter().filter_map(closure_param) {
                let local = Local {
                    receiver: Receiver::Local,
                    field: None,
                    operand: Some(o.clone()),
                    fresh: false,
                    opaque: false,
                    minted: false,
                    called: None,
                    known: None,
                    made: None,
                };
                self.locals.insert(id.to_string(), local);
            }
        }
        visit::visit_expr_method_call(self, m);
        let name = m.method.to_string();
        self.unwrap_swallow(m);
        self.memo_read(m);
        if name == "commit"
            && let Some(t) = self.transaction(chain_root(&m.receiver))
        {
            self.settle(&t);
        }
        for a in &m.args {
            self.moved(a);
        }
        let (receiver, receiver_ty) = self.receiver(&m.receiver);
        if (name == "validate" || name == "validate_with")
            && matches!(
                receiver,
                Receiver::Local | Receiver::SharedParam | Receiver::MutParam
            )
            && self.reads_params(&m.receiver)
        {
            self.effect(EffectKind::ValidateMethod, call_span(m));
            return;
        }
        if matches!(
            name.as_str(),
            "execute"
                | "execute_batch"
                | "exec"
                | "execute_many"
                | "query"
                | "fetch_all"
                | "fetch_one"
        ) && let Some((statement, set)) = self.sql_write(m)
        {
            let span = self.ctx.span(call_span(m));
            let effect = Effect {
                kind: EffectKind::SqlWrite { statement, set },
                span,
            };
            // In a transaction of this fn the statement is observable only once committed.
            let tx = std::iter::once(chain_root(&m.receiver))
                .chain(m.args.iter())
                .find_map(|e| self.transaction(e));
            match tx.and_then(|t| self.transactions.get_mut(&t)) {
                Some(pending) => pending.push(effect),
                None => self.out.effects.push(effect),
            }
            return;
        }
        // `http.put(format!("{}{path}", self.base))`: the endpoint is the caller's, so what
        // the request does there is not known here.
        if matches!(name.as_str(), "put" | "patch" | "delete")
            && m.args.first().is_some_and(|url| self.caller_endpoint(url))
        {
            return;
        }
        // `client.request(Method::POST, url)` is a `post`.
        let name = match m.args.first() {
            Some(Expr::Path(p)) if name == "request" => {
                let verb = last_segment(&p.path);
                match verb.as_str() {
                    "POST" | "PUT" | "PATCH" | "DELETE" => verb.to_ascii_lowercase(),
                    _ => name,
                }
            }
            _ => name,
        };
        let field = self.state_field(&m.receiver);
        let opaque = self.opaque(&m.receiver);
        let args = m.args.iter().map(|a| self.arg(a)).collect();
        let via_param = self.param_at_root(&m.receiver);
        let receiver_hint = receiver_ty
            .is_none()
            .then(|| self.hint(&m.receiver))
            .flatten();
        // Filling the memo at the key looked up, or dropping its stale entry there; or
        // dropping every entry past its time (`retain(|_, e| now.duration_since(e.at) <
        // ttl)`), which a later call would have found expired all the same.
        let fills_missing = (super::one_of(
            &m.method,
            &["insert", "remove", "shift_remove", "swap_remove"],
        ) && m.args.first().is_some_and(|k| {
            self.missed
                .iter()
                .any(|(map, key)| *map == place(&m.receiver) && *key == key_text(k))
        })) || (m.method == "retain"
            && m.args.iter().any(|a| {
                matches!(a, Expr::Closure(c) if ["elapsed", "duration_since", "saturating_duration_since", "checked_duration_since"]
                    .iter()
                    .any(|clock| mentions(quote::ToTokens::to_token_stream(&c.body), clock)))
            }));
        self.effect(
            EffectKind::Call {
                callee: name,
                method: true,
                receiver,
                place: CallPlace {
                    receiver_ty,
                    module: None,
                    receiver_hint,
                    field,
                }
                .boxed(),
                fills_missing,
                opaque,
                args,
                via_param,
            },
            call_span(m),
        );
    }

    fn visit_expr_call(&mut self, c: &'ast syn::ExprCall) {
        visit::visit_expr_call(self, c);
        for a in &c.args {
            self.moved(a);
        }
        let Expr::Path(p) = c.func.as_ref() else {
            return;
        };
        let segs = super::syntax::segment_names(&p.path);
        let Some(callee) = segs.last().cloned() else {
            return;
        };
        if callee == "Ok" || callee == "Err" || callee == "Some" {
            return;
        }
        // `capture(name)` of `let capture = |..| ..` or of a parameter `f: impl Fn(..)`:
        // the value bound here is called, no item of that name (the closure's effects are
        // read where it is written).
        if segs.len() == 1
            && (self.locals.contains_key(&callee) || self.params.contains_key(&callee))
        {
            return;
        }
        // `Cart::add(..)`: a type before the name; `cart::add(..)`: a module.
        let receiver_ty = segs
            .len()
            .checked_sub(2)
            .map(|i| segs[i].clone())
            .filter(|s| s.starts_with(char::is_uppercase));
        let module = module_of(&segs);
        self.effect(
            EffectKind::Call {
                callee,
                method: false,
                receiver: Receiver::Free,
                place: CallPlace {
                    receiver_ty,
                    module,
                    ..CallPlace::NONE
                }
                .boxed(),
                fills_missing: false,
                opaque: false,
                args: c.args.iter().map(|a| self.arg(a)).collect(),
                via_param: None,
            },
            p.path
                .segments
                .last()
                .map_or_else(|| c.span(), |s| s.ident.span()),
        );
    }

    fn visit_block(&mut self, b: &'ast syn::Block) {
        let exits = usize::from(ends_in_error(b));
        self.error_exits += exits;
        visit::visit_block(self, b);
        self.error_exits -= exits;
    }

    fn visit_expr_if(&mut self, i: &'ast syn::ExprIf) {
        // `if let Some(p) = paths.get(k) { return Ok(p.clone()) }`: the rest runs on a miss.
        if let Expr::Let(l) = strip(&i.cond)
            && let Some(found) = super::syntax::some_pattern(&l.pat)
            && let Expr::MethodCall(get) = strip(&l.expr)
            && get.method == "get"
            && get.args.len() == 1
            && i.else_branch.is_none()
            && (matches!(
                i.then_branch.stmts.last(),
                Some(syn::Stmt::Expr(Expr::Return(_), _))
            ) || found.is_some_and(|f| answers_hit(&i.then_branch, &f.to_string())))
        {
            self.missed
                .push((place(&get.receiver), key_text(&get.args[0])));
        }
        // `if let Some(t) = types.get(name) { .. } else { return Ok(success(vec![])) }`
        if let Expr::Let(l) = strip(&i.cond)
            && let Pat::TupleStruct(ts) = &*l.pat
            && ts.path.is_ident("Some")
            && let Some((_, e)) = &i.else_branch
        {
            self.lookup_miss(
                &l.expr,
                e,
                "`if let Some(..) = .. else` returning no content",
            );
        }
        // The check comes first: what the condition itself calls is part of checking.
        let else_rejects = match i.else_branch.as_ref().map(|(_, e)| e.as_ref()) {
            Some(Expr::Block(b)) => rejects(&b.block),
            _ => false,
        };
        let rejected = rejects(&i.then_branch) || else_rejects;
        // `if x > 5 { return refuse(..) }`: a rejection if the callee builds one.
        let via = returned(&i.then_branch)
            .and_then(value_call)
            .filter(|_| !rejected);
        // `if let Err(e) = validate(&input) { return Err(e) }` passes on what the call
        // decided: the call is the check, as it is with `?`.
        let passes_on = matches!(strip(&i.cond), Expr::Let(l) if self.call_outcome(&l.expr));
        if (rejected || via.is_some()) && !passes_on && self.failure_arms == 0 {
            let roots = self.param_roots(&i.cond);
            let fields = self.fields_read(&i.cond);
            let via = via.map(|c| self.ctx.span(c));
            self.effect(EffectKind::Reject { roots, fields, via }, i.cond.span());
        }
        self.visit_expr(&i.cond);
        let empty = match strip(&i.cond) {
            Expr::MethodCall(m)
                if (m.method == "is_none" || m.method == "is_empty") && m.args.is_empty() =>
            {
                Some(place(&m.receiver))
            }
            _ => None,
        };
        self.empty_places.extend(empty.clone());
        self.visit_block(&i.then_branch);
        if empty.is_some() {
            self.empty_places.pop();
        }
        if let Some((_, e)) = &i.else_branch {
            self.visit_expr(e);
        }
    }

    fn visit_expr_match(&mut self, m: &'ast syn::ExprMatch) {
        self.visit_expr(&m.expr);
        if let Some(arms) = self.variant_arms(m) {
            self.out.variant_arms.push(arms);
        }
        // A match on an input value with a rejecting arm is a check made before any arm
        // runs (arms exclude each other). A match on what a call returned is that call's
        // outcome: the call is a check only if it rejects itself.
        let roots = self.param_roots(&m.expr);
        let leaves = |a: &syn::Arm| {
            if expr_rejects(&a.body) {
                Some(None)
            } else {
                arm_leaves_with(&a.body).map(Some)
            }
        };
        if let Some((arm, via)) = m.arms.iter().find_map(|a| Some((a, leaves(a)?)))
            && !roots.is_empty()
            && self.reads_value(&m.expr)
        {
            let fields = self.fields_read(&m.expr);
            let via = via.map(|c| self.ctx.span(c));
            self.effect(EffectKind::Reject { roots, fields, via }, arm.pat.span());
        }
        let scrutinee = self.operand(&m.expr);
        for arm in &m.arms {
            // `Some(t) => ..`: inside the arm, `t` is the value matched.
            let some = scrutinee
                .as_ref()
                .and_then(|o| Some((some_binding(&arm.pat)?, o)));
            let shadowed = some.map(|(name, o)| (name.clone(), self.bound.insert(name, o.clone())));
            self.match_arm(&m.expr, arm);
            if let Some((name, old)) = shadowed {
                self.restore(name, old);
            }
        }
    }

    fn visit_expr_for_loop(&mut self, f: &'ast syn::ExprForLoop) {
        self.visit_expr(&f.expr);
        let element = match (&*f.pat, super::records::iterated(&f.expr)) {
            (Pat::Ident(id), Some(list)) => self.ctx.record_list(&list).map(|l| (id, l)),
            _ => None,
        };
        let Some((id, list)) = element else {
            self.visit_block(&f.body);
            return;
        };
        if !self.out.records.iter().any(|r| r.name == list.name) {
            self.out.records.push(list.clone());
        }
        let name = id.ident.to_string();
        let o = Operand {
            path: vec![name.clone()],
            defaulted: None,
            element_of: Some(list.name.clone()),
            span: self.ctx.span(id.span()),
        };
        let old = self.bound.insert(name.clone(), o);
        self.visit_block(&f.body);
        self.restore(name, old);
    }

    /// `while let Ok(row) = rows.next() { found.push(..) }`: a failure ends the loop as the
    /// last row would, and what was read before it is answered as if it were all.
    fn visit_expr_while(&mut self, w: &'ast syn::ExprWhile) {
        // A channel's receive fails when no message is left (`rx.try_recv()`): that is the
        // end of the messages, not a failure.
        let receives = |e: &Expr| {
            matches!(strip(e), Expr::MethodCall(m)
                if super::one_of(&m.method, &["recv", "try_recv", "recv_timeout", "recv_deadline"]))
        };
        if let Expr::Let(l) = strip(&w.cond)
            && let Pat::TupleStruct(ts) = &*l.pat
            && ts.path.is_ident("Ok")
            && !receives(&l.expr)
        {
            self.swallow_of(
                "`while let Ok(..)` ending the loop on a failure".into(),
                None,
                Some(&l.expr),
                l.span(),
            );
            let at = self.ctx.span(l.span());
            self.loops.push((at, self.ctx.span(w.body.span())));
        }
        syn::visit::visit_expr_while(self, w);
    }

    fn visit_expr_assign(&mut self, a: &'ast syn::ExprAssign) {
        visit::visit_expr_assign(self, a);
        self.assignment(&a.left, Some(&a.right));
    }

    fn visit_expr_binary(&mut self, b: &'ast syn::ExprBinary) {
        visit::visit_expr_binary(self, b);
        if let Some(op) = cmp_op(b.op) {
            if let (Some(left), Some(right)) = (self.operand(&b.left), self.operand(&b.right)) {
                let span = self.ctx.span(b.span());
                self.out.comparisons.push(Comparison {
                    left,
                    op,
                    right,
                    span,
                });
            }
            return;
        }
        if super::syntax::is_compound_assign(&b.op) {
            self.assignment(&b.left, None);
        }
    }

    fn visit_expr_macro(&mut self, m: &'ast syn::ExprMacro) {
        self.macro_body(&m.mac);
    }

    fn visit_stmt_macro(&mut self, m: &'ast syn::StmtMacro) {
        self.macro_body(&m.mac);
    }

    fn visit_item(&mut self, _: &'ast syn::Item) {}

    // Types, paths and attributes hold nothing this walker records (what expressions
    // they hold are compile-time: array lengths, const arguments). Patterns are walked:
    // a match arm's guard is one.
    fn visit_type(&mut self, _: &'ast syn::Type) {}
    fn visit_path(&mut self, _: &'ast syn::Path) {}
    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}
}

fn expr_rejects(e: &Expr) -> bool {
    let block = syn::Block {
        brace_token: Default::default(),
        stmts: vec![syn::Stmt::Expr(e.clone(), None)],
    };
    rejects(&block)
}

impl Walker<'_> {
    /// `ensure!(cond, ..)` rejects when `cond` fails; `bail!` rejects; other macros'
    /// arguments are visited when they parse as expressions.
    fn macro_body(&mut self, mac: &syn::Macro) {
        let name = mac
            .path
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default();
        let Some(args) = self.ctx.macro_args_to_visit(mac) else {
            return;
        };
        for a in args.iter() {
            self.visit_expr(a);
        }
        if name == "ensure" && !args.is_empty() {
            let roots = self.param_roots(&args[0]);
            let fields = self.fields_read(&args[0]);
            let via = None;
            self.effect(EffectKind::Reject { roots, fields, via }, mac.span());
        }
    }
}

/// `Some(name)` (also `Some(ref name)`): the name.
fn some_binding(p: &Pat) -> Option<String> {
    super::syntax::some_pattern(p)?.map(ToString::to_string)
}

impl Walker<'_> {
    fn restore(&mut self, name: String, old: Option<Operand>) {
        match old {
            Some(o) => self.bound.insert(name, o),
            None => self.bound.remove(&name),
        };
    }

    /// One arm of a `match` on `scrutinee`: its lookup misses and swallowed failures, then
    /// the arm itself.
    fn match_arm<'ast>(&mut self, scrutinee: &'ast Expr, arm: &'ast syn::Arm) {
        if none_pattern(&arm.pat) {
            self.lookup_miss(scrutinee, &arm.body, "`None => Ok(<no content>)`");
        }
        if super::syntax::err_pattern(&arm.pat)
            && let Some((v, ok)) = arm_value(&arm.body)
            && empty_value(v)
            && !tells_error(&arm.pat, v)
            && !stores_error(&arm.pat, &arm.body)
            && !self.decodes(strip(scrutinee), false)
        {
            let how = if ok {
                "`Err(_) => Ok(<empty>)`"
            } else {
                "`Err(_) => <empty>`"
            };
            self.swallow_of(how.into(), None, Some(scrutinee), arm.span());
        }
        // The call matched on, or a local holding its value (`let sent = ..; match sent`).
        let of_call = self.call_outcome(scrutinee)
            || matches!(strip(scrutinee), Expr::Path(p) if p.path.get_ident().is_some_and(|i| {
                self.outcomes.contains(&i.to_string())
            }));
        let failure = super::syntax::err_pattern(&arm.pat) && of_call;
        self.failure_arms += usize::from(failure);
        self.visit_arm(arm);
        self.failure_arms -= usize::from(failure);
    }
}

/// The table an `INSERT INTO table ..` statement names, without a schema or quotes.
fn inserted_table(sql: &str) -> Option<&str> {
    let mut words = sql.split_whitespace();
    words.next()?;
    if !words.next()?.eq_ignore_ascii_case("INTO") {
        return None;
    }
    let table = words.next()?.split('(').next()?;
    let table = table.rsplit('.').next()?;
    Some(table.trim_matches(|c| matches!(c, '"' | '`' | '[' | ']')))
}
