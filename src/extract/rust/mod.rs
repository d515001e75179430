//! Rust sources → facts, with syn (no compilation, no macro expansion): input types as
//! serde reads them, SDK tool declarations, and what each function checks and adjusts.
//!
//! Every span is converted to byte offsets while the file's proc-macro2 source map is
//! alive; the map is then dropped (it otherwise grows with every file parsed on a thread).

mod answer_flow;
mod attrs;
mod behaviour;
pub mod cargo_toml;
mod checks;
pub mod crates;
mod derived_tools;
mod imports;
mod json_build;
mod json_forms;
mod json_macro;
mod known;
mod message;
mod panics;
pub mod parse;
mod protocol;
mod records;
pub mod routes;
pub mod scan;
mod surfaced;
mod syntax;
pub mod token_count;
mod tool_values;
pub use tool_values::helper_tool;
mod tools;
pub mod types;
mod uses;

use super::Unreadable;
use crate::contract::{FnFacts, RustTool, RustType};
use crate::source::{FileId, Span};
use parse::for_each_item;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Arc;

/// What one file declares.
#[derive(Clone, Debug, Default)]
pub struct FileFacts {
    pub types: Vec<RustType>,
    pub structs: Vec<crate::contract::StructFields>,
    pub fns: Vec<FnFacts>,
    pub tools: Vec<RustTool>,
    /// Calls that may build a tool through another file's helper, and this file's helpers.
    pub tool_calls: Vec<crate::contract::ToolCall>,
    pub tool_helpers: Vec<crate::contract::ToolHelper>,
    /// HTTP routes and request handlers, for following page tools to the server.
    pub routes: routes::RouteFacts,
    /// rmcp `ServerHandler` impls: the protocol version each declares.
    pub servers: Vec<crate::contract::ServerProtocol>,
}

/// How much of each function a read records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// Signatures only: a body is read when linking asks for it (`RustCrate::body`).
    Signatures,
    Bodies,
}

/// Per-file context: the file id and the constants the file defines.
pub struct Ctx<'c> {
    file: FileId,
    /// Whether function bodies are read.
    bodies: bool,
    /// The text may build tools as values or in trait impls ([`scan::may_build_tools`]).
    builds_tools: bool,
    /// The text names `McpTool`: no other file's `derive` can resolve to it
    /// ([`derived_tools::derives_mcp_tool`]), as a path resolves through this file's imports.
    names_mcp_tool: bool,
    /// `const NAME: T = <number>;` of this file.
    consts: HashMap<String, f64>,
    /// `const NAME: &str = "...";` of this file (endpoint URLs, for telling requests apart).
    str_consts: HashMap<String, String>,
    /// `const NAME: &[&str] = &["a", "b"];` of this file (a catalogue a lookup reads).
    str_lists: HashMap<String, Vec<String>>,
    /// `impl X { const NAME: &str = ".."; }` of this file, by (`X`, `NAME`): what
    /// `Self::NAME` means inside `X`'s impls, and `X::NAME` anywhere in the file. `None`
    /// where two impls of types named `X` (in different modules) give it different values.
    impl_strs: HashMap<(String, String), Option<String>>,
    /// `const`/`static` lists of struct literals of this file (a catalogue a search reads).
    record_lists: HashMap<String, crate::contract::RecordList>,
    /// The same, read from every file of the tree.
    crate_consts: &'c scan::Consts,
    /// Argument-less fns whose body is a literal (`fn one() -> u8 { 1 }`), for `default = "one"`.
    literal_fns: HashMap<String, Value>,
    /// The file's hand-written `impl Default for T`, by type: the fields it sets to literals.
    default_impls: HashMap<String, HashMap<String, Value>>,
    offsets: parse::Offsets<'c>,
    /// What the file's `use` items bind, for reading a path as the item it names.
    imports: imports::Imports,
    /// A macro's arguments parsed as expressions, by the macro's address in the syntax
    /// tree (alive while the file is read): the check and effect walkers both read them.
    macro_args: std::cell::RefCell<HashMap<usize, Option<std::rc::Rc<MacroArgs>>>>,
}

/// A macro's tokens read as comma-separated expressions (`format!`, `ensure!`, `vec!`).
pub type MacroArgs = syn::punctuated::Punctuated<syn::Expr, syn::Token![,]>;

