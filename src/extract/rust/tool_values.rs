//! Tools built as values in Rust code rather than declared by an SDK attribute: rmcp
//! `Tool { .. }` literals, `Tool::new(name, description, schema)` with its builder chain,
//! and whole tools written as `json!({"name": .., "inputSchema": ..})`; and the dispatch
//! (`match name { "x" => handle_x(..) }`, `if name == X`) that links a tool to its handler.
//! Schemas written with `json!` are lowered into the JSON tree and read like a manifest's;
//! `schema_for!(T)`, rmcp's `schema_for_type::<T>()` and wrappers named for a schema that
//! take one type give `T`'s derived schema. Code under `#[cfg(test)]` or `#[test]` is test
//! data, not what the server publishes, and is skipped.

use super::known::{static_str, static_str_in, type_name};
use super::{Ctx, json_build, json_macro};
use crate::contract::{
    Annotations, Form, HelperArg, HelperBuild, HelperSchema, NotStatic, PagePart, RustTool,
    SchemaFacts, SpecFacts, ToolCall, ToolHelper, is_text_path,
};
use crate::extract::json_tree::{JsonKind, JsonNode};
use crate::extract::schema::{JsonDocs, read_schema};
use crate::extract::spec;
use crate::source::Spanned;
use std::collections::{HashMap, HashSet};
use syn::spanned::Spanned as _;
use syn::visit::{self, Visit};
use syn::{Expr, Item};

/// Every tool value and dispatch arm of a file's items, in source order; the calls that
/// may build one through another file's helper, and the file's helpers.
pub fn collect(ctx: &Ctx, items: &[Item], out: &mut super::FileFacts) {
    let fns = file_fns(items);
    let mut w = Walker {
        ctx,
        owner: None,
        within: None,
        body: Locals::default(),
        fns: &fns,
        nested: 0,
        handled: HashSet::new(),
        out: &mut out.tools,
        calls: &mut out.tool_calls,
    };
    w.items(items);
    out.tool_helpers = fns
        .values()
        .filter_map(|f| helper(ctx, &fns, f).or_else(|| schema_of(ctx, f)))
        .collect();
    out.tool_helpers.extend(reexports(ctx, items));
    out.tool_helpers.sort_by_key(|h| h.span.start());
}

/// The free functions at the top of a file (outside inline modules and tests), by name:
/// what a call written as a bare `name(..)` in the file's own functions resolves to.
type FileFns<'a> = HashMap<String, &'a syn::ItemFn>;

fn file_fns(items: &[Item]) -> FileFns<'_> {
    items
        .iter()
        .filter_map(|i| match i {
            Item::Fn(f) if !is_test(&f.attrs) => Some((f.sig.ident.to_string(), f)),
            _ => None,
        })
        .collect()
}

/// The body of the function being walked, where a tool's parts may be bound to locals
/// first (`let schema = json!(..); Tool::new(.., schema)`), and the file's functions its
/// bare calls resolve to (none inside an inline module, whose scope is its own).
#[derive(Clone, Copy, Default)]
struct Locals<'a> {
    body: Option<&'a syn::Block>,
    sig: Option<&'a syn::Signature>,
    fns: Option<&'a FileFns<'a>>,
    /// The self type of the impl the body is a method of: what `Self::NAME` names.
    owner: Option<&'a syn::Type>,
}

impl<'a> Locals<'a> {
    fn of(sig: &'a syn::Signature, body: &'a syn::Block) -> Self {
        Locals {
            body: Some(body),
            sig: Some(sig),
            fns: None,
            owner: None,
        }
    }

    /// The name of the type whose impl the body is in.
    fn owner(&self) -> Option<String> {
        self.owner.and_then(type_name)
    }

    /// The file function a call resolves to: a bare one-segment path naming a function at
    /// the top of the file, which no parameter or `let` of the calling body shadows.
    fn file_fn(&self, c: &syn::ExprCall) -> Option<&'a syn::ItemFn> {
        let Expr::Path(p) = &*c.func else { return None };
        let [seg] = p.path.segments.iter().collect::<Vec<_>>()[..] else {
            return None;
        };
        let id =
            Some(&seg.ident).filter(|_| p.qself.is_none() && p.path.leading_colon.is_none())?;
        let f = *self.fns?.get(&id.to_string())?;
        let param = self
            .sig
            .is_some_and(|s| param_index(s, None, &Expr::Path(p.clone())).is_some());
        (!param && !self.binds(id)).then_some(f)
    }

    /// Whether `e` is the method's own value: `self`, or a local bound to its clone
    /// (`let this = self.clone();`, moved into the `async` block that dispatches).
    fn is_self(&self, ctx: &Ctx, e: &Expr) -> bool {
        let Expr::Path(p) = e else { return false };
        let Some(id) = p.path.get_ident() else {
            return false;
        };
        if id == "self" {
            return true;
        }
        let at = ctx.span(id.span()).start();
        self.value(ctx, id, at)
            .is_some_and(super::syntax::self_clone)
    }

    /// Whether the body binds `name` anywhere (a closure or value shadowing a function).
    fn binds(&self, name: &syn::Ident) -> bool {
        struct Binds<'n>(&'n syn::Ident, bool);
        impl<'ast> Visit<'ast> for Binds<'_> {
            fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
                self.1 |= p.ident == *self.0;
                visit::visit_pat_ident(self, p);
            }
            fn visit_item(&mut self, _: &'ast Item) {}
        }
        let Some(body) = self.body else { return false };
        let mut b = Binds(name, false);
        b.visit_block(body);
        b.1
    }

    /// Whether a tool name is what the enclosing function was given: a parameter (through
    /// conversions) or a generic type's associated item (`T::name()`). The function builds
    /// tools for its callers (a constructor, a wrapper), it declares none itself.
    fn given(&self, e: &Expr) -> bool {
        let Some(sig) = self.sig else { return false };
        let is_param = |id: &syn::Ident| {
            sig.inputs.iter().any(|a| match a {
                syn::FnArg::Typed(t) => matches!(&*t.pat, syn::Pat::Ident(p) if p.ident == *id),
                syn::FnArg::Receiver(_) => false,
            })
        };
        let is_generic = |id: &syn::Ident| sig.generics.type_params().any(|g| g.ident == *id);
        match e {
            Expr::Path(p) if p.qself.is_none() => p.path.get_ident().is_some_and(is_param),
            Expr::MethodCall(m) => self.given(&m.receiver),
            Expr::Reference(r) => self.given(&r.expr),
            Expr::Paren(p) => self.given(&p.expr),
            Expr::Call(c) => match &*c.func {
                Expr::Path(f) if f.path.segments.len() == 2 && c.args.is_empty() => {
                    is_generic(&f.path.segments[0].ident)
                }
                Expr::Path(_) if c.args.len() == 1 => self.given(&c.args[0]),
                _ => false,
            },
            _ => false,
        }
    }

    /// The value `name` has where `at` (a byte offset) uses it: the latest `let name = ..`
    /// before it in a block around it, as Rust scopes and shadows bindings; none when that
    /// binding is `mut` (a value changed later is not the one written) or a pattern.
    fn value(&self, ctx: &Ctx, name: &syn::Ident, at: usize) -> Option<&'a Expr> {
        struct Find<'c, 'a, 'n> {
            ctx: &'c Ctx<'c>,
            name: &'n syn::Ident,
            at: usize,
            /// The innermost enclosing block's end, for each open block around `at`.
            open: Vec<bool>,
            /// (Where the binding ends, its value when it is a fixed one.)
            best: Option<(usize, Option<&'a Expr>)>,
        }
        impl<'a> Visit<'a> for Find<'_, 'a, '_> {
            fn visit_block(&mut self, b: &'a syn::Block) {
                let r = self.ctx.span(b.span());
                self.open.push(r.start() <= self.at && self.at < r.end());
                visit::visit_block(self, b);
                self.open.pop();
            }
            fn visit_local(&mut self, l: &'a syn::Local) {
                let pat = match &l.pat {
                    syn::Pat::Type(t) => &*t.pat,
                    p => p,
                };
                let end = self.ctx.span(l.span()).end();
                let in_scope = self.open.last() == Some(&true) && end <= self.at;
                if let syn::Pat::Ident(p) = pat
                    && p.ident == *self.name
                    && in_scope
                    && self.best.is_none_or(|(e, _)| e < end)
                {
                    let fixed = p.mutability.is_none() && p.by_ref.is_none();
                    let init = l.init.as_ref().filter(|i| i.diverge.is_none());
                    self.best = Some((end, init.filter(|_| fixed).map(|i| &*i.expr)));
                }
                visit::visit_local(self, l);
            }
            fn visit_item(&mut self, _: &'a Item) {}
        }
        let mut f = Find {
            ctx,
            name,
            at,
            open: Vec::new(),
            best: None,
        };
        f.visit_block(self.body?);
        f.best?.1
    }
}

struct Walker<'c, 'o, 'a> {
    ctx: &'c Ctx<'c>,
    /// The self type of the `impl` being walked.
    owner: Option<String>,
    /// The function being walked: a dispatch arm's code runs in it.
    within: Option<String>,
    body: Locals<'a>,
    fns: &'a FileFns<'a>,
    /// How many inline modules deep the walk is: bare calls there are not the file's.
    nested: usize,
    /// `Tool::new` calls already read as the root of a builder chain, and the `if`s that are
    /// an `else` of another (a link of a chain on a name).
    handled: HashSet<usize>,
    out: &'o mut Vec<RustTool>,
    calls: &'o mut Vec<ToolCall>,
}

