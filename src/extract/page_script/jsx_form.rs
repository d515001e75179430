//! Declarative WebMCP tools written in JSX: `<form toolname=".." tooldescription="..">` with
//! its controls, read into the form model HTML pages use (`form_model`), so the schema a browser
//! derives is the one an HTML page with that markup gets. React passes these lowercase
//! attributes to the DOM as written (`htmlFor` is `for`; attribute names are matched
//! case-insensitively, as HTML does).
//!
//! Only what the markup states is read: a component inside the form (`<Input>`, `<Label>`), a
//! spread of props, a control attribute or a label text computed at run time, or an expression
//! holding JSX (`{sizes.map(..)}`) may add or change controls, so the form's schema is then
//! not known statically (E002) while its name and description still are. A `{value}` that
//! holds no JSX is read as text; a variable holding elements made elsewhere is not seen.

use super::Module;
use crate::contract::{NotStatic, PagePart, PageTool};
use crate::extract::form_model::{self, Form};
use crate::source::Spanned;
use oxc_ast::ast::{
    Expression, JSXAttributeItem, JSXAttributeName, JSXAttributeValue, JSXChild, JSXElement,
    JSXElementName, JSXExpression, Program,
};
use oxc_ast_visit::{Visit, walk};
use oxc_span::{GetSpan, Span};
use std::collections::HashMap;

/// The control attributes the derived schema depends on: one known only at run time makes
/// the schema unknown.
const SCHEMA_ATTRIBUTES: &[&str] = &[
    "name",
    "type",
    "required",
    "disabled",
    "min",
    "max",
    "step",
    "minlength",
    "maxlength",
    "pattern",
    "multiple",
    "value",
    "id",
    "for",
    "toolparamdescription",
    "aria-description",
];

/// The tool forms of the module being read.
pub fn forms(m: &Module, program: &Program, ns: &mut Vec<NotStatic>) -> Vec<PageTool> {
    let mut find = Forms {
        m,
        tools: Vec::new(),
        ns,
    };
    find.visit_program(program);
    find.tools
}

struct Forms<'m, 'p, 'a, 'n> {
    m: &'m Module<'p, 'a>,
    tools: Vec<PageTool>,
    ns: &'n mut Vec<NotStatic>,
}

impl<'a> Visit<'a> for Forms<'_, '_, '_, '_> {
    fn visit_jsx_element(&mut self, it: &JSXElement<'a>) {
        if html_tag(&it.opening_element.name).as_deref() == Some("form") {
            self.form(it);
        }
        walk::walk_jsx_element(self, it);
    }
}

/// The lowercase HTML tag an element names; `None` for a component (`<Input>`, `<ui.Field>`).
fn html_tag(name: &JSXElementName) -> Option<String> {
    match name {
        JSXElementName::Identifier(id) => Some(id.name.to_ascii_lowercase()),
        _ => None,
    }
}

/// Attributes known only at run time, by name (`None` for a spread of props).
type Holes = Vec<(Span, Option<String>)>;

/// One form as written: its attributes and controls, the `for` labels, and the first thing
/// that makes its controls unknown.
struct Reading {
    form: Form,
    labels_for: HashMap<String, Spanned<String>>,
    unknown: Option<(Span, String)>,
}

impl Forms<'_, '_, '_, '_> {
    fn form(&mut self, el: &JSXElement) {
        let m = self.m;
        let (attrs, holes) = self.attributes(el);
        let Some(name) = attrs.get("toolname") else {
            return;
        };
        if let Some((span, reason)) = holes
            .iter()
            .find(|(_, key)| matches!(key.as_deref(), Some("toolname") | None))
            .map(|(s, k)| (*s, hole_reason(k.as_deref())))
        {
            // The name (or a spread that may replace it) is known only at run time.
            self.ns.push(NotStatic {
                tool: None,
                part: PagePart::Name,
                what: "the tool name".into(),
                reason: format!("{reason}; the tool cannot be linked"),
                span: m.span(span),
            });
            return;
        }
        let tool = name.value.clone();
        for (span, key) in &holes {
            if key.as_deref() == Some("tooldescription") {
                self.ns.push(NotStatic {
                    tool: Some(tool.clone()),
                    part: PagePart::Description,
                    what: "the description".into(),
                    reason: hole_reason(key.as_deref()),
                    span: m.span(*span),
                });
            }
        }
        let mut reading = Reading {
            form: Form {
                attrs,
                tag_span: m.span(el.opening_element.span),
                controls: Vec::new(),
            },
            labels_for: HashMap::new(),
            unknown: None,
        };
        for child in &el.children {
            self.child(child, &mut reading, None);
        }
        let Reading {
            form,
            labels_for,
            unknown,
        } = reading;
        let mut ns = Vec::new();
        let Some(mut tool_facts) = form_model::form_tool(form, &labels_for, &mut ns) else {
            return;
        };
        self.ns.append(&mut ns);
        if let Some((span, reason)) = unknown {
            tool_facts.schema = None;
            self.ns.push(NotStatic {
                tool: Some(tool),
                part: PagePart::InputSchema,
                what: "the input schema".into(),
                reason,
                span: m.span(span),
            });
        }
        self.tools.push(tool_facts);
    }

