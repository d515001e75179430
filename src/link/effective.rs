//! The schema schemars 1.x would derive from a Rust input type (deserialize contract,
//! draft 2020-12), as the same facts a published schema yields, with Rust spans.

use crate::contract::{
    AttrCrate, Bound, JsonType, NodeFacts, ObjectFacts, PropertyFacts, RustField, RustLookup,
    RustTy, RustType, SchemaNode, SchemaWith, UnknownFields,
};
use crate::source::{Span, Spanned};
use serde_json::{Map, Value, json};
use std::sync::Arc;

/// Which derive writes the schema: they differ in what they make required and closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Writer {
    /// schemars (rmcp, `schema_for!`, trait registries): a field with a default or an
    /// `Option` is optional, `deny_unknown_fields` writes `additionalProperties: false`.
    Schemars,
    /// rust-mcp-sdk's own `JsonSchema` derive with `#[mcp_tool]`: `required` lists every
    /// field not wrapped in `Option` (a serde default changes nothing, and is not written).
    /// Its `tool()` keeps only `properties` and `required`, so the published object is never
    /// closed; that is not modelled here (the rules that compare closure read
    /// `deny_unknown_fields` as the type's policy), and the profiles stand down on it.
    RustMcpSdk,
    /// turul-mcp-framework's `#[derive(McpTool)]`: a field is required unless it is an
    /// `Option` or `#[param(optional)]` (a default, [`crate::contract::FieldDefault`]); an
    /// `Option` is published as its inner type, not nullable; integers carry no bounds of
    /// their width; only `#[param]` describes a field or bounds a number; the object has
    /// no description and is never closed. Other types are schemars'.
    McpToolDerive,
}

/// The derived schema of `ty` and the same as a JSON value.
pub fn derive(krate: &dyn RustLookup, ty: &RustType, by: Writer) -> (SchemaNode, Value) {
    let mut seen = Vec::new();
    object(krate, ty, &mut seen, by)
}

/// Look up every type [`derive`] would read of `ty`, building nothing. Linking asks for
/// them whether or not it keeps the schema, so the files defining the input type's field
/// types are parsed: the rules read those types by name (R004, R013).
pub fn ask(krate: &dyn RustLookup, ty: &RustType) {
    ask_object(krate, ty, &mut Vec::new());
}

fn ask_object(krate: &dyn RustLookup, ty: &RustType, seen: &mut Vec<String>) {
    seen.push(ty.name.clone());
    for f in &ty.fields {
        if f.flatten {
            if let RustTy::Named(n) = f.ty.unoption()
                && let Some(inner) = krate.ty(n)
                && !seen.contains(n)
            {
                ask_object(krate, inner, seen);
            }
            continue;
        }
        match f.attrs().schema_with.as_ref() {
            Some(SchemaWith { ty: Some(ty), .. }) => ask_type(krate, ty, seen),
            Some(w) => {
                written_with(krate, f.span.file, w);
            }
            None => ask_type(krate, f.ty.unoption(), seen),
        }
    }
    seen.pop();
}

/// The schema the `schema_with` function named in file `from` writes as a literal, when
/// the path resolves to one function whose body is such a literal.
fn written_with(
    krate: &dyn RustLookup,
    from: crate::source::FileId,
    w: &SchemaWith,
) -> Option<(SchemaNode, Value)> {
    let f = super::resolve::fn_path(krate, from, &w.path.value)?;
    let written = krate.body(f).schema.as_deref()?;
    Some(written.clone())
}

/// The lookups of [`type_schema`].
fn ask_type(krate: &dyn RustLookup, ty: &RustTy, seen: &mut Vec<String>) {
    match ty {
        RustTy::Vec(inner) | RustTy::Option(inner) => ask_type(krate, inner, seen),
        RustTy::Named(name) => match krate.ty(name) {
            Some(t) if t.conversion.is_some() && !seen.contains(name) => {
                let from = t.conversion.as_ref().map(|c| c.from.clone());
                seen.push(name.clone());
                ask_type(krate, &from.unwrap_or(RustTy::Any), seen);
                seen.pop();
            }
            Some(t) if t.variants.is_some() => {}
            Some(t) if !seen.contains(name) && !t.fields.is_empty() => ask_object(krate, t, seen),
            _ => {}
        },
        _ => {}
    }
}

