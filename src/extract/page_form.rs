//! WebMCP declarative tools: `<form toolname tooldescription toolautosubmit>` in HTML, read
//! with html5gum (a WHATWG tokenizer that keeps byte spans). Inline `<script>`s are handed to
//! the script extractor with their offset, so a page's `registerTool` calls are found too.
//!
//! The schema a browser derives from a form is still "TBD" in the WebMCP explainer (Chromium
//! implements a loose version), so the mapping follows what the form itself accepts under HTML
//! constraint validation, which the browser enforces before submitting:
//! - each named, enabled control is a property; `hidden`, `file` and buttons are not offered;
//! - `required` → `required`; `toolparamdescription`, else the associated `<label>` text,
//!   else `aria-description` → `description`;
//! - `type=number`/`range` → `integer` when the step (default 1) and its base (`min`, default
//!   0) are whole numbers, else `number`; `min`/`max` → `minimum`/`maximum`;
//! - `minlength`/`maxlength` → `minLength`/`maxLength`; `pattern` → `pattern` anchored as HTML
//!   anchors it (`^(?:p)$`);
//! - `checkbox` → `boolean`; radio buttons of one name and `<select>` options → `enum` (an
//!   array of them for `<select multiple>`); everything else → `string`.
//!
//! Every keyword's span is the attribute (or label text) it came from. Not followed: controls
//! outside the form joined to it by a `form="id"` attribute, and unmerged drafts' dash-style
//! attributes (`tool-name`, `tool-param-description`).

use super::form_model::{self, Form};
use super::page::PageFacts;
use super::page_script::{self, Package};
use crate::source::{FileId, Span, Spanned};
use html5gum::Tokenizer;
use html5gum::emitters::default::{DefaultEmitter, StartTag, Token};
use std::collections::HashMap;
use std::path::Path;

/// Cheap prefilter: a page with neither a tool form nor a model-context script has no tools.
pub fn may_declare_tools(text: &str) -> bool {
    form_model::declares_forms(text) || page_script::may_declare_tools(text)
}

/// Text being collected for a `<label>` or an `<option>`.
#[derive(Debug)]
struct OpenText {
    text: String,
    start: usize,
    end: usize,
}

impl OpenText {
    fn new(at: usize) -> Self {
        OpenText {
            text: String::new(),
            start: at,
            end: at,
        }
    }

    fn finish(self, file: FileId) -> Option<Spanned<String>> {
        let t = self.text.split_whitespace().collect::<Vec<_>>().join(" ");
        (!t.is_empty()).then(|| Spanned::new(t, Span::new(file, self.start, self.end)))
    }
}

/// Read one HTML page at `path`; its module scripts' relative imports are read from
/// `package`.
pub fn extract(file: FileId, path: &Path, text: &str, package: &Package) -> PageFacts {
    let mut facts = PageFacts::default();
    if let Some(refused) = super::page_guard::tags(text) {
        let at = refused.offset;
        facts.unreadable.push(super::Unreadable {
            span: Span::new(file, at, at + 1),
            message: refused.message,
        });
        return facts;
    }
    // html5gum's states call each other directly, several frames per attribute of a tag.
    let worker = std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(STACK)
            .spawn_scoped(s, || extract_here(file, path, text, package))
            .map(|h| h.join())
    });
    match worker {
        Ok(Ok(facts)) => facts,
        _ => {
            facts.unreadable.push(super::Unreadable {
                span: Span::new(file, 0, 0),
                message: "the HTML tokenizer failed on this file".into(),
            });
            facts
        }
    }
}

/// Stack for tokenizing one page (see [`super::page_guard::MAX_ATTRIBUTES`]).
const STACK: usize = 64 * 1024 * 1024;

