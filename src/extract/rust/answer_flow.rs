//! Which values of a function's body become its answer: the expressions whose value flows,
//! through locals, fields, collections and the calls that build them, into a value the
//! function returns on success. A failure turned into an empty value is "nothing found"
//! only when that empty value is what the tool answers with; one that only fills a lookup
//! table, a fallback or a log line is not.
//!
//! Flow is followed through what builds or summarises a value (constructors, `format!`,
//! `json!`, iterators, counts, struct literals, what a `match` or `for` binds) and not
//! through a keyed lookup (`get`, `contains`): a lookup in an empty table yields a
//! fallback, not an empty answer.

use super::Ctx;
use crate::source::Span;
use std::collections::{HashMap, HashSet};
use syn::visit::Visit;
use syn::{Expr, Pat};

/// Methods that look a key up, or compare: an empty receiver answers "absent" there and the
/// code goes on with a fallback; what the receiver holds is not carried on.
const LOOKUPS: &[&str] = &[
    "get",
    "get_mut",
    "contains",
    "contains_key",
    "starts_with",
    "ends_with",
    "eq",
    "ne",
    "cmp",
    "partial_cmp",
    "is_some",
    "is_none",
    "is_ok",
    "is_err",
];

/// Methods that keep or find some of the receiver's items by a predicate: the closure answers
/// yes or no, so what it reads (an ignore list, a filter set) is no part of the items kept.
const SELECTS: &[&str] = &[
    "filter",
    "filter_entry",
    "retain",
    "take_while",
    "skip_while",
    "find",
    "position",
    "any",
    "all",
];

/// Methods that put their arguments into the receiver.
pub(super) const FILLS: &[&str] = &[
    "entry",
    "push",
    "push_str",
    "extend",
    "extend_from_slice",
    "append",
    "insert",
];

/// Macros that only print or log.
const LOGS: &[&str] = &[
    "println",
    "eprintln",
    "print",
    "eprint",
    "debug",
    "info",
    "warn",
    "error",
    "trace",
    "log",
    "assert",
    "debug_assert",
];

/// The spans (as [`Ctx::span`] gives them) of every expression, `match` arm and call whose
/// value reaches a success exit of `block`. Calls are recorded at the span their effect has:
/// a method call from its name to its closing parenthesis, a path call at its last segment.
/// `out` are the parameters the function answers through (`results: &mut Vec<Match>`).
pub fn answered(ctx: &Ctx<'_>, block: &syn::Block, out: &[String]) -> HashSet<Span> {
    let mut sources = Sources::default();
    sources.visit_block(block);
    let mut flow = Flow {
        ctx,
        spans: HashSet::default(),
        names: out.iter().cloned().collect(),
        skip: Vec::new(),
    };
    for e in super::syntax::success_values(block) {
        flow.walk(e);
    }
    // Locals that reach the answer bring in what they were built from, until nothing new.
    let mut done: HashSet<String> = HashSet::default();
    loop {
        let todo: Vec<String> = flow.names.difference(&done).cloned().collect();
        if todo.is_empty() {
            break;
        }
        for name in todo {
            for source in sources.of.get(&name).into_iter().flatten() {
                flow.skip.clone_from(&source.nonempty);
                flow.walk(source.value);
            }
            flow.skip.clear();
            done.insert(name);
        }
    }
    flow.spans
}

/// A value a local is made from, and the locals known non-empty where it is taken
/// (`if !stderr.is_empty() { out.warnings = Some(stderr) }`): an emptied value of theirs
/// never gets there.
struct Source<'a> {
    value: &'a Expr,
    nonempty: Vec<String>,
}