fn object(
    krate: &dyn RustLookup,
    ty: &RustType,
    seen: &mut Vec<String>,
    by: Writer,
) -> (SchemaNode, Value) {
    seen.push(ty.name.clone());
    let mut properties = Vec::new();
    let mut props_json = Map::new();
    let mut required_json = Vec::new();
    for f in &ty.fields {
        if f.flatten {
            if let RustTy::Named(n) = f.ty.unoption()
                && let Some(inner) = krate.ty(n)
                && !seen.contains(n)
            {
                let (node, value) = object(krate, inner, seen, by);
                if let Some(o) = &node.object {
                    properties.extend(o.properties.iter().cloned());
                }
                if let Some(p) = value.get("properties").and_then(Value::as_object) {
                    props_json.extend(p.clone());
                }
                if let Some(r) = value.get("required").and_then(Value::as_array) {
                    required_json.extend(r.clone());
                }
            }
            continue;
        }
        let (p, v) = property(krate, f, seen, by);
        if p.required.is_some() {
            required_json.push(json!(p.name));
        }
        props_json.insert(p.name.clone(), v);
        properties.push(p);
    }
    seen.pop();
    let required = properties
        .iter()
        .filter(|p| p.required.is_some())
        .map(|p| Spanned::new(p.name.clone(), p.name_span))
        .collect();
    let derive = by == Writer::McpToolDerive;
    let unknown_fields = match ty.deny_unknown_fields.filter(|_| !derive) {
        Some(s) => UnknownFields::Rejected(s),
        None => UnknownFields::Accepted,
    };
    let mut value = Map::new();
    value.insert("type".into(), json!("object"));
    value.insert("properties".into(), Value::Object(props_json));
    if !required_json.is_empty() {
        value.insert("required".into(), Value::Array(required_json));
    }
    if ty.deny_unknown_fields.is_some() && !derive {
        value.insert("additionalProperties".into(), json!(false));
    }
    let node = SchemaNode::new(
        Some(ty.span),
        NodeFacts {
            types: Some(Spanned::new(vec![JsonType::Object], ty.span)),
            description: ty.doc.clone().filter(|_| !derive),
            object: Some(Arc::new(ObjectFacts {
                span: ty.span,
                properties,
                required,
                unknown_fields,
            })),
            ..Default::default()
        },
    );
    (node, Value::Object(value))
}

fn bound(value: f64, span: Span) -> Option<Bound> {
    Some(Bound {
        value,
        exclusive: false,
        span,
    })
}

fn property(
    krate: &dyn RustLookup,
    f: &RustField,
    seen: &mut Vec<String>,
    by: Writer,
) -> (PropertyFacts, Value) {
    let (optional_type, required) = match by {
        Writer::Schemars => {
            let optional = matches!(f.ty, RustTy::Option(_)) && f.attrs().required.is_none();
            (optional, !optional && f.default.is_none())
        }
        Writer::RustMcpSdk => {
            let optional = matches!(f.ty, RustTy::Option(_));
            (optional, !optional)
        }
        Writer::McpToolDerive => {
            let optional = matches!(f.ty, RustTy::Option(_));
            (false, !optional && f.default.is_none())
        }
    };
    // `schema_with` replaces the schema whole: another type's, the literal its function
    // writes, or one not known here.
    let (mut node, mut value) = match &f.attrs().schema_with {
        Some(w @ SchemaWith { ty: Some(ty), .. }) => type_schema(krate, ty, w.path.span, seen, by),
        Some(w) => written_with(krate, f.span.file, w)
            .unwrap_or_else(|| (SchemaNode::default(), json!({}))),
        None => type_schema(krate, f.ty.unoption(), f.ty_span, seen, by),
    };
    if optional_type && f.attrs().schema_with.is_none() {
        node.nullable = true;
        if let Some(ts) = &mut node.types {
            ts.value.push(JsonType::Null);
        }
        if let Some(t) = value.get_mut("type") {
            let mut arr = match t.take() {
                Value::Array(a) => a,
                other => vec![other],
            };
            arr.push(json!("null"));
            *t = Value::Array(arr);
        }
    }
    let a = f.attrs();
    let numeric = node.has_type(JsonType::Integer) || node.has_type(JsonType::Number);
    let stringy = node.has_type(JsonType::String);
    let arrayish = node.has_type(JsonType::Array);
    let obj = value.as_object_mut().expect("type schemas are objects");
    // schemars reads only `min`/`max` from `#[validate]`/`#[garde]`: their exclusive
    // bounds never reach the schema.
    let reaches_schema = |b: &&(Bound, AttrCrate)| {
        !b.0.exclusive || matches!(b.1, AttrCrate::Schemars | AttrCrate::JsonSchema)
    };
    if numeric {
        if let Some((b, _)) = a.minimum.as_ref().filter(reaches_schema) {
            let key = if b.exclusive {
                "exclusiveMinimum"
            } else {
                "minimum"
            };
            obj.insert(key.into(), num(b.value));
            node.bounds_mut().minimum = Some(b.clone());
        }
        if let Some((b, _)) = a.maximum.as_ref().filter(reaches_schema) {
            let key = if b.exclusive {
                "exclusiveMaximum"
            } else {
                "maximum"
            };
            obj.insert(key.into(), num(b.value));
            node.bounds_mut().maximum = Some(b.clone());
        }
    }
    let (lo_key, hi_key) = if arrayish {
        ("minItems", "maxItems")
    } else {
        ("minLength", "maxLength")
    };
    if stringy || arrayish {
        if let Some((b, _)) = &a.min_length {
            obj.insert(lo_key.into(), num(b.value));
            if arrayish {
                node.bounds_mut().min_items = Some(b.clone());
            } else {
                node.bounds_mut().min_length = Some(b.clone());
            }
        }
        if let Some((b, _)) = &a.max_length {
            obj.insert(hi_key.into(), num(b.value));
            if arrayish {
                node.bounds_mut().max_items = Some(b.clone());
            } else {
                node.bounds_mut().max_length = Some(b.clone());
            }
        }
    }
    if let Some(p) = &a.pattern {
        node.pattern = Some(Box::new(p.clone()));
        if a.pattern_lengths.is_some() {
            node.bounds_mut().pattern_lengths = a.pattern_lengths;
        }
    }
    let description = a.description.clone().or_else(|| f.doc.clone());
    // The derive publishes no default: `#[param(optional)]` only fills one in.
    let written_default = by == Writer::Schemars;
    if let Some(d) = &description {
        obj.insert("description".into(), json!(d.value));
    }
    node.description = description;
    // Neither rust-mcp-sdk's derive nor turul's writes a serde default into the schema.
    if let Some(d) = f.default.as_ref().filter(|_| written_default)
        && let Some(v) = &d.value
    {
        obj.insert("default".into(), v.clone());
        node.default = Some(Box::new(Spanned::new(v.clone(), d.span)));
    }
    if let Some(d) = &a.schema_default {
        obj.insert("default".into(), d.value.clone());
        node.default = Some(Box::new(d.clone()));
    }
    node.span = Some(f.span);
    (
        PropertyFacts {
            name: f.wire_name.clone(),
            name_span: f.span,
            required: required.then_some(f.span),
            schema: node,
        },
        value,
    )
}

