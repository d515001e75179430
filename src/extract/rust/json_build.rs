//! JSON values a function builds step by step, as servers write input schemas by hand:
//! `let mut props = Map::new(); props.insert("limit".into(), json!({..})); .. Value::Object(props)`.
//! The value is known when every statement that touches it is a known mutation (`insert`,
//! `push`, an index assignment) of static keys and values; any other use (a branch, a loop, a
//! call given the value) makes it unknown, with the reason, never guessed.

use super::Ctx;
use super::json_macro;
use crate::contract::{JsonKind, JsonMember, JsonNode};
use crate::source::Span;
use proc_macro2::TokenStream;
use quote::ToTokens;
use std::collections::HashMap;
use syn::spanned::Spanned as _;
use syn::{Expr, Stmt};

/// Locals that hold a JSON value where they are read: the value, or why it is not known.
pub type Env = HashMap<String, Result<JsonNode, String>>;

/// Conversions that hand the same JSON value on.
const SAME: &[&str] = &[
    "clone",
    "into",
    "to_owned",
    "unwrap",
    "expect",
    "cloned",
    "unwrap_or_default",
    "as_object",
    "as_array",
];

/// The JSON value of an expression, with the locals bound before it.
pub fn eval(ctx: &Ctx, env: &Env, e: &Expr) -> Result<JsonNode, String> {
    let span = ctx.span(e.span());
    let node = |kind| Ok(JsonNode { span, kind });
    match e {
        Expr::Macro(m) if json_macro::is_json(&m.mac) => {
            json_macro::lower(ctx, &m.mac, "", Some(&resolver(ctx, env))).map_err(|u| u.reason)
        }
        Expr::Macro(m) if m.mac.path.is_ident("vec") => {
            let args = ctx
                .macro_args(&m.mac)
                .ok_or("`vec!` is not a list of values")?;
            let items = args.iter().map(|a| eval(ctx, env, a));
            node(JsonKind::Array(items.collect::<Result<_, _>>()?))
        }
        Expr::Block(b) => block(ctx, env, &b.block.stmts),
        Expr::Paren(p) => eval(ctx, env, &p.expr),
        Expr::Group(g) => eval(ctx, env, &g.expr),
        Expr::Reference(r) => eval(ctx, env, &r.expr),
        Expr::Path(p) if p.qself.is_none() && p.path.get_ident().is_some() => {
            let name = p.path.segments[0].ident.to_string();
            match env.get(&name) {
                Some(v) => v.clone(),
                None => literal(ctx, e),
            }
        }
        Expr::Call(c) => {
            let Expr::Path(f) = &*c.func else {
                return Err(unknown(ctx, e));
            };
            let names = super::syntax::segment_names(&f.path);
            let last = names.last().map(String::as_str).unwrap_or_default();
            let of_value = names.len() >= 2 && names[names.len() - 2] == "Value";
            match (last, c.args.len()) {
                ("new", 0) if names.len() >= 2 && names[names.len() - 2] == "Map" => {
                    node(JsonKind::Object(Vec::new()))
                }
                ("new", 0) if names.len() >= 2 && names[names.len() - 2] == "Vec" => {
                    node(JsonKind::Array(Vec::new()))
                }
                ("Object" | "Array" | "String" | "Bool" | "from", 1) if of_value => {
                    let inner = eval(ctx, env, &c.args[0])?;
                    let fits = matches!(
                        (last, &inner.kind),
                        ("Object", JsonKind::Object(_))
                            | ("Array", JsonKind::Array(_))
                            | ("String", JsonKind::String(_))
                            | ("Bool", JsonKind::Bool(_))
                            | ("from", _)
                    );
                    fits.then_some(inner).ok_or_else(|| unknown(ctx, e))
                }
                // `Arc::new(schema)`, `serde_json::from_value(schema)`: the same value.
                ("new" | "from_value" | "to_value" | "Some" | "Ok", 1) => {
                    eval(ctx, env, &c.args[0])
                }
                (_, 1) if hands_on_object(ctx, &f.path) => eval(ctx, env, &c.args[0]),
                _ => literal(ctx, e),
            }
        }
        Expr::Struct(st) => schema_struct(ctx, env, st).ok_or_else(|| unknown(ctx, e))?,
        Expr::MethodCall(m) if m.args.is_empty() && SAME.iter().any(|s| m.method == s) => {
            match eval(ctx, env, &m.receiver) {
                Ok(v) => Ok(v),
                Err(why) => literal(ctx, e).map_err(|_| why),
            }
        }
        _ => literal(ctx, e),
    }
}

