//! `serde_json::json!` tokens → the span-preserving JSON tree ([`JsonNode`]), as the page
//! extractor lowers JavaScript objects: a schema or a whole tool written in Rust is then
//! read like a JSON file, and diagnostics point inside the `.rs` file. Literals, constants
//! of the file and `concat!` of literals are known; any other expression only exists when
//! the server runs and is reported ([`NotStatic`]), never guessed.

use super::Ctx;
use crate::contract::{NotStatic, PagePart};
use crate::extract::json_tree::{JsonKind, JsonMember, JsonNode, MAX_DEPTH};
use crate::source::Span;
use proc_macro2::{Delimiter, TokenStream, TokenTree};
use syn::spanned::Spanned as _;

/// A value not known statically, with where it sits in the tree (`inputSchema.properties.x`).
#[derive(Debug)]
pub struct Unknown {
    pub what: String,
    pub reason: String,
    pub span: Span,
}

impl Unknown {
    pub fn not_static(self, tool: Option<&str>, part: PagePart) -> NotStatic {
        NotStatic {
            tool: tool.map(str::to_string),
            part,
            what: format!("`{}`", self.what),
            reason: self.reason,
            span: self.span,
        }
    }
}

/// The value of an interpolated expression a caller knows (a local it built step by step,
/// see `json_build`): `None` when it does not, else the value or why it is not known.
pub type Resolve<'r> = &'r dyn Fn(&syn::Expr) -> Option<Result<JsonNode, String>>;

/// Lower the arguments of a `json!(..)` invocation; `path` names the value in messages, and
/// `resolve` gives the values of interpolated locals
/// (`json!({"type": "object", "properties": props})`).
pub fn lower(
    ctx: &Ctx,
    mac: &syn::Macro,
    path: &str,
    resolve: Option<Resolve>,
) -> Result<JsonNode, Unknown> {
    let tokens: Vec<TokenTree> = mac.tokens.clone().into_iter().collect();
    let mut l = Lowering {
        ctx,
        resolve,
        sink: None,
    };
    l.value(&tokens, path, 0, ctx.span(mac.span()))
}

/// [`lower`], with each value only known at run time left `null` in the tree and returned
/// beside it: a `tools/list` answer whose `"id": id` is the request's still lists its tools,
/// and the caller says which tools an unknown part belongs to.
pub fn lower_lenient(ctx: &Ctx, mac: &syn::Macro) -> Result<(JsonNode, Vec<Unknown>), Unknown> {
    let tokens: Vec<TokenTree> = mac.tokens.clone().into_iter().collect();
    let mut l = Lowering {
        ctx,
        resolve: None,
        sink: Some(Vec::new()),
    };
    let node = l.value(&tokens, "", 0, ctx.span(mac.span()))?;
    Ok((node, l.sink.unwrap_or_default()))
}

/// Whether a macro is `json!` (bare or `serde_json::json!`).
pub fn is_json(mac: &syn::Macro) -> bool {
    mac.path.segments.last().is_some_and(|s| s.ident == "json")
}

fn span_of(ctx: &Ctx, tokens: &[TokenTree], fallback: Span) -> Span {
    match (tokens.first(), tokens.last()) {
        (Some(a), Some(b)) => {
            let (a, b) = (ctx.span(a.span()), ctx.span(b.span()));
            Span::new(a.file, a.start(), b.end().max(a.start()))
        }
        _ => fallback,
    }
}

/// Split at top-level commas (groups are single tokens, so every comma seen is top-level).
fn split_commas(tokens: &[TokenTree]) -> Vec<&[TokenTree]> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, t) in tokens.iter().enumerate() {
        if matches!(t, TokenTree::Punct(p) if p.as_char() == ',') {
            out.push(&tokens[start..i]);
            start = i + 1;
        }
    }
    if start < tokens.len() {
        out.push(&tokens[start..]);
    }
    out
}

/// One lowering: the locals an interpolated expression may name, and where values known
/// only at run time go when they are tolerated ([`lower_lenient`]).
struct Lowering<'c, 'r> {
    ctx: &'c Ctx<'c>,
    resolve: Option<Resolve<'r>>,
    sink: Option<Vec<Unknown>>,
}

impl Lowering<'_, '_> {
    fn value(
        &mut self,
        tokens: &[TokenTree],
        path: &str,
        depth: usize,
        fallback: Span,
    ) -> Result<JsonNode, Unknown> {
        let ctx = self.ctx;
        let span = span_of(ctx, tokens, fallback);
        let unknown = |reason: String| Unknown {
            what: path.to_string(),
            reason,
            span,
        };
        if depth > MAX_DEPTH {
            return Err(unknown("nested too deeply to read".into()));
        }
        let node = |kind| Ok(JsonNode { span, kind });
        match tokens {
            [] => Err(unknown("no value is written".into())),
            [TokenTree::Ident(i)] if i == "null" => node(JsonKind::Null),
            [TokenTree::Ident(i)] if i == "true" => node(JsonKind::Bool(true)),
            [TokenTree::Ident(i)] if i == "false" => node(JsonKind::Bool(false)),
            [TokenTree::Group(g)] if g.delimiter() == Delimiter::Bracket => {
                let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                let mut items = Vec::new();
                for (i, item) in split_commas(&inner).into_iter().enumerate() {
                    let at = format!("{path}[{i}]");
                    items.push(self.value(item, &at, depth + 1, span)?);
                }
                node(JsonKind::Array(items))
            }
            [TokenTree::Group(g)] if g.delimiter() == Delimiter::Brace => {
                let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                let mut members = Vec::new();
                for entry in split_commas(&inner) {
                    members.push(self.member(entry, path, depth, span)?);
                }
                node(JsonKind::Object(members))
            }
            [TokenTree::Group(g)] if g.delimiter() == Delimiter::None => {
                let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                self.value(&inner, path, depth, span)
            }
            _ => match (self.expression(tokens, span), &mut self.sink) {
                (Ok(n), _) => Ok(n),
                (Err(reason), Some(sink)) => {
                    sink.push(unknown(reason));
                    node(JsonKind::Null)
                }
                (Err(reason), None) => Err(unknown(reason)),
            },
        }
    }