/// `#[cfg(test)]`, `#[test]`, `#[tokio::test]`.
pub(super) fn is_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        let p = a.path();
        p.segments.last().is_some_and(|s| s.ident == "test")
            || (p.is_ident("cfg")
                && a.meta
                    .require_list()
                    .is_ok_and(|l| l.tokens.to_string() == "test"))
    })
}

impl<'a> Walker<'_, '_, 'a> {
    fn items(&mut self, items: &'a [Item]) {
        for item in items {
            match item {
                Item::Mod(m) if !is_test(&m.attrs) => {
                    if let Some((_, inner)) = &m.content {
                        self.nested += 1;
                        self.items(inner);
                        self.nested -= 1;
                    }
                }
                Item::Fn(f) if !is_test(&f.attrs) => {
                    self.body = self.locals(&f.sig, &f.block);
                    self.within = Some(f.sig.ident.to_string());
                    self.visit_block(&f.block);
                    self.within = None;
                }
                Item::Const(c) => {
                    self.body = Locals::default();
                    self.visit_expr(&c.expr);
                }
                Item::Static(s) => {
                    self.body = Locals::default();
                    self.visit_expr(&s.expr);
                }
                Item::Impl(i) if !is_test(&i.attrs) => {
                    self.owner = super::known::type_name(&i.self_ty);
                    for it in &i.items {
                        if let syn::ImplItem::Fn(f) = it
                            && !is_test(&f.attrs)
                        {
                            self.body = Locals {
                                owner: Some(&i.self_ty),
                                ..self.locals(&f.sig, &f.block)
                            };
                            self.within = Some(f.sig.ident.to_string());
                            self.visit_block(&f.block);
                            self.within = None;
                        }
                    }
                    self.owner = None;
                }
                _ => {}
            }
        }
    }

    fn locals(&self, sig: &'a syn::Signature, body: &'a syn::Block) -> Locals<'a> {
        Locals {
            fns: (self.nested == 0).then_some(self.fns),
            ..Locals::of(sig, body)
        }
    }

    /// The body of the function being walked, where it dispatches on a name.
    fn dispatcher(&self) -> Option<crate::source::Span> {
        self.body.body.map(|b| self.ctx.span(b.span()))
    }

    /// Whether `arm` names a parameter of the function being walked that `on` (what is
    /// matched) does not and that can hold a call's arguments (a JSON value or map, a
    /// request, params or input type): the call handed on with the name, where a help text
    /// picked by the name takes a flag (`color: bool`) at most.
    fn hands_on(&self, on: &Expr, arm: &Expr) -> bool {
        let mut used = Vec::new();
        super::syntax::idents(quote::ToTokens::to_token_stream(arm), &mut used);
        self.carriers(on).iter().any(|c| used.contains(c))
    }

    /// The parameters of the function being walked that `on` (what is matched) does not name
    /// and that can hold a call's arguments: a JSON value or map, a request, params or
    /// input type.
    fn carriers(&self, on: &Expr) -> Vec<String> {
        const CARRIERS: &[&str] = &[
            "Value",
            "Map",
            "JsonObject",
            "Arguments",
            "Args",
            "Params",
            "Request",
            "Input",
        ];
        let Some(sig) = self.body.sig else {
            return Vec::new();
        };
        let mut matched = Vec::new();
        super::syntax::idents(quote::ToTokens::to_token_stream(on), &mut matched);
        sig.inputs
            .iter()
            .filter_map(|a| match a {
                syn::FnArg::Typed(t) => match &*t.pat {
                    syn::Pat::Ident(p) => {
                        let name = p.ident.to_string();
                        let mut ty = Vec::new();
                        super::syntax::idents(quote::ToTokens::to_token_stream(&t.ty), &mut ty);
                        (!matched.contains(&name)
                            && ty.iter().any(|w| CARRIERS.iter().any(|c| w.ends_with(c))))
                        .then_some(name)
                    }
                    _ => None,
                },
                syn::FnArg::Receiver(_) => None,
            })
            .collect()
    }

    /// Whether `arm` works on the carried arguments itself (see [`RustTool::works_itself`]).
    fn works_itself(&self, on: &Expr, arm: &Expr, tool: &str) -> bool {
        let carriers = self.carriers(on);
        if carriers.is_empty() {
            return false;
        }
        let mut uses = ArgUses {
            carriers: &carriers,
            tool,
            reads: false,
            handed: 0,
        };
        uses.visit_expr(arm);
        uses.reads || uses.handed >= 2
    }

    fn push(&mut self, mut t: RustTool) {
        t.owner = self.owner.clone();
        self.out.push(t);
    }
}

impl<'ast> Visit<'ast> for Walker<'_, '_, '_> {
    fn visit_expr(&mut self, e: &'ast Expr) {
        match e {
            // rmcp's `Tool { .. }`, or any type written with a tool's fields (`ToolInfo {
            // name, description, input_schema }` of a hand-written server).
            Expr::Struct(s) => {
                if let Some(t) = struct_literal(self.ctx, self.body, s) {
                    self.push(t);
                }
            }
            Expr::Call(c) if !self.handled.contains(&(std::ptr::from_ref(c) as usize)) => {
                if let Some(t) = tool_new(self.ctx, self.body, c, &[])
                    .or_else(|| builder_call(self.ctx, self.body, c))
                {
                    self.push(t);
                } else if let Some(call) = tool_call(self.ctx, self.body, c) {
                    self.calls.push(call);
                }
            }
            Expr::MethodCall(m) => {
                if let Some(t) = registration(self.ctx, m) {
                    self.push(t);
                }
                let mut chain = vec![m];
                let mut root = &*m.receiver;
                while let Expr::MethodCall(inner) = root {
                    chain.push(inner);
                    root = &inner.receiver;
                }
                if let Expr::Call(c) = root
                    && let Some(t) = tool_new(self.ctx, self.body, c, &chain)
                {
                    self.handled.insert(std::ptr::from_ref(c) as usize);
                    self.push(t);
                }
            }
            Expr::Match(m) => {
                let by_arms_alone = !mentions_name(&m.expr);
                // An arm that runs nothing maps the name to a value (`"flux" =>
                // Kind::Flux` while building tool definitions): a lookup, not a dispatch.
                for arm in m.arms.iter().filter(|a| runs_something(&a.body)) {
                    for name in pattern_names(self.ctx, &arm.pat) {
                        let mut t = dispatch(name, &arm.body, &|e| self.body.is_self(self.ctx, e));
                        t.by_arms_alone = by_arms_alone;
                        t.handler = self.within.clone().map(|f| (f, self.owner.clone()));
                        t.dispatcher = self.dispatcher();
                        t.hands_on = self.hands_on(&m.expr, &arm.body);
                        t.works_itself = self.works_itself(&m.expr, &arm.body, &t.name.value);
                        self.push(t);
                    }
                }
            }
            Expr::If(i) => {
                if let Some((_, next)) = &i.else_branch
                    && let Expr::If(next) = next.as_ref()
                {
                    self.handled.insert(std::ptr::from_ref(next) as usize);
                }
                if let Some(name) = compared_name(self.ctx, &i.cond) {
                    let then = Expr::Block(syn::ExprBlock {
                        attrs: Vec::new(),
                        label: None,
                        block: i.then_branch.clone(),
                    });
                    if runs_something(&then) {
                        let mut t = dispatch(name, &then, &|e| self.body.is_self(self.ctx, e));
                        // A branch of an `else if` chain runs in the function holding the chain,
                        // whose other branches are other tools' (`FnBody::named_arms`).
                        let chained = self.handled.contains(&(std::ptr::from_ref(i) as usize));
                        if i.else_branch.is_some() || chained {
                            t.handler = self.within.clone().map(|f| (f, self.owner.clone()));
                        }
                        t.dispatcher = self.dispatcher();
                        t.hands_on = self.hands_on(&i.cond, &then);
                        t.works_itself = self.works_itself(&i.cond, &then, &t.name.value);
                        self.push(t);
                    }
                }
            }
            _ => {}
        }
        visit::visit_expr(self, e);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        if json_macro::is_json(mac) {
            // A tool whose name the function is given is its callers' (a builder).
            let template = || json_built(mac).is_some_and(|b| self.body.given(&b.name));
            if declares_whole_tool(&mac.tokens) && !template() {
                for t in json_tools(self.ctx, mac) {
                    self.push(t);
                }
            }
            return;
        }
        // `vec![Tool { .. }, ..]`, `Ok(json!(..))` in `format!`-like macros.
        if let Some(args) = self.ctx.macro_args(mac) {
            for a in args.iter() {
                self.visit_expr(a);
            }
        }
    }

    fn visit_item(&mut self, _: &'ast Item) {
        // Items nested in a body are walked by `items`, never twice.
    }
}

/// Remove the members whose values are the run-time texts at `at` (left `null` by
/// [`json_macro::lower_lenient`]): an unknown text is absent, not a wrong one.
fn drop_texts(n: &mut JsonNode, at: &[crate::source::Span]) {
    match &mut n.kind {
        JsonKind::Object(members) => {
            members.retain(|m| {
                !(matches!(m.value.kind, JsonKind::Null) && at.contains(&m.value.span))
            });
            for m in members {
                drop_texts(&mut m.value, at);
            }
        }
        JsonKind::Array(items) => items.iter_mut().for_each(|i| drop_texts(i, at)),
        _ => {}
    }
}

