//! Structs and enums deriving `Deserialize`/`JsonSchema`, as serde sees them on the wire.

use super::Ctx;
use super::attrs::{self, key, named, str_value};
use crate::contract::{
    AttrBounds, Composed, Conversion, FieldDefault, RustField, RustTy, RustType, StructFields,
};
use crate::source::Spanned;
use serde_json::{Value, json};
use std::collections::HashMap;
use syn::spanned::Spanned as _;
use syn::{Attribute, Fields, GenericArgument, Meta, PathArguments, Type};

/// Parts of a `deserialize_with`/`serde_as` helper's path that name one accepting numbers
/// written as strings.
const NUMERIC_STRINGS: &[&str] = &[
    "from_str",
    "number_from_string",
    "string_or",
    "DisplayFromStr",
    "PickFirst",
    "lenient",
];

/// The derives of an item, by last path segment.
fn derives(attrs: &[Attribute]) -> Vec<String> {
    named(attrs, "derive").map(|m| key(&m)).collect()
}

/// Map a written type to its JSON shape.
pub fn ty(t: &Type) -> RustTy {
    match t {
        Type::Reference(r) => ty(&r.elem),
        Type::Group(g) => ty(&g.elem),
        Type::Paren(p) => ty(&p.elem),
        Type::Path(p) => match p.path.segments.last() {
            Some(seg) => segment_ty(seg),
            None => RustTy::Unknown(String::new()),
        },
        Type::Slice(s) => RustTy::Vec(Box::new(ty(&s.elem))),
        Type::Array(a) => RustTy::Vec(Box::new(ty(&a.elem))),
        _ => RustTy::Unknown(quote::quote!(#t).to_string()),
    }
}

/// The type a path's last segment names (`u8`, `Vec<String>`), also where the segment
/// qualifies a call (`u8::try_from(v)`) rather than standing as a type.
pub fn segment_ty(seg: &syn::PathSegment) -> RustTy {
    let name = seg.ident.to_string();
    let arg = || match &seg.arguments {
        PathArguments::AngleBracketed(a) => a.args.iter().find_map(|g| match g {
            GenericArgument::Type(t) => Some(ty(t)),
            _ => None,
        }),
        _ => None,
    };
    let int = |signed, bits| RustTy::Integer {
        signed,
        bits,
        nonzero: false,
    };
    let nonzero = |bits| RustTy::Integer {
        signed: false,
        bits,
        nonzero: true,
    };
    match name.as_str() {
        "u8" => int(false, 8),
        "u16" => int(false, 16),
        "u32" => int(false, 32),
        "u64" | "usize" | "u128" => int(false, 64),
        "i8" => int(true, 8),
        "i16" => int(true, 16),
        "i32" => int(true, 32),
        "i64" | "isize" | "i128" => int(true, 64),
        "NonZeroU8" => nonzero(8),
        "NonZeroU16" => nonzero(16),
        "NonZeroU32" => nonzero(32),
        "NonZeroU64" | "NonZeroUsize" => nonzero(64),
        "f32" | "f64" => RustTy::Float,
        "String" | "str" | "Cow" | "char" => RustTy::String,
        "bool" => RustTy::Bool,
        "Vec" | "HashSet" | "BTreeSet" | "VecDeque" => {
            RustTy::Vec(Box::new(arg().unwrap_or(RustTy::Any)))
        }
        "Option" => RustTy::Option(Box::new(arg().unwrap_or(RustTy::Any))),
        "Box" | "Arc" | "Rc" => arg().unwrap_or(RustTy::Any),
        "HashMap" | "BTreeMap" | "Map" | "IndexMap" | "JsonObject" => RustTy::Map,
        "Value" => RustTy::Any,
        _ if seg.arguments.is_empty() => RustTy::Named(name),
        _ => RustTy::Unknown(name),
    }
}

/// The value `Default::default()` gives a type, when it is a primitive.
pub(super) fn default_of(t: &RustTy) -> Option<Value> {
    Some(match t {
        RustTy::Integer { .. } => json!(0),
        RustTy::Float => json!(0.0),
        RustTy::String => json!(""),
        RustTy::Bool => json!(false),
        RustTy::Vec(_) => json!([]),
        RustTy::Option(_) => Value::Null,
        _ => return None,
    })
}

/// Container-level serde settings.
struct Container<'a> {
    rename_all: Option<String>,
    default: Option<crate::source::Span>,
    /// What `Default::default()` of the container gives its fields, which a container
    /// `#[serde(default)]` fills in: each field's type default when derived, the literals of
    /// the file's hand-written `impl Default` otherwise (a field missing there is unknown).
    fills: Fills<'a>,
}

enum Fills<'a> {
    Derived,
    Written(Option<&'a HashMap<String, Value>>),
}

impl Container<'_> {
    fn fill(&self, field: &str, t: &RustTy) -> Option<Value> {
        match self.fills {
            Fills::Derived => default_of(t),
            Fills::Written(literals) => literals.and_then(|l| l.get(field)).cloned(),
        }
    }
}