/// A struct literal standing for an object schema, its fields named for the JSON Schema
/// keywords they serialize as (`ToolInputSchema { type_: "object", properties: json!(..),
/// required: vec![..] }`): `type` cannot be a Rust field's name, so the field holding
/// `"object"` is the type. `None` (unknown) for any other field or a `..base` rest, whose
/// value on the wire this file cannot say.
fn schema_struct(ctx: &Ctx, env: &Env, st: &syn::ExprStruct) -> Option<Result<JsonNode, String>> {
    let named = |f: &syn::FieldValue| match &f.member {
        syn::Member::Named(id) => Some(id.to_string()),
        syn::Member::Unnamed(_) => None,
    };
    if st.rest.is_some()
        || !st
            .fields
            .iter()
            .any(|f| named(f).as_deref() == Some("properties"))
    {
        return None;
    }
    let mut members = Vec::new();
    for f in &st.fields {
        let field = named(f)?;
        let value = eval(ctx, env, &f.expr);
        let key = match field.as_str() {
            "properties" | "required" | "description" | "title" => field.clone(),
            "additional_properties" => "additionalProperties".to_string(),
            _ if matches!(&value, Ok(JsonNode { kind: JsonKind::String(t), .. }) if t == "object") => {
                "type".to_string()
            }
            _ => return None,
        };
        members.push(JsonMember {
            key,
            key_span: ctx.span(f.member.span()),
            value: match value {
                Ok(v) => v,
                Err(why) => return Some(Err(why)),
            },
        });
    }
    Some(Ok(JsonNode {
        span: ctx.span(st.span()),
        kind: JsonKind::Object(members),
    }))
}

/// The values of the locals of `env`, for a `json!` that interpolates them.
pub fn resolver<'a>(
    ctx: &'a Ctx<'a>,
    env: &'a Env,
) -> impl Fn(&Expr) -> Option<Result<JsonNode, String>> + 'a {
    move |e| (!env.is_empty()).then(|| eval(ctx, env, e))
}

/// A literal, a constant or a static string (`"k".to_string()`).
/// Whether `path` names rmcp's `model::object`, which makes the schema map a `Tool` holds
/// from a JSON value (`Tool::new(name, description, object(json!({..})))`): the same value,
/// known by where the path leads after the file's imports, never by the name alone.
pub fn hands_on_object(ctx: &Ctx, path: &syn::Path) -> bool {
    ctx.resolve(path.span(), path) == ["rmcp", "model", "object"]
}

/// A string literal that is the text of a JSON object (a trait tool's `fn input_schema(&self)
/// -> &'static str { r#"{"type":"object",..}"# }`, parsed by the registry when it lists the
/// tool): the object, each node at its place in the literal when the text is written as it
/// reads (no escapes), else at the literal.
pub fn json_text(ctx: &Ctx, lit: &syn::LitStr) -> Option<JsonNode> {
    let text = lit.value();
    let whole = ctx.span(lit.span());
    let mut node = crate::extract::json_tree::parse(whole.file, &text).ok()?;
    if !matches!(node.kind, JsonKind::Object(_)) {
        return None;
    }
    let token = lit.token().to_string();
    let quote = token.find('"')?;
    let verbatim = token.get(quote + 1..quote + 1 + text.len()) == Some(text.as_str());
    place(&mut node, &|s: Span| match verbatim {
        true => Span::new(
            whole.file,
            whole.start() + quote + 1 + s.start(),
            whole.start() + quote + 1 + s.end(),
        ),
        false => whole,
    });
    Some(node)
}

