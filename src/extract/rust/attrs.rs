//! Attributes as data: serde, validator, garde, schemars and rust-mcp-sdk `json_schema`
//! arguments, and doc comments. Unknown or malformed arguments are skipped, never fatal.

use super::Ctx;
use crate::contract::{AttrBounds, AttrCrate, Bound, SchemaWith};
use crate::source::Spanned;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned as _;
use syn::{Attribute, Expr, Lit, Meta, Token};

/// The comma-separated items of `#[name(..)]`, or of a nested list.
pub fn items(tokens: &proc_macro2::TokenStream) -> Vec<Meta> {
    syn::parse::Parser::parse2(
        Punctuated::<Meta, Token![,]>::parse_terminated,
        tokens.clone(),
    )
    .map(|p| p.into_iter().collect())
    .unwrap_or_default()
}

/// The items of `name(..)` (an attribute's meta or a nested one); none for a bare path or
/// `name = value`.
pub fn list_items(m: &Meta) -> Vec<Meta> {
    match m {
        Meta::List(l) => items(&l.tokens),
        _ => Vec::new(),
    }
}

/// Items of every `#[name(..)]` attribute among `attrs`.
pub fn named<'a>(attrs: &'a [Attribute], name: &'a str) -> impl Iterator<Item = Meta> + 'a {
    attrs
        .iter()
        .filter(move |a| a.path().is_ident(name))
        .flat_map(|a| list_items(&a.meta))
}

pub fn key(m: &Meta) -> String {
    m.path()
        .segments
        .last()
        .map(|s| s.ident.to_string())
        .unwrap_or_default()
}

/// The string of `key = "value"`.
/// The regex a pattern attribute writes as a literal: `regex = ".."`, `pattern(r"..")`,
/// `regex(pattern = "..")`; not one it names by path (`regex(path = *RE)`).
fn regex_literal(m: &Meta) -> Option<String> {
    match m {
        Meta::NameValue(nv) => lit_str(&nv.value),
        Meta::List(l) => syn::parse2::<syn::LitStr>(l.tokens.clone())
            .ok()
            .map(|s| s.value())
            .or_else(|| {
                items(&l.tokens)
                    .iter()
                    .find(|i| i.path().is_ident("pattern"))
                    .and_then(str_value)
            }),
        Meta::Path(_) => None,
    }
}

pub fn str_value(m: &Meta) -> Option<String> {
    match m {
        Meta::NameValue(nv) => lit_str(&nv.value),
        _ => None,
    }
}

pub fn lit_str(e: &Expr) -> Option<String> {
    match e {
        Expr::Lit(l) => match &l.lit {
            Lit::Str(s) => Some(s.value()),
            _ => None,
        },
        Expr::Group(g) => lit_str(&g.expr),
        Expr::Paren(p) => lit_str(&p.expr),
        Expr::Macro(m) if m.mac.path.is_ident("concat") => {
            let parts = items_expr(&m.mac.tokens);
            let mut out = String::new();
            for p in parts {
                out.push_str(&lit_str(&p)?);
            }
            Some(out)
        }
        _ => None,
    }
}

fn items_expr(tokens: &proc_macro2::TokenStream) -> Vec<Expr> {
    syn::parse::Parser::parse2(
        Punctuated::<Expr, Token![,]>::parse_terminated,
        tokens.clone(),
    )
    .map(|p| p.into_iter().collect())
    .unwrap_or_default()
}

/// A numeric literal, possibly negated: `5`, `-1`, `1.5`, `5u8`, `"5"` (old validator style).
pub fn number(e: &Expr) -> Option<f64> {
    match e {
        Expr::Lit(l) => match &l.lit {
            Lit::Int(i) => i.base10_digits().parse().ok(),
            Lit::Float(f) => f.base10_digits().parse().ok(),
            Lit::Str(s) => s.value().trim().parse().ok(),
            _ => None,
        },
        Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => number(&u.expr).map(|v| -v),
        Expr::Group(g) => number(&g.expr),
        Expr::Paren(p) => number(&p.expr),
        _ => None,
    }
}

