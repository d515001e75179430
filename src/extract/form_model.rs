//! The WebMCP declarative form model shared by HTML pages (`page_form`) and JSX
//! (`page_script/jsx_form.rs`): a form's attributes and controls, and the tool and input
//! schema a browser derives from them (see `page_form` for the mapping).

use super::json_tree::{JsonKind, JsonMember, JsonNode};
use super::page::url_path;
use crate::contract::{
    Annotations, HttpRequest, NotStatic, Origin, PagePart, PageTool, RequestKind,
};
use crate::source::{Span, Spanned};
use std::collections::HashMap;

/// Cheap prefilter for tool forms alone (HTML, or JSX in a script).
pub fn declares_forms(text: &str) -> bool {
    memchr::memmem::find(text.as_bytes(), b"toolname").is_some()
}

#[derive(Debug)]
pub struct Control {
    /// `input`, `select`, `textarea`.
    pub tag: String,
    pub input_type: Option<Spanned<String>>,
    pub name: Spanned<String>,
    pub tag_span: Span,
    pub attrs: HashMap<String, Spanned<String>>,
    pub label: Option<Spanned<String>>,
    /// `<option>` values of a `<select>`, radio values of one name.
    pub options: Vec<Spanned<String>>,
}

/// A form's attributes and controls, from HTML or from JSX (`page_script::jsx_form`).
#[derive(Debug)]
pub struct Form {
    pub attrs: HashMap<String, Spanned<String>>,
    pub tag_span: Span,
    pub controls: Vec<Control>,
}

/// Add a control to the form; its index, or `None` when the form does not offer it.
pub fn control(
    tag: &str,
    attrs: HashMap<String, Spanned<String>>,
    tag_span: Span,
    form: &mut Form,
) -> Option<usize> {
    let name = attrs.get("name")?.clone();
    if name.value.is_empty() || attrs.contains_key("disabled") {
        return None;
    }
    let input_type = attrs
        .get("type")
        .map(|t| Spanned::new(t.value.to_ascii_lowercase(), t.span));
    if tag == "input"
        && let Some(t) = &input_type
        && matches!(
            t.value.as_str(),
            "hidden" | "file" | "submit" | "button" | "reset" | "image"
        )
    {
        return None;
    }
    let mut options = Vec::new();
    if tag == "input" && input_type.as_ref().is_some_and(|t| t.value == "radio") {
        let value = attrs
            .get("value")
            .cloned()
            .unwrap_or_else(|| Spanned::new("on".into(), tag_span));
        if let Some(i) = form
            .controls
            .iter()
            .position(|c| c.name.value == name.value)
        {
            let c = &mut form.controls[i];
            c.options.push(value);
            for k in ["required", "toolparamdescription", "aria-description"] {
                if let Some(v) = attrs.get(k) {
                    c.attrs.entry(k.to_string()).or_insert_with(|| v.clone());
                }
            }
            return Some(i);
        }
        options.push(value);
    }
    form.controls.push(Control {
        tag: tag.to_string(),
        input_type,
        name,
        tag_span,
        attrs,
        label: None,
        options,
    });
    Some(form.controls.len() - 1)
}

fn node(span: Span, kind: JsonKind) -> JsonNode {
    JsonNode { span, kind }
}

fn member(key: &str, key_span: Span, value: JsonNode) -> JsonMember {
    JsonMember {
        key: key.to_string(),
        key_span,
        value,
    }
}

fn string(s: &Spanned<String>) -> JsonNode {
    node(s.span, JsonKind::String(s.value.clone()))
}

fn number(s: &Spanned<String>) -> Option<JsonNode> {
    let v: f64 = s
        .value
        .trim()
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite())?;
    Some(node(
        s.span,
        JsonKind::Number(crate::contract::format_number(v)),
    ))
}

