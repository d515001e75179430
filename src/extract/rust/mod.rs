//! Rust sources → facts, with syn (no compilation, no macro expansion): input types as
//! serde reads them, SDK tool declarations, and what each function checks and adjusts.
//!
//! Every span is converted to byte offsets while the file's proc-macro2 source map is
//! alive; the map is then dropped (it otherwise grows with every file parsed on a thread).

mod attrs;
mod checks;
pub mod effective;
mod effects;
mod tools;
pub mod types;

pub use tools::RustTool;

use super::Unreadable;
use crate::contract::{FnFacts, RustType};
use crate::source::{FileId, Span};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Arc;

/// What one file declares.
#[derive(Debug, Default)]
pub struct FileFacts {
    pub types: Vec<RustType>,
    pub fns: Vec<FnFacts>,
    pub tools: Vec<RustTool>,
    /// HTTP routes and request handlers, for following page tools to the server.
    pub routes: super::rust_routes::RouteFacts,
}

/// Per-file context: the file id and the constants the file defines.
pub struct Ctx<'c> {
    file: FileId,
    /// `const NAME: T = <number>;` of this file.
    consts: HashMap<String, f64>,
    /// The same, read from every file of the tree.
    crate_consts: &'c HashMap<String, f64>,
    /// Argument-less fns whose body is a literal (`fn one() -> u8 { 1 }`), for `default = "one"`.
    literal_fns: HashMap<String, Value>,
}

impl Ctx<'_> {
    /// A numeric constant by name: the file's own, else the tree's.
    pub fn constant(&self, name: &str) -> Option<f64> {
        self.consts
            .get(name)
            .or_else(|| self.crate_consts.get(name))
            .copied()
    }

    pub fn span(&self, s: proc_macro2::Span) -> Span {
        let r = s.byte_range();
        Span::new(self.file, r.start, r.end)
    }
}

/// Files without these words declare nothing we read; they are not parsed.
pub fn worth_parsing(text: &str) -> bool {
    ["Deserialize", "JsonSchema", "fn "]
        .iter()
        .any(|w| memchr::memmem::find(text.as_bytes(), w.as_bytes()).is_some())
}

/// Stack for parsing: deeply nested expressions recurse deeply in syn and in the walkers.
const STACK: usize = 64 * 1024 * 1024;

/// Bracket nesting beyond this is not parsed: a stack overflow would abort the whole run
/// (measured in a debug build: 3,000 levels of parentheses parse within `STACK`, 5,000 do not).
const MAX_NESTING: usize = 2_000;

/// The deepest bracket nesting of the text, outside string literals and comments, and
/// where it first gets deeper than `MAX_NESTING`. Approximate (char literals and raw
/// strings are not skipped) but cheap, and only ever errs towards deeper.
fn too_deep(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    let (mut i, mut depth) = (0, 0usize);
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i += 1;
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(i);
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    None
}

/// Parse and read one file on a worker thread with a large stack, with no constants known
/// from other files.
pub fn extract(file: FileId, text: &str) -> Result<FileFacts, Unreadable> {
    extract_with(file, Arc::from(text), Arc::new(HashMap::new()))
}

/// Parse and read one file; `crate_consts` are numeric constants of the whole tree (see
/// [`crate_consts`]), shadowed by the file's own.
pub fn extract_with(
    file: FileId,
    text: Arc<str>,
    crate_consts: Arc<HashMap<String, f64>>,
) -> Result<FileFacts, Unreadable> {
    if !worth_parsing(&text) {
        return Ok(FileFacts::default());
    }
    if let Some(at) = too_deep(&text) {
        return Err(Unreadable {
            span: Span::new(file, at, at + 1),
            message: format!("brackets nested more than {MAX_NESTING} deep; not parsed"),
        });
    }
    let worker = std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || {
            let out = extract_here(file, &text, &crate_consts);
            proc_macro2::extra::invalidate_current_thread_spans();
            out
        });
    match worker.map(|h| h.join()) {
        Ok(Ok(r)) => r,
        _ => Err(Unreadable {
            span: Span::new(file, 0, 0),
            message: "the Rust parser failed on this file".into(),
        }),
    }
}