impl Ctx<'_> {
    /// A string constant by name: the file's own, else the tree's.
    pub fn str_constant(&self, name: &str) -> Option<&str> {
        self.str_consts
            .get(name)
            .map(String::as_str)
            .or_else(|| self.crate_consts.string(name))
    }

    /// A string constant of an impl of this file: `X::NAME`, or `Self::NAME` inside `X`.
    pub fn impl_str_constant(&self, ty: &str, name: &str) -> Option<&str> {
        self.impl_strs
            .get(&(ty.to_string(), name.to_string()))?
            .as_deref()
    }

    /// A constant list of string literals of this file, by name.
    pub fn str_list(&self, name: &str) -> Option<&[String]> {
        self.str_lists.get(name).map(Vec::as_slice)
    }

    /// A constant list of struct literals of this file, by name.
    pub fn record_list(&self, name: &str) -> Option<&crate::contract::RecordList> {
        self.record_lists.get(name)
    }

    /// A numeric constant by name: the file's own, else the tree's.
    pub fn constant(&self, name: &str) -> Option<f64> {
        self.consts
            .get(name)
            .copied()
            .or_else(|| self.crate_consts.number(name))
    }

    /// A range constant by name (`VALID_PORT_RANGE`), its ends resolved: (start, end,
    /// whether the end is included). `None` when an end names no known number.
    pub fn range_constant(&self, name: &str) -> Option<(Option<f64>, Option<f64>, bool)> {
        let r = self.crate_consts.range(name)?;
        let end = |e: &Option<scan::End>| match e {
            None => Some(None),
            Some(scan::End::Number(v)) => Some(Some(*v)),
            Some(scan::End::Const(n)) => self.constant(n).map(Some),
        };
        Some((end(&r.start)?, end(&r.end)?, r.closed))
    }

    /// `mac`'s arguments, parsed once per file; `None` when they are not expressions.
    pub fn macro_args(&self, mac: &syn::Macro) -> Option<std::rc::Rc<MacroArgs>> {
        let key = std::ptr::from_ref(mac) as usize;
        self.macro_args
            .borrow_mut()
            .entry(key)
            .or_insert_with(|| {
                syn::parse::Parser::parse2(MacroArgs::parse_terminated, mac.tokens.clone())
                    .ok()
                    .map(std::rc::Rc::new)
            })
            .clone()
    }

    /// The arguments of `mac` for a walker to visit: `None` when they are not expressions,
    /// or when their tokens cannot hold anything either walker records (no call, block,
    /// comparison, assignment, cast or nested macro: `format!("{}", a.b)`, `vec![1, 2]`),
    /// which then need not be parsed. `ensure!`'s condition is always read.
    pub fn macro_args_to_visit(&self, mac: &syn::Macro) -> Option<std::rc::Rc<MacroArgs>> {
        let ensure = mac
            .path
            .segments
            .last()
            .is_some_and(|s| s.ident == "ensure");
        if !ensure && !may_hold_facts(&mac.tokens) {
            return None;
        }
        self.macro_args(mac)
    }

    /// An expression as written in the file (for messages), on one line.
    pub fn written<T: syn::spanned::Spanned + quote::ToTokens>(&self, e: &T) -> String {
        let text = self.offsets.text(e.span()).split_whitespace();
        let text = text.collect::<Vec<_>>().join(" ");
        match text.is_empty() {
            true => e.to_token_stream().to_string(),
            false => text,
        }
    }

    /// The path `p` (written at `at`) stands for after the file's imports.
    pub fn resolve(&self, at: proc_macro2::Span, p: &syn::Path) -> Vec<String> {
        self.imports.resolve(self.offsets.range(at).start, p)
    }

    pub fn span(&self, s: proc_macro2::Span) -> Span {
        let r = self.offsets.range(s);
        Span::new(self.file, r.start, r.end)
    }
}

/// Whether an identifier is one of `names`, compared without rendering it to a `String`.
fn one_of(id: &proc_macro2::Ident, names: &[&str]) -> bool {
    names.iter().any(|n| id == n)
}