/// Where a tool's input schema comes from.
enum Schema {
    Written(Box<SchemaFacts>, Option<Box<SpecFacts>>),
    /// The input type, and whether the root's `$schema` is dropped (`.schema` of
    /// schemars 0.8's `RootSchema`).
    Derived(String, bool),
}

/// The schema an expression builds: the first `json!` inside it (through `from_value`,
/// `Arc::new`, `.as_object().cloned()`, `.unwrap_or_default()`), or the type of
/// `schema_for!(T)` / `schema_for_type::<T>()` / a wrapper named for a schema taking one type.
fn schema(
    ctx: &Ctx,
    locals: Locals,
    e: &Expr,
    tool: &str,
    ns: &mut Vec<NotStatic>,
) -> Option<Schema> {
    struct Find<'c, 'n, 'a> {
        ctx: &'c Ctx<'c>,
        found: Option<Result<Schema, NotStatic>>,
        tool: &'n str,
        locals: Locals<'a>,
        /// Locals followed so far (a chain of bindings, bounded).
        hops: usize,
        /// Texts of a known schema that are built when the server runs.
        parts: Vec<NotStatic>,
    }
    impl<'ast> Visit<'ast> for Find<'_, '_, '_> {
        fn visit_expr(&mut self, e: &'ast Expr) {
            if self.found.is_some() {
                return;
            }
            match e {
                Expr::Path(p) if p.qself.is_none() && self.hops < 4 => {
                    let at = self.ctx.span(p.span()).start();
                    let value = p.path.get_ident();
                    if let Some(v) = value.and_then(|i| self.locals.value(self.ctx, i, at)) {
                        self.hops += 1;
                        self.visit_expr(v);
                    } else if let (Some(name), Some(body)) = (value, self.locals.body) {
                        // `let mut schema = Map::new(); schema.insert(..); .. Arc::new(schema)`.
                        let env = json_build::env_at(self.ctx, body, at);
                        if let Some(built) = env.get(&name.to_string()) {
                            self.found = Some(self.built(built.clone(), e));
                        }
                    }
                }
                // `{ let mut props = Map::new(); props.insert(..); Value::Object(props) }`: the
                // block's value, never the first `json!` inside it (a property's schema).
                Expr::Block(b)
                    if b.block.stmts.iter().any(|s| {
                        matches!(s, syn::Stmt::Expr(_, Some(_)) | syn::Stmt::Macro(_))
                    }) =>
                {
                    let built = json_build::eval(self.ctx, &json_build::Env::new(), e);
                    self.found = Some(self.built(built, e));
                }
                // `ToolInputSchema { type_: "object", properties: json!(..), .. }`.
                Expr::Struct(st)
                    if st.fields.iter().any(
                        |f| matches!(&f.member, syn::Member::Named(id) if id == "properties"),
                    ) =>
                {
                    let env = self.env_at(st.span());
                    let built = json_build::eval(self.ctx, &env, e);
                    self.found = Some(self.built(built, e));
                }
                Expr::Macro(m) if json_macro::is_json(&m.mac) => {
                    let part = |u: json_macro::Unknown| {
                        u.not_static(Some(self.tool), PagePart::InputSchema)
                    };
                    // Locals the macro interpolates, built step by step before it.
                    let env = self.env_at(m.span());
                    let resolve = json_build::resolver(self.ctx, &env);
                    let lowered =
                        json_macro::lower(self.ctx, &m.mac, "inputSchema", Some(&resolve));
                    self.found = Some(match lowered {
                        Ok(n) => Ok(written(&n)),
                        // Only texts are built at run time (`format!` in a description): the
                        // schema is known, those texts are not (and say nothing).
                        Err(first) => match json_macro::lower_lenient(self.ctx, &m.mac) {
                            Ok((mut n, unknown))
                                if unknown.iter().all(|u| is_text_path(&u.what)) =>
                            {
                                let at: Vec<_> = unknown.iter().map(|u| u.span).collect();
                                drop_texts(&mut n, &at);
                                self.parts.extend(unknown.into_iter().map(|mut u| {
                                    u.what = format!("inputSchema.{}", u.what);
                                    part(u)
                                }));
                                Ok(written(&n))
                            }
                            _ => Err(part(first)),
                        },
                    });
                }
                // `r#"{"type":"object",..}"#`: the schema's JSON text, parsed when listed.
                Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => {
                    if let Some(n) = json_build::json_text(self.ctx, s) {
                        self.found = Some(Ok(written(&n)));
                    }
                }
                // `schema_for!(T).schema`: schemars 0.8's root schema object, published
                // without the `RootSchema`'s `meta_schema` (its `$schema`).
                Expr::Field(f) if matches!(&f.member, syn::Member::Named(id) if id == "schema") => {
                    self.visit_expr(&f.base);
                    if let Some(Ok(Schema::Derived(_, dropped))) = &mut self.found {
                        *dropped = true;
                    }
                }
                Expr::Macro(m) => {
                    if let Some(ty) = schema_macro_type(&m.mac) {
                        self.found = Some(Ok(Schema::Derived(ty, false)));
                    } else if let Some(args) = self.ctx.macro_args(&m.mac) {
                        for a in args.iter() {
                            self.visit_expr(a);
                        }
                    }
                }
                Expr::Call(c) => {
                    if let Expr::Path(p) = &*c.func
                        && let Some(ty) = schema_fn_type(&p.path)
                    {
                        self.found = Some(Ok(Schema::Derived(ty, false)));
                    } else if let Some(f) = (c.args.is_empty() && self.hops < 4)
                        .then(|| self.locals.file_fn(c))
                        .flatten()
                        .filter(|f| f.sig.generics.type_params().next().is_none())
                    {
                        // `path_schema()`: what a function of the file with no arguments
                        // returns, read in its own body.
                        self.hops += 1;
                        let caller = self.locals;
                        self.locals = Locals {
                            fns: caller.fns,
                            ..Locals::of(&f.sig, &f.block)
                        };
                        self.visit_expr(&block_expr(&f.block));
                        self.locals = caller;
                    } else {
                        visit::visit_expr(self, e);
                    }
                }
                Expr::MethodCall(m) => {
                    if let Some(ty) = m
                        .turbofish
                        .as_ref()
                        .filter(|_| m.method.to_string().contains("schema_for"))
                        .and_then(|t| generic_type(&t.args))
                    {
                        self.found = Some(Ok(Schema::Derived(ty, false)));
                    } else {
                        visit::visit_expr(self, e);
                    }
                }
                _ => visit::visit_expr(self, e),
            }
        }
    }
    impl Find<'_, '_, '_> {
        /// The locals the enclosing body has built step by step where `at` starts.
        fn env_at(&self, at: proc_macro2::Span) -> json_build::Env {
            match self.locals.body {
                Some(body) => json_build::env_at(self.ctx, body, self.ctx.span(at).start()),
                None => json_build::Env::new(),
            }
        }

        /// A schema built step by step: read, or why it is not known.
        fn built(&self, v: Result<JsonNode, String>, e: &Expr) -> Result<Schema, NotStatic> {
            match v {
                Ok(n) => Ok(written(&n)),
                Err(reason) => Err(NotStatic {
                    tool: Some(self.tool.to_string()),
                    part: PagePart::InputSchema,
                    what: "`inputSchema`".into(),
                    reason,
                    span: self.ctx.span(e.span()),
                }),
            }
        }
    }
    let mut f = Find {
        ctx,
        found: None,
        tool,
        locals,
        hops: 0,
        parts: Vec::new(),
    };
    f.visit_expr(e);
    ns.append(&mut f.parts);
    match f.found {
        Some(Ok(s)) => Some(s),
        Some(Err(n)) => {
            ns.push(n);
            None
        }
        None => {
            ns.push(NotStatic {
                tool: Some(tool.to_string()),
                part: PagePart::InputSchema,
                what: "`inputSchema`".into(),
                reason: format!("`{}` is built when the server runs", short(&ctx.written(e))),
                span: ctx.span(e.span()),
            });
            None
        }
    }
}

/// A schema written in full: its facts, and what the specifications check of it.
fn written(n: &JsonNode) -> Schema {
    Schema::Written(Box::new(read_written(n)), spec::input_schema(n))
}

fn short(s: &str) -> String {
    if s.chars().count() <= 60 {
        return s.to_string();
    }
    let cut: String = s.chars().take(57).collect();
    format!("{cut}...")
}

/// The schema a schemars `schema_with` function writes as one literal: a function taking
/// the schema generator (`fn x(_: &mut SchemaGenerator) -> Schema`) whose body is a
/// `json_schema!({..})` known without running it. Any other body says nothing.
pub fn schema_fn(
    ctx: &Ctx,
    sig: &syn::Signature,
    block: &syn::Block,
) -> Option<Box<(crate::contract::SchemaNode, serde_json::Value)>> {
    let generator = |a: &syn::FnArg| match a {
        syn::FnArg::Typed(t) => quote::ToTokens::to_token_stream(&t.ty)
            .into_iter()
            .any(|tt| matches!(tt, proc_macro2::TokenTree::Ident(i) if i == "SchemaGenerator")),
        syn::FnArg::Receiver(_) => false,
    };
    if sig.inputs.len() != 1 || !sig.inputs.iter().all(generator) {
        return None;
    }
    let mac = match block.stmts.as_slice() {
        [syn::Stmt::Expr(Expr::Macro(m), None)] => &m.mac,
        [syn::Stmt::Macro(m)] if m.semi_token.is_none() => &m.mac,
        _ => return None,
    };
    if mac.path.segments.last()?.ident != "json_schema" {
        return None;
    }
    let node = json_macro::lower(ctx, mac, "schema", None).ok()?;
    let facts = read_written(&node);
    Some(Box::new((facts.root, node.to_value())))
}