/// The receiver types of a struct's named fields, when it has any.
pub fn struct_fields(ctx: &Ctx, s: &syn::ItemStruct) -> Option<StructFields> {
    let Fields::Named(named) = &s.fields else {
        return None;
    };
    let mut fields = Vec::new();
    let mut guarded = Vec::new();
    for f in &named.named {
        let Some(name) = f.ident.as_ref().map(|i| i.to_string()) else {
            continue;
        };
        if let Some(inner) = super::syntax::guarded(&f.ty, &s.generics) {
            guarded.push((name.clone(), inner));
        }
        if let Some(ty) = super::syntax::method_receiver(&f.ty, &s.generics) {
            fields.push((name, ty));
        }
    }
    (!fields.is_empty()).then(|| StructFields {
        name: s.ident.to_string(),
        span: ctx.span(s.ident.span()),
        fields,
        guarded,
    })
}

pub fn item_struct(ctx: &Ctx, s: &syn::ItemStruct) -> Option<RustType> {
    let d = derives(&s.attrs);
    let deserialize = d.iter().any(|x| x == "Deserialize");
    let json_schema = d.iter().any(|x| x == "JsonSchema");
    // `#[serde(transparent)]`: on the wire the struct is its one field, not an object, and
    // what schema it publishes is then often written by hand: not known here.
    if (!deserialize && !json_schema) || serde_flag(&s.attrs, "transparent") {
        return None;
    }
    let mut out = base(ctx, &s.ident, &s.attrs, deserialize, &d);
    let container = container(ctx, &s.ident, &d, &s.attrs, &mut out);
    out.writes_differ = writes_differ(&s.attrs, &s.fields);
    if let Fields::Named(named_fields) = &s.fields {
        for f in &named_fields.named {
            if let Some(field) = field(ctx, f, &container) {
                out.fields.push(field);
            }
        }
    }
    // Kept for the whole run: no spare capacity.
    out.fields.shrink_to_fit();
    Some(out)
}

pub fn item_enum(ctx: &Ctx, e: &syn::ItemEnum) -> Option<RustType> {
    let d = derives(&e.attrs);
    let deserialize = d.iter().any(|x| x == "Deserialize");
    let json_schema = d.iter().any(|x| x == "JsonSchema");
    if !deserialize && !json_schema {
        return None;
    }
    let mut out = base(ctx, &e.ident, &e.attrs, deserialize, &d);
    let container = container(ctx, &e.ident, &d, &e.attrs, &mut out);
    // The representation serde reads (schemars follows serde's attributes and its own).
    let says = |k: &str| {
        named(&e.attrs, "serde")
            .chain(named(&e.attrs, "schemars"))
            .any(|m| key(&m) == k)
    };
    let (untagged, tagged) = (says("untagged"), says("tag"));
    let units = e.variants.iter().all(|v| matches!(v.fields, Fields::Unit));
    // What schemars writes is its own where it is told to write something else.
    let written_by_schemars = json_schema
        && out.conversion.is_none()
        && !named(&e.attrs, "schemars").any(|m| matches!(key(&m).as_str(), "transparent" | "with"));
    if units && !untagged && !tagged {
        let values = e
            .variants
            .iter()
            .filter(|v| {
                !serde_flag(&v.attrs, "skip") && !serde_flag(&v.attrs, "skip_deserializing")
            })
            .map(|v| {
                let name = named(&v.attrs, "serde")
                    .find(|m| key(m) == "rename")
                    .and_then(|m| str_value(&m))
                    .unwrap_or_else(|| match &container.rename_all {
                        Some(rule) => attrs::rename_variant(rule, &v.ident.to_string()),
                        None => v.ident.to_string(),
                    });
                Spanned::new(name, ctx.span(v.ident.span()))
            })
            .collect();
        out.variants = Some(values);
        out.other_values = e.variants.iter().any(|v| {
            serde_flag(&v.attrs, "other") || named(&v.attrs, "serde").any(|m| key(&m) == "alias")
        });
        let documented = e.variants.iter().any(|v| {
            !serde_flag(&v.attrs, "skip") && attrs::doc(ctx, &v.attrs).is_some()
                || named(&v.attrs, "schemars")
                    .any(|m| matches!(key(&m).as_str(), "title" | "description"))
        });
        out.composed = (written_by_schemars && documented).then_some(Composed::DocumentedUnits);
    } else {
        // Variants with data, or a tag: objects (or the variants' own values), not the
        // fields of a struct nor a string.
        out.writes_differ = true;
        out.composed = written_by_schemars.then_some(match (untagged, tagged) {
            (true, _) => Composed::Untagged,
            (false, true) => Composed::Tagged,
            (false, false) => Composed::External,
        });
    }
    Some(out)
}