/// Whether tokens may parse into something a walker records: a call or block (a
/// parenthesised or braced group), a comparison or assignment (`<`, `>`, `=`), a nested
/// macro (`!`), or a cast (`as`). Bracketed groups are looked into.
fn may_hold_facts(tokens: &proc_macro2::TokenStream) -> bool {
    use proc_macro2::{Delimiter, TokenTree};
    tokens.clone().into_iter().any(|t| match t {
        TokenTree::Group(g) => match g.delimiter() {
            Delimiter::Parenthesis | Delimiter::Brace => true,
            Delimiter::Bracket | Delimiter::None => may_hold_facts(&g.stream()),
        },
        TokenTree::Punct(p) => matches!(p.as_char(), '<' | '>' | '=' | '!'),
        TokenTree::Ident(i) => i == "as",
        TokenTree::Literal(_) => false,
    })
}

/// Stack for parsing: deeply nested expressions recurse deeply in syn and in the walkers.
pub const STACK: usize = 64 * 1024 * 1024;

/// Parse and read one file on a worker thread with a large stack, with no constants known
/// from other files.
pub fn extract(file: FileId, text: &str) -> Result<FileFacts, Unreadable> {
    extract_with(file, Arc::from(text), Arc::default())
}

/// [`parse`] on a worker thread of its own with a large stack (the driver uses a pool of
/// such threads instead).
pub fn extract_with(
    file: FileId,
    text: Arc<str>,
    crate_consts: Arc<scan::Consts>,
) -> Result<FileFacts, Unreadable> {
    let worker = std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || parse(file, &text, &crate_consts, Depth::Bodies));
    match worker.map(|h| h.join()) {
        Ok(Ok(r)) => r,
        _ => Err(failed(file)),
    }
}

fn failed(file: FileId) -> Unreadable {
    Unreadable {
        span: Span::new(file, 0, 0),
        message: "the Rust parser failed on this file".into(),
    }
}

/// Parse and read one file; `crate_consts` are numeric constants of the whole tree (see
/// [`crate_consts`]), shadowed by the file's own; `depth` says whether function bodies are
/// read. Call on a thread with a [`STACK`]-sized
/// stack: nesting up to `parse::MAX_DEPTH` recurses deeply. The syntax tree is dropped and the
/// thread's proc-macro2 source map reset before returning, so memory follows the largest
/// file, not the tree.
pub fn parse(
    file: FileId,
    text: &str,
    crate_consts: &scan::Consts,
    depth: Depth,
) -> Result<FileFacts, Unreadable> {
    let out = std::panic::catch_unwind(|| extract_here(file, text, crate_consts, depth))
        .unwrap_or_else(|_| Err(failed(file)));
    proc_macro2::extra::invalidate_current_thread_spans();
    out
}

/// Numeric constants of every file (`pub const MAX_QUANTITY: u8 = 5;`), read from the text
/// without parsing, so a check in one file can use a limit defined in another. A name
/// defined with different values in different places is left out.
pub fn crate_consts<'a>(texts: impl Iterator<Item = &'a str>) -> scan::Consts {
    let scans: Vec<_> = texts.map(scan::scan).collect();
    scan::merge_consts(scans.iter())
}

fn extract_here(
    file: FileId,
    text: &str,
    crate_consts: &scan::Consts,
    depth: Depth,
) -> Result<FileFacts, Unreadable> {
    // The one guarded parser of the crate: it refuses nesting syn would overflow on.
    let offsets = parse::Offsets::new(text);
    let parsed = parse::parse_with(text, &offsets).map_err(|e| Unreadable {
        span: Span::new(file, e.offset, e.offset),
        message: e.message,
    })?;
    let imports = imports::Imports::of(&parsed.items, &offsets);
    let mut ctx = Ctx {
        file,
        builds_tools: scan::may_build_tools(text),
        names_mcp_tool: memchr::memmem::find(text.as_bytes(), b"McpTool").is_some(),
        bodies: depth == Depth::Bodies,
        consts: HashMap::new(),
        str_consts: HashMap::new(),
        str_lists: HashMap::new(),
        impl_strs: HashMap::new(),
        record_lists: HashMap::new(),
        crate_consts,
        literal_fns: HashMap::new(),
        default_impls: HashMap::new(),
        offsets,
        imports,
        macro_args: Default::default(),
    };
    collect_consts(&parsed.items, &mut ctx);
    let mut out = FileFacts {
        routes: routes::collect(file, &parsed, &ctx.offsets, scan::may_declare_routes(text)),
        ..FileFacts::default()
    };
    items(&ctx, &parsed.items, &mut out);
    if ctx.builds_tools {
        tool_values::collect(&ctx, &parsed.items, &mut out);
    }
    Ok(out)
}

