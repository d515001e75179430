//! Group tool declarations into one [`Contract`] per tool name. Schema files become tool
//! inputs only when something names them: config, a tool known from another source, or the
//! `<tool>.schema.json` convention. A page tool's requests (`fetch` in `execute`, a form's
//! submission) are followed to the Rust routes they match and the handlers those name.

use crate::config::Config;
use crate::contract::{Contract, Handler, HttpLink, Route, SchemaCandidate, ToolDecl};
use crate::source::Spanned;
use crate::source::normalize;
use std::collections::BTreeMap;

pub mod behaviour;
pub mod claims;
pub mod effective;
pub mod helper_tools;
pub mod outputs;
pub mod release;
pub mod resolve;
pub mod rust_side;

/// What the Rust server registers, for following page requests.
#[derive(Clone, Copy)]
pub struct Server<'a> {
    pub routes: &'a [Route],
    pub handlers: &'a [Handler],
}

/// The contracts, and the schema files taken as a tool's input by the naming convention
/// alone, with the `title` each gives itself (see [`outputs`]).
pub fn link(
    config: &Config,
    decls: Vec<ToolDecl>,
    candidates: Vec<SchemaCandidate>,
    server: Server<'_>,
) -> (Vec<Contract>, Vec<outputs::ByConvention>) {
    let mut by_convention = Vec::new();
    let mut by_name: BTreeMap<String, Vec<ToolDecl>> = BTreeMap::new();
    let mut known: Vec<String> = decls.iter().map(|d| d.name.clone()).collect();
    known.extend(config.tools.iter().map(|t| t.name.clone()));
    // A name's vector starts at one declaration, its usual count: the default first growth
    // is to four, and a manifest of 77,000 tools held 150 MB of empty slots here.
    for d in decls {
        by_name
            .entry(d.name.clone())
            .or_insert_with(|| Vec::with_capacity(1))
            .push(d);
    }
    for c in candidates {
        let configured = config.tools.iter().find(|t| {
            t.schema
                .as_ref()
                .is_some_and(|s| normalize(&config.base.join(s)) == normalize(&c.path))
        });
        let chosen = match configured {
            Some(t) => c
                .names
                .first()
                .map(|n| Spanned::new(t.name.clone(), n.span)),
            None => c
                .names
                .iter()
                .find(|n| known.contains(&n.value))
                .cloned()
                .or_else(|| {
                    let name = c.names[0].clone();
                    // The naming convention is a guess: a file that calls itself a result,
                    // an output, a response or a report describes what something answers,
                    // not what a tool is called with.
                    let taken = c.conventional && !names_an_output(&c.names);
                    if taken {
                        by_convention.push(outputs::ByConvention {
                            tool: name.value.clone(),
                            file: c.decl.name_span.file,
                            title: c.names.get(1).map(|t| t.value.clone()),
                        });
                    }
                    taken.then_some(name)
                }),
        };
        if let Some(name) = chosen {
            let mut decl = c.decl;
            decl.name = name.value;
            decl.name_span = name.span;
            by_name
                .entry(decl.name.clone())
                .or_insert_with(|| Vec::with_capacity(1))
                .push(decl);
        }
    }
    let contracts = by_name
        .into_iter()
        .map(|(name, mut decls)| {
            decls.sort_by_key(|d| (d.origin, d.name_span));
            // A name declared more than once grew its vector past what it holds.
            decls.shrink_to_fit();
            let http = decls
                .iter()
                .flat_map(|d| &d.requests)
                .map(|r| HttpLink {
                    request: r.clone(),
                    routes: server
                        .routes
                        .iter()
                        .filter(|route| {
                            route.method == r.method.value
                                && path_matches(&route.path.value, &r.path.value)
                        })
                        .map(|route| (route.clone(), handler_for(server.handlers, route)))
                        .collect(),
                })
                .collect();
            Contract {
                name,
                package: Default::default(),
                decls,
                http,
                claims: Vec::new(),
                rust: None,
                link_notes: Default::default(),
            }
        })
        .collect();
    (contracts, by_convention)
}