/// The local a condition tests non-empty on its true branch (`!x.is_empty()`,
/// `!x.trim().is_empty()`, `x.len() > 0`, `x.contains("text")`, one side of `&&`), and
/// whether the test is negated (`x.is_empty()`: non-empty on the false branch).
fn emptiness_test(cond: &Expr) -> Option<(String, bool)> {
    // `x.trim()`, `x.as_str()`: the same text seen another way.
    fn subject(e: &Expr) -> Option<String> {
        match e {
            Expr::MethodCall(m)
                if m.args.is_empty()
                    && matches!(
                        m.method.to_string().as_str(),
                        "trim" | "as_str" | "as_slice" | "as_bytes" | "as_ref"
                    ) =>
            {
                subject(&m.receiver)
            }
            e => root(e),
        }
    }
    let empty_call = |e: &Expr| match e {
        Expr::MethodCall(m) if m.method == "is_empty" && m.args.is_empty() => subject(&m.receiver),
        _ => None,
    };
    // `body.contains("Example Domain")`: what holds a non-empty text is not empty.
    let holds_text = |e: &Expr| match e {
        Expr::MethodCall(m)
            if matches!(
                m.method.to_string().as_str(),
                "contains" | "starts_with" | "ends_with"
            ) && m.args.len() == 1
                && matches!(&m.args[0], Expr::Lit(l) if match &l.lit {
                    syn::Lit::Str(s) => !s.value().is_empty(),
                    syn::Lit::Char(_) => true,
                    _ => false,
                }) =>
        {
            subject(&m.receiver)
        }
        _ => None,
    };
    match cond {
        Expr::Paren(p) => emptiness_test(&p.expr),
        Expr::Unary(u) if matches!(u.op, syn::UnOp::Not(_)) => empty_call(&u.expr)
            .map(|x| (x, true))
            .or_else(|| holds_text(&u.expr).map(|x| (x, false))),
        Expr::Binary(b) if matches!(b.op, syn::BinOp::And(_)) => emptiness_test(&b.left)
            .or_else(|| emptiness_test(&b.right))
            .filter(|(_, t)| *t),
        Expr::Binary(b) if matches!(b.op, syn::BinOp::Gt(_) | syn::BinOp::Ne(_)) => {
            let Expr::MethodCall(m) = &*b.left else {
                return None;
            };
            let zero = super::attrs::number(&b.right) == Some(0.0);
            (m.method == "len" && zero)
                .then(|| subject(&m.receiver))
                .flatten()
                .map(|x| (x, true))
        }
        e => empty_call(e)
            .map(|x| (x, false))
            .or_else(|| holds_text(e).map(|x| (x, true))),
    }
}

/// What each local is made from: its `let`, assignments to it or its fields, and what is
/// pushed into it.
#[derive(Default)]
struct Sources<'a> {
    of: HashMap<String, Vec<Source<'a>>>,
    /// The call being visited.
    whole: Option<&'a Expr>,
    /// The locals the branch being visited is known to hold non-empty.
    nonempty: Vec<String>,
}

impl<'a> Sources<'a> {
    fn bind(&mut self, pat: &Pat, value: &'a Expr) {
        let mut names = Vec::new();
        bound(pat, &mut names);
        for n in names {
            self.push(n, value);
        }
    }

    /// `search(dir, &mut results)`: the call fills what it is lent mutably.
    fn filled_by(
        &mut self,
        args: &'a syn::punctuated::Punctuated<Expr, syn::Token![,]>,
        call: Option<&'a Expr>,
    ) {
        let Some(call) = call else { return };
        for a in args {
            if let Expr::Reference(r) = a
                && r.mutability.is_some()
            {
                self.add(&r.expr, call);
            }
        }
    }

    fn add(&mut self, place: &'a Expr, value: &'a Expr) {
        if let Some(root) = root(place) {
            self.push(root, value);
        }
    }

    fn push(&mut self, name: String, value: &'a Expr) {
        self.of.entry(name).or_default().push(Source {
            value,
            nonempty: self.nonempty.clone(),
        });
    }

    /// A branch visited with `local` known non-empty (if any).
    fn branch(&mut self, local: Option<String>, visit: impl FnOnce(&mut Self)) {
        let pushed = local.map(|l| self.nonempty.push(l)).is_some();
        visit(self);
        if pushed {
            self.nonempty.pop();
        }
    }
}