    fn member(
        &mut self,
        entry: &[TokenTree],
        path: &str,
        depth: usize,
        fallback: Span,
    ) -> Result<JsonMember, Unknown> {
        let ctx = self.ctx;
        let colon = entry
            .iter()
            .position(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ':'));
        let span = span_of(ctx, entry, fallback);
        let Some(colon) = colon else {
            return Err(Unknown {
                what: path.to_string(),
                reason: "an entry without `key: value`".into(),
                span,
            });
        };
        let key_tokens = &entry[..colon];
        let key_span = span_of(ctx, key_tokens, span);
        let key = match key_tokens {
            [TokenTree::Literal(l)] => string_literal(l),
            [TokenTree::Ident(i)] => ctx.str_constant(&i.to_string()).map(str::to_string),
            _ => None,
        };
        let Some(key) = key else {
            return Err(Unknown {
                what: path.to_string(),
                reason: format!(
                    "the key `{}` is computed when the server runs",
                    tokens_text(key_tokens)
                ),
                span: key_span,
            });
        };
        let child = if path.is_empty() {
            key.clone()
        } else {
            format!("{path}.{key}")
        };
        let value = self.value(&entry[colon + 1..], &child, depth + 1, span)?;
        Ok(JsonMember {
            key,
            key_span,
            value,
        })
    }

    /// Any other value: a Rust expression, known when it is a literal, a constant of the file,
    /// `concat!` of literals or a conversion of one of those (`"x".to_string()`).
    fn expression(&self, tokens: &[TokenTree], span: Span) -> Result<JsonNode, String> {
        let ctx = self.ctx;
        let stream: TokenStream = tokens.iter().cloned().collect();
        let text = stream.to_string();
        let Ok(e) = syn::parse2::<syn::Expr>(stream) else {
            return Err(format!("`{text}` is not a JSON value"));
        };
        let kind = match literal(ctx, &e) {
            Some(k) => k,
            // A local the function built step by step, read where the macro is.
            None => match self.resolve.and_then(|r| r(&e)) {
                Some(v) => {
                    return v.map(|mut n| {
                        n.span = span;
                        n
                    });
                }
                None => return Err(format!("`{text}` is computed when the server runs")),
            },
        };
        Ok(JsonNode { span, kind })
    }
}

fn string_literal(l: &proc_macro2::Literal) -> Option<String> {
    match syn::Lit::new(l.clone()) {
        syn::Lit::Str(s) => Some(s.value()),
        _ => None,
    }
}

fn tokens_text(tokens: &[TokenTree]) -> String {
    tokens.iter().cloned().collect::<TokenStream>().to_string()
}

/// The JSON value of a Rust expression known without running it.
pub fn literal(ctx: &Ctx, e: &syn::Expr) -> Option<JsonKind> {
    use syn::{Expr, Lit};
    match e {
        Expr::Lit(l) => match &l.lit {
            Lit::Str(s) => Some(JsonKind::String(s.value())),
            Lit::Int(i) => Some(JsonKind::Number(i.base10_digits().to_string())),
            Lit::Float(f) => Some(JsonKind::Number(f.base10_digits().to_string())),
            Lit::Bool(b) => Some(JsonKind::Bool(b.value)),
            _ => None,
        },
        Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => match literal(ctx, &u.expr)? {
            JsonKind::Number(n) if !n.starts_with('-') => Some(JsonKind::Number(format!("-{n}"))),
            _ => None,
        },
        Expr::Path(p) if p.qself.is_none() => {
            let name = p.path.segments.last()?.ident.to_string();
            if let Some(s) = ctx.str_constant(&name) {
                return Some(JsonKind::String(s.to_string()));
            }
            ctx.constant(&name).map(|v| {
                JsonKind::Number(if v.fract() == 0.0 && v.abs() < 1e15 {
                    format!("{}", v as i64)
                } else {
                    v.to_string()
                })
            })
        }
        Expr::Group(g) => literal(ctx, &g.expr),
        Expr::Paren(p) => literal(ctx, &p.expr),
        Expr::Reference(r) => literal(ctx, &r.expr),
        _ => super::known::static_str(ctx, e).map(|s| JsonKind::String(s.value)),
    }
}