/// Every span of `n` moved by `to`.
fn place(n: &mut JsonNode, to: &dyn Fn(Span) -> Span) {
    n.span = to(n.span);
    match &mut n.kind {
        JsonKind::Array(items) => items.iter_mut().for_each(|i| place(i, to)),
        JsonKind::Object(members) => {
            for m in members {
                m.key_span = to(m.key_span);
                place(&mut m.value, to);
            }
        }
        _ => {}
    }
}

fn literal(ctx: &Ctx, e: &Expr) -> Result<JsonNode, String> {
    match json_macro::literal(ctx, e) {
        Some(kind) => Ok(JsonNode {
            span: ctx.span(e.span()),
            kind,
        }),
        None => Err(unknown(ctx, e)),
    }
}

fn unknown(ctx: &Ctx, e: &Expr) -> String {
    let text = ctx.written(e);
    let short: String = text.chars().take(60).collect();
    let more = if short.len() < text.len() { "..." } else { "" };
    format!("`{short}{more}` is computed when the server runs")
}

/// The value of a block: its statements run on a copy of the locals, then its tail is read.
fn block(ctx: &Ctx, env: &Env, stmts: &[Stmt]) -> Result<JsonNode, String> {
    let mut env = env.clone();
    let (tail, body) = match stmts.split_last() {
        Some((Stmt::Expr(e, None), body)) => (e, body),
        _ => return Err("the block has no value".into()),
    };
    for s in body {
        step(ctx, &mut env, s);
    }
    eval(ctx, &env, tail)
}

/// The locals of `body` where the byte offset `at` is read: the statements before it, in
/// every block around it, run in order.
pub fn env_at(ctx: &Ctx, body: &syn::Block, at: usize) -> Env {
    let mut env = Env::new();
    let mut stmts = &body.stmts[..];
    // Bounded by the nesting of the source, which the parser already bounds.
    loop {
        let mut inner = None;
        for s in stmts {
            let r = ctx.span(s.span());
            if r.start() <= at && at < r.end() {
                // A `let` whose value holds `at` binds after it.
                inner = enclosing_block(ctx, s, at);
                break;
            }
            step(ctx, &mut env, s);
        }
        match inner {
            Some(b) => stmts = &b.stmts[..],
            None => return env,
        }
    }
}

/// The innermost block directly inside statement `s` that holds `at`.
fn enclosing_block<'a>(ctx: &Ctx, s: &'a Stmt, at: usize) -> Option<&'a syn::Block> {
    struct Find<'c, 'a> {
        ctx: &'c Ctx<'c>,
        at: usize,
        found: Option<&'a syn::Block>,
    }
    impl<'a> syn::visit::Visit<'a> for Find<'_, 'a> {
        fn visit_block(&mut self, b: &'a syn::Block) {
            let r = self.ctx.span(b.span());
            if self.found.is_none() && r.start() <= self.at && self.at < r.end() {
                self.found = Some(b);
            }
        }
        fn visit_item(&mut self, _: &'a syn::Item) {}
    }
    let mut f = Find {
        ctx,
        at,
        found: None,
    };
    syn::visit::Visit::visit_stmt(&mut f, s);
    f.found
}