fn extract_here(file: FileId, path: &Path, text: &str, package: &Package) -> PageFacts {
    let mut facts = PageFacts::default();
    let mut emitter = DefaultEmitter::<usize>::new_with_span();
    emitter.naively_switch_states(true);
    let mut forms: Vec<Form> = Vec::new();
    let mut in_form = false;
    // `<label for=id>` texts, and the label wrapping the current position (with the
    // index of the control it wraps, once seen).
    let mut labels_for: HashMap<String, Spanned<String>> = HashMap::new();
    let mut label: Option<(OpenText, Option<String>, Option<usize>)> = None;
    let mut option: Option<(OpenText, Option<Spanned<String>>)> = None;
    let mut select: Option<usize> = None;
    let mut script: Option<(oxc_span::SourceType, Option<usize>)> = None;
    let astro = path.extension().is_some_and(|e| e == "astro");
    let attr_map = |tag: &StartTag<usize>| -> HashMap<String, Spanned<String>> {
        tag.attributes
            .iter()
            .map(|(k, v)| {
                (
                    String::from_utf8_lossy(k).into_owned(),
                    Spanned::new(
                        String::from_utf8_lossy(&v.value).into_owned(),
                        Span::new(file, v.span.start, v.span.end.min(text.len())),
                    ),
                )
            })
            .collect()
    };
    for token in Tokenizer::new_with_emitter(text, emitter).flatten() {
        match token {
            Token::StartTag(tag) => {
                let name = String::from_utf8_lossy(&tag.name).into_owned();
                let attrs = attr_map(&tag);
                let tag_span = Span::new(file, tag.span.start, tag.span.end.min(text.len()));
                match name.as_str() {
                    "form" => {
                        in_form = true;
                        forms.push(Form {
                            attrs,
                            tag_span,
                            controls: Vec::new(),
                        });
                    }
                    "label" => {
                        let target = attrs.get("for").map(|f| f.value.clone());
                        label = Some((OpenText::new(tag.span.end), target, None));
                    }
                    "script" => {
                        let kind = attrs.get("type").map(|t| t.value.to_ascii_lowercase());
                        let js = !attrs.contains_key("src")
                            && matches!(
                                kind.as_deref(),
                                None | Some(
                                    "" | "module" | "text/javascript" | "application/javascript"
                                )
                            );
                        // `lang="ts"`: a Svelte or Vue component's TypeScript; an Astro
                        // component's scripts are TypeScript modules without saying so.
                        let lang = attrs.get("lang").map(|l| l.value.to_ascii_lowercase());
                        let source_type = match (lang.as_deref(), kind.as_deref()) {
                            (Some("ts" | "typescript"), _) => oxc_span::SourceType::ts(),
                            (None, None) if astro => oxc_span::SourceType::ts(),
                            (_, Some("module")) => oxc_span::SourceType::mjs(),
                            _ => oxc_span::SourceType::unambiguous(),
                        };
                        script = js.then_some((source_type, None));
                    }
                    "option" if select.is_some() => {
                        finish_option(file, &mut option, select, &mut forms);
                        option = Some((OpenText::new(tag.span.end), attrs.get("value").cloned()));
                    }
                    "input" | "select" | "textarea" if in_form => {
                        let Some(form) = forms.last_mut() else {
                            continue;
                        };
                        if let Some(index) = form_model::control(&name, attrs, tag_span, form) {
                            if name == "select" {
                                select = Some(index);
                            }
                            if let Some((_, None, wrapped @ None)) = &mut label {
                                *wrapped = Some(index);
                            }
                        }
                    }
                    _ => {}
                }
            }
            Token::String(s) => {
                if let Some((_, start)) = &mut script
                    && start.is_none()
                {
                    *start = Some(s.span.start);
                }
                let chunk = String::from_utf8_lossy(&s.value);
                for open in [
                    label.as_mut().map(|l| &mut l.0),
                    option.as_mut().map(|o| &mut o.0),
                ]
                .into_iter()
                .flatten()
                {
                    if open.text.is_empty() && !chunk.trim().is_empty() {
                        open.start = s.span.start + (chunk.len() - chunk.trim_start().len());
                    }
                    open.text.push_str(&chunk);
                    if !chunk.trim().is_empty() {
                        open.end = s.span.start + chunk.trim_end().len();
                    }
                }
            }
            Token::EndTag(tag) => match tag.name.as_slice() {
                b"form" => in_form = false,
                b"label" => {
                    if let Some((open, target, wrapped)) = label.take()
                        && let Some(t) = open.finish(file)
                    {
                        match (target, wrapped) {
                            (Some(id), _) => {
                                labels_for.insert(id, t);
                            }
                            (None, Some(i)) => {
                                if let Some(c) =
                                    forms.last_mut().and_then(|f| f.controls.get_mut(i))
                                {
                                    c.label.get_or_insert(t);
                                }
                            }
                            (None, None) => {}
                        }
                    }
                }
                b"option" | b"select" => {
                    finish_option(file, &mut option, select, &mut forms);
                    if tag.name.as_slice() == b"select" {
                        select = None;
                    }
                }
                b"script" => {
                    if let Some((source_type, Some(start))) = script.take() {
                        let end = tag.span.start.min(text.len());
                        let body = text.get(start..end).unwrap_or("");
                        if page_script::may_declare_tools(body) {
                            facts.extend(page_script::extract(
                                file,
                                path,
                                body,
                                start,
                                source_type,
                                package,
                            ));
                        }
                    }
                    script = None;
                }
                _ => {}
            },
            _ => {}
        }
    }
    for form in forms {
        if let Some(tool) = form_model::form_tool(form, &labels_for, &mut facts.not_static) {
            facts.tools.push(tool);
        }
    }
    facts
}