pub(super) fn base(
    ctx: &Ctx,
    ident: &syn::Ident,
    attrs: &[Attribute],
    deserialize: bool,
    derives: &[String],
) -> RustType {
    RustType {
        name: ident.to_string(),
        span: ctx.span(ident.span()),
        deserialize,
        validate_derive: derives.iter().any(|x| x == "Validate"),
        deny_unknown_fields: None,
        conversion: None,
        fields: Vec::new(),
        variants: None,
        other_values: false,
        doc: attrs::doc(ctx, attrs),
        writes_differ: false,
        composed: None,
        referenced: derives.iter().any(|x| x == "JsonSchema")
            && !named(attrs, "schemars")
                .any(|m| matches!(key(&m).as_str(), "inline" | "transparent" | "with")),
        params_of: None,
    }
}

/// Whether what serde writes for a struct may differ from its fields as [`field`] reads
/// them: a field skipped, renamed or flattened only when written, written through a
/// function, or a container attribute that reshapes the value. A tuple or unit struct is
/// not an object of named fields at all.
fn writes_differ(attrs: &[Attribute], fields: &Fields) -> bool {
    const CONTAINER: &[&str] = &[
        "tag",
        "untagged",
        "content",
        "into",
        "remote",
        "rename_all_fields",
    ];
    const FIELD: &[&str] = &[
        "skip_serializing",
        "skip_serializing_if",
        "skip_deserializing",
        "serialize_with",
        "with",
        "flatten",
        "getter",
    ];
    // `rename(serialize = ..)`, `rename_all(serialize = ..)`: the list form may say anything.
    let listed = |m: &Meta, k: &str| key(m) == k && matches!(m, Meta::List(_));
    let Fields::Named(named_fields) = fields else {
        return true;
    };
    named(attrs, "serde").any(|m| CONTAINER.contains(&key(&m).as_str()) || listed(&m, "rename_all"))
        || named_fields.named.iter().any(|f| {
            // `#[schemars(rename)]` names the field as read here, not as serde writes it.
            f.attrs.iter().any(|a| a.path().is_ident("serde_as"))
                || named(&f.attrs, "schemars").any(|m| key(&m) == "rename")
                || named(&f.attrs, "serde")
                    .any(|m| FIELD.contains(&key(&m).as_str()) || listed(&m, "rename"))
        })
}

fn container<'c>(
    ctx: &'c Ctx,
    name: &syn::Ident,
    derives: &[String],
    attrs: &[Attribute],
    out: &mut RustType,
) -> Container<'c> {
    let fills = if derives.iter().any(|d| d == "Default") {
        Fills::Derived
    } else {
        Fills::Written(ctx.default_impls.get(&name.to_string()))
    };
    let mut c = Container {
        rename_all: None,
        default: None,
        fills,
    };
    for m in named(attrs, "serde") {
        match key(&m).as_str() {
            "deny_unknown_fields" => out.deny_unknown_fields = Some(ctx.span(m.span())),
            "rename_all" => {
                c.rename_all = match &m {
                    Meta::NameValue(_) => str_value(&m),
                    // `rename_all(deserialize = "..")`
                    Meta::List(l) => attrs::items(&l.tokens)
                        .iter()
                        .find(|i| key(i) == "deserialize")
                        .and_then(str_value),
                    Meta::Path(_) => None,
                }
            }
            "default" => c.default = Some(ctx.span(m.span())),
            k @ ("try_from" | "from") => {
                out.conversion = str_value(&m).map(|s| Conversion {
                    from: syn::parse_str::<Type>(&s)
                        .map(|t| ty(&t))
                        .unwrap_or_else(|_| RustTy::Unknown(s.clone())),
                    written: s.split_whitespace().collect(),
                    fallible: k == "try_from",
                    span: ctx.span(m.span()),
                })
            }
            _ => {}
        }
    }
    c
}

fn serde_flag(attrs: &[Attribute], flag: &str) -> bool {
    named(attrs, "serde").any(|m| key(&m) == flag)
}