/// The handler a route names: the function of that name, preferring the route's own file.
/// Whether a schema file's stem or `title` ends in a word that names what is answered
/// (`mcp_route_trace_tool_result`, `QueryBenchmarkReport`). Tools are named for the reports
/// they make (`generate_report`), so `report` counts only in a title that is more than the
/// stem written another way.
fn names_an_output(names: &[Spanned<String>]) -> bool {
    let squash = |s: &str| -> String {
        s.chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
            .collect()
    };
    let stem = names.first().map(|n| squash(&n.value)).unwrap_or_default();
    names.iter().enumerate().any(|(i, n)| {
        let last = n
            .value
            .rsplit(|c: char| !c.is_ascii_alphanumeric())
            .find(|w| !w.is_empty())
            .unwrap_or("");
        // The last word of `CamelCase` too: from its last capital on.
        let word = last
            .char_indices()
            .rev()
            .find(|(_, c)| c.is_ascii_uppercase())
            .map_or(last, |(at, _)| &last[at..])
            .to_ascii_lowercase();
        matches!(word.as_str(), "result" | "results" | "output" | "response")
            || (word == "report" && i > 0 && squash(&n.value) != stem)
    })
}

fn handler_for(handlers: &[Handler], route: &Route) -> Option<Handler> {
    let named = || {
        handlers
            .iter()
            .filter(|h| h.name.value == route.handler.value)
    };
    named()
        .find(|h| h.name.span.file == route.handler.span.file)
        .or_else(|| named().next())
        .cloned()
}

/// Does a route pattern (`/api/cart/{id}`, `/api/cart/:id`, `/files/{*rest}`) match a page
/// request path, whose statically unknown segments are `{}`?
pub fn path_matches(route: &str, request: &str) -> bool {
    let segments = |p: &str| -> Vec<String> {
        p.trim_end_matches('/')
            .split('/')
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    };
    let (route, request) = (segments(route), segments(request));
    for (i, r) in route.iter().enumerate() {
        if r.starts_with('*') || r.starts_with("{*") {
            return request.len() > i;
        }
        let Some(q) = request.get(i) else {
            return false;
        };
        let param = r.starts_with(':') || (r.starts_with('{') && r.ends_with('}'));
        if !(param || q == "{}" || q == r) {
            return false;
        }
    }
    route.len() == request.len()
}

#[cfg(test)]
mod tests {
    use super::{names_an_output, path_matches};
    use crate::source::{FileId, Span, Spanned};

    fn named(names: &[&str]) -> bool {
        let at = Span::new(FileId(0), 0, 0);
        let names: Vec<_> = names
            .iter()
            .map(|n| Spanned::new(n.to_string(), at))
            .collect();
        names_an_output(&names)
    }

    #[test]
    fn a_schema_file_named_as_an_answer_is_no_input() {
        assert!(named(&[
            "mcp_route_trace_tool_result",
            "McpRouteTraceToolResult"
        ]));
        assert!(named(&["lookup-response"]));
        assert!(named(&["audit", "Quarterly audit output"]));
        assert!(named(&["investigation", "InvestigationBenchmarkReport"]));
        // A tool is named for the report it makes; a title that only restates the stem says
        // no more than the stem.
        assert!(!named(&["generate_report"]));
        assert!(!named(&["generate_report", "GenerateReport"]));
        assert!(!named(&["generate_report", "GenerateReportParams"]));
        assert!(!named(&["search_results_page", "SearchResultsPage"]));
        assert!(!named(&["order", "order"]));
    }

    #[test]
    fn route_patterns() {
        assert!(path_matches("/api/cart/lines", "/api/cart/lines"));
        assert!(path_matches("/api/cart/lines/", "/api/cart/lines"));
        assert!(path_matches("/api/cart/{id}", "/api/cart/{}"));
        assert!(path_matches("/api/cart/:id", "/api/cart/42"));
        assert!(path_matches("/files/{*rest}", "/files/a/b"));
        assert!(!path_matches("/api/cart/lines", "/api/cart"));
        assert!(!path_matches("/api/cart", "/api/cart/lines"));
        assert!(!path_matches("/api/cart/lines", "/api/cart/{}/x"));
        assert!(!path_matches("/api/cart/lines", "/api/cart/items"));
    }
}