fn num(v: f64) -> Value {
    if v.fract() == 0.0 {
        json!(v as i64)
    } else {
        json!(v)
    }
}

/// The schema of a (non-`Option`) type, with the bounds primitives carry.
fn type_schema(
    krate: &dyn RustLookup,
    ty: &RustTy,
    span: Span,
    seen: &mut Vec<String>,
    by: Writer,
) -> (SchemaNode, Value) {
    let typed = |t: JsonType| {
        SchemaNode::new(
            None,
            NodeFacts {
                types: Some(Spanned::new(vec![t], span)),
                ..Default::default()
            },
        )
    };
    match ty {
        RustTy::Integer { .. } if by == Writer::McpToolDerive => {
            (typed(JsonType::Integer), json!({"type": "integer"}))
        }
        RustTy::Integer { signed, bits, .. } => {
            let mut n = typed(JsonType::Integer);
            let mut v = json!({"type": "integer"});
            let (lo, hi) = ty.int_range().expect("integers have a range");
            let graph = krate.crates();
            let schemars_0 = graph
                .files
                .get(&span.file)
                .is_some_and(|h| graph.packages[h.package].schemars_0);
            if schemars_0 {
                if !signed {
                    n.bounds_mut().minimum = bound(lo, span);
                    v["minimum"] = num(lo);
                }
            } else if *bits <= 16 {
                n.bounds_mut().minimum = bound(lo, span);
                n.bounds_mut().maximum = bound(hi, span);
                v["minimum"] = num(lo);
                v["maximum"] = num(hi);
            } else if !signed {
                n.bounds_mut().minimum = bound(lo, span);
                v["minimum"] = num(lo);
            }
            (n, v)
        }
        RustTy::Float => (typed(JsonType::Number), json!({"type": "number"})),
        RustTy::String => (typed(JsonType::String), json!({"type": "string"})),
        RustTy::Bool => (typed(JsonType::Boolean), json!({"type": "boolean"})),
        RustTy::Vec(inner) => {
            let (i, iv) = type_schema(krate, inner, span, seen, by);
            let mut n = typed(JsonType::Array);
            n.items = Some(Box::new(i));
            (n, json!({"type": "array", "items": iv}))
        }
        RustTy::Map => (typed(JsonType::Object), json!({"type": "object"})),
        // turul's derive hands every other type to schemars.
        RustTy::Named(_) if by == Writer::McpToolDerive => {
            type_schema(krate, ty, span, seen, Writer::Schemars)
        }
        RustTy::Named(name) => match krate.ty(name) {
            // serde reads the conversion's type, and schemars publishes that type's schema.
            Some(t) if t.conversion.is_some() && !seen.contains(name) => {
                let from = t.conversion.as_ref().map(|c| c.from.clone());
                seen.push(name.clone());
                let out = type_schema(krate, &from.unwrap_or(RustTy::Any), span, seen, by);
                seen.pop();
                out
            }
            Some(t) if t.variants.is_some() => {
                let values: Vec<Value> = t
                    .variants
                    .iter()
                    .flatten()
                    .map(|v| json!(v.value))
                    .collect();
                let mut n = typed(JsonType::String);
                n.enum_values = Some(Box::new(Spanned::new(values.clone(), t.span)));
                (n, json!({"type": "string", "enum": values}))
            }
            Some(t) if !seen.contains(name) && t.variants.is_none() && !t.fields.is_empty() => {
                object(krate, t, seen, by)
            }
            _ => (SchemaNode::default(), json!({})),
        },
        RustTy::Option(inner) => type_schema(krate, inner, span, seen, by),
        RustTy::Any | RustTy::Unknown(_) => (SchemaNode::default(), json!({})),
    }
}