/// Numeric constants of every file (`pub const MAX_QUANTITY: u8 = 5;`), read from the text
/// without parsing, so a check in one file can use a limit defined in another. A name
/// defined with different values in different places is left out.
pub fn crate_consts<'a>(texts: impl Iterator<Item = &'a str>) -> HashMap<String, f64> {
    let mut out: HashMap<String, Option<f64>> = HashMap::new();
    for text in texts {
        for line in text.lines() {
            let Some((name, value)) = const_line(line) else {
                continue;
            };
            out.entry(name)
                .and_modify(|v| {
                    if *v != Some(value) {
                        *v = None;
                    }
                })
                .or_insert(Some(value));
        }
    }
    out.into_iter()
        .filter_map(|(k, v)| v.map(|v| (k, v)))
        .collect()
}

/// `[pub[(..)]] const NAME: TYPE = NUMBER;` on one line.
fn const_line(line: &str) -> Option<(String, f64)> {
    let mut rest = line.trim_start();
    if let Some(r) = rest.strip_prefix("pub") {
        rest = r.trim_start();
        if rest.starts_with('(') {
            rest = rest[rest.find(')')? + 1..].trim_start();
        }
    }
    let rest = rest.strip_prefix("const ")?;
    let (name, rest) = rest.split_once(':')?;
    let (_, value) = rest.split_once('=')?;
    let value = value.trim().strip_suffix(';')?.replace('_', "");
    let number: String = value
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == '-')
        .collect();
    let rest = &value[number.len()..];
    // `5`, `5u8`, `1.5f64`; not `5 * 2` or `u8::MAX`.
    if number.is_empty() || !rest.chars().all(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    Some((name.trim().to_string(), number.parse().ok()?))
}

fn extract_here(
    file: FileId,
    text: &str,
    crate_consts: &HashMap<String, f64>,
) -> Result<FileFacts, Unreadable> {
    let parsed = syn::parse_file(text).map_err(|e| {
        let r = e.span().byte_range();
        Unreadable {
            span: Span::new(file, r.start, r.end.max(r.start)),
            message: format!("Rust syntax error: {e}"),
        }
    })?;
    let mut ctx = Ctx {
        file,
        consts: HashMap::new(),
        crate_consts,
        literal_fns: HashMap::new(),
    };
    collect_consts(&parsed.items, &mut ctx);
    let mut out = FileFacts {
        routes: super::rust_routes::collect(file, &parsed),
        ..FileFacts::default()
    };
    items(&ctx, &parsed.items, &mut out);
    Ok(out)
}

fn collect_consts(items: &[syn::Item], ctx: &mut Ctx) {
    for item in items {
        match item {
            syn::Item::Const(c) => {
                if let Some(v) = attrs::number(&c.expr) {
                    ctx.consts.insert(c.ident.to_string(), v);
                }
            }
            syn::Item::Fn(f) if f.sig.inputs.is_empty() => {
                if let Some(v) = literal_body(&f.block) {
                    ctx.literal_fns.insert(f.sig.ident.to_string(), v);
                }
            }
            syn::Item::Mod(m) => {
                if let Some((_, inner)) = &m.content {
                    collect_consts(inner, ctx);
                }
            }
            syn::Item::Impl(i) => {
                for it in &i.items {
                    if let syn::ImplItem::Const(c) = it
                        && let Some(v) = attrs::number(&c.expr)
                    {
                        ctx.consts.insert(c.ident.to_string(), v);
                    }
                }
            }
            _ => {}
        }
    }
}

/// The value of a body that is a single literal.
fn literal_body(block: &syn::Block) -> Option<Value> {
    let [syn::Stmt::Expr(e, None)] = block.stmts.as_slice() else {
        return None;
    };
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
    for item in items {
        match item {
            syn::Item::Struct(s) => {
                if let Some(t) = types::item_struct(ctx, s) {
                    out.types.push(t);
                }
                if let Some(t) = tools::mcp_tool(ctx, s) {
                    out.tools.push(t);
                }
            }
            syn::Item::Enum(e) => {
                if let Some(t) = types::item_enum(ctx, e) {
                    out.types.push(t);
                }
            }
            syn::Item::Fn(f) => out.fns.push(checks::fn_facts(ctx, &f.sig, &f.block, None)),
            syn::Item::Impl(i) => {
                let self_ty = match i.self_ty.as_ref() {
                    syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
                    _ => None,
                };
                for it in &i.items {
                    if let syn::ImplItem::Fn(f) = it {
                        out.fns
                            .push(checks::fn_facts(ctx, &f.sig, &f.block, self_ty.as_deref()));
                        if let Some(t) = tools::rmcp_method(ctx, f, self_ty.as_deref()) {
                            out.tools.push(t);
                        }
                    }
                }
            }
            syn::Item::Mod(m) => {
                if let Some((_, inner)) = &m.content {
                    self::items(ctx, inner, out);
                }
            }
            _ => {}
        }
    }
}