/// An `<option>` ends at `</option>`, the next `<option>` or `</select>`; its value is the
/// `value` attribute, else its text.
fn finish_option(
    file: FileId,
    option: &mut Option<(OpenText, Option<Spanned<String>>)>,
    select: Option<usize>,
    forms: &mut [Form],
) {
    let Some((open, value)) = option.take() else {
        return;
    };
    let at = open.start;
    let v = value
        .or(open.finish(file))
        .unwrap_or_else(|| Spanned::new(String::new(), Span::new(file, at, at)));
    if let Some(c) = select.and_then(|i| forms.last_mut()?.controls.get_mut(i)) {
        c.options.push(v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::Origin;

    const PAGE: &str = r#"<!doctype html>
<form toolname="findFoldingTable" tooldescription="Search folding tables." toolautosubmit
      action="/api/tables/search?src=form" method="get">
  <label for="w">Max folded thickness (mm)</label>
  <input id="w" name="maxFoldedThicknessMm" type="number" min="10" max="80" required>
  <label>Width <input name="widthCm" type="number" step="0.5" min="40"></label>
  <input name="q" minlength="2" maxlength="40" pattern="[a-z]+" toolparamdescription="Words">
  <select name="material"><option value="oak">Oak<option>steel</select>
  <input type="radio" name="shape" value="round"><input type="radio" name="shape" value="square">
  <input type="checkbox" name="inStock" aria-description="Only tables in stock">
  <input type="hidden" name="csrf" value="x"><input name="off" disabled><button>Go</button>
</form>
<form action="/plain"><input name="x"></form>
<script type="module">document.modelContext.registerTool({ name: "inline", description: "d" });</script>"#;

    #[test]
    fn form_schema_as_a_browser_derives_it() {
        let f = extract(FileId(0), Path::new("page.html"), PAGE, &Package::default());
        let names: Vec<_> = f.tools.iter().map(|t| t.name.value.as_str()).collect();
        assert_eq!(names, ["inline", "findFoldingTable"]);
        let t = &f.tools[1];
        assert_eq!(t.origin, Origin::PageForm);
        assert!(t.annotations.auto_submit.is_some());
        let s = t.schema.as_ref().unwrap();
        let v = s.to_value();
        assert_eq!(
            v,
            serde_json::json!({
                "type": "object",
                "properties": {
                    "maxFoldedThicknessMm": {"type": "integer", "minimum": 10, "maximum": 80,
                        "description": "Max folded thickness (mm)"},
                    "widthCm": {"type": "number", "minimum": 40, "description": "Width"},
                    "q": {"type": "string", "minLength": 2, "maxLength": 40,
                        "pattern": "^(?:[a-z]+)$", "description": "Words"},
                    "material": {"type": "string", "enum": ["oak", "steel"]},
                    "shape": {"type": "string", "enum": ["round", "square"]},
                    "inStock": {"type": "boolean", "description": "Only tables in stock"}
                },
                "required": ["maxFoldedThicknessMm"]
            })
        );
        let max = s
            .pointer("/properties/maxFoldedThicknessMm/maximum")
            .unwrap();
        assert_eq!(&PAGE[max.span.start()..max.span.end()], r#"max="80""#);
        let label = s
            .pointer("/properties/maxFoldedThicknessMm/description")
            .unwrap();
        assert_eq!(
            &PAGE[label.span.start()..label.span.end()],
            "Max folded thickness (mm)"
        );
        let r = &t.requests[0];
        assert_eq!(
            (r.method.value.as_str(), r.path.value.as_str()),
            ("GET", "/api/tables/search")
        );
    }
}