fn collect_consts(items: &[syn::Item], ctx: &mut Ctx) {
    for_each_item(items, &mut |item| match item {
        syn::Item::Const(c) => {
            if let Some(v) = attrs::number(&c.expr) {
                ctx.consts.insert(c.ident.to_string(), v);
            }
            if let Some(s) = attrs::lit_str(&c.expr) {
                ctx.str_consts.insert(c.ident.to_string(), s);
            }
            if let Some(l) = str_list(&c.expr) {
                ctx.str_lists.insert(c.ident.to_string(), l);
            }
            records(ctx, &c.ident, &c.expr);
        }
        syn::Item::Static(s) => records(ctx, &s.ident, &s.expr),
        syn::Item::Fn(f) if f.sig.inputs.is_empty() => {
            if let Some(v) = literal_body(&f.block) {
                ctx.literal_fns.insert(f.sig.ident.to_string(), v);
            }
        }
        syn::Item::Impl(i) => {
            let owner = known::type_name(&i.self_ty);
            for it in &i.items {
                let syn::ImplItem::Const(c) = it else {
                    continue;
                };
                if let Some(v) = attrs::number(&c.expr) {
                    ctx.consts.insert(c.ident.to_string(), v);
                }
                if let (Some(owner), Some(s)) = (&owner, attrs::lit_str(&c.expr)) {
                    ctx.impl_strs
                        .entry((owner.clone(), c.ident.to_string()))
                        .and_modify(|seen| {
                            if seen.as_ref() != Some(&s) {
                                *seen = None;
                            }
                        })
                        .or_insert_with(|| Some(s.clone()));
                }
            }
            if let Some((name, literals)) = default_impl(i) {
                ctx.default_impls.insert(name, literals);
            }
        }
        _ => {}
    });
}

fn records(ctx: &mut Ctx, ident: &syn::Ident, expr: &syn::Expr) {
    let name = ident.to_string();
    let span = ctx.span(syn::spanned::Spanned::span(expr));
    if let Some(l) = records::record_list(&name, expr, span) {
        ctx.record_lists.insert(name, l);
    }
}

/// `&["a", "b"]` or `["a", "b"]`: every element a string literal.
fn str_list(e: &syn::Expr) -> Option<Vec<String>> {
    match e {
        syn::Expr::Reference(r) => str_list(&r.expr),
        syn::Expr::Array(a) => a.elems.iter().map(attrs::lit_str).collect(),
        _ => None,
    }
}

/// The value of a body that is a single literal.
fn literal_body(block: &syn::Block) -> Option<Value> {
    let [syn::Stmt::Expr(e, None)] = block.stmts.as_slice() else {
        return None;
    };
    literal(e)
}

/// `impl Default for T { fn default() -> Self { Self { a: 1, b: true, .. } } }`: the type and
/// the fields its value sets to literals (others are left out: not known here).
fn default_impl(i: &syn::ItemImpl) -> Option<(String, HashMap<String, Value>)> {
    let (tr, _) = i.trait_.as_ref()?;
    if tr.segments.last()?.ident != "Default" {
        return None;
    }
    let syn::Type::Path(self_ty) = &*i.self_ty else {
        return None;
    };
    let name = self_ty.path.segments.last()?.ident.to_string();
    let body = i.items.iter().find_map(|it| match it {
        syn::ImplItem::Fn(f) if f.sig.ident == "default" => Some(&f.block),
        _ => None,
    })?;
    let mut literals = HashMap::new();
    if let Some(syn::Stmt::Expr(syn::Expr::Struct(s), None)) = body.stmts.last() {
        for f in &s.fields {
            if let syn::Member::Named(id) = &f.member
                && let Some(v) = literal(&f.expr)
            {
                literals.insert(syntax::field_name(id), v);
            }
        }
    }
    Some((name, literals))
}

/// A literal number, boolean or string (`"x".into()`, `"x".to_string()` too).
fn literal(e: &syn::Expr) -> Option<Value> {
    if let Some(v) = attrs::number(e) {
        return Some(if v.fract() == 0.0 {
            Value::from(v as i64)
        } else {
            Value::from(v)
        });
    }
    match e {
        syn::Expr::Lit(l) => match &l.lit {
            syn::Lit::Bool(b) => Some(Value::Bool(b.value)),
            syn::Lit::Str(s) => Some(Value::String(s.value())),
            _ => None,
        },
        syn::Expr::MethodCall(m) if m.method == "into" || m.method == "to_string" => {
            attrs::lit_str(&m.receiver).map(Value::String)
        }
        _ => None,
    }
}