/// A schema tree read with no other documents: `$ref`s into files are reported unresolved.
fn read_written(n: &JsonNode) -> SchemaFacts {
    let paths = HashMap::new();
    let docs = JsonDocs {
        root: std::path::Path::new(""),
        by_path: HashMap::new(),
        paths: &paths,
        by_id: HashMap::new(),
        keep_written: true,
    };
    read_schema(&docs, n.span.file, n, n)
}

/// `schema_for!(T)`, `schemars::schema_for!(T)`, or a wrapper macro named for a schema
/// whose one argument is a type (`schema_from_type!(Input)`).
fn schema_macro_type(mac: &syn::Macro) -> Option<String> {
    let name = mac.path.segments.last()?.ident.to_string();
    if !name.contains("schema") {
        return None;
    }
    let ty: syn::Type = syn::parse2(mac.tokens.clone()).ok()?;
    type_name(&ty)
}

/// `schema_for_type::<T>()`, `cached_schema_for_type::<T>()`, `json_schema::<T>()`.
fn schema_fn_type(p: &syn::Path) -> Option<String> {
    let last = p.segments.last()?;
    if !last.ident.to_string().contains("schema") {
        return None;
    }
    match &last.arguments {
        syn::PathArguments::AngleBracketed(a) => generic_type(&a.args),
        _ => None,
    }
}

fn generic_type(
    args: &syn::punctuated::Punctuated<syn::GenericArgument, syn::Token![,]>,
) -> Option<String> {
    args.iter().find_map(|g| match g {
        syn::GenericArgument::Type(t) => type_name(t),
        _ => None,
    })
}

fn tool(name: Spanned<String>, form: Form) -> RustTool {
    RustTool {
        name,
        description: None,
        annotations: Annotations::default(),
        input: None,
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
        form,
        not_static: Vec::new(),
    }
}

/// The name, or why it is unknown (the tool then cannot be named and is left out).
fn name_of(
    ctx: &Ctx,
    locals: Locals,
    e: &Expr,
    ns: &mut Vec<NotStatic>,
) -> Option<Spanned<String>> {
    let n = static_str_in(ctx, e, locals.owner().as_deref());
    if n.is_none() {
        ns.push(NotStatic {
            tool: None,
            part: PagePart::Name,
            what: "a tool's `name`".into(),
            reason: format!(
                "`{}` is computed when the server runs",
                short(&ctx.written(e))
            ),
            span: ctx.span(e.span()),
        });
    }
    n
}

/// A description: `None` (unset) is no description; anything not static is reported.
fn description(
    ctx: &Ctx,
    locals: Locals,
    e: &Expr,
    tool: &str,
    ns: &mut Vec<NotStatic>,
) -> Option<Spanned<String>> {
    if matches!(e, Expr::Path(p) if p.path.is_ident("None")) {
        return None;
    }
    let d = static_str_in(ctx, e, locals.owner().as_deref());
    if d.is_none() {
        ns.push(NotStatic {
            tool: Some(tool.to_string()),
            part: PagePart::Description,
            what: "the description".into(),
            reason: format!(
                "`{}` is computed when the server runs",
                short(&ctx.written(e))
            ),
            span: ctx.span(e.span()),
        });
    }
    d
}

/// `Some(ToolAnnotations { read_only_hint: Some(true), .. })` or a builder chain
/// `ToolAnnotations::new().read_only(true)`; unknown parts are left unset.
fn annotations(ctx: &Ctx, e: &Expr, into: &mut Annotations) {
    struct Find<'c, 'a> {
        ctx: &'c Ctx<'c>,
        into: &'a mut Annotations,
    }
    impl<'ast> Visit<'ast> for Find<'_, '_> {
        fn visit_expr_struct(&mut self, s: &'ast syn::ExprStruct) {
            for f in &s.fields {
                if let syn::Member::Named(n) = &f.member {
                    set_hint(self.ctx, self.into, &n.to_string(), &f.expr);
                }
            }
            visit::visit_expr_struct(self, s);
        }
        fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
            if let Some(a) = m.args.first() {
                set_hint(self.ctx, self.into, &m.method.to_string(), a);
            }
            visit::visit_expr_method_call(self, m);
        }
    }
    Find { ctx, into }.visit_expr(e);
}

fn set_hint(ctx: &Ctx, a: &mut Annotations, key: &str, e: &Expr) {
    if let Some(b) = bool_of(e) {
        hint(a, key, Spanned::new(b, ctx.span(e.span())));
    }
}

/// Sets the hint a builder method or field names (`read_only`, `read_only_hint`).
fn hint(a: &mut Annotations, key: &str, v: Spanned<bool>) {
    let v = Some(v);
    match key.strip_suffix("_hint").unwrap_or(key) {
        "read_only" => a.read_only = v,
        "destructive" => a.destructive = v,
        "idempotent" => a.idempotent = v,
        "open_world" => a.open_world = v,
        _ => {}
    }
}

fn bool_of(e: &Expr) -> Option<bool> {
    match e {
        Expr::Lit(l) => match &l.lit {
            syn::Lit::Bool(b) => Some(b.value),
            _ => None,
        },
        Expr::Call(c)
            if c.args.len() == 1
                && matches!(&*c.func, Expr::Path(p) if p.path.is_ident("Some")) =>
        {
            bool_of(&c.args[0])
        }
        Expr::Paren(p) => bool_of(&p.expr),
        _ => None,
    }
}

/// `Tool { name, description, input_schema, annotations, .. }`.
fn struct_literal(ctx: &Ctx, locals: Locals, s: &syn::ExprStruct) -> Option<RustTool> {
    let field = |n: &str| {
        s.fields.iter().find_map(|f| match &f.member {
            syn::Member::Named(id) if id == n => Some(&f.expr),
            _ => None,
        })
    };
    let schema_expr = schema_field(s)?;
    let mut ns = Vec::new();
    let name = field("name")?;
    if locals.given(name) {
        return None;
    }
    let Some(name) = name_of(ctx, locals, name, &mut ns) else {
        return Some(unnamed(ns));
    };
    let mut t = tool(name, Form::Value);
    if let Some(d) = field("description") {
        t.description = description(ctx, locals, d, &t.name.value, &mut ns);
    }
    if let Some(a) = field("annotations") {
        annotations(ctx, a, &mut t.annotations);
    }
    set_schema(ctx, locals, &mut t, schema_expr, &mut ns);
    t.not_static = ns;
    Some(t)
}

/// A tool literal's input schema: `input_schema`, or `inputSchema` of a struct written
/// with the wire's spelling.
fn schema_field(s: &syn::ExprStruct) -> Option<&Expr> {
    s.fields.iter().find_map(|f| match &f.member {
        syn::Member::Named(id) if id == "input_schema" || id == "inputSchema" => Some(&f.expr),
        _ => None,
    })
}

/// A tool whose name is unknown: only its [`NotStatic`] reports are kept.
fn unnamed(ns: Vec<NotStatic>) -> RustTool {
    // Called with the report that the name is unknown.
    let span = ns[0].span;
    let mut t = tool(Spanned::new(String::new(), span), Form::Unnamed);
    t.not_static = ns;
    t
}

fn set_schema(ctx: &Ctx, locals: Locals, t: &mut RustTool, e: &Expr, ns: &mut Vec<NotStatic>) {
    match schema(ctx, locals, e, &t.name.value, ns) {
        Some(Schema::Written(s, spec)) => {
            t.schema = Some(*s);
            t.spec = spec;
        }
        Some(Schema::Derived(ty, dropped)) => {
            t.input = Some(ty);
            t.dialect_dropped = dropped;
        }
        None => {}
    }
}

/// A call of `Tool::new` (under any path).
fn is_tool_new(c: &syn::ExprCall) -> bool {
    let Expr::Path(p) = &*c.func else {
        return false;
    };
    let segs = super::syntax::segment_names(&p.path);
    segs.len() >= 2 && segs[segs.len() - 2] == "Tool" && segs[segs.len() - 1] == "new"
}

/// `Tool::new(name, description, schema)` and the builder methods called on it.
fn tool_new(
    ctx: &Ctx,
    locals: Locals,
    c: &syn::ExprCall,
    chain: &[&syn::ExprMethodCall],
) -> Option<RustTool> {
    if !is_tool_new(c) {
        return None;
    }
    let args: Vec<&Expr> = c.args.iter().collect();
    let [name, desc, schema_expr, ..] = args.as_slice() else {
        return None;
    };
    if locals.given(name) {
        return None;
    }
    let mut ns = Vec::new();
    let Some(name) = name_of(ctx, locals, name, &mut ns) else {
        return Some(unnamed(ns));
    };
    let mut t = tool(name, Form::Value);
    t.description = description(ctx, locals, desc, &t.name.value, &mut ns);
    set_schema(ctx, locals, &mut t, schema_expr, &mut ns);
    for m in chain {
        let method = m.method.to_string();
        if method == "with_annotations" || method == "annotate" {
            if let Some(a) = m.args.first() {
                annotations(ctx, a, &mut t.annotations);
            }
        } else if method == "with_description"
            && let Some(d) = m.args.first()
        {
            t.description = description(ctx, locals, d, &t.name.value, &mut ns);
        }
    }
    t.not_static = ns;
    Some(t)
}