/// Run one statement on the locals: a `let` binds, a known mutation changes a value, and
/// any other statement that names a value makes it unknown.
fn step(ctx: &Ctx, env: &mut Env, s: &Stmt) {
    match s {
        Stmt::Local(l) => {
            let pat = match &l.pat {
                syn::Pat::Type(t) => &*t.pat,
                p => p,
            };
            let value = match &l.init {
                Some(init) if init.diverge.is_none() => eval(ctx, env, &init.expr),
                _ => Err("bound without a value known here".into()),
            };
            match pat {
                syn::Pat::Ident(p) => {
                    env.insert(p.ident.to_string(), value);
                }
                other => forget(env, other.to_token_stream(), "bound by a pattern"),
            }
        }
        Stmt::Expr(e, _) => {
            if let Some((name, changed)) = mutation(ctx, env, e) {
                env.insert(name, changed);
            } else {
                forget(env, e.to_token_stream(), "changed by code not read here");
            }
        }
        Stmt::Macro(m) => forget(env, m.mac.tokens.clone(), "changed by code not read here"),
        Stmt::Item(_) => {}
    }
}

/// Mark every local that `tokens` name as unknown: what the code does with it is not read.
fn forget(env: &mut Env, tokens: TokenStream, why: &str) {
    let mut named = Vec::new();
    super::syntax::idents(tokens, &mut named);
    for n in named {
        if let Some(v) = env.get_mut(&n)
            && v.is_ok()
        {
            *v = Err(format!("`{n}` is {why}"));
        }
    }
}

/// `m.insert(key, value)`, `a.push(value)`, `v["k"] = value`, `v = value`: the local it
/// changes and its value after.
fn mutation(ctx: &Ctx, env: &Env, e: &Expr) -> Option<(String, Result<JsonNode, String>)> {
    match e {
        Expr::MethodCall(m) => {
            let name = ident(&m.receiver)?;
            let current = env.get(&name)?.clone();
            let after = current.and_then(|mut v| {
                match (m.method.to_string().as_str(), &mut v.kind, m.args.len()) {
                    ("insert", JsonKind::Object(members), 2) => {
                        let key = super::known::static_str(ctx, &m.args[0])
                            .ok_or_else(|| unknown(ctx, &m.args[0]))?;
                        let value = eval(ctx, env, &m.args[1])?;
                        members.retain(|x| x.key != key.value);
                        members.push(JsonMember {
                            key: key.value,
                            key_span: key.span,
                            value,
                        });
                    }
                    ("push", JsonKind::Array(items), 1) => items.push(eval(ctx, env, &m.args[0])?),
                    _ => return Err(unknown(ctx, e)),
                }
                Ok(v)
            });
            Some((name, after))
        }
        Expr::Assign(a) => {
            let mut keys = Vec::new();
            let mut target = &*a.left;
            while let Expr::Index(i) = target {
                keys.push(super::known::static_str(ctx, &i.index));
                target = &i.expr;
            }
            let name = ident(target)?;
            if keys.is_empty() {
                return Some((name, eval(ctx, env, &a.right)));
            }
            let current = env.get(&name)?.clone();
            let after = current.and_then(|mut v| {
                let keys: Option<Vec<_>> = keys.into_iter().rev().collect();
                let keys = keys.ok_or_else(|| unknown(ctx, &a.left))?;
                set(&mut v, &keys, eval(ctx, env, &a.right)?).ok_or_else(|| unknown(ctx, e))?;
                Ok(v)
            });
            Some((name, after))
        }
        _ => None,
    }
}

/// `v["a"]["b"] = value` on a known object: every key but the last must exist.
fn set(v: &mut JsonNode, keys: &[crate::source::Spanned<String>], value: JsonNode) -> Option<()> {
    let (first, rest) = keys.split_first()?;
    let JsonKind::Object(members) = &mut v.kind else {
        return None;
    };
    match members.iter_mut().find(|m| m.key == first.value) {
        Some(m) if rest.is_empty() => m.value = value,
        Some(m) => set(&mut m.value, rest, value)?,
        None if rest.is_empty() => members.push(JsonMember {
            key: first.value.clone(),
            key_span: first.span,
            value,
        }),
        None => return None,
    }
    Some(())
}

fn ident(e: &Expr) -> Option<String> {
    match e {
        Expr::Path(p) if p.qself.is_none() => p.path.get_ident().map(ToString::to_string),
        Expr::Paren(p) => ident(&p.expr),
        _ => None,
    }
}