impl<'a> Visit<'a> for Sources<'a> {
    fn visit_local(&mut self, l: &'a syn::Local) {
        if let Some(init) = &l.init {
            self.bind(&l.pat, &init.expr);
        }
        syn::visit::visit_local(self, l);
    }

    fn visit_expr_if(&mut self, i: &'a syn::ExprIf) {
        self.visit_expr(&i.cond);
        let test = emptiness_test(&i.cond);
        let on = |negated: bool| test.clone().filter(|(_, t)| *t == negated).map(|(x, _)| x);
        self.branch(on(true), |s| s.visit_block(&i.then_branch));
        if let Some((_, e)) = &i.else_branch {
            self.branch(on(false), |s| s.visit_expr(e));
        }
    }

    fn visit_expr_assign(&mut self, a: &'a syn::ExprAssign) {
        self.add(&a.left, &a.right);
        syn::visit::visit_expr_assign(self, a);
    }

    fn visit_expr_binary(&mut self, b: &'a syn::ExprBinary) {
        if matches!(b.op, syn::BinOp::AddAssign(_)) {
            self.add(&b.left, &b.right);
        }
        syn::visit::visit_expr_binary(self, b);
    }

    /// What a pattern binds holds part of the value matched: `match r { Ok(items) => .. }`,
    /// `for (id, items) in groups`, `if let Some(x) = found`; an `Err(e)` binds the failure,
    /// which holds none of what the call would have answered.
    fn visit_expr_match(&mut self, m: &'a syn::ExprMatch) {
        for a in m
            .arms
            .iter()
            .filter(|a| !super::syntax::err_pattern(&a.pat))
        {
            self.bind(&a.pat, &m.expr);
        }
        syn::visit::visit_expr_match(self, m);
    }

    fn visit_expr_for_loop(&mut self, f: &'a syn::ExprForLoop) {
        self.bind(&f.pat, &f.expr);
        syn::visit::visit_expr_for_loop(self, f);
    }

    fn visit_expr_let(&mut self, l: &'a syn::ExprLet) {
        if !super::syntax::err_pattern(&l.pat) {
            self.bind(&l.pat, &l.expr);
        }
        syn::visit::visit_expr_let(self, l);
    }

    fn visit_expr_method_call(&mut self, m: &'a syn::ExprMethodCall) {
        if FILLS.iter().any(|f| m.method == f) {
            for a in &m.args {
                self.add(&m.receiver, a);
            }
        }
        self.filled_by(&m.args, self.whole);
        syn::visit::visit_expr_method_call(self, m);
    }

    fn visit_expr_call(&mut self, c: &'a syn::ExprCall) {
        self.filled_by(&c.args, self.whole);
        syn::visit::visit_expr_call(self, c);
    }

    fn visit_expr(&mut self, e: &'a Expr) {
        let outer = self.whole;
        if matches!(e, Expr::Call(_) | Expr::MethodCall(_)) {
            self.whole = Some(e);
        }
        syn::visit::visit_expr(self, e);
        self.whole = outer;
    }

    fn visit_item(&mut self, _: &'a syn::Item) {}
}

/// The local a place is in: `x`, `x.field`, `x[i]`, `*x`.
fn root(e: &Expr) -> Option<String> {
    match e {
        Expr::Path(p) => p.path.get_ident().map(ToString::to_string),
        Expr::Field(f) => root(&f.base),
        Expr::Index(i) => root(&i.expr),
        Expr::Unary(u) => root(&u.expr),
        Expr::Paren(p) => root(&p.expr),
        Expr::MethodCall(m)
            if matches!(
                m.method.to_string().as_str(),
                "as_mut"
                    | "get_mut"
                    | "entry"
                    | "or_default"
                    | "or_insert_with"
                    | "lock"
                    | "unwrap"
                    | "expect"
            ) =>
        {
            root(&m.receiver)
        }
        _ => None,
    }
}

fn bound(p: &Pat, out: &mut Vec<String>) {
    match p {
        Pat::Ident(i) => out.push(i.ident.to_string()),
        Pat::Type(t) => bound(&t.pat, out),
        Pat::Reference(r) => bound(&r.pat, out),
        Pat::Tuple(t) => t.elems.iter().for_each(|e| bound(e, out)),
        Pat::TupleStruct(t) => t.elems.iter().for_each(|e| bound(e, out)),
        Pat::Struct(s) => s.fields.iter().for_each(|f| bound(&f.pat, out)),
        _ => {}
    }
}