fn field(ctx: &Ctx, f: &syn::Field, c: &Container) -> Option<RustField> {
    let ident = f.ident.as_ref()?;
    let rust_name = super::syntax::field_name(ident);
    let rty = ty(&f.ty);
    let mut wire = None;
    let mut aliases = Vec::new();
    let mut default = c.default.map(|span| FieldDefault {
        span,
        value: c.fill(&rust_name, &rty),
        from_container: true,
    });
    let mut flatten = false;
    let mut coercion = None;
    for m in named(&f.attrs, "serde") {
        match key(&m).as_str() {
            "skip" | "skip_deserializing" => return None,
            "rename" => {
                wire = match &m {
                    Meta::List(l) => attrs::items(&l.tokens)
                        .iter()
                        .find(|i| key(i) == "deserialize")
                        .and_then(str_value),
                    _ => str_value(&m),
                }
            }
            "alias" => aliases.extend(str_value(&m)),
            "flatten" => flatten = true,
            "default" => {
                let value = match str_value(&m) {
                    Some(path) => ctx.literal_fns.get(&last_segment(&path)).cloned(),
                    None => default_of(&rty),
                };
                default = Some(FieldDefault {
                    span: ctx.span(m.span()),
                    value,
                    from_container: false,
                });
            }
            "deserialize_with" | "with" => {
                coercion = str_value(&m).map(|s| Spanned::new(s, ctx.span(m.span())))
            }
            _ => {}
        }
    }
    for a in f.attrs.iter().filter(|a| a.path().is_ident("serde_as")) {
        if let Meta::List(l) = &a.meta {
            for i in attrs::items(&l.tokens) {
                if key(&i) == "as" || key(&i) == "deserialize_as" {
                    coercion = str_value(&i).map(|s| Spanned::new(s, ctx.span(a.span())));
                }
            }
        }
    }
    let numeric_strings = coercion
        .as_ref()
        .is_some_and(|c: &Spanned<String>| NUMERIC_STRINGS.iter().any(|w| c.value.contains(w)));
    // schemars reads `#[schemars(rename)]` over serde's.
    if let Some(r) = named(&f.attrs, "schemars")
        .find(|m| key(m) == "rename")
        .and_then(|m| str_value(&m))
    {
        wire = Some(r);
    }
    let wire_name = wire.unwrap_or_else(|| match &c.rename_all {
        Some(rule) => attrs::rename(rule, &rust_name),
        None => rust_name.clone(),
    });
    let mut bounds = attrs::bounds(ctx, &f.attrs);
    // `schema_with = "String::json_schema"`, `with = "Mode"`: the schema of the type named.
    if let Some(w) = &mut bounds.schema_with {
        let named = match w.key {
            "with" => Some(w.path.value.as_str()),
            _ => w.path.value.strip_suffix("::json_schema"),
        };
        w.ty = named
            .and_then(|t| syn::parse_str::<Type>(t).ok())
            .map(|t| ty(&t));
    }
    Some(RustField {
        wire_name,
        rust_name,
        aliases: aliases.into(),
        span: ctx.span(ident.span()),
        ty: rty,
        ty_span: ctx.span(f.ty.span()),
        default: default.map(Box::new),
        flatten,
        coercion: coercion.map(Box::new),
        numeric_strings,
        bounds: (bounds != AttrBounds::default()).then(|| Box::new(bounds)),
        doc: attrs::doc(ctx, &f.attrs),
        mcp_header: mcp_header(ctx, &f.attrs).map(Box::new),
    })
}

/// `#[schemars(extend("x-mcp-header" = "Region"))]`: the value after the key, if a string
/// literal, at its span (the key's when the value is something else).
fn mcp_header(ctx: &Ctx, list: &[syn::Attribute]) -> Option<Spanned<Option<String>>> {
    use proc_macro2::TokenTree;
    for m in named(list, "schemars").filter(|m| key(m) == "extend") {
        let syn::Meta::List(l) = m else { continue };
        let tokens: Vec<TokenTree> = l.tokens.into_iter().collect();
        for (i, t) in tokens.iter().enumerate() {
            let TokenTree::Literal(k) = t else { continue };
            if k.to_string() != "\"x-mcp-header\"" {
                continue;
            }
            let is_eq =
                matches!(tokens.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '=');
            let value = tokens.get(i + 2).filter(|_| is_eq);
            let text = value.and_then(|v| match v {
                TokenTree::Literal(l) => syn::parse_str::<syn::LitStr>(&l.to_string())
                    .ok()
                    .map(|s| s.value()),
                _ => None,
            });
            let at = value.map_or(k.span(), TokenTree::span);
            return Some(Spanned::new(text, ctx.span(at)));
        }
    }
    None
}

pub fn last_segment(path: &str) -> String {
    path.rsplit("::").next().unwrap_or(path).trim().to_string()
}
