//! The linking trace (`check --explain-links`): per tool, every source it was declared in
//! and how each request was followed to the Rust side. It renders what the link stage
//! recorded; nothing here decides a link.

use crate::contract::{LinkKind, Project, RequestKind};
use crate::source::Span;
use crate::source::escape::{log_lines, visible};
use std::fmt::Write;

/// Every line passes [`log_lines`]: names and paths come from the tree.
pub fn render(project: &Project) -> String {
    let at = |s: Span| {
        let f = project.sources.get(s.file);
        let p = f.position(s.start());
        format!("{}:{}:{}", visible(&f.display), p.line, p.column)
    };
    let mut out = String::new();
    for c in &project.contracts {
        let _ = writeln!(out, "{}", visible(&c.name));
        for d in &c.decls {
            let _ = writeln!(out, "  source: {} ({})", d.origin.name(), at(d.name_span));
        }
        for link in &c.http {
            let r = &link.request;
            let how = match r.kind {
                RequestKind::Fetch => "fetch",
                RequestKind::FormSubmit => "form submit",
            };
            let request = format!("{how} {} {} ({})", r.method.value, r.path.value, at(r.span));
            if link.routes.is_empty() {
                let _ = writeln!(
                    out,
                    "  link: {request} → no {} route among the {} the Rust server registers",
                    r.method.value,
                    project.routes.len()
                );
            }
            for (route, handler) in &link.routes {
                let handler = match handler {
                    Some(h) if h.inputs.is_empty() => format!(
                        "{}() ({}), no Json/Form/Query input",
                        h.name.value,
                        at(h.name.span)
                    ),
                    Some(h) => {
                        let inputs: Vec<String> = h
                            .inputs
                            .iter()
                            .map(|(ex, t)| format!("{}<{}>", ex.name(), t.value))
                            .collect();
                        format!(
                            "{}({}) ({})",
                            h.name.value,
                            inputs.join(", "),
                            at(h.name.span)
                        )
                    }
                    None => format!("{}: handler function not found", route.handler.value),
                };
                let _ = writeln!(
                    out,
                    "  link: {request} → {} route {} {} ({}) → {handler}",
                    route.framework.name(),
                    route.method,
                    route.path.value,
                    at(route.path.span)
                );
            }
            if link.routes.len() > 1 {
                let _ = writeln!(
                    out,
                    "  note: {} routes match this request; the first is used",
                    link.routes.len()
                );
            }
        }
        match &c.rust {
            Some(r) => {
                let how = match r.how {
                    LinkKind::Declared => "declared by the Rust SDK",
                    LinkKind::Config => "by [[tool]] in contractlint.toml",
                    LinkKind::Route => "through the route's handler",
                    LinkKind::Convention => "by naming convention",
                };
                let item = |name: &str, span: Span| format!("{name} ({})", at(span));
                let fns = &project.rust.fns;
                let parts: Vec<String> = [
                    r.ty.as_ref()
                        .map(|t| format!("input {}", item(&t.name, t.span))),
                    r.handler
                        .and_then(|f| fns.get(f))
                        .map(|f| format!("handler {}", item(&f.name, f.span))),
                    r.validator
                        .and_then(|f| fns.get(f))
                        .map(|f| format!("validator {}", item(&f.name, f.span))),
                ]
                .into_iter()
                .flatten()
                .collect();
                let _ = writeln!(out, "  rust: {how}: {}", parts.join(", "));
            }
            None if !c.link_notes.tried.is_empty() => {
                let _ = writeln!(
                    out,
                    "  rust: not linked; tried {}",
                    visible(&c.link_notes.tried.names(&c.name).join(", "))
                );
            }
            None => {}
        }
    }
    log_lines(&out)
}