struct Flow<'c> {
    ctx: &'c Ctx<'c>,
    spans: HashSet<Span>,
    names: HashSet<String>,
    /// Locals known non-empty where the value walked is taken: their emptied values do
    /// not reach the answer from there.
    skip: Vec<String>,
}

impl Flow<'_> {
    fn walk(&mut self, e: &Expr) {
        if !self
            .spans
            .insert(self.ctx.span(syn::spanned::Spanned::span(e)))
        {
            return;
        }
        match e {
            Expr::Path(p) => {
                if let Some(i) = p.path.get_ident().map(ToString::to_string)
                    && !self.skip.contains(&i)
                {
                    self.names.insert(i);
                }
            }
            Expr::MethodCall(m) => {
                if LOOKUPS.iter().any(|a| m.method == a) {
                    return;
                }
                self.spans
                    .insert(self.ctx.span(super::syntax::call_span(m)));
                self.walk(&m.receiver);
                if !SELECTS.iter().any(|a| m.method == a) {
                    m.args.iter().for_each(|a| self.walk(a));
                }
            }
            Expr::Call(c) => {
                if let Expr::Path(p) = c.func.as_ref()
                    && let Some(last) = p.path.segments.last()
                {
                    self.spans.insert(self.ctx.span(last.ident.span()));
                }
                c.args.iter().for_each(|a| self.walk(a));
            }
            Expr::Macro(m) => self.mac(&m.mac),
            Expr::Struct(s) => {
                s.fields.iter().for_each(|f| self.walk(&f.expr));
                if let Some(rest) = &s.rest {
                    self.walk(rest);
                }
            }
            Expr::Tuple(t) => t.elems.iter().for_each(|e| self.walk(e)),
            Expr::Array(a) => a.elems.iter().for_each(|e| self.walk(e)),
            Expr::Paren(p) => self.walk(&p.expr),
            Expr::Group(g) => self.walk(&g.expr),
            Expr::Reference(r) => self.walk(&r.expr),
            Expr::Try(t) => self.walk(&t.expr),
            Expr::Await(a) => self.walk(&a.base),
            Expr::Cast(c) => self.walk(&c.expr),
            Expr::Unary(u) if !matches!(u.op, syn::UnOp::Not(_)) => self.walk(&u.expr),
            Expr::Field(f) => self.walk(&f.base),
            Expr::Index(i) => self.walk(&i.expr),
            Expr::Binary(b) if matches!(b.op, syn::BinOp::Add(_)) => {
                self.walk(&b.left);
                self.walk(&b.right);
            }
            Expr::Closure(c) => self.walk(&c.body),
            Expr::Block(b) => self.tail(&b.block),
            Expr::Async(a) => self.tail(&a.block),
            Expr::Unsafe(u) => self.tail(&u.block),
            Expr::If(i) => {
                self.tail(&i.then_branch);
                if let Some((_, e)) = &i.else_branch {
                    self.walk(e);
                }
            }
            Expr::Match(m) => {
                for a in &m.arms {
                    self.spans
                        .insert(self.ctx.span(syn::spanned::Spanned::span(a)));
                    self.walk(&a.body);
                }
            }
            _ => {}
        }
    }

    fn tail(&mut self, b: &syn::Block) {
        if let Some(syn::Stmt::Expr(e, None)) = b.stmts.last() {
            self.walk(e);
        }
    }

    /// `format!`, `json!`, `vec!` build their value from every local they name; a log line
    /// carries nothing.
    fn mac(&mut self, m: &syn::Macro) {
        let name = m
            .path
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default();
        if LOGS.contains(&name.as_str()) {
            return;
        }
        if let Ok(args) =
            m.parse_body_with(syn::punctuated::Punctuated::<Expr, syn::Token![,]>::parse_terminated)
        {
            args.iter().for_each(|a| self.walk(a));
            return;
        }
        // `json!({ "k": v })` is no list of expressions: every name in it.
        let mut named = Vec::new();
        super::syntax::idents(m.tokens.clone(), &mut named);
        self.names.extend(named);
    }
}