fn items(ctx: &Ctx, items: &[syn::Item], out: &mut FileFacts) {
    for_each_item(items, &mut |item| match item {
        syn::Item::Struct(s) => {
            // A struct deriving turul's `McpTool` is read by that derive's rules, not serde's.
            if let Some(t) = derived_tools::input(ctx, s).or_else(|| types::item_struct(ctx, s)) {
                out.types.push(t);
            }
            if let Some(f) = types::struct_fields(ctx, s) {
                out.structs.push(f);
            }
            if let Some(t) = tools::mcp_tool(ctx, s) {
                out.tools.push(t);
            }
            if let Some(t) = derived_tools::mcp_tool(ctx, s) {
                out.tools.push(t);
            }
        }
        syn::Item::Enum(e) => {
            if let Some(t) = types::item_enum(ctx, e) {
                out.types.push(t);
            }
        }
        syn::Item::Fn(f) => {
            out.fns
                .push(checks::fn_facts(ctx, &f.sig, &f.block, None, None));
            if let Some((tool, ty)) = derived_tools::mcp_tool_fn(ctx, f) {
                out.tools.push(tool);
                out.types.push(ty);
            }
        }
        syn::Item::Impl(i) => {
            let self_ty = match i.self_ty.as_ref() {
                syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
                _ => None,
            };
            if ctx.builds_tools
                && let Some(t) = tools::trait_impl(ctx, i)
            {
                out.tools.push(t);
            }
            let impl_trait = i
                .trait_
                .as_ref()
                .and_then(|(path, _)| path.segments.last())
                .map(|s| s.ident.to_string());
            if let (Some("ServerHandler"), Some(ty)) = (impl_trait.as_deref(), &self_ty) {
                out.servers.push(protocol::server_protocol(ctx, i, ty));
            }
            let first = out.fns.len();
            for it in &i.items {
                if let syn::ImplItem::Fn(f) = it {
                    out.fns.push(checks::fn_facts(
                        ctx,
                        &f.sig,
                        &f.block,
                        self_ty.as_deref(),
                        impl_trait.as_deref(),
                    ));
                    if let Some(t) = tools::rmcp_method(ctx, f, self_ty.as_deref()) {
                        out.tools.push(t);
                    }
                }
            }
            let slots: Vec<String> = i
                .items
                .iter()
                .filter_map(|it| match it {
                    syn::ImplItem::Fn(f) => behaviour::stored_first_field(&f.block),
                    _ => None,
                })
                .collect();
            if !slots.is_empty() {
                for f in &mut out.fns[first..] {
                    if let Some(body) = f.body.as_mut() {
                        behaviour::mark_memo_slots(&mut body.behaviour, &slots);
                    }
                }
            }
        }
        _ => {}
    });
    // A tool declared in a `#[cfg(test)]` module is a fixture of the crate's tests, never
    // served (its types and functions stay facts: test code may call them).
    let mut tests = Vec::new();
    for_each_item(items, &mut |item| {
        if let syn::Item::Mod(m) = item
            && tool_values::is_test(&m.attrs)
        {
            tests.push(ctx.span(syn::spanned::Spanned::span(m)));
        }
    });
    out.tools.retain(|t| {
        let at = t.name.span;
        !tests
            .iter()
            .any(|m| m.start() <= at.start() && at.end() <= m.end())
    });
}

#[cfg(test)]
mod tests {
    use super::may_hold_facts;

    fn holds(tokens: &str) -> bool {
        may_hold_facts(&tokens.parse().unwrap())
    }

    #[test]
    fn macro_arguments_that_cannot_hold_a_fact_are_not_parsed() {
        for quiet in [
            r#""{} items", a.b"#,
            "a, b, c[0]",
            "[x, y.z], -1, &w",
            r#"f, "{}: {}", self.0, name"#,
        ] {
            assert!(!holds(quiet), "{quiet}");
        }
        for busy in [
            r#""{}", x.unwrap_or(1)"#,
            "compute(q)",
            "a < 5",
            "[a == b]",
            "x as u8",
            "n += 1",
            "inner!(q)",
            "{ let a = 1; a }",
            "[[f(x)]]",
        ] {
            assert!(holds(busy), "{busy}");
        }
    }
}
