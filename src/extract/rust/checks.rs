//! Function bodies as facts about their parameters: the conditions under which they reject,
//! the values they adjust or default, the calls they make. Nothing here knows which type is
//! a tool's input; linking decides which parameter that is.

use super::Ctx;
use super::attrs::lit_str;
use super::syntax::{
    arm_leaves_with, bound_call, call_span, closure_method, cmp_op, outcome, presence_test,
    protocol_error, read_as, rejects, returned, success_values, swallowed_by_if,
    swallowed_by_match, swallowed_by_method, value_call,
};
use crate::contract::{
    CallArg, CallFact, ClosedSet, CmpOp, CodeFact, CodeFactKind, Decoded, FnBody, FnFacts, Lookup,
    Others, Outcome, PanicOn, RustType, TypeHint, ValueRef, inside,
};
use fnv::FnvHashMap as HashMap;
use fnv::FnvHashSet as HashSet;
use quote::ToTokens as _;
use serde_json::{Value, json};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned as _;
use syn::visit::{self, Visit};
use syn::{BinOp, Expr, FnArg, Lit, Member, Pat, Token};

/// A value put where the code is not followed (see [`CodeFactKind::Escapes`]).
const ESCAPES: CodeFactKind = CodeFactKind::Escapes { handed_back: false };

/// Facts of one fn or method: its signature, and its body when the file's bodies are read.
pub fn fn_facts(
    ctx: &Ctx,
    sig: &syn::Signature,
    block: &syn::Block,
    self_ty: Option<&str>,
    impl_trait: Option<&str>,
) -> FnFacts {
    let receiver = sig.inputs.iter().find_map(|a| match a {
        FnArg::Receiver(r) => Some(&r.kind),
        FnArg::Typed(_) => None,
    });
    let returns = match &sig.output {
        syn::ReturnType::Type(_, t) => quote::quote!(#t).to_string().replace(' ', ""),
        syn::ReturnType::Default => String::new(),
    };
    let returns_self = match (&sig.output, self_ty) {
        (syn::ReturnType::Type(_, t), Some(s)) => super::syntax::returns_self(t, s),
        _ => false,
    };
    FnFacts {
        returns_self,
        name: sig.ident.to_string(),
        span: ctx.span(sig.ident.span()),
        self_ty: self_ty.map(str::to_string),
        impl_trait: impl_trait.map(str::to_string),
        mut_self: matches!(receiver, Some(syn::ReceiverKind::Reference(_, _, Some(_)))),
        shared_self: matches!(receiver, Some(syn::ReceiverKind::Reference(_, _, None))),
        takes_self: receiver.is_some(),
        takes_nothing: sig.inputs.is_empty(),
        returns,
        body: ctx.bodies.then(|| body(ctx, sig, block, self_ty)),
    }
}

/// What a fn does with its parameters.
/// The serde types declared by the block's own statements, read as a module's are: an
/// item in a block is in scope in that block only (a nested block's are not the fn's).
fn local_types(ctx: &Ctx, block: &syn::Block) -> Vec<std::sync::Arc<RustType>> {
    block
        .stmts
        .iter()
        .filter_map(|s| match s {
            syn::Stmt::Item(syn::Item::Struct(s)) => super::types::item_struct(ctx, s),
            syn::Stmt::Item(syn::Item::Enum(e)) => super::types::item_enum(ctx, e),
            _ => None,
        })
        .map(std::sync::Arc::new)
        .collect()
}

fn body(ctx: &Ctx, sig: &syn::Signature, block: &syn::Block, self_ty: Option<&str>) -> FnBody {
    let params: Vec<(String, String)> = sig
        .inputs
        .iter()
        .enumerate()
        .map(|(i, a)| match a {
            FnArg::Receiver(_) => ("self".to_string(), self_ty.unwrap_or_default().to_string()),
            FnArg::Typed(t) => {
                let ty = t.ty.as_ref();
                let name = match t.pat.as_ref() {
                    Pat::Ident(p) => p.ident.to_string(),
                    _ => format!("#{i}"),
                };
                (name, quote::quote!(#ty).to_string().replace(' ', ""))
            }
        })
        .collect();
    let mut w = Walker {
        ctx,
        aliases: HashMap::default(),
        lengths: HashMap::default(),
        capped: HashMap::default(),
        folded: HashSet::default(),
        chained: HashSet::default(),
        facts: Vec::new(),
        calls: Vec::new(),
        via: None,
        renamed: Vec::new(),
        decoded: Vec::new(),
        results: Vec::new(),
        shadowed: Vec::new(),
        receivers: HashMap::default(),
        traits: HashMap::default(),
        made: HashMap::default(),
        strings: HashMap::default(),
        key_readers: HashMap::default(),
        records: HashMap::default(),
        swallowed: Vec::new(),
        refusing: Vec::new(),
        answer_match: answer_match(sig, block),
        as_none: false,
        conditional: 0,
        tested: Vec::new(),
        sequences: HashSet::default(),
        taken: HashSet::default(),
        changed: changed_in_place(block),
        generics: &sig.generics,
    };
    for (a, (name, _)) in sig.inputs.iter().zip(&params) {
        w.root(name, name.to_string());
        if let FnArg::Typed(t) = a {
            w.bind_param(name, &t.pat);
            if let Some(ty) = super::syntax::method_receiver(&t.ty, &sig.generics) {
                w.receivers.insert(name.clone(), ty);
            } else if let Some(tr) = super::syntax::trait_receiver(&t.ty, &sig.generics) {
                w.traits.insert(name.clone(), tr);
            }
        }
    }
    w.visit_block(block);
    if let Some(tail) = predicate(sig, block) {
        // `fn is_valid(s: &str) -> bool { matches!(s, "a" | "b") }`: what makes the answer
        // `false` is turned away where a caller refuses that answer.
        w.as_none = true;
        w.condition(tail, true, false, None);
        w.as_none = false;
    }
    for c in &mut w.calls {
        c.swallowed = w.swallowed.contains(&c.span);
        c.refuses_none = w.refusing.contains(&c.span);
    }
    derived_values(ctx, block, &mut w.facts, &w.renamed);
    let outcome = match outcome(block) {
        (_, Some(call)) => Outcome::Call(ctx.span(call)),
        (o, None) => o,
    };
    let exits = success_values(block);
    let unstructured = exits
        .iter()
        .filter_map(|e| super::syntax::unstructured_result(e))
        .map(|s| ctx.span(s))
        .collect();
    let records: Vec<_> = exits.iter().map(|e| w.struct_fields(e)).collect();
    let returns_record = same_at_every_exit(records);
    if returns_record.is_some() {
        // The fields of the struct returned go where its caller puts it: linking follows
        // them there, and says they escape where a caller does not keep the value.
        let returned = returned_fields(ctx, &exits);
        w.facts.retain(|f| {
            !(matches!(f.kind, CodeFactKind::Escapes { .. }) && returned.contains(&f.span))
        });
    }
    let returned: Vec<Option<ValueRef>> = exits.into_iter().map(|e| w.subject(e)).collect();
    let returns = same_at_every_exit(returned);
    let uses = super::uses::root_uses(sig, block, &params);
    let mut body = FnBody {
        uses,
        json_forms: super::json_forms::json_forms(ctx, sig, block).into(),
        schema: super::tool_values::schema_fn(ctx, sig, block),
        named_arms: named_arms(ctx, block).into(),
        returning: returning(ctx, block).into(),
        behaviour: super::behaviour::fn_behaviour(ctx, sig, block, &params),
        params,
        facts: w.facts,
        calls: w.calls,
        outcome,
        decoded: w.decoded.into(),
        local_types: local_types(ctx, block).into(),
        returns: returns.map(Box::new),
        returns_record: returns_record.map(Box::new),
        results: w.results.into(),
        unstructured,
        passed_on: super::syntax::passed_on(block)
            .into_iter()
            .map(|s| ctx.span(s))
            .collect(),
    };
    // Grown by doubling while the body was walked, and kept for the whole run: no spare
    // capacity held per function.
    body.facts.shrink_to_fit();
    body.calls.shrink_to_fit();
    let b = &mut body.behaviour;
    b.effects.shrink_to_fit();
    b.comparisons.shrink_to_fit();
    b.swallows.shrink_to_fit();
    body
}

/// The tail `match` (by address) of a function that returns `Option` and has no other exit
/// (no `return`, no `?`): the value of its catch-all is the function's answer. 0 when none.
fn answer_match(sig: &syn::Signature, block: &syn::Block) -> usize {
    match (returns_named(sig, "Option"), single_exit(block)) {
        (true, Some(Expr::Match(m))) => std::ptr::from_ref(m) as usize,
        _ => 0,
    }
}

/// The answer of a function returning `bool` whose body is that one expression (after
/// `let`s), with no other exit.
fn predicate<'b>(sig: &syn::Signature, block: &'b syn::Block) -> Option<&'b Expr> {
    let tail = single_exit(block).filter(|_| returns_named(sig, "bool"))?;
    (!matches!(tail, Expr::Lit(_) | Expr::Path(_))).then_some(tail)
}

/// Whether `sig` returns the type whose last path segment is `name`.
fn returns_named(sig: &syn::Signature, name: &str) -> bool {
    matches!(&sig.output, syn::ReturnType::Type(_, t)
        if matches!(t.as_ref(), syn::Type::Path(p)
            if p.path.segments.last().is_some_and(|s| s.ident == name)))
}

/// The block's tail expression, when it is the only way out of the function: no `return`
/// and no `?` outside closures.
fn single_exit(block: &syn::Block) -> Option<&Expr> {
    struct Exits(bool);
    impl Visit<'_> for Exits {
        fn visit_expr_return(&mut self, _: &syn::ExprReturn) {
            self.0 = true;
        }
        fn visit_expr_try(&mut self, _: &syn::ExprTry) {
            self.0 = true;
        }
        fn visit_expr_closure(&mut self, _: &syn::ExprClosure) {}
        fn visit_item(&mut self, _: &syn::Item) {}
    }
    let Some(syn::Stmt::Expr(tail, None)) = block.stmts.last() else {
        return None;
    };
    let mut exits = Exits(false);
    exits.visit_block(block);
    (!exits.0).then_some(tail)
}

/// Whether `e` is the value `None`.
fn is_none_value(e: &Expr) -> bool {
    match e {
        Expr::Path(p) => p.path.is_ident("None"),
        Expr::Paren(p) => is_none_value(&p.expr),
        Expr::Block(b) => {
            matches!(b.block.stmts.as_slice(), [syn::Stmt::Expr(e, None)] if is_none_value(e))
        }
        _ => false,
    }
}