/// The tool a form with a `toolname` declares, its schema derived from its controls.
pub fn form_tool(
    form: Form,
    labels_for: &HashMap<String, Spanned<String>>,
    not_static: &mut Vec<NotStatic>,
) -> Option<PageTool> {
    let name = form.attrs.get("toolname")?.clone();
    let at = form.tag_span;
    let mut properties = Vec::new();
    let mut required = Vec::new();
    for c in &form.controls {
        let description = c
            .attrs
            .get("toolparamdescription")
            .cloned()
            .or_else(|| c.label.clone())
            .or_else(|| {
                c.attrs
                    .get("id")
                    .and_then(|id| labels_for.get(&id.value).cloned())
            })
            .or_else(|| c.attrs.get("aria-description").cloned());
        let mut members = property_schema(c);
        if let Some(d) = description {
            members.push(member("description", d.span, string(&d)));
        }
        if let Some(r) = c.attrs.get("required") {
            required.push(node(r.span, JsonKind::String(c.name.value.clone())));
        }
        properties.push(member(
            &c.name.value,
            c.name.span,
            node(c.tag_span, JsonKind::Object(members)),
        ));
    }
    let mut schema = vec![
        member("type", at, node(at, JsonKind::String("object".into()))),
        member("properties", at, node(at, JsonKind::Object(properties))),
    ];
    if !required.is_empty() {
        schema.push(member("required", at, node(at, JsonKind::Array(required))));
    }
    let method = form
        .attrs
        .get("method")
        .map(|m| Spanned::new(m.value.to_ascii_uppercase(), m.span))
        .unwrap_or_else(|| Spanned::new("GET".into(), at));
    let mut requests = Vec::new();
    if let Some(action) = form.attrs.get("action")
        && method.value != "DIALOG"
    {
        match url_path(&action.value) {
            Some(path) => requests.push(HttpRequest {
                kind: RequestKind::FormSubmit,
                method,
                path: Spanned::new(path, action.span),
                span: at,
            }),
            None => not_static.push(NotStatic {
                tool: Some(name.value.clone()),
                part: PagePart::Request,
                what: "the form action".into(),
                reason: format!(
                    "`{}` is relative to the page's own URL, which is not known statically",
                    action.value
                ),
                span: action.span,
            }),
        }
    }
    Some(PageTool {
        origin: Origin::PageForm,
        name,
        description: form.attrs.get("tooldescription").cloned(),
        annotations: Annotations {
            auto_submit: form
                .attrs
                .get("toolautosubmit")
                .map(|a| Spanned::new(true, a.span)),
            ..Annotations::default()
        },
        schema: Some(node(at, JsonKind::Object(schema))),
        requests,
        spec: Default::default(),
        code: None,
    })
}

/// The keywords a browser derives from one control (everything but its description).
fn property_schema(c: &Control) -> Vec<JsonMember> {
    let at = c.tag_span;
    let type_span = c.input_type.as_ref().map_or(at, |t| t.span);
    let ty = |t: &str| {
        member(
            "type",
            type_span,
            node(type_span, JsonKind::String(t.into())),
        )
    };
    let attr = |k: &str| c.attrs.get(k);
    let enum_of = |opts: &[Spanned<String>]| {
        let span = opts.first().map_or(at, |o| o.span);
        node(span, JsonKind::Array(opts.iter().map(string).collect()))
    };
    let input_type = c.input_type.as_ref().map_or("text", |t| t.value.as_str());
    let mut out = Vec::new();
    match (c.tag.as_str(), input_type) {
        ("select", _) if attr("multiple").is_some() => {
            out.push(ty("array"));
            let items = vec![
                member("type", at, node(at, JsonKind::String("string".into()))),
                member("enum", at, enum_of(&c.options)),
            ];
            out.push(member("items", at, node(at, JsonKind::Object(items))));
        }
        ("select", _) => {
            out.push(ty("string"));
            out.push(member("enum", at, enum_of(&c.options)));
        }
        ("input", "radio") => {
            out.push(ty("string"));
            out.push(member("enum", at, enum_of(&c.options)));
        }
        ("input", "checkbox") => out.push(ty("boolean")),
        ("input", "number" | "range") => {
            let whole = |v: Option<&Spanned<String>>, default: f64| {
                v.map_or(Some(default), |s| s.value.trim().parse::<f64>().ok())
                    .is_some_and(|x| x.fract() == 0.0)
            };
            let step_any = attr("step").is_some_and(|s| s.value.trim().eq_ignore_ascii_case("any"));
            let integral = !step_any && whole(attr("step"), 1.0) && whole(attr("min"), 0.0);
            out.push(ty(if integral { "integer" } else { "number" }));
            for (html, keyword) in [("min", "minimum"), ("max", "maximum")] {
                if let Some(v) = attr(html).and_then(number) {
                    out.push(member(keyword, v.span, v));
                }
            }
        }
        _ => {
            out.push(ty("string"));
            for (html, keyword) in [("minlength", "minLength"), ("maxlength", "maxLength")] {
                if let Some(v) = attr(html).and_then(number) {
                    out.push(member(keyword, v.span, v));
                }
            }
            if let Some(p) = attr("pattern") {
                let anchored = Spanned::new(format!("^(?:{})$", p.value), p.span);
                out.push(member("pattern", p.span, string(&anchored)));
            }
        }
    }
    out
}