/// Whether a `json!` value has an `"inputSchema"` key anywhere (tested on the tokens,
/// before lowering anything).
fn declares_whole_tool(tokens: &proc_macro2::TokenStream) -> bool {
    use proc_macro2::TokenTree;
    tokens.clone().into_iter().any(|t| match &t {
        TokenTree::Literal(l) => l.to_string() == "\"inputSchema\"",
        TokenTree::Group(g) => declares_whole_tool(&g.stream()),
        _ => false,
    })
}

/// A `json!` manifest: one tool (`{"name", "description", "inputSchema", "annotations"}`),
/// an array of them or a `tools/list` result, read as a JSON manifest's tools are. A value
/// known only at run time inside a tool's description or schema leaves that part unread
/// (E002); one outside every tool (the answer's `"id"`) is not the tools' business.
fn json_tools(ctx: &Ctx, mac: &syn::Macro) -> Vec<RustTool> {
    let (node, unknowns) = match json_macro::lower_lenient(ctx, mac) {
        Ok(n) => n,
        // Which tool is unknown when its tree is not: keep the report only.
        Err(u) => return vec![unnamed(vec![u.not_static(None, PagePart::InputSchema)])],
    };
    let crate::extract::manifest::Shape::Tools(tools) = crate::extract::manifest::shape(&node)
    else {
        return match unknowns.into_iter().next() {
            Some(u) => vec![unnamed(vec![u.not_static(None, PagePart::InputSchema)])],
            None => Vec::new(),
        };
    };
    let inside = |n: &JsonNode, u: &json_macro::Unknown| {
        n.span.start() <= u.span.start() && u.span.end() <= n.span.end()
    };
    tools
        .into_iter()
        .filter_map(|o| {
            let name = o.get("name")?;
            let JsonKind::String(n) = &name.kind else {
                return None;
            };
            let mut t = tool(Spanned::new(n.clone(), name.span), Form::Value);
            let part = |key: &str, part: PagePart, t: &mut RustTool| {
                let v = o.get(key)?;
                match unknowns.iter().find(|u| inside(v, u)) {
                    Some(u) => {
                        t.not_static.push(NotStatic {
                            tool: Some(n.clone()),
                            part,
                            what: format!("`{key}`"),
                            reason: u.reason.clone(),
                            span: u.span,
                        });
                        None
                    }
                    None => Some(v),
                }
            };
            t.description = part("description", PagePart::Description, &mut t)
                .and_then(|d| d.as_str().map(|s| Spanned::new(s.to_string(), d.span)));
            t.schema = part("inputSchema", PagePart::InputSchema, &mut t).map(read_written);
            // Texts built at run time leave the rest of the object known; anything else
            // unknown in it leaves its headers and fields unjudged.
            if !unknowns.iter().any(|u| inside(o, u)) {
                t.spec = spec::mcp_tool(o);
                if let (Some(spec), Some(out)) = (&mut t.spec, o.get("outputSchema")) {
                    spec.output_invalid =
                        crate::extract::schema::output_invalid(out, &read_written(out));
                }
            }
            t.annotations = crate::extract::manifest::annotations(o.get("annotations"));
            Some(t)
        })
        .collect()
}

/// Whether the scrutinee of a `match` is a tool name: it mentions an identifier with
/// `name` in it (`name`, `tool_name`, `req.name.as_str()`, `request.params.name`). A match
/// on anything else (`match tool { .. }`) dispatches only by its arms (see
/// [`RustTool::by_arms_alone`]).
fn mentions_name(e: &Expr) -> bool {
    quote::ToTokens::to_token_stream(e)
        .into_iter()
        .any(|t| names_word(&t))
}

fn names_word(t: &proc_macro2::TokenTree) -> bool {
    match t {
        proc_macro2::TokenTree::Ident(i) => i.to_string().to_ascii_lowercase().contains("name"),
        proc_macro2::TokenTree::Group(g) => g.stream().into_iter().any(|t| names_word(&t)),
        _ => false,
    }
}

/// The string literals (or string constants) an arm's pattern matches.
fn pattern_names(ctx: &Ctx, p: &syn::Pat) -> Vec<Spanned<String>> {
    match p {
        syn::Pat::Lit(l) => match &l.lit {
            syn::Lit::Str(s) => vec![Spanned::new(s.value(), ctx.span(s.span()))],
            _ => Vec::new(),
        },
        syn::Pat::Or(o) => o.cases.iter().flat_map(|c| pattern_names(ctx, c)).collect(),
        // `"run-script" if args.get("code").is_some() =>`: one of the name's arms.
        syn::Pat::Guard(g) => pattern_names(ctx, &g.pat),
        syn::Pat::Ident(i) if i.subpat.is_none() => ctx
            .str_constant(&i.ident.to_string())
            .map(|s| vec![Spanned::new(s.to_string(), ctx.span(i.ident.span()))])
            .unwrap_or_default(),
        syn::Pat::Path(pp) => pp
            .path
            .segments
            .last()
            .and_then(|s| ctx.str_constant(&s.ident.to_string()))
            .map(|s| vec![Spanned::new(s.to_string(), ctx.span(pp.span()))])
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// `name == "x"` (or `"x" == name`, or a string constant) anywhere in an `&&` chain.
fn compared_name(ctx: &Ctx, cond: &Expr) -> Option<Spanned<String>> {
    match cond {
        Expr::Binary(b) if matches!(b.op, syn::BinOp::And(_)) => {
            compared_name(ctx, &b.left).or_else(|| compared_name(ctx, &b.right))
        }
        Expr::Binary(b) if matches!(b.op, syn::BinOp::Eq(_)) => {
            let (l, r) = (&*b.left, &*b.right);
            if mentions_name(l)
                && let Some(s) = static_str(ctx, r)
            {
                return Some(s);
            }
            if mentions_name(r)
                && let Some(s) = static_str(ctx, l)
            {
                return Some(s);
            }
            None
        }
        Expr::Paren(p) => compared_name(ctx, &p.expr),
        _ => None,
    }
}

/// Whether `body` runs anything: a function or method call, a macro, an `.await`. A
/// variant, a constant or a literal (also wrapped in `Ok`/`Some` or a tuple struct) is a
/// value; an arm made only of those runs no tool.
fn runs_something(body: &Expr) -> bool {
    struct Runs(bool);
    impl<'ast> Visit<'ast> for Runs {
        fn visit_expr_call(&mut self, c: &'ast syn::ExprCall) {
            // `Ok(..)`, `Some(..)`, `Kind::Flux(..)`: constructors, by Rust's naming.
            let constructor = matches!(&*c.func, Expr::Path(p) if p.path.segments.last()
                .is_some_and(|s| s.ident.to_string().starts_with(char::is_uppercase)));
            self.0 |= !constructor;
            visit::visit_expr_call(self, c);
        }
        fn visit_expr_method_call(&mut self, _: &'ast syn::ExprMethodCall) {
            self.0 = true;
        }
        fn visit_macro(&mut self, _: &'ast syn::Macro) {
            self.0 = true;
        }
        fn visit_expr_await(&mut self, _: &'ast syn::ExprAwait) {
            self.0 = true;
        }
    }
    let mut runs = Runs(false);
    runs.visit_expr(body);
    runs.0
}

/// How a dispatch arm uses the parameters carrying the call's arguments: read there
/// (`args.get(..)`, `args["x"]`, a method on them), or handed to calls (counted).
struct ArgUses<'c> {
    carriers: &'c [String],
    /// The tool the arm is for: a call handed the arguments with the tool's own name routes
    /// the call (`run_tool(args, "search")`).
    tool: &'c str,
    reads: bool,
    handed: usize,
}

/// Methods that hand the value on as it is (`args.clone()`): no read of it.
const PASSES_ON: &[&str] = &["clone", "to_owned", "into", "as_ref", "borrow"];

fn passes_on(m: &syn::ExprMethodCall) -> bool {
    m.args.is_empty() && PASSES_ON.iter().any(|p| m.method == p)
}

impl ArgUses<'_> {
    /// A call's arguments: a carrier handed on, with a key beside it (`arr_arg(&args,
    /// "file_paths")`), is one argument read by a helper, as `args.get("file_paths")` is.
    fn handed_to(&mut self, args: &syn::punctuated::Punctuated<Expr, syn::Token![,]>) {
        if args.iter().any(|a| self.carrier(a)) {
            self.handed += 1;
            self.reads |= args.iter().any(|a| {
                super::attrs::lit_str(super::syntax::strip_borrows(a))
                    .is_some_and(|k| k != self.tool)
            });
        }
    }

    /// Whether `e` is a carrier itself: `args`, `&args`, `*args`, `args.clone()`.
    fn carrier(&self, mut e: &Expr) -> bool {
        loop {
            e = match super::syntax::strip_borrows(e) {
                Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => &u.expr,
                Expr::MethodCall(m) if passes_on(m) => &m.receiver,
                Expr::Path(p) => {
                    return p
                        .path
                        .get_ident()
                        .is_some_and(|id| self.carriers.iter().any(|c| id == c));
                }
                _ => return false,
            };
        }
    }
}

impl<'ast> Visit<'ast> for ArgUses<'_> {
    fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
        if !passes_on(m) && self.carrier(&m.receiver) {
            self.reads = true;
        }
        self.handed_to(&m.args);
        visit::visit_expr_method_call(self, m);
    }
    fn visit_expr_call(&mut self, c: &'ast syn::ExprCall) {
        self.handed_to(&c.args);
        visit::visit_expr_call(self, c);
    }
    fn visit_expr_index(&mut self, i: &'ast syn::ExprIndex) {
        self.reads |= self.carrier(&i.expr);
        visit::visit_expr_index(self, i);
    }
    fn visit_item(&mut self, _: &'ast Item) {}
}

