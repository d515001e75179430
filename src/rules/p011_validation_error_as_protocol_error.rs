use super::Rule;
use crate::contract::rust::result_parts;
use crate::contract::{
    CodeFactKind, FnBody, FnFacts, LinkKind, Origin, Project, ServerProtocol, SupportedVersions,
    newest_revision,
};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// P011: an rmcp handler turns away invalid input with a JSON-RPC protocol error
/// (`McpError::invalid_params`), where MCP classes input validation errors as tool execution
/// errors: a result with `isError: true`, which clients should show the model so that it can
/// correct the call. A protocol error may never reach the model. Only for a server that
/// speaks 2025-11-25 or later: before, the specification listed "invalid arguments" among
/// protocol errors (SEP-1303 calls that guidance ambiguous and replaced it).
pub struct ValidationErrorAsProtocolError;

/// The revision that classed input validation errors as tool execution errors (SEP-1303).
const SEP_1303: &str = "2025-11-25";

/// rmcp's error type, under the names handlers return it by: an `Err` of it is a protocol
/// error.
const PROTOCOL_ERRORS: &[&str] = &[
    "McpError",
    "ErrorData",
    "rmcp::ErrorData",
    "rmcp::model::ErrorData",
    "rmcp::McpError",
];

impl Rule for ValidationErrorAsProtocolError {
    fn code(&self) -> &'static str {
        "P011"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for c in &project.contracts {
            let Some(rust) = &c.rust else { continue };
            let Some(f) = rust.handler.and_then(|h| project.rust.fns.get(h)) else {
                continue;
            };
            // The error reaches the client as it is built only when the handler is what rmcp
            // calls (a `#[tool]` method, `ServerHandler::call_tool`) and returns it: a function
            // those call may have its error turned into a result by its caller.
            let rmcp_calls = (rust.how == LinkKind::Declared
                && c.decls.iter().any(|d| d.origin == Origin::Rust))
                || (f.name == "call_tool" && f.impl_trait.as_deref() == Some("ServerHandler"));
            let protocol = rmcp_calls
                && result_parts(&f.returns).is_some_and(|(_, e)| PROTOCOL_ERRORS.contains(&e));
            let Some(body) = f.body.as_ref().filter(|_| protocol) else {
                continue;
            };
            // Unknown (no rmcp release read, a declaration not read) is silence, and so is a
            // server that never answers `initialize` with 2025-11-25 or later.
            let (server, newest) = spoken(project, f);
            let Some(newest) = newest.filter(|v| *v >= SEP_1303) else {
                continue;
            };
            let mut seen = Vec::new();
            for check in rust.checks.iter().filter(|k| {
                k.rejects && k.kind == CodeFactKind::ProtocolError && !k.property.is_empty()
            }) {
                // Built in the handler's own body, or in a function the handler calls that
                // returns rmcp's error and whose error the handler passes on with `?` as it
                // is: no function between turns it into a result.
                let own = body
                    .facts
                    .iter()
                    .any(|x| x.span == check.span && x.kind == CodeFactKind::ProtocolError);
                let through = (!own)
                    .then(|| passed_on_by(project, body, check.span))
                    .flatten();
                if !(own || through.is_some()) || seen.contains(&check.span) {
                    continue;
                }
                seen.push(check.span);
                let mut d = Diagnostic::new(
                        self.code(),
                        format!(
                            "`{}` rejects an invalid `{}` with a JSON-RPC protocol error; MCP {SEP_1303} and later, which this server speaks, report input validation errors as a tool result with `isError: true`, which clients pass to the model so it can correct the call",
                            c.name, check.property
                        ),
                        Label::new(check.span, "protocol error built here"),
                    )
                    .tool(&c.name)
                    .property(&check.property)
                    .related(Label::new(f.span, format!("returns `{}`", f.returns)))
                    .help("return `Ok(CallToolResult::error(vec![Content::text(..)]))` with the same message instead of `Err(McpError::invalid_params(..))`");
                if let Some(s) = server {
                    d = d.related(Label::new(
                        s.span,
                        format!("this server answers `initialize` with up to MCP {newest}"),
                    ));
                }
                if let Some((call, helper)) = through {
                    d = d.related(Label::new(
                        call,
                        format!("`{helper}`'s error is passed on here with `?`"),
                    ));
                }
                out.push(d);
            }
        }
    }
}

/// The `ServerHandler` of the handler's type in its package, and the newest revision the
/// server answers `initialize` with for every rmcp release the package may build with.
pub(super) fn spoken<'p>(
    project: &'p Project,
    f: &FnFacts,
) -> (Option<&'p ServerProtocol>, Option<&'p str>) {
    let graph = &project.rust.crates;
    let Some(home) = graph.files.get(&f.span.file) else {
        return (None, None);
    };
    let ours = |s: &&ServerProtocol| {
        graph
            .files
            .get(&s.span.file)
            .is_some_and(|h| h.package == home.package)
    };
    let servers = project.rust.servers.iter().filter(ours);
    let server = f
        .self_ty
        .as_deref()
        .and_then(|t| servers.clone().find(|s| s.self_ty == t));
    let narrowed = servers
        .clone()
        .any(|s| s.supported != SupportedVersions::Sdk);
    let lines = &graph.packages[home.package].rmcp_lines;
    (server, newest_revision(lines, server, narrowed))
}

/// The call in `body` through which a protocol error built at `at` reaches rmcp unchanged:
/// `at` lies in a function returning rmcp's error, called by that name in `body` with `?`
/// straight on the call. Its span and the function's name.
fn passed_on_by<'p>(
    project: &'p Project,
    body: &FnBody,
    at: crate::source::Span,
) -> Option<(crate::source::Span, &'p str)> {
    let helper = project.rust.fns.iter().find(|h| {
        h.body.as_ref().is_some_and(|b| {
            b.facts
                .iter()
                .any(|x| x.span == at && x.kind == CodeFactKind::ProtocolError)
        })
    })?;
    if !result_parts(&helper.returns).is_some_and(|(_, e)| PROTOCOL_ERRORS.contains(&e)) {
        return None;
    }
    let call = body
        .calls
        .iter()
        .find(|c| c.callee == helper.name && body.passed_on.contains(&c.span))?;
    Some((call.span, helper.name.as_str()))
}
