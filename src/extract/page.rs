//! What the WebMCP page extractors (script and form) hand to the pipeline: tools whose input
//! schema is already lowered into the span-preserving [`JsonNode`] tree, so the JSON Schema
//! reader turns it into the same facts as a JSON file, with spans in the page.

use super::Unreadable;
use crate::contract::{NotStatic, PageApiUse, PageTool, WebMcpUse};
use crate::source::Span;
use std::collections::HashSet;

/// Everything read from one page file.
#[derive(Debug, Default)]
pub struct PageFacts {
    pub tools: Vec<PageTool>,
    pub not_static: Vec<NotStatic>,
    pub unreadable: Vec<Unreadable>,
    /// The first use of WebMCP in each script.
    pub uses: Vec<WebMcpUse>,
    pub page_api: Vec<PageApiUse>,
    /// What a registration read with its argument unbound (a helper's body as written)
    /// could not know, by the registration call.
    pub unbound: Vec<(Span, NotStatic)>,
    /// Registrations read with their argument bound (per item of a loop, per call of a
    /// helper), by the registration call.
    pub bound: Vec<Span>,
    /// Where a script (no test, no bundle) installs a model context of its own.
    pub provides: Vec<Span>,
    /// Some script (no test, no bundle) calls `registerTool`/`provideContext` or a tool hook.
    pub registers: bool,
}

impl PageFacts {
    pub fn extend(&mut self, other: PageFacts) {
        self.tools.extend(other.tools);
        self.not_static.extend(other.not_static);
        self.unreadable.extend(other.unreadable);
        self.uses.extend(other.uses);
        self.page_api.extend(other.page_api);
        self.unbound.extend(other.unbound);
        self.bound.extend(other.bound);
        self.provides.extend(other.provides);
        self.registers |= other.registers;
    }

    /// Once every page of a package is read: what a registration could not know with its
    /// argument unbound is reported only where no page reached it with the argument bound;
    /// a tool read more than once (a module imported by two pages, a helper read as written
    /// and per call) is kept once.
    pub fn settle(&mut self) {
        let bound: HashSet<Span> = self.bound.drain(..).collect();
        for (call, n) in std::mem::take(&mut self.unbound) {
            if !bound.contains(&call) {
                self.not_static.push(n);
            }
        }
        let mut seen = HashSet::new();
        self.tools.retain(|t| {
            seen.insert((
                t.name.span,
                t.name.value.clone(),
                t.description.as_ref().map(|d| d.span),
                t.schema.as_ref().map(|s| s.span),
            ))
        });
        let mut seen = HashSet::new();
        self.not_static
            .retain(|n| seen.insert((n.span, n.what.clone(), n.reason.clone())));
    }
}

/// The path of a URL as a route would see it: no scheme, host, query or fragment. `None`
/// when it is not an absolute path or an `http(s)` URL (a relative path depends on the page).
pub fn url_path(url: &str) -> Option<String> {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .or_else(|| url.strip_prefix("//"));
    let path = match rest {
        Some(r) => r.find('/').map_or("/", |i| &r[i..]),
        None if url.starts_with('/') => url,
        None => return None,
    };
    let end = path.find(['?', '#']).unwrap_or(path.len());
    Some(path[..end].to_string())
}

#[cfg(test)]
mod tests {
    use super::url_path;

    #[test]
    fn url_paths() {
        assert_eq!(
            url_path("/api/cart/lines").as_deref(),
            Some("/api/cart/lines")
        );
        assert_eq!(url_path("/api/search?q=1").as_deref(), Some("/api/search"));
        assert_eq!(
            url_path("https://shop.example/api/x#y").as_deref(),
            Some("/api/x")
        );
        assert_eq!(url_path("https://shop.example").as_deref(), Some("/"));
        assert_eq!(url_path("api/x"), None);
    }
}