    /// An element's attributes with literal values, names lowercased (`htmlFor` as `for`), and
    /// the ones known only at run time.
    fn attributes(&self, el: &JSXElement) -> (HashMap<String, Spanned<String>>, Holes) {
        let m = self.m;
        let mut attrs = HashMap::new();
        let mut holes = Vec::new();
        for item in &el.opening_element.attributes {
            let a = match item {
                JSXAttributeItem::Attribute(a) => a,
                JSXAttributeItem::SpreadAttribute(s) => {
                    holes.push((s.span, None));
                    continue;
                }
            };
            let key = match &a.name {
                JSXAttributeName::Identifier(id) => id.name.to_ascii_lowercase(),
                JSXAttributeName::NamespacedName(n) => {
                    format!("{}:{}", n.namespace.name, n.name.name).to_ascii_lowercase()
                }
            };
            let key = if key == "htmlfor" { "for".into() } else { key };
            let value = match &a.value {
                // `required`: present, with no value.
                None => Some((String::new(), a.span)),
                Some(JSXAttributeValue::StringLiteral(s)) => Some((s.value.to_string(), s.span)),
                Some(JSXAttributeValue::ExpressionContainer(c)) => match &c.expression {
                    JSXExpression::EmptyExpression(_) => None,
                    e => match e.as_expression().map(Expression::get_inner_expression) {
                        Some(Expression::StringLiteral(s)) => Some((s.value.to_string(), s.span)),
                        Some(Expression::TemplateLiteral(t)) if t.expressions.is_empty() => t
                            .quasis
                            .first()
                            .and_then(|q| q.value.cooked)
                            .map(|v| (v.to_string(), t.span)),
                        Some(Expression::NumericLiteral(n)) => {
                            Some((crate::contract::format_number(n.value), n.span))
                        }
                        // `required={true}` is the attribute; `{false}` leaves it out.
                        Some(Expression::BooleanLiteral(b)) if b.value => {
                            Some((String::new(), b.span))
                        }
                        Some(Expression::BooleanLiteral(_)) => continue,
                        _ => {
                            holes.push((c.span, Some(key)));
                            continue;
                        }
                    },
                },
                Some(other) => {
                    holes.push((other.span(), Some(key)));
                    continue;
                }
            };
            if let Some((v, span)) = value {
                attrs.insert(key, Spanned::new(v, m.span(span)));
            }
        }
        (attrs, holes)
    }

    /// One child of the form (or of an element inside it); `label` is the `<label>` around
    /// it without a `for`, with the controls it wraps.
    fn child(&mut self, child: &JSXChild, r: &mut Reading, label: Option<&mut Vec<usize>>) {
        match child {
            JSXChild::Element(el) => self.element(el, r, label),
            JSXChild::Fragment(f) => {
                let mut label = label;
                for c in &f.children {
                    self.child(c, r, label.as_deref_mut());
                }
            }
            JSXChild::ExpressionContainer(c) => {
                if renders_elements(&c.expression) {
                    unknown(
                        r,
                        c.span,
                        "an expression may render controls in the form".into(),
                    );
                }
            }
            JSXChild::Spread(s) => unknown(r, s.span, "a spread child in the form".into()),
            JSXChild::Text(_) => {}
        }
    }