/// The call whose `None` answer `e` turns into an error before a `?`:
/// `f(x).ok_or_else(|| ..)`, `f(x).ok_or(..)`, `f(x).context(..)`.
fn refused_none(e: &Expr) -> Option<proc_macro2::Span> {
    match e {
        Expr::MethodCall(m)
            if matches!(
                m.method.to_string().as_str(),
                "ok_or" | "ok_or_else" | "context" | "with_context"
            ) =>
        {
            match m.receiver.as_ref() {
                r @ (Expr::Call(_) | Expr::MethodCall(_) | Expr::Await(_)) => value_call(r),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Where the fields of the struct literals `exits` return are written.
fn returned_fields(ctx: &Ctx, exits: &[&Expr]) -> Vec<crate::source::Span> {
    exits
        .iter()
        .filter_map(|e| match super::syntax::strip_borrows(e) {
            Expr::Struct(st) => Some(st),
            _ => None,
        })
        .flat_map(|st| &st.fields)
        .map(|f| ctx.span(f.expr.span()))
        .collect()
}

/// The one value every exit returns, when each returns the same known one.
fn same_at_every_exit<T: PartialEq>(exits: Vec<Option<T>>) -> Option<T> {
    let mut exits = exits.into_iter();
    let first = exits.next()??;
    exits.all(|e| e.as_ref() == Some(&first)).then_some(first)
}

struct Walker<'c> {
    ctx: &'c Ctx<'c>,
    /// Local names bound to a parameter or a value read from one.
    aliases: HashMap<String, ValueRef>,
    /// Local names bound to the length of a value (`let n = sku.chars().count();`).
    lengths: HashMap<String, ValueRef>,
    /// Local names bound to a value capped on one side, and whether `min` capped it from
    /// above (`let n = input.max_rows.unwrap_or(d).min(policy.max_rows)`) or `max` from
    /// below: a check on the other side is a check on the value itself.
    capped: HashMap<String, (ValueRef, bool)>,
    /// Local names bound to a value of the input after `to_lowercase()` and the like: a set
    /// the local is compared with is accepted in any case.
    folded: HashSet<String>,
    /// The `else if`s of a chain [`Walker::string_chain`] read from its head, by address:
    /// the tail of a chain is not a chain of its own.
    chained: HashSet<usize>,
    facts: Vec<CodeFact>,
    calls: Vec<CallFact>,
    /// Set while recording a condition whose branch leaves with a call's value.
    via: Option<crate::source::Span>,
    /// Adjustments bound to a local of another name (fact index, end of the `let`).
    renamed: Vec<(usize, usize)>,
    decoded: Vec<Decoded>,
    /// Locals bound to a call's value, for linking to fill in from the callee.
    results: Vec<(String, crate::source::Span)>,
    /// Names a `let` of a call's value took from what they held, with what they held:
    /// theirs again when the block of that `let` ends.
    shadowed: Vec<(String, ValueRef)>,
    /// Parameters by name, and the type whose methods each answers.
    receivers: HashMap<String, String>,
    /// Parameters of a trait's type by name, and the trait.
    traits: HashMap<String, String>,
    /// Locals made by an associated function (`let c = Client::new(..)`), by name.
    made: HashMap<String, TypeHint>,
    /// Locals holding a string `format!`ted from values of the input, with those values.
    strings: HashMap<String, Vec<(ValueRef, proc_macro2::Span)>>,
    /// Closures that read the map they capture by their first parameter (`let text =
    /// |key: &str| args.get(key)..`), by name, with the map.
    key_readers: HashMap<String, ValueRef>,
    /// Locals bound to a struct literal, with the named fields that read values of
    /// parameters (see [`CallArg::Record`]).
    records: HashMap<String, Vec<(String, ValueRef)>>,
    /// Calls whose failure the body replaces with a value of its own.
    swallowed: Vec<crate::source::Span>,
    /// Calls whose `None` or `false` answer the body turns into a rejection.
    refusing: Vec<crate::source::Span>,
    /// The `match` (by address) whose value a function returning `Option` answers with, when
    /// the body has no other exit: its `_ => None` turns down the values no arm names.
    answer_match: usize,
    /// Set while recording what a function answers `None` or `false` for.
    as_none: bool,
    /// How many branches taken only under a condition enclose the walk (see
    /// [`CodeFact::conditional`]).
    conditional: u32,
    /// Values a condition has tested or a call has been handed so far, in walk order: a
    /// panic on one of them after that may be one the code has ruled out.
    tested: Vec<ValueRef>,
    /// Locals holding a sequence that panics when indexed past its end (a `Vec`, an array).
    sequences: HashSet<String>,
    /// Locals holding a value a typed accessor read out of the input's JSON
    /// ([`CallArg::Read`] when handed to a call).
    taken: HashSet<String>,
    /// Locals the body changes in place: lent out `&mut` or updated by `-=` and the like.
    changed: HashSet<String>,
    generics: &'c syn::Generics,
}

/// The names `block` changes in place: lent `&mut name`, or the target of a compound
/// assignment (`name -= 1`, `*name += n`). A plain `name = ..` is not counted: it replaces
/// the value (a clamp writes `limit = 100`), which the walk reads as it goes.
fn changed_in_place(block: &syn::Block) -> HashSet<String> {
    struct Find(HashSet<String>);
    impl<'ast> Visit<'ast> for Find {
        fn visit_expr_reference(&mut self, r: &'ast syn::ExprReference) {
            if r.mutability.is_some()
                && let Expr::Path(p) = r.expr.as_ref()
                && let Some(id) = p.path.get_ident()
            {
                self.0.insert(id.to_string());
            }
            syn::visit::visit_expr_reference(self, r);
        }
        fn visit_expr_binary(&mut self, b: &'ast syn::ExprBinary) {
            let compound = super::syntax::is_compound_assign(&b.op);
            let mut target = b.left.as_ref();
            while let Expr::Unary(u) = target {
                target = &u.expr;
            }
            if compound
                && let Expr::Path(p) = target
                && let Some(id) = p.path.get_ident()
            {
                self.0.insert(id.to_string());
            }
            syn::visit::visit_expr_binary(self, b);
        }
        fn visit_item(&mut self, _: &'ast syn::Item) {}
    }
    let mut f = Find(HashSet::default());
    f.visit_block(block);
    f.0
}

/// The name a `let mut name` (or `let mut name: T`) binds.
fn mutable_name(p: &Pat) -> Option<String> {
    match p {
        Pat::Ident(i) if i.mutability.is_some() => Some(i.ident.to_string()),
        Pat::Type(t) => mutable_name(&t.pat),
        _ => None,
    }
}

const TRANSPARENT: &[&str] = &[
    "as_u64",
    "as_i64",
    "as_f64",
    "as_str",
    "as_bool",
    "as_array",
    "as_object",
    "unwrap",
    "expect",
    "clone",
    "cloned",
    "copied",
    "to_owned",
    "to_string",
    "as_ref",
    "as_deref",
    "trim",
    "into",
    "and_then",
    "map",
    "ok",
    "ok_or",
    "ok_or_else",
    "unwrap_or",
    "unwrap_or_default",
    "unwrap_or_else",
    "map_or",
    "map_or_else",
    "parse",
    "try_into",
    "map_err",
];

/// String methods that make another text of a value (a prefix stripped, characters
/// rewritten): its length is not the value's.
const REMAKE: &[&str] = &[
    "replace",
    "replacen",
    "strip_prefix",
    "strip_suffix",
    "trim_matches",
    "trim_start_matches",
    "trim_end_matches",
];

/// Conversions that keep a literal's value.
const OWNED: &[&str] = &["to_string", "to_owned", "into", "clone"];

impl Walker<'_> {
    fn root(&mut self, name: &str, root: String) {
        self.aliases.insert(
            name.to_string(),
            ValueRef {
                root,
                key: String::new(),
                by_key: false,
                key_from: None,
            },
        );
    }

    /// `Parameters(input)`, `Parameters(T { a, b })`, `T { a, b }`: bind what the pattern names.
    fn bind_param(&mut self, root: &str, pat: &Pat) {
        let base = ValueRef {
            root: root.to_string(),
            key: String::new(),
            by_key: false,
            key_from: None,
        };
        self.bind(pat, &base);
    }

    fn bind(&mut self, pat: &Pat, s: &ValueRef) {
        match pat {
            Pat::Ident(p) => {
                // A local of a parameter's name is another value, of another type.
                self.receivers.remove(&p.ident.to_string());
                self.traits.remove(&p.ident.to_string());
                self.made.remove(&p.ident.to_string());
                self.capped.remove(&p.ident.to_string());
                self.folded.remove(&p.ident.to_string());
                self.records.remove(&p.ident.to_string());
                self.taken.remove(&p.ident.to_string());
                self.aliases.insert(p.ident.to_string(), s.clone());
            }
            Pat::Type(t) => self.bind(&t.pat, s),
            Pat::Reference(r) => self.bind(&r.pat, s),
            Pat::Paren(p) => self.bind(&p.pat, s),
            Pat::Guard(g) => self.bind(&g.pat, s),
            Pat::TupleStruct(ts) if ts.elems.len() == 1 => {
                self.bind(&ts.elems[0], s);
            }
            Pat::Struct(ps) if s.key.is_empty() => {
                for f in &ps.fields {
                    if let Member::Named(n) = &f.member {
                        let field = ValueRef {
                            key: super::syntax::field_name(n),
                            ..s.clone()
                        };
                        self.bind(&f.pat, &field);
                    }
                }
            }
            _ => {}
        }
    }

    /// The parameter value an expression reads, seen through references, conversions and
    /// `Option`/`Value` accessors.
    /// The map a closure reads by its first parameter (`|key| args.get(key)`, `args[key]`).
    fn reads_by_parameter(&self, c: &syn::ExprClosure) -> Option<ValueRef> {
        let param = super::syntax::param_ident(c.inputs.first()?)?;
        struct Find<'w, 'c, 'p> {
            w: &'w Walker<'c>,
            param: &'p syn::Ident,
            map: Option<ValueRef>,
        }
        impl<'ast> Visit<'ast> for Find<'_, '_, '_> {
            fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
                let by_param =
                    matches!(m.args.first(), Some(Expr::Path(p)) if p.path.is_ident(self.param));
                if self.map.is_none()
                    && by_param
                    && m.args.len() == 1
                    && matches!(m.method.to_string().as_str(), "get" | "get_mut" | "remove")
                {
                    self.map = self.w.subject(&m.receiver);
                }
                visit::visit_expr_method_call(self, m);
            }
            fn visit_expr_index(&mut self, i: &'ast syn::ExprIndex) {
                if self.map.is_none()
                    && matches!(&*i.index, Expr::Path(p) if p.path.is_ident(self.param))
                {
                    self.map = self.w.subject(&i.expr);
                }
                visit::visit_expr_index(self, i);
            }
        }
        let mut f = Find {
            w: self,
            param,
            map: None,
        };
        f.visit_expr(&c.body);
        f.map
    }

    fn subject(&self, e: &Expr) -> Option<ValueRef> {
        self.subject_in(e, None)
    }

    /// [`Walker::subject`] inside a closure whose parameter `bound.0` holds `bound.1`.
    fn subject_in(&self, e: &Expr, bound: Option<(&str, &ValueRef)>) -> Option<ValueRef> {
        let subject = |e: &Expr| self.subject_in(e, bound);
        match e {
            Expr::Paren(p) => subject(&p.expr),
            Expr::Group(g) => subject(&g.expr),
            Expr::Reference(r) => subject(&r.expr),
            Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => subject(&u.expr),
            Expr::Try(t) => subject(&t.expr),
            Expr::Cast(c) => subject(&c.expr),
            Expr::Path(p) => p.path.get_ident().and_then(|i| match bound {
                Some((name, v)) if i == name => Some(v.clone()),
                _ => self.aliases.get(&i.to_string()).cloned(),
            }),
            Expr::Field(f) => {
                // `request.flags` of `let request = Request { flags: input.flags, .. }`.
                if let (Expr::Path(p), Member::Named(n)) = (f.base.as_ref(), &f.member)
                    && let Some(fields) = p
                        .path
                        .get_ident()
                        .and_then(|i| self.records.get(&i.to_string()))
                {
                    let name = super::syntax::field_name(n);
                    return fields
                        .iter()
                        .find(|(f, _)| *f == name)
                        .map(|(_, v)| v.clone());
                }
                let s = subject(&f.base)?;
                match &f.member {
                    Member::Named(n) => Some(s.read(&super::syntax::field_name(n), false)),
                    // `.0` of a newtype is the value itself.
                    Member::Unnamed(_) => Some(s),
                }
            }
            // `match &args["q"] { Value::Number(n) => n.as_u64(), _ => None }`: the value of
            // every arm that is not a literal or an exit is read from the scrutinee.
            Expr::Match(m) => {
                let s = subject(&m.expr)?;
                let mut read = false;
                for a in &m.arms {
                    if self.literal(&a.body).is_some()
                        || matches!(*a.body, Expr::Return(_) | Expr::Macro(_))
                    {
                        continue;
                    }
                    // `Some(args) => args.clone()`: the arm answers what it unwrapped.
                    if passes_on(a) {
                        read = true;
                        continue;
                    }
                    if subject(&a.body).as_ref() != Some(&s) {
                        return None;
                    }
                    read = true;
                }
                read.then_some(s)
            }
            Expr::Index(i) => {
                let s = subject(&i.expr)?;
                Some(s.read(&lit_str(&i.index)?, true))
            }
            // `i32::try_from(n)`, `u64::from(n)`: the same number in another integer type
            // (a value it cannot hold fails the conversion, a fact of its own).
            Expr::Call(c)
                if c.args.len() == 1
                    && matches!(c.func.as_ref(), Expr::Path(p)
                        if p.path.segments.len() == 2
                            && matches!(p.path.segments[1].ident.to_string().as_str(), "try_from" | "from")
                            && super::types::segment_ty(&p.path.segments[0]).int_range().is_some()) =>
            {
                subject(&c.args[0])
            }
            // `serde_json::to_value(&x)`: the same JSON.
            Expr::Call(c)
                if c.args.len() == 1
                    && matches!(c.func.as_ref(), Expr::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "to_value")) =>
            {
                subject(&c.args[0])
            }
            Expr::MethodCall(m) => {
                if m.method == "get" && m.args.len() == 1 {
                    let s = subject(&m.receiver)?;
                    return match lit_str(&m.args[0]) {
                        Some(key) => Some(s.read(&key, true)),
                        None => self.key_param(&s, &m.args[0]),
                    };
                }
                // `args.and_then(|v| v.get(key))`: what the closure reads of the value.
                if matches!(m.method.to_string().as_str(), "and_then" | "map")
                    && let Some(Expr::Closure(c)) = m.args.first()
                    && let Some(param) = super::syntax::closure_param(c)
                    && let Some(base) = subject(&m.receiver)
                {
                    let param = param.to_string();
                    return self
                        .subject_in(&c.body, Some((&param, &base)))
                        .filter(|inner| inner.root == base.root)
                        .or(Some(base));
                }
                // A value seen in another case is still the value (its set is `folded`).
                if super::one_of(&m.method, TRANSPARENT) || super::one_of(&m.method, FOLDS) {
                    subject(&m.receiver)
                } else if m.method == "map"
                    && let [Expr::Path(f)] = &m.args.iter().collect::<Vec<_>>()[..]
                    && f.path.segments.last().is_some_and(|s| {
                        super::one_of(&s.ident, TRANSPARENT) || super::one_of(&s.ident, FOLDS)
                    })
                {
                    // `.map(str::trim)`: the same value inside the option.
                    subject(&m.receiver)
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// `args.get(field)` with `field` a parameter: the key each caller passes, read from
    /// the top of a parameter (`key_from`, filled in by linking).
    fn key_param(&self, s: &ValueRef, key: &Expr) -> Option<ValueRef> {
        let k = self.subject(key)?;
        let param = k.key.is_empty() && k.root != s.root && s.key.is_empty();
        param.then(|| ValueRef {
            key: k.root.clone(),
            by_key: true,
            key_from: Some(k.root.into()),
            ..s.clone()
        })
    }

    /// A number: literal, negated literal, or a const of the file.
    fn num(&self, e: &Expr) -> Option<f64> {
        if let Some(v) = super::attrs::number(e) {
            return Some(v);
        }
        match e {
            Expr::Path(p) => {
                let name = p.path.segments.last()?.ident.to_string();
                self.ctx.constant(&name)
            }
            Expr::Paren(p) => self.num(&p.expr),
            Expr::Cast(c) => self.num(&c.expr),
            _ => None,
        }
    }

    fn fact(
        &mut self,
        subject: ValueRef,
        kind: CodeFactKind,
        span: proc_macro2::Span,
        rejects: bool,
    ) {
        self.facts.push(CodeFact {
            subject,
            kind,
            span: self.ctx.span(span),
            rejects,
            via: self.via.filter(|_| !rejects),
            conditional: self.conditional > 0,
            as_none: self.as_none,
        });
    }

    /// `let id = id[at + 1..].to_string()`, `let id = id.replace('_', "-")`: a value the code
    /// makes anew from what the local `name` holds of the input (a prefix stripped, a part
    /// sliced, characters rewritten) is another value, so what is checked of it after bounds
    /// the value made, not the property.
    fn remade(&self, name: &str, e: &Expr) -> bool {
        fn remakes(e: &Expr) -> bool {
            match e {
                Expr::MethodCall(m) => super::one_of(&m.method, REMAKE) || remakes(&m.receiver),
                Expr::Index(i) => matches!(*i.index, Expr::Range(_)) || remakes(&i.expr),
                Expr::Reference(r) => remakes(&r.expr),
                Expr::Paren(p) => remakes(&p.expr),
                Expr::Try(t) => remakes(&t.expr),
                Expr::Match(m) => m.arms.iter().any(|a| remakes(&a.body)),
                _ => false,
            }
        }
        let mut names = Vec::new();
        super::syntax::idents(quote::ToTokens::to_token_stream(e), &mut names);
        self.aliases.contains_key(name)
            && names.iter().any(|n| n == name)
            && remakes(e)
            && self.subject(e).is_none()
    }

    /// The length of a value: `x.len()`, `x.chars().count()`, `x.trim().len()`.
    /// The parameter an expression is, whole (`min`, `&max`), not a value read from one.
    fn whole_param(&self, e: &Expr) -> Option<String> {
        self.subject(e)
            .filter(|s| s.key.is_empty() && s.root != "self")
            .map(|s| s.root)
    }

    /// A bound `e` read by field from `self` or from a parameter other than the one the value
    /// `s` it bounds comes from (`policy.max_rows`, `self.config.max_results`): a value of the
    /// server's state, fixed before the call, not the input's nor a local the body computed
    /// (a count of rows fetched is not a parameter's field). The path as written.
    fn runtime_cap(&self, e: &Expr, s: &ValueRef) -> Option<String> {
        // A field read in place, or a local bound to one (`let cap = self.policy.max_rows`).
        let e = match e {
            Expr::Reference(r) => r.expr.as_ref(),
            e => e,
        };
        if !matches!(e, Expr::Field(_) | Expr::Path(_)) {
            return None;
        }
        let b = self.subject(e)?;
        if b.key.is_empty() || b.by_key || b.key_from.is_some() || b.root == s.root {
            return None;
        }
        Some(format!("{}.{}", b.root, b.key.replace('/', ".")))
    }

    /// A bound `e` that is another parameter of the function, whole, than the value `s` it
    /// bounds: what a caller passes there.
    fn bound_param(&self, e: &Expr, s: &ValueRef) -> Option<String> {
        self.whole_param(e).filter(|p| *p != s.root)
    }

    /// `validate_count("ids", input.ids.len(), 1, 20)`: a value's length handed to a call goes
    /// where its checks are not read as the value's (they are on a number), so which lengths
    /// the code turns away is not known.
    fn measure_passed(&mut self, args: &syn::punctuated::Punctuated<Expr, syn::Token![,]>) {
        for a in args {
            if let Some(s) = self.length_of(a) {
                self.fact(s, ESCAPES, a.span(), false);
            }
        }
    }

    fn length_of(&self, e: &Expr) -> Option<ValueRef> {
        if let Expr::Path(p) = e {
            return self.lengths.get(&p.path.get_ident()?.to_string()).cloned();
        }
        let Expr::MethodCall(m) = e else { return None };
        if m.method == "len" {
            self.subject(&m.receiver)
        } else if m.method == "count" {
            match m.receiver.as_ref() {
                Expr::MethodCall(inner) if inner.method == "chars" => self.subject(&inner.receiver),
                _ => None,
            }
        } else {
            None
        }
    }

    /// Reject-conditions of `cond` as (subject, fact) pairs. With `negate`, `cond` is the
    /// accept-condition, so its atoms are flipped (De Morgan over `&&`).
    fn atoms(
        &mut self,
        cond: &Expr,
        negate: bool,
        out: &mut Vec<(ValueRef, CodeFactKind, proc_macro2::Span)>,
    ) {
        match cond {
            Expr::Paren(p) => self.atoms(&p.expr, negate, out),
            Expr::Group(g) => self.atoms(&g.expr, negate, out),
            Expr::Unary(u) if matches!(u.op, syn::UnOp::Not(_)) => {
                self.atoms(&u.expr, !negate, out)
            }
            Expr::Binary(b) => match b.op {
                BinOp::Or(_) if !negate => {
                    self.atoms(&b.left, negate, out);
                    self.atoms(&b.right, negate, out);
                }
                BinOp::And(_) if negate => {
                    self.atoms(&b.left, negate, out);
                    self.atoms(&b.right, negate, out);
                }
                // `if let Some(d) = input.days && !(1..=365).contains(&d)`: the `let` only
                // says the value is present; the rest is the reject-condition on it.
                BinOp::And(_) if presence(&b.left) || presence(&b.right) => {
                    for side in [&b.left, &b.right] {
                        if !presence(side) {
                            self.atoms(side, negate, out);
                        }
                    }
                }
                op => {
                    let Some(op) = cmp_op(op) else { return };
                    // `batch_size == Some(0)`: equality with a present value is a condition on
                    // that value. Only (in)equality: `None` orders below every `Some`.
                    if matches!(op, CmpOp::Eq | CmpOp::Ne)
                        && let Some((opt, inner)) = present_value(&b.left, &b.right)
                        && let Some(v) = self.num(inner)
                        && let Some(s) = self.subject(opt)
                    {
                        let op = if negate { op.negate() } else { op };
                        out.push((s, CodeFactKind::Compare { op, value: v }, b.span()));
                        return;
                    }
                    let op = if negate { op.negate() } else { op };
                    let (subject_side, value_side, op) = if self.num(&b.right).is_some() {
                        (&b.left, &b.right, op)
                    } else {
                        (&b.right, &b.left, op.flip())
                    };
                    let Some(v) = self.num(value_side) else {
                        // `kind == "mind_map"`: a string value the code tells apart.
                        if matches!(op, CmpOp::Eq | CmpOp::Ne) {
                            for (side, lit) in [(&b.left, &b.right), (&b.right, &b.left)] {
                                if let (Some(value), Some(s)) = (lit_str(lit), self.subject(side)) {
                                    out.push((s, CodeFactKind::StrCompare { value }, b.span()));
                                    return;
                                }
                            }
                        }
                        // Against no constant: a bound is enforced, its value unknown. `op`
                        // reads the right side as the subject here.
                        let sides = [(&b.left, &b.right, op.flip()), (&b.right, &b.left, op)];
                        for (side, other, op) in sides {
                            let against = self.whole_param(other);
                            if let Some(s) = self.length_of(side) {
                                let kind = CodeFactKind::CompareOpaque {
                                    op,
                                    length: true,
                                    against,
                                };
                                out.push((s, kind, b.span()));
                                return;
                            }
                            if let Some(s) = self.subject(side) {
                                // Two parameters compared (`value < min` in a range helper):
                                // either may be the one a caller binds to a literal.
                                let mirror = against.is_some() && s.key.is_empty();
                                let kind = CodeFactKind::CompareOpaque {
                                    op,
                                    length: false,
                                    against,
                                };
                                out.push((s.clone(), kind, b.span()));
                                if mirror && let Some(o) = self.subject(other) {
                                    let kind = CodeFactKind::CompareOpaque {
                                        op: op.flip(),
                                        length: false,
                                        against: Some(s.root),
                                    };
                                    out.push((o, kind, b.span()));
                                }
                                return;
                            }
                        }
                        return;
                    };
                    if let Some(s) = self.length_of(subject_side) {
                        out.push((s, CodeFactKind::Length { op, value: v }, b.span()));
                    } else if let Some(s) = self.subject(subject_side) {
                        out.push((s, CodeFactKind::Compare { op, value: v }, b.span()));
                    } else if let Some(s) = self.through_cap(subject_side, op, v) {
                        out.push((s, CodeFactKind::Compare { op, value: v }, b.span()));
                    } else if let Some(s) = self.capped_local(subject_side) {
                        // On the cap's side, the outcome depends on the cap: a bound is
                        // enforced there, which one is not known.
                        let kind = CodeFactKind::CompareOpaque {
                            op,
                            length: false,
                            against: None,
                        };
                        out.push((s, kind, b.span()));
                    }
                }
            },
            Expr::MethodCall(m) if m.method == "is_empty" && !negate => {
                if let Some(s) = self.subject(&m.receiver) {
                    let kind = CodeFactKind::Length {
                        op: CmpOp::Lt,
                        value: 1.0,
                    };
                    out.push((s, kind, m.span()));
                }
            }
            // `(a..=b).contains(&x)` and `RANGE.contains(&x)` reject outside the range when
            // negated.
            Expr::MethodCall(m) if m.method == "contains" && negate && m.args.len() == 1 => {
                let Some(s) = self.subject(&m.args[0]) else {
                    return;
                };
                match self.range(&m.receiver) {
                    Some(r) => self.range_atoms(r, s, m.span(), out),
                    None => {
                        let member = self.member(&m.receiver);
                        // A constant list of string literals is the set of values accepted;
                        // a named one may be a table of entries instead (see `table`).
                        let in_place = match m.receiver.as_ref() {
                            Expr::Array(_) => true,
                            Expr::Reference(r) => matches!(r.expr.as_ref(), Expr::Array(_)),
                            _ => false,
                        };
                        if let CodeFactKind::Member(lookup) = &member
                            && let Some(values) = &lookup.members
                            && !values.is_empty()
                        {
                            let kind = CodeFactKind::OneOf(Box::new(ClosedSet {
                                values: values.clone(),
                                others: Others::Rejected,
                                folded: folds_case(&m.args[0], &self.folded),
                                table: (!in_place).then(|| lookup.collection.clone()),
                            }));
                            out.push((s.clone(), kind, m.span()));
                        }
                        out.push((s, member, m.span()));
                    }
                }
            }
            // `!map.contains_key(&k)`, `map.get(&k).is_none()`: a lookup that misses.
            Expr::MethodCall(m) if m.method == "contains_key" && negate && m.args.len() == 1 => {
                if let Some(s) = self.subject(&m.args[0]) {
                    out.push((s, self.member(&m.receiver), m.span()));
                }
            }
            Expr::MethodCall(m) if m.method == "is_none" && !negate => {
                if let Expr::MethodCall(get) = m.receiver.as_ref()
                    && get.method == "get"
                    && get.args.len() == 1
                    && lit_str(&get.args[0]).is_none()
                    && let Some(s) = self.subject(&get.args[0])
                {
                    out.push((s, self.member(&get.receiver), m.span()));
                } else if let Some(s) = self.subject(&m.receiver) {
                    out.push((s, CodeFactKind::Absent, m.span()));
                }
            }
            // `page.is_some_and(|p| p < 1)`, `per_page.is_none_or(|p| (1..=50).contains(&p))`,
            // `x.map_or(false, |v| v > 10)`: the closure's test is a test of the value inside.
            Expr::MethodCall(m) if let Some((s, when_absent, test)) = self.option_test(m) => {
                // The call holds when absent iff `when_absent`; as a reject-condition (or,
                // negated, an accept-condition), absence is turned away when they agree.
                if when_absent != negate {
                    out.push((s.clone(), CodeFactKind::Absent, m.span()));
                }
                let (param, body) = test;
                self.closure_atoms(param, s, body, negate, out);
            }
            Expr::MethodCall(m) if m.method == "is_some" && negate && m.args.is_empty() => {
                if let Some(s) = self.subject(&m.receiver) {
                    out.push((s, CodeFactKind::Absent, m.span()));
                }
            }
            Expr::Macro(mac) if mac.mac.path.is_ident("matches") => {
                let parsed = syn::parse::Parser::parse2(
                    |input: syn::parse::ParseStream| {
                        let e: Expr = input.parse()?;
                        input.parse::<Token![,]>()?;
                        let p = Pat::parse_multi(input)?;
                        let rest: proc_macro2::TokenStream = input.parse()?;
                        Ok((e, p, rest.is_empty()))
                    },
                    mac.mac.tokens.clone(),
                );
                match parsed {
                    // `matches!(input.batch_size, Some(0))`: equality with one number.
                    Ok((e, p, true)) if let Some(v) = pat_number(&p) => {
                        if let Some(s) = self.subject(&e) {
                            let op = if negate { CmpOp::Ne } else { CmpOp::Eq };
                            out.push((s, CodeFactKind::Compare { op, value: v }, mac.span()));
                        }
                    }
                    _ if !negate => {}
                    Ok((e, Pat::Range(r), _)) => {
                        if let Some(s) = self.subject(&e) {
                            let r = self.ends(&r);
                            self.range_atoms(r, s, mac.span(), out);
                        }
                    }
                    // `!matches!(mode.as_str(), "grid" | "bayesian")`, no guard: a set.
                    Ok((e, p, true)) => {
                        let values = string_lits(&p);
                        if !values.is_empty()
                            && let Some(s) = self.subject(&e)
                        {
                            let kind = CodeFactKind::OneOf(Box::new(ClosedSet {
                                values,
                                others: Others::Rejected,
                                folded: folds_case(&e, &self.folded),
                                table: None,
                            }));
                            out.push((s, kind, mac.span()));
                        }
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }

    /// `x.min(cap)` (capped from above, `true`) or `x.max(floor)` (from below, `false`) of a
    /// value of the input, whatever the other operand is.
    fn capped_value(&self, e: &Expr) -> Option<(ValueRef, bool)> {
        match e {
            Expr::Paren(p) => self.capped_value(&p.expr),
            Expr::MethodCall(m)
                if (m.method == "min" || m.method == "max") && m.args.len() == 1 =>
            {
                Some((self.subject(&m.receiver)?, m.method == "min"))
            }
            _ => None,
        }
    }

    /// A comparison `local OP v` on a capped local, as a condition on the value itself when
    /// the cap cannot change its outcome: `min(x, cap) < v` holds whenever `x < v`, whatever
    /// the cap, and `min(x, cap) == 0` whenever `x == 0` (a cap of a count is not below zero:
    /// `min` takes two values of one type, and the rules read `== 0` as a bound only on an
    /// unsigned one). The other side depends on the cap, which is not known here.
    fn through_cap(&self, e: &Expr, op: CmpOp, v: f64) -> Option<ValueRef> {
        let Expr::Path(p) = e else { return None };
        let (s, above) = self.capped.get(&p.path.get_ident()?.to_string())?;
        let kept = if *above {
            matches!(op, CmpOp::Lt | CmpOp::Le) || (op == CmpOp::Eq && v == 0.0)
        } else {
            matches!(op, CmpOp::Gt | CmpOp::Ge)
        };
        kept.then(|| s.clone())
    }

    /// The value a capped local (`let page = x.min(cap)`) holds of the input.
    fn capped_local(&self, e: &Expr) -> Option<ValueRef> {
        let Expr::Path(p) = e else { return None };
        let (s, _) = self.capped.get(&p.path.get_ident()?.to_string())?;
        Some(s.clone())
    }

    /// The lookup fact of a collection: its text and, for a constant list of string
    /// literals of this file, its members.
    fn member(&self, collection: &Expr) -> CodeFactKind {
        let collection = match collection {
            Expr::Reference(r) => r.expr.as_ref(),
            e => e,
        };
        let members = match collection {
            Expr::Path(p) => p
                .path
                .get_ident()
                .and_then(|i| self.ctx.str_list(&i.to_string()))
                .map(<[String]>::to_vec),
            // `["csv", "json"].contains(&format)`: the list written in place.
            e @ Expr::Array(_) => super::str_list(e),
            _ => None,
        };
        let text = quote::ToTokens::to_token_stream(collection)
            .to_string()
            .replace(' ', "");
        CodeFactKind::Member(Box::new(Lookup {
            collection: text,
            members,
            code: None,
        }))
    }

    /// A range written in place (`1..=5`) or named by a constant (`VALID_PORT_RANGE`).
    fn range(&self, e: &Expr) -> Option<Range> {
        if let Some(r) = range_of(e) {
            return Some(self.ends(r));
        }
        match e {
            Expr::Path(p) => self
                .ctx
                .range_constant(&p.path.segments.last()?.ident.to_string())
                .map(|(lo, hi, closed)| {
                    let end = |v: Option<f64>| v.map_or(End::Open, End::At);
                    (end(lo), end(hi), closed)
                }),
            Expr::Reference(r) => self.range(&r.expr),
            _ => None,
        }
    }

    fn ends(&self, r: &syn::ExprRange) -> Range {
        let end = |e: Option<&Expr>| match e {
            None => End::Open,
            Some(e) => self
                .num(e)
                .map_or_else(|| End::Opaque(self.whole_param(e)), End::At),
        };
        (
            end(r.start.as_deref()),
            end(r.end.as_deref()),
            matches!(r.limits, syn::RangeLimits::Closed(_)),
        )
    }

    /// The atoms of a closure's body, its parameter standing for `value`.
    fn closure_atoms(
        &mut self,
        param: String,
        value: ValueRef,
        body: &Expr,
        negate: bool,
        out: &mut Vec<(ValueRef, CodeFactKind, proc_macro2::Span)>,
    ) {
        let before = self.aliases.insert(param.clone(), value);
        self.atoms(body, negate, out);
        match before {
            Some(v) => self.aliases.insert(param, v),
            None => self.aliases.remove(&param),
        };
    }

    /// An `Option`'s test of the value inside by a closure: the value's subject, whether the
    /// call holds when the value is absent, and the closure's parameter and body.
    /// `is_some_and`/`map_or(false, ..)` are false when absent, `is_none_or`/`map_or(true, ..)`
    /// true.
    fn option_test<'e>(
        &self,
        m: &'e syn::ExprMethodCall,
    ) -> Option<(ValueRef, bool, (String, &'e Expr))> {
        let args: Vec<&Expr> = m.args.iter().collect();
        let (when_absent, closure) = match (m.method.to_string().as_str(), &args[..]) {
            ("is_some_and", [c]) => (false, *c),
            ("is_none_or", [c]) => (true, *c),
            ("map_or", [Expr::Lit(l), c]) => match &l.lit {
                Lit::Bool(b) => (b.value, *c),
                _ => return None,
            },
            _ => return None,
        };
        let Expr::Closure(c) = closure else {
            return None;
        };
        let s = self.subject(&m.receiver)?;
        Some((
            s,
            when_absent,
            (super::syntax::closure_param(c)?.to_string(), &c.body),
        ))
    }

    fn range_atoms(
        &self,
        (lo, hi, closed): Range,
        s: ValueRef,
        span: proc_macro2::Span,
        out: &mut Vec<(ValueRef, CodeFactKind, proc_macro2::Span)>,
    ) {
        let upper = if closed { CmpOp::Gt } else { CmpOp::Ge };
        for (end, op) in [(lo, CmpOp::Lt), (hi, upper)] {
            let kind = match end {
                End::Open => continue,
                End::At(value) => CodeFactKind::Compare { op, value },
                End::Opaque(against) => CodeFactKind::CompareOpaque {
                    op,
                    length: false,
                    against,
                },
            };
            out.push((s.clone(), kind, span));
        }
    }

    /// Record the atoms of a condition, and the messages of the branch that rejects.
    fn condition(&mut self, cond: &Expr, negate: bool, rejects: bool, branch: Option<&syn::Block>) {
        let mut atoms = Vec::new();
        self.atoms(cond, negate, &mut atoms);
        let lookup = atoms
            .iter()
            .any(|(_, k, _)| matches!(k, CodeFactKind::Member(_)));
        let named = branch.filter(|_| lookup).and_then(error_code);
        for (_, kind, _) in &mut atoms {
            if let CodeFactKind::Member(lookup) = kind {
                lookup.code.clone_from(&named);
            }
        }
        let messages = branch.map(strings_in).unwrap_or_default();
        let protocol = branch.and_then(|b| protocol_error(&block_expr(b)));
        self.record(atoms, &messages, rejects, protocol);
    }

    /// Record a condition's atoms, and its rejection messages on the values they are about:
    /// when the condition reads several values, a message belongs to those it names.
    fn record(
        &mut self,
        atoms: Vec<(ValueRef, CodeFactKind, proc_macro2::Span)>,
        messages: &[(String, proc_macro2::Span)],
        rejects: bool,
        protocol: Option<proc_macro2::Span>,
    ) {
        let mut subjects: Vec<ValueRef> = Vec::new();
        for (s, _, _) in &atoms {
            if !subjects.contains(s) {
                subjects.push(s.clone());
            }
        }
        let several = subjects.len() > 1;
        for s in subjects {
            for (text, at) in messages {
                if several && !mentions(text, &s.key) {
                    continue;
                }
                let (lower, upper) = super::message::stated(text);
                let kind = CodeFactKind::Message {
                    text: text.clone(),
                    lower,
                    upper,
                };
                // Under a branch that leaves through a call, linking decides.
                let rejects = self.via.is_none();
                self.fact(s.clone(), kind, *at, rejects);
            }
            if let Some(at) = protocol.filter(|_| rejects) {
                self.fact(s.clone(), CodeFactKind::ProtocolError, at, true);
            }
        }
        for (s, kind, span) in atoms {
            self.fact(s, kind, span, rejects);
        }
    }

    /// `conv(x).ok_or_else(|| McpError::invalid_params(..))`, `x.parse().map_err(|_| ..)`:
    /// a conversion or lookup of an input value whose failure is answered with a protocol
    /// error. An awaited receiver is I/O, not the value's own validity, and is left alone.
    fn failure_as_protocol_error(&mut self, m: &syn::ExprMethodCall) {
        if !matches!(
            m.method.to_string().as_str(),
            "ok_or_else" | "ok_or" | "map_err"
        ) {
            return;
        }
        let Some(at) = m.args.first().and_then(protocol_error) else {
            return;
        };
        // `serde_json::to_string(&input.params)`: writing a value out, not reading it.
        if let Expr::Call(c) = m.receiver.as_ref()
            && let Expr::Path(p) = c.func.as_ref()
            && p.path.segments.len() > 1
            && p.path
                .segments
                .last()
                .is_some_and(|s| super::syntax::SERIALIZE.contains(&s.ident.to_string().as_str()))
        {
            return;
        }
        // Every value the conversion reads: linking keeps those that are the input's.
        let read: Vec<ValueRef> = match m.receiver.as_ref() {
            Expr::MethodCall(inner) => std::iter::once(&*inner.receiver)
                .chain(&inner.args)
                .filter_map(|a| self.subject(a))
                .collect(),
            Expr::Call(c) => c.args.iter().filter_map(|a| self.subject(a)).collect(),
            _ => Vec::new(),
        };
        for s in read {
            self.fact(s, CodeFactKind::ProtocolError, at, true);
        }
    }

    /// `if v == "a" { .. } else if v == "b" || v == "c" { .. } else { return Err(..) }`: the
    /// values the branches take are the only ones accepted, as a `match` with a rejecting
    /// catch-all says. Every condition must be equalities of one value with string literals,
    /// no taking branch may reject, and the last `else` must.
    fn string_chain(&mut self, head: &syn::ExprIf) {
        fn equalities(w: &Walker, e: &Expr, out: &mut Vec<(ValueRef, String, bool)>) -> bool {
            match e {
                Expr::Paren(p) => equalities(w, &p.expr, out),
                Expr::Binary(b) if matches!(b.op, BinOp::Or(_)) => {
                    equalities(w, &b.left, out) && equalities(w, &b.right, out)
                }
                Expr::Binary(b) if matches!(b.op, BinOp::Eq(_)) => {
                    for (side, lit) in [(&b.left, &b.right), (&b.right, &b.left)] {
                        if let (Some(value), Some(s)) = (lit_str(lit), w.subject(side)) {
                            out.push((s, value, folds_case(side, &w.folded)));
                            return true;
                        }
                    }
                    false
                }
                _ => false,
            }
        }
        let mut taken = Vec::new();
        let mut tails = Vec::new();
        let mut at = head;
        let refusal = loop {
            if !equalities(self, &at.cond, &mut taken) || rejects(&at.then_branch) {
                return;
            }
            match at.else_branch.as_ref().map(|(_, e)| e.as_ref()) {
                Some(Expr::If(next)) => {
                    tails.push(std::ptr::from_ref(next) as usize);
                    at = next;
                }
                Some(Expr::Block(b)) if rejects(&b.block) => break &b.block,
                _ => return,
            }
        };
        let Some((s, _, folded)) = taken.first().cloned() else {
            return;
        };
        if taken.len() < 2 || taken.iter().any(|(t, _, f)| *t != s || *f != folded) {
            return;
        }
        self.chained.extend(tails);
        let mut values: Vec<String> = Vec::new();
        for (_, v, _) in taken {
            if !values.contains(&v) {
                values.push(v);
            }
        }
        let kind = CodeFactKind::OneOf(Box::new(ClosedSet {
            values,
            others: Others::Rejected,
            folded,
            table: None,
        }));
        let messages = strings_in(refusal);
        let protocol = protocol_error(&block_expr(refusal));
        self.record(vec![(s, kind, head.cond.span())], &messages, true, protocol);
    }

    /// `x.filter(|v| !v.is_empty()).ok_or_else(|| ..)`: the value is kept only where the
    /// closure holds, and turned into an error otherwise: the closure is the accept-condition.
    fn kept_or_refused(&mut self, m: &syn::ExprMethodCall) {
        if !matches!(m.method.to_string().as_str(), "ok_or" | "ok_or_else") {
            return;
        }
        let Expr::MethodCall(filter) = m.receiver.as_ref() else {
            return;
        };
        if filter.method != "filter" {
            return;
        }
        let (Some(s), [Expr::Closure(c)]) = (
            self.subject(&filter.receiver),
            &filter.args.iter().collect::<Vec<_>>()[..],
        ) else {
            return;
        };
        let Some(name) = super::syntax::closure_param(c).map(|i| i.to_string()) else {
            return;
        };
        let mut atoms = Vec::new();
        self.closure_atoms(name, s, &c.body, true, &mut atoms);
        for (s, kind, span) in atoms {
            self.fact(s, kind, span, true);
        }
    }

    fn method_facts(&mut self, m: &syn::ExprMethodCall) {
        self.failure_as_protocol_error(m);
        self.kept_or_refused(m);
        self.unwrapped(m, None);
        let method = m.method.to_string();
        let Some(s) = self.subject(&m.receiver) else {
            return;
        };
        let arg = |i: usize| m.args.iter().nth(i);
        let kind = match method.as_str() {
            "clamp" => {
                // A side bound by a parameter is a clamp of its own, as `min`/`max` would be.
                for (i, upper) in [(0, false), (1, true)] {
                    if arg(i).and_then(|a| self.num(a)).is_none()
                        && let Some(against) = arg(i).and_then(|a| self.bound_param(a, &s))
                    {
                        let kind = CodeFactKind::ClampOpaque { upper, against };
                        self.fact(s.clone(), kind, call_span(m), false);
                    }
                }
                CodeFactKind::Clamp {
                    lo: arg(0).and_then(|a| self.num(a)),
                    hi: arg(1).and_then(|a| self.num(a)),
                }
            }
            "min" | "max" => {
                let upper = method == "min";
                match arg(0).and_then(|a| self.num(a)) {
                    Some(v) if upper => CodeFactKind::Clamp {
                        lo: None,
                        hi: Some(v),
                    },
                    Some(v) => CodeFactKind::Clamp {
                        lo: Some(v),
                        hi: None,
                    },
                    None => match arg(0).and_then(|a| self.bound_param(a, &s)) {
                        Some(against) => CodeFactKind::ClampOpaque { upper, against },
                        None => match arg(0).and_then(|a| self.runtime_cap(a, &s)) {
                            Some(against) if upper => CodeFactKind::ClampRuntime { against },
                            _ => return,
                        },
                    },
                }
            }
            // `i32::try_from(n).unwrap_or(0)`: the fallback stands for a number the type
            // cannot hold, not for an absent one.
            "unwrap_or" | "map_or" | "unwrap_or_default" | "unwrap_or_else" | "map_or_else"
                if fallible_conversion(&m.receiver) =>
            {
                return;
            }
            "unwrap_or" | "map_or" => {
                let value = arg(0).and_then(|a| self.literal(a)).map(Box::new);
                // A default that is another parameter, whole: its callers say what it is.
                let fallback = arg(0)
                    .filter(|_| value.is_none())
                    .and_then(|a| self.subject(a))
                    .filter(|f| f.key.is_empty() && *f != s)
                    .map(Box::new);
                CodeFactKind::Default { value, fallback }
            }
            "unwrap_or_default" | "unwrap_or_else" | "map_or_else" => CodeFactKind::Default {
                value: None,
                fallback: None,
            },
            "parse" => {
                if let Some(t) = m.turbofish.as_ref().and_then(|t| t.args.first())
                    && let syn::GenericArgument::Type(t) = t
                {
                    let ty = super::types::ty(t);
                    if ty.int_range().is_some() {
                        self.fact(s.clone(), CodeFactKind::Typed { ty }, call_span(m), false);
                    }
                }
                CodeFactKind::Parse
            }
            "round" | "trunc" | "floor" | "ceil" => CodeFactKind::Round,
            "validate" | "validate_with" if s.key.is_empty() => CodeFactKind::ValidateCall,
            "keys" | "contains_key" if s.key.is_empty() => CodeFactKind::KeysChecked,
            "and_then" | "map" => match arg(0).and_then(closure_method) {
                Some(json) => CodeFactKind::ReadAs { json },
                None => return,
            },
            other => match read_as(other) {
                Some(json) => CodeFactKind::ReadAs { json },
                None => return,
            },
        };
        self.fact(s, kind, call_span(m), false);
    }

    /// `v.unwrap()`/`v.expect(..)` of a step that fails on a value of the input, not tested
    /// before: the value reaches a panic. `annotated` is the type a `let` gives the result
    /// (`let n: u32 = s.parse().unwrap()`), which a `parse` without turbofish parses into.
    fn unwrapped(&mut self, m: &syn::ExprMethodCall, annotated: Option<&syn::Type>) {
        let Some(receiver) = super::panics::unwrap_of(m) else {
            return;
        };
        let (value, on) = match super::panics::unwrapped(receiver) {
            Some(super::panics::Unwrapped::Present(e)) => (e, PanicOn::Present),
            Some(super::panics::Unwrapped::Json(json, e)) => (e, PanicOn::Json(json)),
            Some(super::panics::Unwrapped::Parsed(parse)) => {
                let target = match parse.turbofish.as_ref().map(|t| t.args.first()) {
                    Some(Some(syn::GenericArgument::Type(t))) => Some(t),
                    Some(_) => None,
                    None => annotated,
                };
                let Some(ty) = target.and_then(super::panics::refusing) else {
                    return;
                };
                (&*parse.receiver, PanicOn::Parses(ty))
            }
            None => return,
        };
        self.panics(value, on, call_span(m));
    }

    /// A panic at `at` on the value `e` reads, unless a condition or a call had it before.
    fn panics(&mut self, e: &Expr, on: PanicOn, at: proc_macro2::Span) {
        let Some(s) = self.subject(e) else { return };
        let related = |t: &ValueRef| {
            t.root == s.root
                && (t.key.is_empty()
                    || s.key.is_empty()
                    || t.key == s.key
                    || inside(&s.key, &t.key).is_some()
                    || inside(&t.key, &s.key).is_some())
        };
        let at_span = self.ctx.span(at);
        let seen = self
            .facts
            .iter()
            .any(|f| f.span == at_span && matches!(f.kind, CodeFactKind::Panics { .. }));
        if !seen && !self.tested.iter().any(related) {
            self.fact(s, CodeFactKind::Panics { on }, at, false);
        }
    }

    /// Every value of the input `e` reads anywhere inside it, as tested from here on.
    fn test(&mut self, e: &Expr) {
        struct Reads<'w, 'c>(&'w Walker<'c>, Vec<ValueRef>);
        impl<'ast> Visit<'ast> for Reads<'_, '_> {
            fn visit_expr(&mut self, e: &'ast Expr) {
                match self.0.subject(e) {
                    Some(s) => self.1.push(s),
                    None => visit::visit_expr(self, e),
                }
            }
            fn visit_item(&mut self, _: &'ast syn::Item) {}
            // `matches!(input.title, Some(_))`: what the macro's arguments read.
            fn visit_macro(&mut self, m: &'ast syn::Macro) {
                if let Some(args) = self.0.ctx.macro_args(m) {
                    for a in args.iter() {
                        self.visit_expr(a);
                    }
                }
            }
        }
        let mut r = Reads(self, Vec::new());
        r.visit_expr(e);
        let found = r.1;
        self.tested.extend(found);
    }

    fn literal(&self, e: &Expr) -> Option<Value> {
        if let Some(v) = self.num(e) {
            return Some(if v.fract() == 0.0 {
                json!(v as i64)
            } else {
                json!(v)
            });
        }
        match e {
            Expr::Lit(l) => match &l.lit {
                Lit::Str(s) => Some(json!(s.value())),
                Lit::Bool(b) => Some(json!(b.value)),
                _ => None,
            },
            Expr::Paren(p) => self.literal(&p.expr),
            Expr::Reference(r) => self.literal(&r.expr),
            // `"unlocked".to_string()` is still the literal.
            Expr::MethodCall(m) if m.args.is_empty() && super::one_of(&m.method, OWNED) => {
                self.literal(&m.receiver)
            }
            _ => None,
        }
    }

    /// The fields of a struct literal (or of a local bound to one) that read values of
    /// parameters, by field name; `None` when none does.
    fn struct_fields(&self, e: &Expr) -> Option<Vec<(String, ValueRef)>> {
        match e {
            Expr::Paren(p) => self.struct_fields(&p.expr),
            Expr::Reference(r) => self.struct_fields(&r.expr),
            Expr::MethodCall(m) if m.args.is_empty() && super::one_of(&m.method, OWNED) => {
                self.struct_fields(&m.receiver)
            }
            Expr::Path(p) => self.records.get(&p.path.get_ident()?.to_string()).cloned(),
            Expr::Struct(st) if st.qself.is_none() => {
                let fields: Vec<(String, ValueRef)> = st
                    .fields
                    .iter()
                    .filter_map(|f| match &f.member {
                        Member::Named(n) => {
                            Some((super::syntax::field_name(n), self.subject(&f.expr)?))
                        }
                        Member::Unnamed(_) => None,
                    })
                    .collect();
                (!fields.is_empty()).then_some(fields)
            }
            _ => None,
        }
    }

    /// What an argument is: a value read from a parameter, a literal, or neither.
    fn arg(&self, e: &Expr) -> CallArg {
        if let Some(s) = self.subject(e) {
            return match super::syntax::read_out_of_json(e, &|n: &str| self.taken.contains(n)) {
                true => CallArg::Read(Box::new(s)),
                false => CallArg::Value(Box::new(s)),
            };
        }
        if let Some(fields) = self.struct_fields(e) {
            return CallArg::Record(fields);
        }
        match self.literal(e) {
            Some(v) => CallArg::Literal(Box::new(v), self.ctx.span(e.span())),
            None => CallArg::Other,
        }
    }

    /// `parse` into a type of the crate calls that type's `FromStr::from_str` with the value
    /// parsed: a call the code does not spell, recorded at `at` (the `?` that passes its error
    /// on). A type not named by one path (a primitive, a generic) calls nothing of the crate.
    fn parsed_into(&mut self, parse: &syn::ExprMethodCall, ty: &syn::Type, at: proc_macro2::Span) {
        let syn::Type::Path(p) = ty else { return };
        let Some(last) = p.path.segments.last() else {
            return;
        };
        let name = last.ident.to_string();
        if p.qself.is_some() || !name.starts_with(char::is_uppercase) {
            return;
        }
        let arg = self.arg(&parse.receiver);
        self.call("from_str".into(), Some(name), false, vec![arg], at);
    }

    /// `match from_value::<Input>(args) { Ok(input) => { .. } Err(e) => Err(..) }`: the `Ok`
    /// arm's binding is the decoded input, as `let input = from_value::<Input>(args)?` binds it.
    fn decoded_in_arm(&mut self, m: &syn::ExprMatch) {
        let Some((ty, source)) = decoded(&m.expr, None) else {
            return;
        };
        // Only a strict decode: its failure turns the call away (a lenient one is a default).
        let ok = |a: &syn::Arm| matches!(&a.pat, Pat::TupleStruct(ts) if ts.path.is_ident("Ok"));
        if !m
            .arms
            .iter()
            .all(|a| ok(a) || super::syntax::leaves_with_error(&a.body))
        {
            return;
        }
        for a in &m.arms {
            let Pat::TupleStruct(ts) = &a.pat else {
                continue;
            };
            if !ts.path.is_ident("Ok") || ts.elems.len() != 1 {
                continue;
            }
            let Pat::Ident(i) = &ts.elems[0] else {
                continue;
            };
            let name = i.ident.to_string();
            self.decoded_local(Some(&name), ty.clone(), source, m.span());
        }
    }

    /// A local (`_` when `name` is `None`) holding what `source` decodes into `ty`: its
    /// facts are about a new value of that type, read from the decoded one.
    fn decoded_local(
        &mut self,
        name: Option<&str>,
        ty: String,
        source: Option<&Expr>,
        at: proc_macro2::Span,
    ) {
        let from = source.and_then(|a| self.subject(a));
        let root = format!("{}: {ty}", name.unwrap_or("_"));
        if let Some(name) = name {
            self.root(name, root.clone());
        }
        let at = self.ctx.span(at);
        self.decoded.push(Decoded { root, ty, from, at });
    }

    /// Whether a path call names its callee through a type parameter of the function
    /// (`T::parse(v)`, `<T as TryFrom<i64>>::try_from(v)`).
    fn callee_of_type_parameter(&self, p: &syn::ExprPath) -> bool {
        let qualifier = match &p.qself {
            Some(q) => match q.ty.as_ref() {
                syn::Type::Path(t) if t.qself.is_none() => t.path.get_ident(),
                _ => None,
            },
            None if p.path.segments.len() == 2 => Some(&p.path.segments[0].ident),
            None => None,
        };
        qualifier.is_some_and(|q| self.generics.type_params().any(|t| t.ident == *q))
    }

    /// Records the call whose failure the code replaces with a value, if any.
    fn note_swallowed(&mut self, at: Option<proc_macro2::Span>) {
        if let Some(at) = at {
            self.swallowed.push(self.ctx.span(at));
        }
    }

    fn call(
        &mut self,
        callee: String,
        qualifier: Option<String>,
        method: bool,
        args: Vec<CallArg>,
        span: proc_macro2::Span,
    ) {
        // What a callee is handed it may check: a value passed as an argument, or the whole
        // input a method of no other argument is called on (`input.validate()`; not
        // `args.get("path")`, a read).
        let alone = args.len() == 1;
        for (i, a) in args.iter().enumerate() {
            if let Some(v) = a.value()
                && (i > 0 || !method || (v.key.is_empty() && alone))
            {
                self.tested.push(v.clone());
            }
        }
        let span = self.ctx.span(span);
        self.calls
            .push(CallFact::new(callee, qualifier, method, args, span));
    }
}

/// The name a `let` binds (`let x`, `let x: T`), and the type it is annotated with.
fn let_name(pat: &Pat) -> (Option<&syn::Ident>, Option<&syn::Type>) {
    match pat {
        Pat::Ident(id) => (Some(&id.ident), None),
        Pat::Type(t) => match t.pat.as_ref() {
            Pat::Ident(id) => (Some(&id.ident), Some(t.ty.as_ref())),
            _ => (None, None),
        },
        _ => (None, None),
    }
}

/// Where the arguments of the calls in `e` are written (not their receivers).
fn handed_to_calls(e: &Expr) -> Vec<proc_macro2::Span> {
    struct Args(Vec<proc_macro2::Span>);
    impl Visit<'_> for Args {
        fn visit_expr_call(&mut self, c: &syn::ExprCall) {
            self.0.extend(c.args.iter().map(|a| a.span()));
            visit::visit_expr_call(self, c);
        }
        fn visit_expr_method_call(&mut self, m: &syn::ExprMethodCall) {
            self.0.extend(m.args.iter().map(|a| a.span()));
            visit::visit_expr_method_call(self, m);
        }
        fn visit_expr_closure(&mut self, _: &syn::ExprClosure) {}
        fn visit_item(&mut self, _: &syn::Item) {}
    }
    let mut args = Args(Vec::new());
    args.visit_expr(e);
    args.0
}

/// The name the code reads a value by: its field, or the parameter that holds it whole
/// (`limit: usize` handed the property by the caller).
fn held_as(v: &ValueRef) -> &str {
    if v.key.is_empty() { &v.root } else { &v.key }
}

/// A clamp or saturating step bound to a local of another name, while the property is read
/// again after it, computes a value from the property rather than adjusting it
/// (`let budget = input.max_papers.min(100)` sizes one step; `max_papers` flows on): no
/// adjustment of the property, so the fact is dropped.
fn derived_values(
    ctx: &Ctx,
    block: &syn::Block,
    facts: &mut Vec<CodeFact>,
    renamed: &[(usize, usize)],
) {
    struct Reads<'a> {
        ctx: &'a Ctx<'a>,
        /// (field or binding name, start offset, whether a field) of every field access and
        /// path.
        seen: Vec<(String, usize, bool)>,
        /// (name, start offset) of every `let` binding one name.
        lets: Vec<(String, usize)>,
    }
    impl Visit<'_> for Reads<'_> {
        fn visit_expr_field(&mut self, f: &syn::ExprField) {
            if let Member::Named(n) = &f.member {
                let at = self.ctx.span(n.span()).start();
                self.seen.push((super::syntax::field_name(n), at, true));
            }
            visit::visit_expr_field(self, f);
        }
        fn visit_expr_path(&mut self, p: &syn::ExprPath) {
            if let Some(id) = p.path.get_ident() {
                let at = self.ctx.span(id.span()).start();
                self.seen.push((id.to_string(), at, false));
            }
        }
        fn visit_local(&mut self, l: &syn::Local) {
            if let Some(name) = let_name(&l.pat).0 {
                let at = self.ctx.span(l.span()).start();
                self.lets.push((name.to_string(), at));
            }
            visit::visit_local(self, l);
        }
    }
    if renamed.is_empty() {
        return;
    }
    let mut reads = Reads {
        ctx,
        seen: Vec::new(),
        lets: Vec::new(),
    };
    reads.visit_block(block);
    let derived: Vec<usize> = renamed
        .iter()
        .filter(|(i, end)| {
            // A name bound anew after the step (`let lines = body.lines()..` beside
            // `input.lines`) is another value from there on, not the property read again.
            let name = held_as(&facts[*i].subject);
            let rebound = |at: usize| {
                reads
                    .lets
                    .iter()
                    .any(|(n, l)| n == name && l > end && *l < at)
            };
            reads
                .seen
                .iter()
                .any(|(n, at, field)| n == name && at > end && (*field || !rebound(*at)))
        })
        .map(|(i, _)| *i)
        .collect();
    let mut i = 0;
    facts.retain(|_| {
        let keep = !derived.contains(&i);
        i += 1;
        keep
    });
}

/// The type a JSON deserialization yields: `serde_json::from_value::<T>(..)` (through `?`,
/// `map_err`, `unwrap` …), or a plain `from_value(..)` into a `let` annotated with `T`
/// (`_` when nothing writes it).
/// `T::try_from(n)`, `n.try_into()`: a conversion that fails on what the type cannot hold.
fn fallible_conversion(e: &Expr) -> bool {
    match e {
        Expr::Paren(p) => fallible_conversion(&p.expr),
        Expr::Call(c) => matches!(c.func.as_ref(), Expr::Path(p)
            if p.path.segments.last().is_some_and(|s| s.ident == "try_from")),
        Expr::MethodCall(m) => m.method == "try_into",
        _ => false,
    }
}

fn decoded<'e>(e: &'e Expr, annotated: Option<&syn::Type>) -> Option<(String, Option<&'e Expr>)> {
    match e {
        Expr::Try(t) => decoded(&t.expr, annotated),
        Expr::Paren(p) => decoded(&p.expr, annotated),
        Expr::Await(a) => decoded(&a.base, annotated),
        // `match from_value(args) { Ok(a) => a, Err(e) => return Err(..) }`.
        Expr::Match(m)
            if m.arms.iter().any(passes_on)
                && m.arms
                    .iter()
                    .all(|a| passes_on(a) || super::syntax::leaves_with_error(&a.body)) =>
        {
            decoded(&m.expr, annotated)
        }
        Expr::MethodCall(m)
            if matches!(
                m.method.to_string().as_str(),
                "map_err" | "unwrap" | "expect" | "context" | "with_context"
            ) =>
        {
            decoded(&m.receiver, annotated)
        }
        Expr::Call(c) => {
            let Expr::Path(p) = c.func.as_ref() else {
                return None;
            };
            let last = p.path.segments.last()?;
            if !matches!(
                last.ident.to_string().as_str(),
                "from_value" | "from_str" | "from_slice" | "from_reader"
            ) {
                return None;
            }
            let text = |t: &syn::Type| quote::quote!(#t).to_string().replace(' ', "");
            // With no type written (`let input = from_value(args)?`, the type inferred from
            // where the value goes), the local still holds the decoded input: `_`.
            let ty = match &last.arguments {
                syn::PathArguments::AngleBracketed(a) => a.args.iter().find_map(|g| match g {
                    syn::GenericArgument::Type(t) => Some(text(t)),
                    _ => None,
                }),
                _ => Some(annotated.map_or_else(|| "_".to_string(), text)),
            }?;
            Some((ty, c.args.first()))
        }
        _ => None,
    }
}

/// The JSON type a `serde_json::Value` variant pattern takes, through `Some(..)`/`Ok(..)`.
fn value_variant(p: &Pat) -> Option<&'static str> {
    let (path, inner) = match p {
        Pat::TupleStruct(ts) => (&ts.path, ts.elems.first()),
        Pat::Struct(ps) => (&ps.path, None),
        _ => return None,
    };
    let n = path.segments.len();
    let last = path.segments.last()?.ident.to_string();
    if (last == "Some" || last == "Ok") && n == 1 {
        return value_variant(inner?);
    }
    if n < 2 || path.segments[n - 2].ident != "Value" {
        return None;
    }
    Some(match last.as_str() {
        "String" => "string",
        "Object" => "object",
        "Array" => "array",
        "Bool" => "boolean",
        "Number" => "number",
        _ => return None,
    })
}

/// `None`, as a pattern.
fn is_none(p: &Pat) -> bool {
    matches!(p, Pat::Ident(i) if i.ident == "None" && i.subpat.is_none())
}

/// Whether a match arm reads what its pattern binds through an `as_*` accessor.
fn narrowed(a: &syn::Arm) -> bool {
    struct Bound(Vec<String>);
    impl Visit<'_> for Bound {
        fn visit_pat_ident(&mut self, i: &syn::PatIdent) {
            self.0.push(i.ident.to_string());
            visit::visit_pat_ident(self, i);
        }
    }
    struct Reads<'b>(&'b [String], bool);
    impl Visit<'_> for Reads<'_> {
        fn visit_expr_method_call(&mut self, m: &syn::ExprMethodCall) {
            if read_as(&m.method.to_string()).is_some()
                && let Expr::Path(p) = m.receiver.as_ref()
                && p.path
                    .get_ident()
                    .is_some_and(|i| self.0.contains(&i.to_string()))
            {
                self.1 = true;
            }
            visit::visit_expr_method_call(self, m);
        }
    }
    let mut bound = Bound(Vec::new());
    bound.visit_pat(&a.pat);
    let mut reads = Reads(&bound.0, false);
    reads.visit_expr(&a.body);
    reads.1
}

/// `is_object`, `is_string` …: the JSON type a `Value` test asks for.
fn is_json(method: &str) -> Option<&'static str> {
    Some(match method {
        "is_object" => "object",
        "is_array" => "array",
        "is_string" => "string",
        "is_boolean" => "boolean",
        "is_number" | "is_f64" => "number",
        "is_i64" => "integer",
        "is_u64" => "unsigned integer",
        _ => return None,
    })
}

/// The string literals of a pattern: `"red"`, `"red" | "blue"`.
/// Whether a match arm's body is an error whichever way it runs: an error value
/// (`Err(..)`, `return Err(..)`, `bail!(..)`), or a block that ends in one.
fn always_rejects(body: &Expr) -> bool {
    match body {
        Expr::Block(b) => match b.block.stmts.last() {
            Some(syn::Stmt::Expr(e, _)) => always_rejects(e),
            Some(syn::Stmt::Macro(m)) => m
                .mac
                .path
                .segments
                .last()
                .is_some_and(|s| s.ident == "bail"),
            _ => false,
        },
        e => super::syntax::error_value(e),
    }
}

/// The `.parse()` call an expression passes on the result of, through the error
/// conversions before a `?` (`.map_err(..)`, `.context(..)`).
fn parse_call(e: &Expr) -> Option<&syn::ExprMethodCall> {
    let Expr::MethodCall(m) = e else { return None };
    match m.method.to_string().as_str() {
        "parse" if m.args.is_empty() => Some(m),
        "map_err" | "context" | "with_context" => parse_call(&m.receiver),
        _ => None,
    }
}

/// Case conversions: a value compared after one matches every spelling of a listed value.
const FOLDS: &[&str] = &[
    "to_lowercase",
    "to_uppercase",
    "to_ascii_lowercase",
    "to_ascii_uppercase",
];

/// Whether an expression reads its value through a case conversion
/// (`mode.trim().to_lowercase().as_str()`).
fn folds_case(e: &Expr, folded: &HashSet<String>) -> bool {
    match e {
        Expr::MethodCall(m) => super::one_of(&m.method, FOLDS) || folds_case(&m.receiver, folded),
        Expr::Paren(p) => folds_case(&p.expr, folded),
        Expr::Reference(r) => folds_case(&r.expr, folded),
        Expr::Unary(u) => folds_case(&u.expr, folded),
        // `let op = p.operation.to_lowercase(); match op.as_str() { .. }`.
        Expr::Path(p) => p
            .path
            .get_ident()
            .is_some_and(|i| folded.contains(&i.to_string())),
        _ => false,
    }
}

/// The fixed value a catch-all arm maps every other value to, when the match turns a string
/// into one variant of a type (`"asc" => Order::Asc, _ => Order::Desc`): the catch-all is a
/// variant path (in `Some`/`Ok`, or a block ending in one) that ignores the value, and
/// another arm gives a variant of the same type. Arms giving strings or numbers pick a label
/// or a message, not a behaviour, and say nothing here.
fn mapped_to(m: &syn::ExprMatch, catch: &syn::Arm) -> Option<String> {
    fn variant(e: &Expr) -> Option<(String, String)> {
        match e {
            Expr::Paren(p) => variant(&p.expr),
            Expr::Block(b) if b.block.stmts.len() == 1 => match &b.block.stmts[0] {
                syn::Stmt::Expr(e, None) => variant(e),
                _ => None,
            },
            Expr::Call(c) if c.args.len() == 1 => match c.func.as_ref() {
                Expr::Path(p) if p.path.is_ident("Some") || p.path.is_ident("Ok") => {
                    variant(&c.args[0])
                }
                _ => None,
            },
            Expr::Path(p) if p.qself.is_none() && p.path.segments.len() >= 2 => {
                let n = p.path.segments.len();
                let ty = p.path.segments[n - 2].ident.to_string();
                let name = p.path.segments[n - 1].ident.to_string();
                (ty.starts_with(char::is_uppercase) && name.starts_with(char::is_uppercase))
                    .then(|| (ty, format!("{}::{name}", p.path.segments[n - 2].ident)))
            }
            _ => None,
        }
    }
    let (ty, to) = variant(&catch.body)?;
    m.arms
        .iter()
        .filter(|a| !std::ptr::eq(*a, catch))
        .any(|a| variant(&a.body).is_some_and(|(t, _)| t == ty))
        .then_some(to)
}

/// The string literals a pattern is made of (`"a" | "b"`, `Some("a")`); none when any
/// alternative is something else (`"a" | _` takes every value).
fn string_lits(p: &Pat) -> Vec<String> {
    match p {
        Pat::Lit(l) => match &l.lit {
            Lit::Str(s) => vec![s.value()],
            _ => Vec::new(),
        },
        // `Some("list") | None`: the absent value is no string of the set.
        Pat::Or(o) => {
            let cases: Vec<Vec<String>> = o
                .cases
                .iter()
                .filter(|c| !is_none(c))
                .map(string_lits)
                .collect();
            if cases.is_empty() || cases.iter().any(Vec::is_empty) {
                return Vec::new();
            }
            cases.concat()
        }
        // `Some("asc")` on an optional value: the value when present.
        Pat::TupleStruct(t) if t.path.is_ident("Some") && t.elems.len() == 1 => {
            string_lits(&t.elems[0])
        }
        _ => Vec::new(),
    }
}

/// Whether a message names a field or key: `max_items` as "max_items", "max items" or
/// "maxitems" (so also "maxItems").
fn mentions(text: &str, key: &str) -> bool {
    let text = text.to_lowercase();
    let key = key.to_lowercase();
    !key.is_empty()
        && (text.contains(&key)
            || text.contains(&key.replace('_', " "))
            || text.contains(&key.replace('_', "")))
}

/// A range's start and end, and whether the end is included.
type Range = (End, End, bool);

/// One end of a range a value is checked against: absent, a constant, or a value that is not
/// a constant here (`1..=self.max()`), which bounds the value in a way not known, or known
/// from each caller when it is a parameter of the function (`min..=max`).
#[derive(Clone)]
enum End {
    Open,
    At(f64),
    Opaque(Option<String>),
}

/// The number a pattern is, through `Some(..)`: `0`, `Some(0)`.
fn pat_number(p: &Pat) -> Option<f64> {
    match p {
        Pat::Lit(l) => super::attrs::number(&Expr::Lit(l.clone())),
        Pat::TupleStruct(t) if t.path.is_ident("Some") && t.elems.len() == 1 => {
            pat_number(&t.elems[0])
        }
        Pat::Paren(p) => pat_number(&p.pat),
        _ => None,
    }
}

/// The optional side and the wrapped value of `opt == Some(v)`, either way round.
fn present_value<'e>(left: &'e Expr, right: &'e Expr) -> Option<(&'e Expr, &'e Expr)> {
    fn some_arg(e: &Expr) -> Option<&Expr> {
        let Expr::Call(c) = e else { return None };
        let Expr::Path(p) = c.func.as_ref() else {
            return None;
        };
        (p.path.is_ident("Some") && c.args.len() == 1).then(|| &c.args[0])
    }
    match (some_arg(left), some_arg(right)) {
        (None, Some(v)) => Some((left, v)),
        (Some(v), None) => Some((right, v)),
        _ => None,
    }
}

fn range_of(e: &Expr) -> Option<&syn::ExprRange> {
    match e {
        Expr::Range(r) => Some(r),
        Expr::Paren(p) => range_of(&p.expr),
        Expr::Group(g) => range_of(&g.expr),
        _ => None,
    }
}

/// The first string literal of a branch written as an error code (`"UNKNOWN_SKU"`:
/// upper-case words joined by underscores).
fn error_code(block: &syn::Block) -> Option<String> {
    /// Every string literal in the tokens, in order, macro bodies (`json!({..})`) included.
    fn literals(tokens: proc_macro2::TokenStream, out: &mut Vec<String>) {
        for t in tokens {
            match t {
                proc_macro2::TokenTree::Group(g) => literals(g.stream(), out),
                proc_macro2::TokenTree::Literal(l) => {
                    if let Ok(s) = syn::parse2::<syn::LitStr>(l.into_token_stream()) {
                        out.push(s.value());
                    }
                }
                _ => {}
            }
        }
    }
    use quote::ToTokens as _;
    let mut found = Vec::new();
    literals(block.to_token_stream(), &mut found);
    found.into_iter().find(|t| {
        t.contains('_')
            && !t.starts_with('_')
            && !t.ends_with('_')
            && t.chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
    })
}

/// A block as an expression, for the readers of expressions.
fn block_expr(b: &syn::Block) -> Expr {
    Expr::Block(syn::ExprBlock {
        attrs: Vec::new(),
        label: None,
        block: b.clone(),
    })
}

/// String literals of a branch that state a number (limits a message names).
fn strings_in(block: &syn::Block) -> Vec<(String, proc_macro2::Span)> {
    let mut s = all_strings(block);
    s.retain(|(t, _)| t.chars().any(|c| c.is_ascii_digit()));
    s
}

/// String literals of a branch, including those inside `format!`-like macros.
fn all_strings(block: &syn::Block) -> Vec<(String, proc_macro2::Span)> {
    struct Strings(Vec<(String, proc_macro2::Span)>);
    impl Visit<'_> for Strings {
        fn visit_lit_str(&mut self, s: &syn::LitStr) {
            self.0.push((s.value(), s.span()));
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
    let mut s = Strings(Vec::new());
    s.visit_block(block);
    s.0
}

impl<'ast> Visit<'ast> for Walker<'_> {
    /// A local bound to a struct literal (or to a call's value) names it only to the end of
    /// its block: a later arm's `params.arguments` reads the parameter again, not an earlier
    /// arm's `let params = Settings { .. }`.
    fn visit_block(&mut self, b: &'ast syn::Block) {
        let outer = self.records.clone();
        let mark = self.shadowed.len();
        syn::visit::visit_block(self, b);
        self.records = outer;
        while self.shadowed.len() > mark {
            if let Some((name, held)) = self.shadowed.pop() {
                self.aliases.insert(name, held);
            }
        }
    }

    fn visit_local(&mut self, l: &'ast syn::Local) {
        if let Some(init) = &l.init {
            let held = let_name(&l.pat)
                .0
                .map(ToString::to_string)
                .filter(|n| self.remade(n, &init.expr))
                .and_then(|n| {
                    let v = self.aliases.get(&n)?.clone();
                    Some((n, v))
                });
            if let (Expr::Closure(c), (Some(name), _)) = (init.expr.as_ref(), let_name(&l.pat))
                && let Some(map) = self.reads_by_parameter(c)
            {
                self.key_readers.insert(name.to_string(), map);
            }
            // `let style: Style = input.style.parse()?`: `Style::from_str` of the value.
            if let (Pat::Type(t), Expr::Try(tr)) = (&l.pat, init.expr.as_ref())
                && let Some(parse) = parse_call(&tr.expr)
                && parse.turbofish.is_none()
            {
                self.parsed_into(parse, &t.ty, tr.question_token.span);
            }
            // `let n: u16 = input.port.parse().unwrap()`: the parse's type is the local's.
            if let (Pat::Type(t), Expr::MethodCall(m)) = (&l.pat, init.expr.as_ref()) {
                self.unwrapped(m, Some(&t.ty));
            }
            let before = self.facts.len();
            self.visit_expr(&init.expr);
            // `let Some(x) = input.x else { return .. }`: what follows has tested it.
            if let Some((_, diverge)) = &init.diverge {
                self.test(&init.expr);
                // `let Some(kind) = Kind::parse(s) else { return Err(..) }`.
                if super::syntax::some_pattern(&l.pat).is_some()
                    && super::syntax::leaves_with_error(diverge)
                    && let Some(call) = value_call(&init.expr)
                {
                    self.refusing.push(self.ctx.span(call));
                }
            }
            if let (Some(name), annotated) = let_name(&l.pat) {
                if super::panics::makes_sequence(&init.expr, annotated) {
                    self.sequences.insert(name.to_string());
                } else {
                    self.sequences.remove(&name.to_string());
                }
            }
            // `let _: Empty = serde_json::from_value(args)?`: decoded only to be checked.
            if let Pat::Type(t) = &l.pat
                && matches!(t.pat.as_ref(), Pat::Wild(_))
                && let Some((ty, source)) = decoded(&init.expr, Some(t.ty.as_ref()))
            {
                self.decoded_local(None, ty, source, l.span());
            }
            // `let budget = input.max_papers.min(100)`: an adjustment bound under another
            // name; whether it replaces the property is known once the body is read.
            let (name, annotated) = let_name(&l.pat);
            if let Some(name) = name.map(ToString::to_string) {
                let end = self.ctx.span(l.span()).end();
                // `let s = store.add(weight.clamp(0.1, 1.0))`: the call is handed the
                // adjusted value, and the local holds what the call returns.
                let handed = handed_to_calls(&init.expr)
                    .into_iter()
                    .map(|a| self.ctx.span(a))
                    .collect::<Vec<_>>();
                for i in before..self.facts.len() {
                    let f = &self.facts[i];
                    let adjusts = matches!(
                        f.kind,
                        CodeFactKind::Clamp { .. } | CodeFactKind::ClampRuntime { .. }
                    );
                    let into_call = handed
                        .iter()
                        .any(|a| a.start() <= f.span.start() && f.span.end() <= a.end());
                    if adjusts && !into_call && held_as(&f.subject) != name {
                        self.renamed.push((i, end));
                    }
                }
            }
            if let Some((_, diverge)) = &init.diverge {
                self.visit_expr(diverge);
            }
            // `let url = format!(..)`: what the value goes into is known at the local's use.
            if let Pat::Ident(p) = &l.pat {
                let name = p.ident.to_string();
                match self.formatted(&init.expr) {
                    Some(parts) => {
                        self.strings.insert(name, parts);
                    }
                    None => {
                        self.strings.remove(&name);
                    }
                }
            }
            if let (Some(s), Pat::Ident(id)) = (self.length_of(&init.expr), &l.pat) {
                self.lengths.insert(id.ident.to_string(), s);
            }
            if let Some(name) = name.map(ToString::to_string) {
                match self.struct_fields(&init.expr) {
                    Some(fields) => self.records.insert(name, fields),
                    None => self.records.remove(&name),
                };
            }
            if let Some(name) = name.map(ToString::to_string) {
                match self.capped_value(&init.expr) {
                    Some(c) => self.capped.insert(name, c),
                    None => self.capped.remove(&name),
                };
            }
            let folds = folds_case(&init.expr, &self.folded);
            if let Some(name) = name {
                self.folded.remove(&name.to_string());
            }
            if let Some(name) = name.map(ToString::to_string) {
                self.receivers.remove(&name);
                self.traits.remove(&name);
                self.made.remove(&name);
                match super::syntax::local_type(&init.expr, annotated, self.generics) {
                    Some(super::syntax::LocalType::Known(t)) => {
                        self.receivers.insert(name, t);
                    }
                    Some(super::syntax::LocalType::Made(hint)) => {
                        self.made.insert(name, hint);
                    }
                    None => {}
                }
            }
            // `let input = serde_json::from_value::<Input>(args)?`: a new value, of that type.
            if let Some(name) = name
                && let Some((ty, source)) = decoded(&init.expr, annotated)
            {
                self.decoded_local(Some(&name.to_string()), ty, source, l.span());
                return;
            }
            // `let n = count.min(6)` is the count adjusted, read on as the count (a clamp is
            // a fact of its own): only a call on no value of the input is the callee's to say,
            // and so is a method of the server's own (`let location =
            // self.resolve_locations(location)?`, which may hand back another value).
            if let (Some(name), None) = (name, self.subject(&init.expr))
                && let Some((call, receiver)) = bound_call(&init.expr)
                && receiver.is_none_or(|r| self.subject(r).is_none_or(|s| s.root == "self"))
            {
                // A root of its own: what it holds is linking's to say. Named apart from a
                // value the name held before (`let limit = Some(cap(limit, 500))` of a
                // parameter `limit`, which linking binds by its name) until its block ends.
                let at = self.ctx.span(call);
                let name = name.to_string();
                let root = match self.aliases.remove(&name) {
                    Some(held) => {
                        self.shadowed.push((name.clone(), held));
                        format!("{name}'{}", at.start())
                    }
                    None => name.clone(),
                };
                self.results.push((root.clone(), at));
                self.root(&name, root);
            }
            if let Some((name, v)) = held
                && self.aliases.get(&name) == Some(&v)
            {
                self.aliases.remove(&name);
            }
            if let Some(s) = self.subject(&init.expr) {
                if let Pat::Type(t) = &l.pat {
                    let ty = super::types::ty(&t.ty);
                    if ty.int_range().is_some() {
                        self.fact(s.clone(), CodeFactKind::Typed { ty }, t.ty.span(), false);
                    }
                }
                self.bind(&l.pat, &s);
                // `let mut budget = max_nodes; .. budget -= 1`: a copy the body counts down or
                // lends out to be changed is a value of its own, not the input.
                if let Some(name) = mutable_name(&l.pat).filter(|n| self.changed.contains(n)) {
                    self.aliases.remove(&name);
                }
                if let Some(name) = name.filter(|_| folds) {
                    self.folded.insert(name.to_string());
                }
                if let Some(name) = name
                    && super::syntax::read_out_of_json(&init.expr, &|n: &str| {
                        self.taken.contains(n)
                    })
                {
                    self.taken.insert(name.to_string());
                }
            }
        }
    }

    fn visit_expr_let(&mut self, l: &'ast syn::ExprLet) {
        self.visit_expr(&l.expr);
        if let Some(s) = self.subject(&l.expr) {
            self.bind(&l.pat, &s);
            // `if let Some(n) = v.as_u64()`: `n` is the number read out.
            if let Some(name) = super::syntax::sole_binding(&l.pat)
                && super::syntax::read_out_of_json(&l.expr, &|n: &str| self.taken.contains(n))
            {
                self.taken.insert(name.to_string());
            }
        }
    }

    /// `match q { 1..=5 => .., _ => return Err(..) }`: the accepting arms' ranges bound the
    /// value when the catch-all arm rejects; a literal arm that does not reject is a
    /// special value (`0 => remove`).
    fn visit_expr_match(&mut self, m: &'ast syn::ExprMatch) {
        self.note_swallowed(swallowed_by_match(m));
        self.visit_expr(&m.expr);
        self.test(&m.expr);
        self.decoded_in_arm(m);
        if let Some(s) = self.subject(&m.expr) {
            // What an arm's pattern binds is read from the scrutinee (`Value::Number(n)`).
            for a in &m.arms {
                self.bind(&a.pat, &s);
            }
            let arm_block = |a: &syn::Arm| syn::Block {
                brace_token: Default::default(),
                stmts: vec![syn::Stmt::Expr((*a.body).clone(), None)],
            };
            let arm_rejects = |a: &syn::Arm| rejects(&arm_block(a));
            // `Some(n) if n < 0 => Err(..)`: the guard of an arm that rejects is a
            // reject-condition on what its pattern bound. Behind a pattern that tests the
            // scrutinee (`"managed" if args.domains.is_none()`), the guard is tested for those
            // values only: what it rejects is rejected sometimes.
            for a in &m.arms {
                if let Pat::Guard(g) = &a.pat
                    && arm_rejects(a)
                {
                    let sometimes = u32::from(!binds_any(&g.pat));
                    self.conditional += sometimes;
                    self.condition(&g.guard, false, true, Some(&arm_block(a)));
                    self.conditional -= sometimes;
                }
            }
            // `Some(v) if v >= 0 => v, Some(_) => return Err(..)`: a value the guard turns
            // down falls to the next arm that takes it, and that arm rejects: the guard's
            // negation is a reject-condition.
            for (i, a) in m.arms.iter().enumerate() {
                if let Pat::Guard(g) = &a.pat
                    && binds_any(&g.pat)
                    && !arm_rejects(a)
                    && let Some(next) = m.arms[i + 1..].iter().find(|b| !is_none(&b.pat))
                    && (catches_all(&next.pat)
                        || super::syntax::some_pattern(&next.pat).is_some()
                            && super::syntax::some_pattern(&g.pat).is_some())
                    && arm_rejects(next)
                {
                    self.condition(&g.guard, true, true, Some(&arm_block(next)));
                }
            }
            // `q @ 1..=5` is the range; a bare binding or `_` catches the rest.
            let inner = |p: &'ast Pat| -> &'ast Pat {
                match p {
                    Pat::Ident(i) => i.subpat.as_ref().map_or(p, |(_, sub)| sub.as_ref()),
                    p => p,
                }
            };
            // `None` is the absent value, not every other one.
            // `Some(_) => return Err(..)` on an optional value turns away every present value
            // no other arm names (the absent one has its own arm, or none).
            let catch_all = m.arms.iter().find(|a| catches_all(&a.pat)).or_else(|| {
                m.arms
                    .iter()
                    .find(|a| super::syntax::some_pattern(&a.pat).is_some() && arm_rejects(a))
            });
            // `other => lookup(other)`: the other values go on to a callee, which decides.
            let handed_on = catch_all.is_some_and(|a| match &a.pat {
                Pat::Ident(i) => super::syntax::forwards(&a.body, &i.ident.to_string()),
                p => super::syntax::some_pattern(p)
                    .flatten()
                    .is_some_and(|i| super::syntax::forwards(&a.body, &i.to_string())),
            });
            let mut lo: Option<f64> = None;
            let mut hi: Option<(f64, CmpOp)> = None;
            let mut bounded = true;
            let mut strings: Vec<String> = Vec::new();
            // An arm that accepts values no literal names (`v if v.starts_with(..)`,
            // `Some(v)`): the set of accepted strings is not known.
            let mut open = false;
            for a in m.arms.iter() {
                match inner(&a.pat) {
                    p if catches_all(p) => {}
                    // A guarded arm accepts only sometimes: the bound is not known.
                    Pat::Guard(_) => {
                        bounded = false;
                        open = true;
                    }
                    Pat::Range(r) if !arm_rejects(a) => {
                        let start = r.start.as_deref().and_then(|e| self.num(e));
                        let end = r.end.as_deref().and_then(|e| self.num(e));
                        let op = match r.limits {
                            syn::RangeLimits::Closed(_) => CmpOp::Gt,
                            syn::RangeLimits::HalfOpen(_) => CmpOp::Ge,
                        };
                        match (start, end) {
                            (Some(a), Some(b)) => {
                                lo = Some(lo.map_or(a, |l| l.min(a)));
                                hi = Some(match hi {
                                    Some((h, o)) if h >= b => (h, o),
                                    _ => (b, op),
                                });
                            }
                            _ => bounded = false,
                        }
                    }
                    // An arm that may still reject (`"by_kind" => { kind.ok_or(..)? }`)
                    // accepts its values: only an arm that is an error refuses them.
                    p @ (Pat::Lit(_) | Pat::Or(_) | Pat::TupleStruct(_))
                        if !always_rejects(&a.body) && !string_lits(p).is_empty() =>
                    {
                        strings.extend(string_lits(p));
                    }
                    p if is_none(p) => {}
                    // Any other pattern that accepts (`Some(v) => ..`) takes values no
                    // literal names.
                    Pat::Lit(_) => {}
                    _ if !always_rejects(&a.body) => open = true,
                    _ => {}
                }
                if let Pat::Lit(l) = inner(&a.pat)
                    && !arm_rejects(a)
                    && let Some(v) = super::attrs::number(&Expr::Lit(l.clone()))
                {
                    self.fact(
                        s.clone(),
                        CodeFactKind::Compare {
                            op: CmpOp::Eq,
                            value: v,
                        },
                        l.span(),
                        false,
                    );
                }
            }
            // `Some(Value::String(s)) => ..`, `Some(v) if v.is_object() => ..`: the JSON
            // types a `Value` is taken as.
            // An arm that reads its binding with an accessor (`Value::Number(n) =>
            // n.as_u64()`) takes the value as that accessor's type, recorded there.
            for a in m.arms.iter().filter(|a| !arm_rejects(a) && !narrowed(a)) {
                let json = match &a.pat {
                    Pat::Guard(g) => match g.guard.as_ref() {
                        Expr::MethodCall(c) if c.args.is_empty() => {
                            is_json(&c.method.to_string()).or_else(|| value_variant(&g.pat))
                        }
                        _ => value_variant(&g.pat),
                    },
                    p => value_variant(p),
                };
                if let Some(json) = json {
                    self.fact(
                        s.clone(),
                        CodeFactKind::ReadAs { json },
                        a.pat.span(),
                        false,
                    );
                }
            }
            // `_ => 1` where the other arms read the value: the value given when it is
            // absent or of another kind, as `unwrap_or(1)` gives it.
            if self.subject(&Expr::Match(m.clone())).is_some() {
                for a in m
                    .arms
                    .iter()
                    .filter(|a| catches_all(&a.pat) || is_none(&a.pat))
                {
                    if let Some(value) = self.literal(&a.body) {
                        let kind = CodeFactKind::Default {
                            value: Some(Box::new(value)),
                            fallback: None,
                        };
                        self.fact(s.clone(), kind, a.body.span(), false);
                    }
                }
            }
            // The catch-all turns the call away itself, or leaves with a call's value
            // (`_ => return refuse(..)`), which linking judges from the callee.
            let catch_rejects = catch_all.is_some_and(arm_rejects);
            let catch_via = catch_all
                .filter(|_| !catch_rejects)
                .and_then(|a| arm_leaves_with(&a.body));
            let folded = folds_case(&m.expr, &self.folded);
            if let Some(catch) = catch_all.filter(|_| catch_rejects || catch_via.is_some()) {
                let at = m.expr.span();
                let mut atoms = Vec::new();
                // The others are refused only when the catch-all is an error, not when it
                // may build one.
                let refused = catch_via.is_some() || always_rejects(&catch.body);
                if !strings.is_empty() && !open && !handed_on && refused {
                    let kind = CodeFactKind::OneOf(Box::new(ClosedSet {
                        values: std::mem::take(&mut strings),
                        others: Others::Rejected,
                        folded,
                        table: None,
                    }));
                    atoms.push((s.clone(), kind, at));
                }
                if bounded && let Some(lo) = lo {
                    let kind = CodeFactKind::Compare {
                        op: CmpOp::Lt,
                        value: lo,
                    };
                    atoms.push((s.clone(), kind, at));
                }
                if bounded && let Some((hi, op)) = hi {
                    atoms.push((s.clone(), CodeFactKind::Compare { op, value: hi }, at));
                }
                // The catch-all's messages state the limits, as an `if` branch's do.
                let messages = if atoms.is_empty() {
                    Vec::new()
                } else {
                    strings_in(&syn::Block {
                        brace_token: Default::default(),
                        stmts: vec![syn::Stmt::Expr((*catch.body).clone(), None)],
                    })
                };
                self.via = catch_via.map(|c| self.ctx.span(c));
                let protocol = protocol_error(&catch.body);
                self.record(atoms, &messages, catch_rejects, protocol);
                self.via = None;
            } else if std::ptr::from_ref(m) as usize == self.answer_match
                && let Some(catch) = catch_all.filter(|a| is_none_value(&a.body))
                && !strings.is_empty()
                && !open
                && !handed_on
                && m.arms
                    .iter()
                    .all(|a| std::ptr::eq(a, catch) || !is_none_value(&a.body))
            {
                // `_ => None` as the answer of `fn parse(s: &str) -> Option<Kind>`: the
                // others are refused where a caller refuses the `None`.
                let kind = CodeFactKind::OneOf(Box::new(ClosedSet {
                    values: strings,
                    others: Others::Rejected,
                    folded,
                    table: None,
                }));
                self.as_none = true;
                self.fact(s.clone(), kind, m.expr.span(), false);
                self.as_none = false;
            } else if let Some(catch) = catch_all.filter(|_| !strings.is_empty() && !open)
                && let Some(to) = mapped_to(m, catch)
            {
                // `_ => Order::Newest`: every other value silently becomes one of the set's.
                let kind = CodeFactKind::OneOf(Box::new(ClosedSet {
                    values: strings,
                    others: Others::Mapped {
                        to,
                        at: self.ctx.span(catch.body.span()),
                    },
                    folded,
                    table: None,
                }));
                self.fact(s.clone(), kind, m.expr.span(), false);
            }
        }
        // Arms exclude each other: what one tests guards nothing in another.
        let before = self.tested.len();
        let mut tested = Vec::new();
        for a in &m.arms {
            self.visit_expr(&a.body);
            tested.extend(self.tested.drain(before..));
        }
        self.tested.extend(tested);
    }

    fn visit_expr_if(&mut self, i: &'ast syn::ExprIf) {
        self.note_swallowed(swallowed_by_if(i));
        if !self.chained.contains(&(std::ptr::from_ref(i) as usize)) {
            self.string_chain(i);
        }
        // Visit first: `if let` binds names the condition's atoms may use.
        self.visit_expr(&i.cond);
        self.test(&i.cond);
        let else_block = match i.else_branch.as_ref().map(|(_, e)| e.as_ref()) {
            Some(Expr::Block(b)) => Some(&b.block),
            _ => None,
        };
        if rejects(&i.then_branch) {
            // `if !is_valid(s) { return Err(..) }`: the call's `false` is refused.
            if let Expr::Unary(u) = i.cond.as_ref()
                && matches!(u.op, syn::UnOp::Not(_))
                && let Some(call) = value_call(&u.expr)
            {
                self.refusing.push(self.ctx.span(call));
            }
            self.condition(&i.cond, false, true, Some(&i.then_branch));
        } else if let Some(b) = else_block.filter(|b| rejects(b)) {
            self.condition(&i.cond, true, true, Some(b));
        } else if let Some(call) = returned(&i.then_branch).and_then(value_call) {
            // `return Self::err(..)`: whether that rejects is the callee's to say.
            self.via = Some(self.ctx.span(call));
            self.condition(&i.cond, false, false, Some(&i.then_branch));
            self.via = None;
        } else {
            self.condition(&i.cond, false, false, None);
        }
        // Unless the branch leaves (then the other is every accepted call's path) or the
        // condition only asks whether the value is there, each branch runs only sometimes.
        let leaves = rejects(&i.then_branch) || returned(&i.then_branch).is_some();
        let sometimes = u32::from(!leaves && !presence_test(&i.cond));
        self.conditional += sometimes;
        // What the branch taken tests guards nothing in the other.
        let before = self.tested.len();
        self.visit_block(&i.then_branch);
        let tested: Vec<ValueRef> = self.tested.drain(before..).collect();
        if let Some((_, e)) = &i.else_branch {
            self.visit_expr(e);
        }
        self.tested.extend(tested);
        self.conditional -= sometimes;
    }

    /// `input.x.is_some() && input.x.unwrap() > 0`: the right side runs only after the left
    /// has tested what it reads.
    fn visit_expr_binary(&mut self, b: &'ast syn::ExprBinary) {
        self.visit_expr(&b.left);
        if matches!(b.op, BinOp::And(_) | BinOp::Or(_)) {
            self.test(&b.left);
        }
        self.visit_expr(&b.right);
    }

    fn visit_expr_while(&mut self, w: &'ast syn::ExprWhile) {
        self.visit_expr(&w.cond);
        self.test(&w.cond);
        self.visit_block(&w.body);
    }

    fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
        self.note_swallowed(swallowed_by_method(m));
        self.method_facts(m);
        // `args.get("index")`: the key `index` of the value `args` holds is read.
        if matches!(
            m.method.to_string().as_str(),
            "get" | "get_mut" | "contains_key" | "remove"
        ) && let [key] = m.args.iter().collect::<Vec<_>>()[..]
            && let Some(name) = lit_str(key)
            && let Some(s) = self.subject(&m.receiver)
        {
            self.fact(
                s.read(&name, true),
                CodeFactKind::KeyRead,
                key.span(),
                false,
            );
        }
        // A string built from the value handed to a method (`.get(&url)`, `.query(&q)`).
        for a in &m.args {
            let a = match a {
                Expr::Reference(r) => &*r.expr,
                a => a,
            };
            let parts = match a {
                Expr::Path(p) => p
                    .path
                    .get_ident()
                    .and_then(|i| self.strings.get(&i.to_string()).cloned()),
                a => self.formatted(a),
            };
            for (s, at) in parts.unwrap_or_default() {
                self.fact(s, ESCAPES, at, false);
            }
        }
        self.measure_passed(&m.args);
        let mut args = vec![self.arg(&m.receiver)];
        args.extend(m.args.iter().map(|a| self.arg(a)));
        self.call(m.method.to_string(), None, true, args, m.method.span());
        // `store.reserve(..)` on a parameter `store: &Store`: the type's methods only.
        let mut receiver = m.receiver.as_ref();
        loop {
            receiver = match receiver {
                Expr::Reference(r) => &r.expr,
                Expr::Paren(p) => &p.expr,
                _ => break,
            };
        }
        if let Expr::Path(p) = receiver
            && let Some(id) = p.path.get_ident()
            && let Some(call) = self.calls.last_mut()
        {
            let hint = self.made.get(&id.to_string()).cloned().or_else(|| {
                let t = self.traits.get(&id.to_string())?;
                Some(TypeHint::Trait(t.clone()))
            });
            call.set_receiver(self.receivers.get(&id.to_string()).cloned(), hint);
        }
        // `self.store.save(..)`, `ctx.client.search(..)`: a method of the field's type.
        if let Expr::Field(f) = receiver
            && let Expr::Path(base) = f.base.as_ref()
            && let Some(base) = base.path.get_ident()
            && let syn::Member::Named(field) = &f.member
        {
            let owner = match base.to_string().as_str() {
                "self" => Some(None),
                b => self.receivers.get(b).map(|t| Some(t.clone())),
            };
            if let (Some(owner), Some(call)) = (owner, self.calls.last_mut()) {
                call.set_receiver_hint(Some(TypeHint::Field {
                    owner,
                    field: field.to_string(),
                    guarded: false,
                }));
            }
        }
        visit::visit_expr_method_call(self, m);
    }

    fn visit_expr_call(&mut self, c: &'ast syn::ExprCall) {
        // `text("pattern")` of a closure reading its map by its parameter: the key is read,
        // and the value goes where the closure's result goes, which is not followed.
        if let Expr::Path(p) = c.func.as_ref()
            && let Some(map) = p
                .path
                .get_ident()
                .and_then(|i| self.key_readers.get(&i.to_string()))
                .cloned()
            && let Some(key) = c.args.first()
            && let Some(name) = lit_str(key)
        {
            let s = map.read(&name, true);
            self.fact(s.clone(), CodeFactKind::KeyRead, key.span(), false);
            self.fact(s, ESCAPES, c.span(), false);
        }
        if let Expr::Path(p) = c.func.as_ref()
            && let Some(last) = p.path.segments.last()
        {
            let name = last.ident.to_string();
            // `std::cmp::min(x, 5)` clamps like `x.min(5)`.
            if (name == "min" || name == "max") && c.args.len() == 2 {
                let (a, b) = (&c.args[0], &c.args[1]);
                let (s, v) = match (self.subject(a), self.num(b)) {
                    (Some(s), Some(v)) => (Some(s), Some(v)),
                    _ => (self.subject(b), self.num(a)),
                };
                if let (Some(s), Some(v)) = (s, v) {
                    let kind = if name == "min" {
                        CodeFactKind::Clamp {
                            lo: None,
                            hi: Some(v),
                        }
                    } else {
                        CodeFactKind::Clamp {
                            lo: Some(v),
                            hi: None,
                        }
                    };
                    self.fact(s, kind, c.span(), false);
                }
            }
            self.measure_passed(&c.args);
            // `u8::try_from(v)`: a conversion to an integer type, which fails on what the
            // type cannot hold, as `v.parse::<u8>()` does.
            if name == "try_from"
                && let Some(ty) = p.path.segments.iter().rev().nth(1)
                && let Some(a) = c.args.first()
                && let Some(s) = self.subject(a)
            {
                let ty = super::types::segment_ty(ty);
                if ty.int_range().is_some() {
                    self.fact(s, CodeFactKind::Typed { ty }, c.span(), false);
                }
            }
            // `T::try_from(v)` in `fn f<T: TryFrom<i64>>`: the callee is the one of whichever
            // type each caller picks, not known here, so what it does to `v` is not either.
            if self.callee_of_type_parameter(p) {
                for a in &c.args {
                    if let Some(s) = self.subject(a) {
                        self.fact(s, ESCAPES, a.span(), false);
                    }
                }
            }
            let args = c.args.iter().map(|a| self.arg(a)).collect();
            let n = p.path.segments.len();
            let qualifier = (n > 1).then(|| p.path.segments[n - 2].ident.to_string());
            self.call(name, qualifier, false, args, last.ident.span());
        }
        visit::visit_expr_call(self, c);
    }

    /// A chain of casts (`x as u16 as u8`) at once: every cast in it reads the subject of the
    /// innermost operand, looked up once, and starts where it starts (per cast, the chain was
    /// walked again twice: quadratic).
    /// Facts in the order the recursive walk gave them, outermost first.
    fn visit_expr_cast(&mut self, c: &'ast syn::ExprCast) {
        let mut chain = vec![c];
        let mut base = c.expr.as_ref();
        while let Expr::Cast(inner) = base {
            chain.push(inner);
            base = inner.expr.as_ref();
        }
        if let Some(s) = self.subject(base) {
            // `c.span()` prints the whole chain to find its first token: the base's span,
            // taken once, starts every cast in it.
            let start = base.span();
            for c in chain {
                let span = match c.attrs.is_empty() {
                    true => start.join(c.ty.span()).unwrap_or_else(|| c.span()),
                    false => c.span(),
                };
                let to = c.ty.as_ref();
                let to = quote::quote!(#to).to_string();
                if let Some(range) = super::types::ty(&c.ty).int_range() {
                    self.fact(s.clone(), CodeFactKind::Cast { to, range }, span, false);
                }
            }
        }
        self.visit_expr(base);
    }

    /// `input.style.parse::<Style>()?`: `Style::from_str` of the value, its error the call's.
    fn visit_expr_try(&mut self, t: &'ast syn::ExprTry) {
        if let Some(parse) = parse_call(&t.expr)
            && let Some(args) = &parse.turbofish
            && let [syn::GenericArgument::Type(ty)] = args.args.iter().collect::<Vec<_>>()[..]
        {
            self.parsed_into(parse, ty, t.question_token.span);
        }
        if let Some(call) = refused_none(&t.expr) {
            self.refusing.push(self.ctx.span(call));
        }
        visit::visit_expr_try(self, t);
    }

    /// `copy["x"] = json!(true)`: the key is written, not read; what the value and the
    /// indexed base read still counts.
    fn visit_expr_assign(&mut self, a: &'ast syn::ExprAssign) {
        match a.left.as_ref() {
            Expr::Index(target) => {
                self.visit_expr(&target.expr);
                self.visit_expr(&target.index);
            }
            left => self.visit_expr(left),
        }
        self.visit_expr(&a.right);
        // `draft.images = input.image_urls.clone()`: the value moves into another value, whose
        // fields are not followed (as a struct literal's); not `input.limit = input.limit.min(50)`.
        if matches!(a.left.as_ref(), Expr::Field(_) | Expr::Index(_))
            && let Some(s) = self.subject(&a.right)
            && self.subject(&a.left).as_ref() != Some(&s)
        {
            self.fact(s, ESCAPES, a.right.span(), false);
        }
        // `label = rest.to_string()`: the local holds another value now, unless it is the
        // same value, a cap of it or a literal (a clamp's `limit = 100`, read as a clamp).
        if let Expr::Path(p) = a.left.as_ref()
            && let Some(name) = p.path.get_ident().map(ToString::to_string)
            && self.aliases.contains_key(&name)
            && self.subject(&a.right).is_none()
            && self.capped_value(&a.right).is_none()
            && self.literal(&a.right).is_none()
        {
            self.aliases.remove(&name);
        }
    }

    /// `params["x"]`: the key `x` is read, as by `get`. `lines[input.line]` of a local
    /// sequence, and `&text[..input.end]` of anything (no JSON value is sliced by a range),
    /// panic past the end.
    fn visit_expr_index(&mut self, i: &'ast syn::ExprIndex) {
        match i.index.as_ref() {
            Expr::Range(r) => {
                for end in r.start.iter().chain(&r.end) {
                    let e = super::panics::index_value(end);
                    self.panics(e, PanicOn::InBounds, end.span());
                }
            }
            index => {
                let sequence = matches!(i.expr.as_ref(), Expr::Path(p)
                    if p.path.get_ident().is_some_and(|id| self.sequences.contains(&id.to_string())));
                if sequence {
                    let e = super::panics::index_value(index);
                    self.panics(e, PanicOn::InBounds, index.span());
                }
            }
        }
        if let Some(name) = lit_str(&i.index)
            && let Some(s) = self.subject(&i.expr)
        {
            self.fact(
                s.read(&name, true),
                CodeFactKind::KeyRead,
                i.index.span(),
                false,
            );
        }
        visit::visit_expr_index(self, i);
    }

    fn visit_expr_macro(&mut self, m: &'ast syn::ExprMacro) {
        self.macro_body(&m.mac);
    }

    /// `Request { mailbox: input.mailbox, .. }`: the value moves into another value whose
    /// fields are not followed.
    fn visit_expr_struct(&mut self, st: &'ast syn::ExprStruct) {
        for f in &st.fields {
            if let Some(s) = self.subject(&f.expr) {
                self.fact(s, ESCAPES, f.expr.span(), false);
            }
        }
        syn::visit::visit_expr_struct(self, st);
    }

    fn visit_expr_array(&mut self, a: &'ast syn::ExprArray) {
        for e in &a.elems {
            let parts: Vec<&Expr> = match e {
                Expr::Tuple(t) => t.elems.iter().collect(),
                e => vec![e],
            };
            for mut part in parts {
                // `Some(&input.query)`: the value, wrapped.
                while let Expr::Call(c) = part
                    && c.args.len() == 1
                    && matches!(c.func.as_ref(), Expr::Path(p) if p.path.is_ident("Some") || p.path.is_ident("Ok"))
                {
                    part = &c.args[0];
                }
                if let Some(s) = self.subject(part) {
                    self.fact(s, ESCAPES, part.span(), false);
                }
            }
        }
        syn::visit::visit_expr_array(self, a);
    }

    fn visit_stmt_macro(&mut self, m: &'ast syn::StmtMacro) {
        self.macro_body(&m.mac);
    }

    // Nested items are facts of their own (or not ours).
    fn visit_item(&mut self, _: &'ast syn::Item) {}

    // Types, paths and attributes hold nothing this walker records (what expressions
    // they hold are compile-time: array lengths, const arguments). Patterns are walked:
    // a match arm's guard is one.
    fn visit_type(&mut self, _: &'ast syn::Type) {}
    fn visit_path(&mut self, _: &'ast syn::Path) {}
    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}
}

/// The `match`es of a body with at least two arms picked by string literals, each arm's
/// span and literals (see [`FnBody::named_arms`]), and the `if name == "a" {..} else if
/// name == "b" {..} else {..}` chains that pick branches the same way: one value compared
/// with literals, each branch an arm, what follows the last comparison the catch-all.
fn named_arms(ctx: &Ctx, block: &syn::Block) -> Vec<Vec<(crate::source::Span, Vec<String>)>> {
    struct Arms<'c> {
        ctx: &'c Ctx<'c>,
        out: Vec<Vec<(crate::source::Span, Vec<String>)>>,
        /// The `else if`s already read as links of an enclosing chain.
        linked: Vec<*const syn::ExprIf>,
    }
    impl<'ast> Visit<'ast> for Arms<'_> {
        fn visit_expr_if(&mut self, i: &'ast syn::ExprIf) {
            if !self.linked.contains(&(i as *const _)) {
                let mut arms = Vec::new();
                let mut subject = None;
                let mut link = i;
                loop {
                    let picked = compared_literals(&link.cond)
                        .filter(|(s, _)| subject.get_or_insert_with(|| s.clone()) == s);
                    let Some((_, names)) = picked else {
                        arms.push((self.ctx.span(link.span()), Vec::new()));
                        break;
                    };
                    arms.push((self.ctx.span(link.then_branch.span()), names));
                    match link.else_branch.as_ref().map(|(_, e)| e.as_ref()) {
                        Some(Expr::If(next)) => {
                            self.linked.push(next as *const _);
                            link = next;
                        }
                        Some(other) => {
                            arms.push((self.ctx.span(other.span()), Vec::new()));
                            break;
                        }
                        None => break,
                    }
                }
                if arms.iter().filter(|(_, n)| !n.is_empty()).count() >= 2 {
                    self.out.push(arms);
                }
            }
            syn::visit::visit_expr_if(self, i);
        }
        fn visit_expr_match(&mut self, m: &'ast syn::ExprMatch) {
            let arms: Vec<(crate::source::Span, Vec<String>)> = m
                .arms
                .iter()
                .map(|a| {
                    // A guarded arm is one of its literals' arms (`"run" if quick => ..`).
                    let pat = match &a.pat {
                        Pat::Guard(g) => g.pat.as_ref(),
                        p => p,
                    };
                    (self.ctx.span(a.span()), string_lits(pat))
                })
                .collect();
            if arms.iter().filter(|(_, n)| !n.is_empty()).count() >= 2 {
                self.out.push(arms);
            }
            syn::visit::visit_expr_match(self, m);
        }
        fn visit_item(&mut self, _: &'ast syn::Item) {}
    }
    let mut v = Arms {
        ctx,
        out: Vec::new(),
        linked: Vec::new(),
    };
    v.visit_block(block);
    v.out
}

/// What a condition compares with string literals: `name == "a"`, `"a" == name.as_str()`,
/// `name == "a" || name == "b"`, as the compared value written without borrows and
/// `as_str()`, and the literals.
fn compared_literals(cond: &Expr) -> Option<(String, Vec<String>)> {
    fn bare(mut e: &Expr) -> &Expr {
        loop {
            e = match super::syntax::strip_borrows(e) {
                Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => &u.expr,
                Expr::MethodCall(m)
                    if m.args.is_empty() && (m.method == "as_str" || m.method == "as_ref") =>
                {
                    &m.receiver
                }
                e => return e,
            };
        }
    }
    let Expr::Binary(b) = bare(cond) else {
        return None;
    };
    match b.op {
        syn::BinOp::Eq(_) => {
            let (value, lit) = match (lit_str(&b.left), lit_str(&b.right)) {
                (Some(l), None) => (&b.right, l),
                (None, Some(l)) => (&b.left, l),
                _ => return None,
            };
            let value = bare(value);
            matches!(
                value,
                Expr::Path(_) | Expr::Field(_) | Expr::Index(_) | Expr::MethodCall(_)
            )
            .then(|| (value.to_token_stream().to_string(), vec![lit]))
        }
        syn::BinOp::Or(_) => {
            let (s, mut names) = compared_literals(&b.left)?;
            let (t, more) = compared_literals(&b.right)?;
            names.extend(more);
            (s == t).then_some((s, names))
        }
        _ => None,
    }
}

/// The branches of a body that end by returning (see [`FnBody::returning`]).
fn returning(ctx: &Ctx, block: &syn::Block) -> Vec<crate::source::Span> {
    fn returns(b: &syn::Block) -> bool {
        matches!(b.stmts.last(), Some(syn::Stmt::Expr(Expr::Return(_), _)))
    }
    struct Branches<'c> {
        ctx: &'c Ctx<'c>,
        out: Vec<crate::source::Span>,
    }
    impl<'ast> Visit<'ast> for Branches<'_> {
        fn visit_expr_if(&mut self, i: &'ast syn::ExprIf) {
            if returns(&i.then_branch) {
                self.out.push(self.ctx.span(i.then_branch.span()));
            }
            if let Some((_, e)) = &i.else_branch
                && let Expr::Block(b) = &**e
                && returns(&b.block)
            {
                self.out.push(self.ctx.span(b.span()));
            }
            syn::visit::visit_expr_if(self, i);
        }
        fn visit_arm(&mut self, a: &'ast syn::Arm) {
            let ends = match &*a.body {
                Expr::Return(_) => true,
                Expr::Block(b) => returns(&b.block),
                _ => false,
            };
            if ends {
                self.out.push(self.ctx.span(a.span()));
            }
            syn::visit::visit_arm(self, a);
        }
        fn visit_item(&mut self, _: &'ast syn::Item) {}
    }
    let mut v = Branches {
        ctx,
        out: Vec::new(),
    };
    v.visit_block(block);
    v.out
}

/// Whether a `match` arm answers the value its pattern unwraps from the scrutinee, as is
/// or cloned (`Some(v) => v.clone()`, `Ok(v) => v`).
fn passes_on(arm: &syn::Arm) -> bool {
    let Pat::TupleStruct(ts) = &arm.pat else {
        return false;
    };
    let [Pat::Ident(bound)] = &ts.elems.iter().collect::<Vec<_>>()[..] else {
        return false;
    };
    let mut body = arm.body.as_ref();
    loop {
        body = match body {
            Expr::Reference(r) => &r.expr,
            Expr::Paren(p) => &p.expr,
            Expr::MethodCall(m)
                if m.args.is_empty() && (m.method == "clone" || m.method == "to_owned") =>
            {
                &m.receiver
            }
            Expr::Path(p) => return p.path.is_ident(&bound.ident),
            _ => return false,
        }
    }
}

/// A `let` guard of a let-chain (or a chain of them): a presence test, not a condition on
/// a value.
/// `_` or a bare binding: an arm that takes every value no earlier arm took.
fn catches_all(p: &Pat) -> bool {
    match p {
        Pat::Wild(_) => true,
        Pat::Ident(i) => i.subpat.is_none() && !is_none(p),
        _ => false,
    }
}

/// Whether a pattern matches every present value: `_`, a binding, or `Some(..)` of one
/// (`Some(n) if n < 0`), so a guard behind it tests every such value.
fn binds_any(p: &Pat) -> bool {
    catches_all(p) || super::syntax::some_pattern(p).is_some()
}

fn presence(e: &Expr) -> bool {
    match e {
        Expr::Let(_) => true,
        Expr::Binary(b) if matches!(b.op, BinOp::And(_)) => presence(&b.left) && presence(&b.right),
        _ => false,
    }
}

impl Walker<'_> {
    /// The values a `format!` builds its string from (`format!("{base}?page={}", input.page)`,
    /// named and captured arguments too), with where each is written: a string handed to a
    /// method (a request's URL) takes them where the linter does not follow, as a struct or a
    /// list they are put in does. A string that only becomes the answer or a message is
    /// read no further and says nothing.
    fn formatted(&self, e: &Expr) -> Option<Vec<(ValueRef, proc_macro2::Span)>> {
        let Expr::Macro(m) = e else { return None };
        if !m.mac.path.is_ident("format") {
            return None;
        }
        let args = self.ctx.macro_args(&m.mac)?;
        let mut out = Vec::new();
        // `format!("{base}?page={page}")`: locals captured by name.
        let text = args.first().and_then(lit_str).unwrap_or_default();
        for name in text
            .split('{')
            .skip(1)
            .filter_map(|p| p.split(['}', ':']).next())
        {
            if let Some(s) = self.aliases.get(name).cloned() {
                out.push((s, args[0].span()));
            }
        }
        for a in args.iter().skip(1) {
            // `format!("{}", page = input.page)`: the value after the name.
            let a = match a {
                Expr::Assign(named) => &*named.right,
                a => a,
            };
            if let Some(s) = self.subject(a) {
                out.push((s, a.span()));
            }
        }
        Some(out)
    }

    /// `ensure!(cond, msg)` rejects when `cond` fails; other macros' arguments are
    /// visited as expressions when they parse as such (`format!`, `json!` are skipped).
    fn macro_body(&mut self, mac: &syn::Macro) {
        let Some(name) = mac.path.segments.last().map(|s| s.ident.to_string()) else {
            return;
        };
        let Some(args) = self.ctx.macro_args_to_visit(mac) else {
            return;
        };
        if name == "ensure" && !args.is_empty() {
            let mut atoms = Vec::new();
            self.atoms(&args[0], true, &mut atoms);
            let messages: Vec<_> = args
                .iter()
                .skip(1)
                .filter_map(|a| match a {
                    Expr::Lit(l) => match &l.lit {
                        Lit::Str(s) => Some((s.value(), s.span())),
                        _ => None,
                    },
                    _ => None,
                })
                .collect();
            self.record(atoms, &messages, true, None);
        }
        for a in args.iter() {
            self.visit_expr(a);
        }
    }
}