/// A dispatch arm: the functions its body calls, in order, as candidates for the handler.
/// `is_self` says whether a receiver is the dispatcher's own value (`self`, or a local
/// holding its clone to move into an `async` block).
fn dispatch(name: Spanned<String>, body: &Expr, is_self: &dyn Fn(&Expr) -> bool) -> RustTool {
    struct Calls<'s>(Vec<String>, &'s dyn Fn(&Expr) -> bool);
    impl<'ast> Visit<'ast> for Calls<'_> {
        fn visit_expr_call(&mut self, c: &'ast syn::ExprCall) {
            if let Expr::Path(p) = &*c.func {
                let path: Vec<String> = p
                    .path
                    .segments
                    .iter()
                    .map(|s| s.ident.to_string())
                    .collect();
                self.0.push(path.join("::"));
            }
            visit::visit_expr_call(self, c);
        }
        fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
            visit::visit_expr_method_call(self, m);
            let on_self = (self.1)(&m.receiver);
            let dot = if on_self { "self." } else { "." };
            self.0.push(format!("{dot}{}", m.method));
        }
    }
    let mut calls = Calls(Vec::new(), is_self);
    calls.visit_expr(body);
    let mut t = tool(name, Form::Dispatch);
    t.callees = calls.0;
    t
}

/// A tool registered by its name with the value that runs it, in a map of trait objects the
/// dispatcher looks the name up in: `tools.insert("add_comment".to_string(),
/// Box::new(AddComment::new(config)))`. Not a declaration: linking takes the registered
/// type's run method as the handler of the tool declared under that name.
fn registration(ctx: &Ctx, m: &syn::ExprMethodCall) -> Option<RustTool> {
    if m.method != "insert" || m.args.len() != 2 {
        return None;
    }
    let ty = boxed_type(&m.args[1])?;
    let mut t = tool(static_str(ctx, &m.args[0])?, Form::Dispatch);
    t.registered = Some(ty);
    Some(t)
}

/// `T` of a value made a trait object: `Box::new(T::new(..))`, `Arc::new(T { .. })`,
/// `Box::new(T)` (a unit struct); by Rust's naming, `T` is a type.
fn boxed_type(e: &Expr) -> Option<String> {
    let Expr::Call(c) = e else { return None };
    let Expr::Path(f) = &*c.func else { return None };
    let path = super::syntax::segment_names(&f.path);
    let [.., holder, new] = path.as_slice() else {
        return None;
    };
    if new != "new" || !matches!(holder.as_str(), "Box" | "Arc" | "Rc") || c.args.len() != 1 {
        return None;
    }
    let ty = match &c.args[0] {
        Expr::Call(made) => match &*made.func {
            Expr::Path(p) => {
                let segments = super::syntax::segment_names(&p.path);
                segments.iter().rev().nth(1).cloned()?
            }
            _ => return None,
        },
        Expr::Struct(s) => s.path.segments.last()?.ident.to_string(),
        Expr::Path(p) => p.path.get_ident()?.to_string(),
        _ => return None,
    };
    ty.starts_with(char::is_uppercase).then_some(ty)
}

/// The schema a trait tool's `fn input_schema()` builds.
pub fn fn_schema(ctx: &Ctx, f: &syn::ImplItemFn, t: &mut RustTool) {
    let mut ns = Vec::new();
    set_schema(
        ctx,
        Locals::of(&f.sig, &f.block),
        t,
        &block_expr(&f.block),
        &mut ns,
    );
    t.not_static.extend(ns);
}

/// The schema an expression of a trait tool's method builds (`parameters: json!(..)` of
/// the definition it returns).
pub fn expr_schema(ctx: &Ctx, f: &syn::ImplItemFn, e: &Expr, t: &mut RustTool) {
    let mut ns = Vec::new();
    set_schema(ctx, Locals::of(&f.sig, &f.block), t, e, &mut ns);
    t.not_static.extend(ns);
}

fn block_expr(b: &syn::Block) -> Expr {
    Expr::Block(syn::ExprBlock {
        attrs: Vec::new(),
        label: None,
        block: b.clone(),
    })
}

/// The parts of the tool a function builds: a `Tool { .. }`-shaped literal, a
/// `Tool::new(..)` or a `json!({"name": .., "description": .., "inputSchema": ..})` in its
/// body (the members of a `json!` are parsed from its tokens, so the parts are owned).
struct Built {
    name: Expr,
    description: Option<Expr>,
    schema: Expr,
    annotations: Option<Expr>,
}

fn built_tool(f: &syn::ItemFn) -> Option<Built> {
    struct Find(Option<Built>);
    impl<'a> Visit<'a> for Find {
        fn visit_expr(&mut self, e: &'a Expr) {
            if self.0.is_some() {
                return;
            }
            match e {
                Expr::Struct(s) => {
                    let field = |n: &str| {
                        s.fields.iter().find_map(|f| match &f.member {
                            syn::Member::Named(id) if id == n => Some(f.expr.clone()),
                            _ => None,
                        })
                    };
                    if let (Some(name), Some(schema)) = (field("name"), schema_field(s)) {
                        self.0 = Some(Built {
                            name,
                            description: field("description"),
                            schema: schema.clone(),
                            annotations: field("annotations"),
                        });
                        return;
                    }
                }
                // `Tool::new(..).annotate(ToolAnnotations::new()..)`: the chain's annotations.
                Expr::MethodCall(m) => {
                    let mut annotations = None;
                    let mut root = e;
                    while let Expr::MethodCall(link) = root {
                        if link.method == "annotate" || link.method == "with_annotations" {
                            annotations = link.args.first().cloned();
                        }
                        root = &link.receiver;
                    }
                    if let Expr::Call(c) = root
                        && is_tool_new(c)
                        && c.args.len() >= 3
                    {
                        self.0 = Some(Built {
                            annotations,
                            ..tool_new_parts(c)
                        });
                        return;
                    }
                    visit::visit_expr_method_call(self, m);
                    return;
                }
                Expr::Call(c) if is_tool_new(c) && c.args.len() >= 3 => {
                    self.0 = Some(tool_new_parts(c));
                    return;
                }
                Expr::Macro(m) if json_macro::is_json(&m.mac) => {
                    self.0 = json_built(&m.mac);
                    return;
                }
                _ => {}
            }
            visit::visit_expr(self, e);
        }
        fn visit_item(&mut self, _: &'a Item) {}
    }
    let mut find = Find(None);
    find.visit_block(&f.block);
    find.0
}

/// The parts `Tool::new(name, description, schema)` is given.
fn tool_new_parts(c: &syn::ExprCall) -> Built {
    Built {
        name: c.args[0].clone(),
        description: Some(c.args[1].clone()),
        schema: c.args[2].clone(),
        annotations: None,
    }
}

/// The hints an annotations expression writes from a `bool` parameter of `sig`
/// (`.read_only(read_only)`, `.destructive(!read_only)`, `read_only_hint:
/// Some(read_only)`): each hint's key, the parameter, and whether it is negated.
fn param_hints(sig: &syn::Signature, e: &Expr) -> Vec<(String, usize, bool)> {
    struct Find<'s>(&'s syn::Signature, Vec<(String, usize, bool)>);
    impl Find<'_> {
        fn add(&mut self, key: String, e: &Expr) {
            if let Some((i, negated)) = negated_param(self.0, e) {
                self.1.push((key, i, negated));
            }
        }
    }
    impl<'ast> Visit<'ast> for Find<'_> {
        fn visit_expr_struct(&mut self, s: &'ast syn::ExprStruct) {
            for f in &s.fields {
                if let syn::Member::Named(n) = &f.member {
                    self.add(n.to_string(), &f.expr);
                }
            }
            visit::visit_expr_struct(self, s);
        }
        fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
            if let [a] = m.args.iter().collect::<Vec<_>>()[..] {
                self.add(m.method.to_string(), a);
            }
            visit::visit_expr_method_call(self, m);
        }
    }
    let mut f = Find(sig, Vec::new());
    f.visit_expr(e);
    f.1
}

/// Which parameter of `sig` an expression is, and whether it is negated (`!read_only`,
/// `Some(!read_only)`).
fn negated_param(sig: &syn::Signature, e: &Expr) -> Option<(usize, bool)> {
    match e {
        Expr::Unary(u) if matches!(u.op, syn::UnOp::Not(_)) => {
            negated_param(sig, &u.expr).map(|(i, n)| (i, !n))
        }
        Expr::Paren(p) => negated_param(sig, &p.expr),
        Expr::Call(c)
            if c.args.len() == 1
                && matches!(&*c.func, Expr::Path(p) if p.path.is_ident("Some")) =>
        {
            negated_param(sig, &c.args[0])
        }
        Expr::Path(_) => param_index(sig, None, e).map(|i| (i, false)),
        _ => None,
    }
}