    fn element(&mut self, el: &JSXElement, r: &mut Reading, label: Option<&mut Vec<usize>>) {
        let m = self.m;
        let Some(tag) = html_tag(&el.opening_element.name) else {
            let shown = &m.program().source_text[el.opening_element.name.span().start as usize
                ..el.opening_element.name.span().end as usize];
            unknown(
                r,
                el.opening_element.span,
                format!("`<{shown}>` is a component: what it renders is known only at run time"),
            );
            return;
        };
        let (attrs, holes) = self.attributes(el);
        // Only a control's or a label's attributes shape the schema; a control's `value` only
        // as a radio button's option (a text field's `value={query}` is what it shows).
        let radio = tag == "input"
            && attrs
                .get("type")
                .is_some_and(|t| t.value.eq_ignore_ascii_case("radio"));
        if matches!(tag.as_str(), "input" | "select" | "textarea" | "label")
            && let Some((span, key)) = holes.iter().find(|(_, k)| {
                k.as_deref()
                    .is_none_or(|k| SCHEMA_ATTRIBUTES.contains(&k) && (k != "value" || radio))
            })
        {
            unknown(r, *span, hole_reason(key.as_deref()));
        }
        let tag_span = m.span(el.opening_element.span);
        match tag.as_str() {
            "input" | "select" | "textarea" => {
                let Some(index) = form_model::control(&tag, attrs, tag_span, &mut r.form) else {
                    return;
                };
                if let Some(wrapped) = label {
                    wrapped.push(index);
                }
                if tag == "select" {
                    self.options(el, r, index);
                }
            }
            "label" => {
                let text = self.text(el, r);
                let mut wrapped = Vec::new();
                for c in &el.children {
                    self.child(c, r, Some(&mut wrapped));
                }
                let Some(text) = text else { return };
                match attrs.get("for") {
                    Some(id) => {
                        r.labels_for.insert(id.value.clone(), text);
                    }
                    None => {
                        for i in wrapped {
                            if let Some(c) = r.form.controls.get_mut(i) {
                                c.label.get_or_insert(text.clone());
                            }
                        }
                    }
                }
            }
            _ => {
                let mut label = label;
                for c in &el.children {
                    self.child(c, r, label.as_deref_mut());
                }
            }
        }
    }

    /// A `<select>`'s options: the `value` attribute, else the text.
    fn options(&mut self, select: &JSXElement, r: &mut Reading, index: usize) {
        let mut found = Vec::new();
        for c in &select.children {
            match c {
                JSXChild::Element(o)
                    if html_tag(&o.opening_element.name).as_deref() == Some("option") =>
                {
                    let (attrs, holes) = self.attributes(o);
                    if let Some((span, key)) = holes
                        .iter()
                        .find(|(_, k)| k.as_deref().is_none_or(|k| k == "value"))
                    {
                        unknown(r, *span, hole_reason(key.as_deref()));
                    }
                    let value = attrs.get("value").cloned().or_else(|| self.text(o, r));
                    let at = self.m.span(o.opening_element.span);
                    found.push(value.unwrap_or_else(|| Spanned::new(String::new(), at)));
                }
                JSXChild::Text(_) => {}
                other => self.child(other, r, None),
            }
        }
        if let Some(c) = r.form.controls.get_mut(index) {
            c.options.extend(found);
        }
    }

    /// The text an element shows, whitespace collapsed, spanning its first to its last
    /// word; an expression in it makes the text (and so the schema) unknown.
    fn text(&self, el: &JSXElement, r: &mut Reading) -> Option<Spanned<String>> {
        let mut words: Vec<&str> = Vec::new();
        let (mut start, mut end) = (None, 0);
        for c in &el.children {
            match c {
                JSXChild::Text(t) => {
                    let raw = t.value.as_str();
                    if raw.trim().is_empty() {
                        continue;
                    }
                    let lead = raw.len() - raw.trim_start().len();
                    start.get_or_insert(t.span.start + lead as u32);
                    end = t.span.start + (raw.trim_end().len()) as u32;
                    words.extend(raw.split_whitespace());
                }
                JSXChild::ExpressionContainer(e)
                    if !renders_elements(&e.expression)
                        && !matches!(e.expression, JSXExpression::EmptyExpression(_)) =>
                {
                    unknown(r, e.span, "a text known only at run time".into());
                }
                _ => {}
            }
        }
        let start = start?;
        Some(Spanned::new(
            words.join(" "),
            self.m.span(Span::new(start, end)),
        ))
    }
}

/// Whether a `{..}` child may render controls: it holds a control, a label, an option or a
/// component in JSX (`{open && <input ..>}`, `{sizes.map(s => <option ..>)}`). A value shown
/// as text (`{cart.length}`) or markup without them (`{sent && <p>Thanks</p>}`) does not.
fn renders_elements(e: &JSXExpression) -> bool {
    #[derive(Default)]
    struct Jsx(bool);
    impl<'a> Visit<'a> for Jsx {
        fn visit_jsx_element(&mut self, it: &JSXElement<'a>) {
            match html_tag(&it.opening_element.name).as_deref() {
                Some("input" | "select" | "textarea" | "option" | "optgroup" | "label") | None => {
                    self.0 = true
                }
                Some(_) => walk::walk_jsx_element(self, it),
            }
        }
    }
    let Some(e) = e.as_expression() else {
        return false;
    };
    let mut v = Jsx::default();
    v.visit_expression(e);
    v.0
}

fn unknown(r: &mut Reading, span: Span, reason: String) {
    r.unknown.get_or_insert((span, reason));
}

fn hole_reason(key: Option<&str>) -> String {
    match key {
        Some(k) => format!("`{k}` is an expression known only at run time"),
        None => "a spread of props, known only at run time".into(),
    }
}