pub fn bool_value(m: &Meta) -> Option<bool> {
    match m {
        Meta::Path(_) => Some(true),
        Meta::NameValue(nv) => match &nv.value {
            Expr::Lit(l) => match &l.lit {
                Lit::Bool(b) => Some(b.value),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

/// The text `include_str!("prompts/book.md")` includes, when the engine read the file (inside
/// the package).
pub fn included<'c>(ctx: &'c Ctx, e: &syn::Expr) -> Option<&'c str> {
    let syn::Expr::Macro(m) = e else { return None };
    if !m.mac.path.is_ident("include_str") {
        return None;
    }
    let path: syn::LitStr = m.mac.parse_body().ok()?;
    ctx.crate_consts.included(ctx.file, &path.value())
}

/// The doc comment: lines trimmed of one leading space, joined with `\n` (schemars' way).
pub fn doc(ctx: &Ctx, attrs: &[Attribute]) -> Option<Spanned<String>> {
    let mut lines = Vec::new();
    let mut span: Option<crate::source::Span> = None;
    for a in attrs.iter().filter(|a| a.path().is_ident("doc")) {
        let Meta::NameValue(nv) = &a.meta else {
            continue;
        };
        // `#[doc = include_str!("tools/search.md")]` is the file's text.
        let Some(s) = lit_str(&nv.value).or_else(|| included(ctx, &nv.value).map(str::to_string))
        else {
            continue;
        };
        lines.push(s.strip_prefix(' ').unwrap_or(&s).trim_end().to_string());
        let here = ctx.span(a.span());
        span = Some(match span {
            Some(prev) => crate::source::Span::new(prev.file, prev.start(), here.end()),
            None => here,
        });
    }
    let text = lines.join("\n").trim().to_string();
    span.filter(|_| !text.is_empty())
        .map(|span| Spanned::new(text, span))
}

/// Range, length, pattern, required and description from validator, garde, schemars and
/// rust-mcp-sdk `json_schema` attributes on one field.
pub fn bounds(ctx: &Ctx, attrs: &[Attribute]) -> AttrBounds {
    let mut out = AttrBounds::default();
    for (name, krate) in [
        ("validate", AttrCrate::Validator),
        ("garde", AttrCrate::Garde),
        ("schemars", AttrCrate::Schemars),
        ("json_schema", AttrCrate::JsonSchema),
    ] {
        for m in named(attrs, name) {
            match (key(&m).as_str(), &m) {
                ("range", Meta::List(l)) => {
                    for i in items(&l.tokens) {
                        let Meta::NameValue(nv) = &i else { continue };
                        let Some(v) = number(&nv.value) else { continue };
                        let b = |exclusive| Bound {
                            value: v,
                            exclusive,
                            span: ctx.span(i.span()),
                        };
                        match key(&i).as_str() {
                            "min" => out.minimum = Some((b(false), krate)),
                            "max" => out.maximum = Some((b(false), krate)),
                            "exclusive_min" => out.minimum = Some((b(true), krate)),
                            "exclusive_max" => out.maximum = Some((b(true), krate)),
                            _ => {}
                        }
                    }
                }
                ("length", Meta::List(l)) => {
                    for i in items(&l.tokens) {
                        let Meta::NameValue(nv) = &i else { continue };
                        let Some(v) = number(&nv.value) else { continue };
                        let b = Bound {
                            value: v,
                            exclusive: false,
                            span: ctx.span(i.span()),
                        };
                        match key(&i).as_str() {
                            "min" => out.min_length = Some((b, krate)),
                            "max" => out.max_length = Some((b, krate)),
                            "equal" => {
                                out.min_length = Some((b.clone(), krate));
                                out.max_length = Some((b, krate));
                            }
                            _ => {}
                        }
                    }
                }
                // rust-mcp-sdk: `minimum = 1, max_length = 40` directly.
                (
                    k @ ("minimum" | "maximum" | "min_length" | "max_length"),
                    Meta::NameValue(nv),
                ) => {
                    if let Some(v) = number(&nv.value) {
                        let b = Some((
                            Bound {
                                value: v,
                                exclusive: false,
                                span: ctx.span(m.span()),
                            },
                            krate,
                        ));
                        match k {
                            "minimum" => out.minimum = b,
                            "maximum" => out.maximum = b,
                            "min_length" => out.min_length = b,
                            _ => out.max_length = b,
                        }
                    }
                }
                ("required", Meta::Path(_)) => out.required = Some(ctx.span(m.span())),
                // `with = "T"` publishes `T`'s schema, as `schema_with` a function's.
                (key @ ("schema_with" | "with"), _) if krate == AttrCrate::Schemars => {
                    // The type it names is read with the field (`types`).
                    if let Some(path) = str_value(&m) {
                        out.schema_with = Some(SchemaWith {
                            key: if key == "with" { "with" } else { "schema_with" },
                            path: Spanned::new(path, ctx.span(m.span())),
                            ty: None,
                        });
                    }
                }
                ("default", Meta::NameValue(nv)) if krate == AttrCrate::JsonSchema => {
                    if let Some(s) = lit_str(&nv.value) {
                        let v = serde_json::Value::String(s);
                        out.schema_default = Some(Spanned::new(v, ctx.span(m.span())));
                    }
                }
                ("description", _) => {
                    if let Some(s) = str_value(&m) {
                        out.description = Some(Spanned::new(s, ctx.span(m.span())));
                    }
                }
                ("regex" | "pattern", _) => {
                    let text = match &m {
                        Meta::List(l) => l.tokens.to_string(),
                        Meta::NameValue(nv) => {
                            lit_str(&nv.value).unwrap_or_else(|| quote::quote!(#nv).to_string())
                        }
                        Meta::Path(_) => String::new(),
                    };
                    out.pattern = Some(Spanned::new(text, ctx.span(m.span())));
                    out.pattern_lengths =
                        regex_literal(&m).and_then(|r| crate::extract::pattern::lengths(&r));
                }
                _ => {}
            }
        }
    }
    out
}

/// Convert a Rust identifier per serde's `rename_all` rule.
pub fn rename(rule: &str, name: &str) -> String {
    let words: Vec<String> = name
        .split('_')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let cap = |w: &String| {
        let mut c = w.chars();
        c.next()
            .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
            .unwrap_or_default()
    };
    match rule {
        "lowercase" => name.to_lowercase(),
        "UPPERCASE" => name.to_uppercase(),
        "camelCase" => words
            .iter()
            .enumerate()
            .map(|(i, w)| if i == 0 { w.clone() } else { cap(w) })
            .collect(),
        "PascalCase" => words.iter().map(cap).collect(),
        "snake_case" => words.join("_"),
        "SCREAMING_SNAKE_CASE" => words.join("_").to_uppercase(),
        "kebab-case" => words.join("-"),
        "SCREAMING-KEBAB-CASE" => words.join("-").to_uppercase(),
        _ => name.to_string(),
    }
}

/// Variant names are PascalCase; serde renames them from that.
pub fn rename_variant(rule: &str, name: &str) -> String {
    let mut snake = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            snake.push('_');
        }
        snake.extend(c.to_lowercase());
    }
    match rule {
        "lowercase" => name.to_lowercase(),
        "UPPERCASE" => name.to_uppercase(),
        "PascalCase" => name.to_string(),
        _ => rename(rule, &snake),
    }
}