/// A `json!` tool whose members are expressions (`{"name": name, "description":
/// description, "inputSchema": input_schema}`): its parts. Members are read one level
/// deep; a value that is not one expression (a nested object) is no part.
fn json_built(mac: &syn::Macro) -> Option<Built> {
    use proc_macro2::{Delimiter, TokenTree};
    let mut tokens = mac.tokens.clone().into_iter();
    let (Some(TokenTree::Group(g)), None) = (tokens.next(), tokens.next()) else {
        return None;
    };
    if g.delimiter() != Delimiter::Brace {
        return None;
    }
    let mut members: HashMap<String, Expr> = HashMap::new();
    let mut member: Vec<TokenTree> = Vec::new();
    let mut flush = |member: &mut Vec<TokenTree>| {
        let mut it = std::mem::take(member).into_iter();
        let (Some(TokenTree::Literal(k)), Some(TokenTree::Punct(colon))) = (it.next(), it.next())
        else {
            return;
        };
        let key = syn::parse2::<syn::LitStr>(TokenTree::Literal(k).into());
        if let (Ok(key), ':') = (key, colon.as_char())
            && let Ok(value) = syn::parse2::<Expr>(it.collect())
        {
            members.insert(key.value(), value);
        }
    };
    for t in g.stream() {
        match &t {
            TokenTree::Punct(p) if p.as_char() == ',' => flush(&mut member),
            _ => member.push(t),
        }
    }
    flush(&mut member);
    Some(Built {
        name: members.remove("name")?,
        description: members.remove("description"),
        schema: members.remove("inputSchema")?,
        annotations: None,
    })
}

/// Which parameter of `sig` an expression is, through the conversions a builder writes
/// (`name.into()`, `Some(description.to_string())`, `&schema`) and, with `own` (the
/// builder's body), through the `let`s that rebind it there.
fn param_index(sig: &syn::Signature, own: Option<(&Ctx, Locals)>, e: &Expr) -> Option<usize> {
    let again = |e: &Expr| param_index(sig, own, e);
    match e {
        Expr::Path(p) if p.qself.is_none() => {
            let id = p.path.get_ident()?;
            if let Some((ctx, locals)) = own
                && let Some(v) = locals.value(ctx, id, ctx.span(p.span()).start())
            {
                // Bounded: a binding's value is written before it, so this walks back.
                return again(v);
            }
            sig.inputs.iter().position(|a| match a {
                syn::FnArg::Typed(t) => matches!(&*t.pat, syn::Pat::Ident(p) if p.ident == *id),
                syn::FnArg::Receiver(_) => false,
            })
        }
        Expr::Reference(r) => again(&r.expr),
        Expr::Paren(p) => again(&p.expr),
        Expr::Group(g) => again(&g.expr),
        Expr::Call(c) if c.args.len() == 1 => {
            let Expr::Path(f) = &*c.func else { return None };
            let last = f.path.segments.last()?.ident.to_string();
            let object = own.is_some_and(|(ctx, _)| json_build::hands_on_object(ctx, &f.path));
            (object || ["Some", "Borrowed", "Owned", "from", "new"].contains(&last.as_str()))
                .then(|| again(&c.args[0]))
                .flatten()
        }
        Expr::MethodCall(m) if m.args.is_empty() => {
            let conv = ["into", "to_string", "to_owned", "into_owned", "clone"];
            conv.iter()
                .any(|c| m.method == c)
                .then(|| again(&m.receiver))
                .flatten()
        }
        _ => None,
    }
}

/// A call of a function of the file that builds a tool from its parameters (`tool("read",
/// "Read a file", json!(..))` with `fn tool(name: &str, description: &str, schema: Value)
/// -> Tool { Tool { name: name.into(), .. } }`): the tool its arguments make. Only a call
/// that resolves to that function (see [`Locals::file_fn`]) is read, never one by name.
fn builder_call(ctx: &Ctx, locals: Locals, c: &syn::ExprCall) -> Option<RustTool> {
    let f = locals.file_fn(c)?;
    // A value without a `description` (a registry entry with a `summary`) may be no
    // tool as listed; what it describes is not known.
    let built = built_tool(f).filter(|b| b.description.is_some())?;
    let arity = f.sig.inputs.len();
    if c.args.len() != arity
        || f.sig
            .inputs
            .iter()
            .any(|a| matches!(a, syn::FnArg::Receiver(_)))
    {
        return None;
    }
    let own = Locals {
        fns: locals.fns,
        ..Locals::of(&f.sig, &f.block)
    };
    let arg = |e: &Expr| param_index(&f.sig, Some((ctx, own)), e).map(|i| &c.args[i]);
    let name = arg(&built.name)?;
    if locals.given(name) {
        return None;
    }
    let mut ns = Vec::new();
    let Some(name) = name_of(ctx, locals, name, &mut ns) else {
        return Some(unnamed(ns));
    };
    let mut t = tool(name, Form::Value);
    if let Some(d) = &built.description {
        t.description = description(ctx, locals, arg(d).unwrap_or(d), &t.name.value, &mut ns);
    }
    match arg(&built.schema) {
        Some(s) => set_schema(ctx, locals, &mut t, s, &mut ns),
        None => set_schema(ctx, own, &mut t, &built.schema, &mut ns),
    }
    // A type parameter (`tool_def::<Args>(..)`) is the caller's type: the schema is known
    // only when the body derives it from that parameter (`schema_for!(T)`) and the call
    // names the type.
    if f.sig.generics.type_params().next().is_some() {
        t.input = Some(given_type(f, c, t.input.as_deref()?)?);
        t.schema = None;
    }
    if let Some(a) = &built.annotations {
        for (key, i, negated) in param_hints(&f.sig, a) {
            if let Some(b) = bool_of(&c.args[i]) {
                hint(
                    &mut t.annotations,
                    &key,
                    Spanned::new(b != negated, ctx.span(c.args[i].span())),
                );
            }
        }
    }
    if let Some(a) = built.annotations.filter(|a| !mentions_param(&f.sig, a)) {
        annotations(ctx, &a, &mut t.annotations);
    }
    t.not_static = ns;
    Some(t)
}

/// The type a call's turbofish gives the helper's type parameter named `param`
/// (`tool_def::<repo::StatusInput>(..)` for `fn tool_def<T: JsonSchema>(..)`).
fn given_type(f: &syn::ItemFn, c: &syn::ExprCall, param: &str) -> Option<String> {
    let at = f
        .sig
        .generics
        .type_params()
        .position(|p| p.ident == param)?;
    let Expr::Path(p) = &*c.func else { return None };
    let syn::PathArguments::AngleBracketed(a) = &p.path.segments.last()?.arguments else {
        return None;
    };
    let types: Vec<&syn::Type> = a
        .args
        .iter()
        .filter_map(|g| match g {
            syn::GenericArgument::Type(t) => Some(t),
            _ => None,
        })
        .collect();
    (types.len() == f.sig.generics.type_params().count())
        .then(|| type_name(types[at]))
        .flatten()
}

/// Whether an expression reads any parameter of `sig` (its value then depends on the call).
fn mentions_param(sig: &syn::Signature, e: &Expr) -> bool {
    struct Reads<'s>(&'s syn::Signature, bool);
    impl<'ast> Visit<'ast> for Reads<'_> {
        fn visit_expr_path(&mut self, p: &'ast syn::ExprPath) {
            self.1 |= param_index(self.0, None, &Expr::Path(p.clone())).is_some();
        }
    }
    let mut r = Reads(sig, false);
    r.visit_expr(e);
    r.1
}

/// A call of a function this file does not define (`make_tool("search", "..", json!({..}),
/// vec!["query"])`, `tool("plan", "..", tool_input_schema::<PlanArgs>(), true)`) with a
/// schema argument (`json!`, or a call with a turbofish) and a string one: it may build a
/// tool through a helper of another file, which linking resolves ([`ToolCall`]). An argument
/// the calling function is given is unknown here (a name so given makes no tool).
fn tool_call(ctx: &Ctx, locals: Locals, c: &syn::ExprCall) -> Option<ToolCall> {
    let Expr::Path(p) = &*c.func else { return None };
    if p.qself.is_some() || locals.file_fn(c).is_some() {
        return None;
    }
    let schema = |e: &Expr| {
        matches!(e, Expr::Macro(m) if json_macro::is_json(&m.mac)) || turbofish(e).is_some()
    };
    if !c.args.iter().any(schema) {
        return None;
    }
    let args: Vec<Option<HelperArg>> = c.args.iter().map(|a| call_arg(ctx, locals, a)).collect();
    let text = |a: &Option<HelperArg>| matches!(a, Some(HelperArg::Json(n)) if matches!(n.kind, JsonKind::String(_)));
    args.iter().any(text).then(|| ToolCall {
        callee: imported(ctx, &p.path),
        args,
        span: ctx.span(c.span()),
    })
}

/// `f::<T>()`: a call with no argument and one type given by turbofish; the path and `T`.
fn turbofish(e: &Expr) -> Option<(&syn::Path, String)> {
    let Expr::Call(c) = e else { return None };
    let Expr::Path(p) = &*c.func else { return None };
    if !c.args.is_empty() || p.qself.is_some() {
        return None;
    }
    let syn::PathArguments::AngleBracketed(a) = &p.path.segments.last()?.arguments else {
        return None;
    };
    let [syn::GenericArgument::Type(t)] = a.args.iter().collect::<Vec<_>>()[..] else {
        return None;
    };
    Some((&p.path, type_name(t)?))
}

/// Whether a path (as the file's `use` items spell it out) is rmcp's `schema_for_type`.
fn is_rmcp_schema_for_type(path: &[String]) -> bool {
    path.first().is_some_and(|s| s == "rmcp")
        && path
            .last()
            .is_some_and(|s| s == "schema_for_type" || s == "cached_schema_for_type")
}

/// An argument as it is where the call is written: a JSON value ([`json_arg`]), rmcp's
/// `schema_for_type::<T>()`, or a crate function called with a turbofish.
fn call_arg(ctx: &Ctx, locals: Locals, e: &Expr) -> Option<HelperArg> {
    if let Some((path, ty)) = turbofish(e) {
        let callee = imported(ctx, path);
        return Some(if is_rmcp_schema_for_type(&callee) {
            HelperArg::Derived(ty)
        } else {
            HelperArg::Generic { callee, ty }
        });
    }
    json_arg(ctx, locals, e).map(HelperArg::Json)
}

