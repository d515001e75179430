use super::Rule;
use crate::contract::{McpHeader, Project};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;
use std::collections::HashMap;

/// P003: an `x-mcp-header` that breaks a constraint of MCP 2026-07-28 (not a header token, on a
/// property that is not integer, string or boolean, or not reachable through `properties`
/// alone, or the same name twice ignoring case). Clients on Streamable HTTP must drop such a
/// tool from `tools/list`, so agents there never see it.
pub struct McpHeaderInvalid;

/// RFC 9110 `tchar`.
fn tchar(c: char) -> bool {
    c.is_ascii_alphanumeric() || "!#$%&'*+-.^_`|~".contains(c)
}

/// Every constraint the header breaks, in words.
fn problems(h: &McpHeader) -> Vec<String> {
    let mut out = Vec::new();
    match &h.value {
        None => out.push("its value is not a string".to_string()),
        Some(v) if v.is_empty() => out.push("it is empty".to_string()),
        Some(v) => {
            let mut bad: Vec<char> = v.chars().filter(|c| !tchar(*c)).collect();
            bad.sort_unstable();
            bad.dedup();
            if !bad.is_empty() {
                let shown: Vec<String> = bad
                    .iter()
                    .map(|c| match c {
                        ' ' => "a space".to_string(),
                        c if c.is_control() => "a control character".to_string(),
                        c => format!("`{c}`"),
                    })
                    .collect();
                out.push(format!(
                    "`{v}` is not an HTTP field-name token (it contains {})",
                    shown.join(", ")
                ));
            }
        }
    }
    let wrong: Vec<&str> = h
        .types
        .iter()
        .map(String::as_str)
        .filter(|t| !matches!(*t, "integer" | "string" | "boolean" | "null"))
        .collect();
    if !wrong.is_empty() {
        out.push(format!(
            "it annotates a `{}` property, and only integer, string and boolean ones may carry it",
            wrong.join("`/`")
        ));
    }
    if !h.reachable {
        out.push(
            "it is not on a property reached from the schema root through `properties` alone"
                .to_string(),
        );
    }
    out
}

impl Rule for McpHeaderInvalid {
    fn code(&self) -> &'static str {
        "P003"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for d in project.contracts.iter().flat_map(|c| &c.decls) {
            let Some(spec) = &d.spec else { continue };
            let mut seen: HashMap<String, &McpHeader> = HashMap::new();
            for h in &spec.headers {
                let mut why = problems(h);
                let first = h.value.as_ref().and_then(|v| {
                    let key = v.to_ascii_lowercase();
                    match seen.get(&key) {
                        Some(first) => Some(*first),
                        None => {
                            seen.insert(key, h);
                            None
                        }
                    }
                });
                if let Some(first) = first {
                    why.push(format!(
                        "`{}` repeats `{}`, another header of this input, ignoring case",
                        h.value.as_deref().unwrap_or_default(),
                        first.value.as_deref().unwrap_or_default()
                    ));
                }
                if why.is_empty() {
                    continue;
                }
                let mut diag = Diagnostic::new(
                    self.code(),
                    format!(
                        "`x-mcp-header` at `{}` in `{}` is invalid: {}; clients on Streamable HTTP must drop this tool",
                        h.at,
                        d.name,
                        why.join("; ")
                    ),
                    Label::new(h.span, "header name given here"),
                )
                .tool(&d.name)
                .help("give `x-mcp-header` a non-empty token of letters, digits and `-` (e.g. `Region`), unique in the input, on an integer, string or boolean property reached through `properties` only");
                if h.reachable {
                    diag = diag.property(&h.at);
                }
                if let Some(first) = first {
                    diag = diag.related(Label::new(first.span, "first used here"));
                }
                out.push(diag);
            }
        }
    }
}