/// An argument as a JSON value where it is written: a string (literal or constant), a
/// `bool` literal, a `json!` tree with every part known, or a list of strings
/// (`vec!["query"]`, `&["a"]`).
fn json_arg(ctx: &Ctx, locals: Locals, e: &Expr) -> Option<JsonNode> {
    let span = ctx.span(e.span());
    let strings = |items: &mut dyn Iterator<Item = &Expr>| -> Option<JsonNode> {
        let items = items
            .map(|i| {
                let s = static_str(ctx, i)?;
                Some(JsonNode {
                    span: s.span,
                    kind: JsonKind::String(s.value),
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(JsonNode {
            span,
            kind: JsonKind::Array(items),
        })
    };
    match e {
        Expr::Macro(m) if json_macro::is_json(&m.mac) => {
            json_macro::lower(ctx, &m.mac, "", None).ok()
        }
        Expr::Macro(m) if m.mac.path.is_ident("vec") => {
            strings(&mut ctx.macro_args(&m.mac)?.iter())
        }
        Expr::Reference(r) => match &*r.expr {
            Expr::Array(a) => strings(&mut a.elems.iter()),
            _ => json_arg(ctx, locals, &r.expr),
        },
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Bool(b),
            ..
        }) => Some(JsonNode {
            span,
            kind: JsonKind::Bool(b.value),
        }),
        _ => static_str_in(ctx, e, locals.owner().as_deref()).map(|s| JsonNode {
            span: s.span,
            kind: JsonKind::String(s.value),
        }),
    }
}

/// A free function of the file that builds a tool from its parameters, or hands them on
/// to another function that may ([`ToolHelper`]); generic ones and methods are left out.
fn helper(ctx: &Ctx, fns: &FileFns, f: &syn::ItemFn) -> Option<ToolHelper> {
    let sig = &f.sig;
    if sig.generics.type_params().next().is_some()
        || sig
            .inputs
            .iter()
            .any(|a| matches!(a, syn::FnArg::Receiver(_)))
    {
        return None;
    }
    let own = Locals {
        fns: Some(fns),
        ..Locals::of(sig, &f.block)
    };
    let param = |e: &Expr| defaulted_param(ctx, own, e);
    let builds = match built_tool(f) {
        Some(b) => HelperBuild::Tool {
            name: param_index(sig, Some((ctx, own)), &b.name)?,
            description: b.description.as_ref().and_then(param),
            schema: match param_index(sig, Some((ctx, own)), &b.schema) {
                Some(i) => HelperSchema::Whole(i),
                None => object_schema(ctx, own, &b.schema)?,
            },
            hints: b
                .annotations
                .as_ref()
                .map(|a| param_hints(sig, a))
                .unwrap_or_default(),
        },
        None => {
            let Expr::Call(c) = tail(&f.block)? else {
                return None;
            };
            let Expr::Path(p) = &*c.func else { return None };
            let args: Vec<Option<usize>> = c.args.iter().map(param).collect();
            if p.qself.is_some() || args.iter().all(Option::is_none) {
                return None;
            }
            HelperBuild::Forward {
                callee: imported(ctx, &p.path),
                args,
            }
        }
    };
    Some(ToolHelper {
        name: sig.ident.to_string(),
        span: ctx.span(sig.ident.span()),
        arity: sig.inputs.len(),
        builds,
    })
}

/// A generic function returning rmcp's `schema_for_type::<T>()` of its one type parameter
/// `T` and taking nothing ([`HelperBuild::SchemaOf`]).
fn schema_of(ctx: &Ctx, f: &syn::ItemFn) -> Option<ToolHelper> {
    let sig = &f.sig;
    let [t] = sig.generics.type_params().collect::<Vec<_>>()[..] else {
        return None;
    };
    let body = match f.block.stmts.as_slice() {
        [syn::Stmt::Expr(e, None)] => e,
        _ => return None,
    };
    let (path, ty) = turbofish(body)?;
    (sig.inputs.is_empty() && t.ident == ty && is_rmcp_schema_for_type(&imported(ctx, path))).then(
        || ToolHelper {
            name: sig.ident.to_string(),
            span: ctx.span(sig.ident.span()),
            arity: 0,
            builds: HelperBuild::SchemaOf,
        },
    )
}

/// The functions a module file's top-level `use` items bind from the crate (`use
/// tool_schema::tool;` beside `mod tool_schema;`, `use crate::x::f;`): what its child
/// modules reach as `super::tool` ([`HelperBuild::Reexport`]).
fn reexports(ctx: &Ctx, items: &[Item]) -> Vec<ToolHelper> {
    let children: HashSet<String> = items
        .iter()
        .filter_map(|i| match i {
            Item::Mod(m) if m.content.is_none() => Some(m.ident.to_string()),
            _ => None,
        })
        .collect();
    if children.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for i in items {
        let Item::Use(u) = i else { continue };
        let mut bound = HashMap::new();
        super::imports::bind(&u.tree, &mut Vec::new(), &mut bound);
        for (name, path) in bound {
            let crate_path = path.first().is_some_and(|s| {
                matches!(s.as_str(), "crate" | "self" | "super") || children.contains(s)
            });
            if crate_path && name.starts_with(|c: char| c.is_lowercase()) {
                out.push(ToolHelper {
                    name,
                    span: ctx.span(u.span()),
                    arity: 0,
                    builds: HelperBuild::Reexport(path),
                });
            }
        }
    }
    out
}

/// A callee's path as the file's `use` items spell it out (`make_tool` imported by `use
/// super::make_tool` is `super::make_tool`).
fn imported(ctx: &Ctx, path: &syn::Path) -> Vec<String> {
    ctx.imports.resolve(ctx.span(path.span()).start(), path)
}

/// The last expression of a block (what it returns).
fn tail(b: &syn::Block) -> Option<&Expr> {
    match b.stmts.last()? {
        syn::Stmt::Expr(e, None) => Some(e),
        _ => None,
    }
}

/// [`param_index`], or the parameter a run-time lookup falls back to
/// (`prompts.get_tool_description(name).unwrap_or(default_description)`): the text the
/// server publishes unless it is configured otherwise.
fn defaulted_param(ctx: &Ctx, own: Locals, e: &Expr) -> Option<usize> {
    let sig = own.sig?;
    if let Some(i) = param_index(sig, Some((ctx, own)), e) {
        return Some(i);
    }
    match e {
        Expr::Path(p) => {
            let id = p.path.get_ident()?;
            defaulted_param(ctx, own, own.value(ctx, id, ctx.span(p.span()).start())?)
        }
        Expr::MethodCall(m) if m.method == "unwrap_or" && m.args.len() == 1 => {
            param_index(sig, Some((ctx, own)), &m.args[0])
        }
        Expr::MethodCall(m) if m.args.is_empty() => defaulted_param(ctx, own, &m.receiver),
        Expr::Reference(r) => defaulted_param(ctx, own, &r.expr),
        _ => None,
    }
}

/// An object schema made of parameters: `JsonObject::from_iter([("type", json!("object")),
/// ("properties", properties), ("required", json!(required))])`, through a local.
fn object_schema(ctx: &Ctx, own: Locals, e: &Expr) -> Option<HelperSchema> {
    let sig = own.sig?;
    let e = match e {
        Expr::Path(p) => own.value(ctx, p.path.get_ident()?, ctx.span(p.span()).start())?,
        e => e,
    };
    let Expr::Call(c) = e else { return None };
    let Expr::Path(f) = &*c.func else { return None };
    let [Expr::Array(a)] = c.args.iter().collect::<Vec<_>>()[..] else {
        return None;
    };
    if f.path.segments.last()?.ident != "from_iter" {
        return None;
    }
    let (mut properties, mut required, mut object) = (None, None, false);
    for el in &a.elems {
        let Expr::Tuple(t) = el else { return None };
        let [k, v] = t.elems.iter().collect::<Vec<_>>()[..] else {
            return None;
        };
        let v = match v {
            // `json!(required)`: the parameter itself.
            Expr::Macro(m) if json_macro::is_json(&m.mac) => {
                syn::parse2::<Expr>(m.mac.tokens.clone()).ok()
            }
            v => Some(v.clone()),
        };
        match static_str(ctx, k).as_ref().map(|k| k.value.as_str()) {
            Some("type") => object = true,
            Some("properties") => properties = param_index(sig, None, v.as_ref()?),
            Some("required") => required = Some(param_index(sig, None, v.as_ref()?)?),
            _ => return None,
        }
    }
    object.then_some(HelperSchema::Object {
        properties: properties?,
        required,
    })
}

/// The tool a call of a helper of another file makes, as linking joined it
/// (`link::helper_tools`): its schema written in the code is read as a `json!`
/// one's.
pub fn helper_tool(
    name: Spanned<String>,
    description: Option<Spanned<String>>,
    schema: Option<&JsonNode>,
    input: Option<String>,
    hints: &[(String, Spanned<bool>)],
) -> RustTool {
    let mut t = tool(name, Form::Value);
    t.description = description;
    t.input = input;
    for (key, v) in hints {
        hint(&mut t.annotations, key, v.clone());
    }
    if let Some(Schema::Written(s, spec)) = schema.map(written) {
        t.schema = Some(*s);
        t.spec = spec;
    }
    t
}
