//! Where the values a test reads come from, as far as the page resolves them: the input, a
//! literal, a constant of the script (or an import the page resolves to a value), a built-in of
//! the language, a function of the script reading only those. A test that reads anything else
//! (an import the page cannot follow, a parameter filled with what only the run knows, what an
//! unknown function returns, a global of the browser) holds for values nobody here knows, so
//! whether a call the schema admits makes it hold is not known either.

use oxc_ast::AstKind;
use oxc_semantic::{Semantic, SymbolId};
use oxc_span::GetSpan;
use std::collections::{HashMap, HashSet};

/// What an import the page resolves to a value holds, by its local name.
pub type Imported<'f> = &'f dyn Fn(&str) -> Option<serde_json::Value>;

/// Declarations are followed this many steps.
const MAX_DEPTH: usize = 6;

/// The language's own globals, whose meaning a script cannot change without saying so:
/// what they compute from the input depends on nothing else.
const BUILTINS: &[&str] = &[
    "undefined",
    "NaN",
    "Infinity",
    "Array",
    "Boolean",
    "Number",
    "String",
    "Object",
    "Math",
    "JSON",
    "RegExp",
    "Set",
    "Map",
    "Symbol",
    "BigInt",
    "URL",
    "URLSearchParams",
    "Error",
    "TypeError",
    "RangeError",
    "SyntaxError",
    "parseInt",
    "parseFloat",
    "isNaN",
    "isFinite",
    "encodeURIComponent",
    "decodeURIComponent",
    "encodeURI",
    "decodeURI",
];

/// What the values read in one function come from.
pub struct Sources<'s, 'a> {
    pub sem: &'s Semantic<'a>,
    /// The parameters of the function being read, with whether the page resolves what fills
    /// them (the input, or an argument it resolves).
    pub params: &'s HashMap<SymbolId, bool>,
    /// What an import the page resolves to a value holds.
    pub imported: Imported<'s>,
}

impl Sources<'_, '_> {
    /// The first value read within `span` that the page does not resolve.
    pub fn unresolved(&self, span: oxc_span::Span) -> Option<oxc_span::Span> {
        self.within(span, 0, &mut HashSet::new())
    }

    fn within(
        &self,
        span: oxc_span::Span,
        depth: usize,
        seen: &mut HashSet<SymbolId>,
    ) -> Option<oxc_span::Span> {
        if depth > MAX_DEPTH {
            return Some(span);
        }
        let inside = |s: oxc_span::Span| span.start <= s.start && s.end <= span.end;
        let scoping = self.sem.scoping();
        for n in self.sem.nodes().iter() {
            let id = match n.kind() {
                AstKind::IdentifierReference(id) if inside(id.span) => id,
                AstKind::ThisExpression(t) if inside(t.span) => return Some(t.span),
                _ => continue,
            };
            let Some(reference) = id.reference_id.get().map(|r| scoping.get_reference(r)) else {
                continue;
            };
            // A type says nothing of the value at run time.
            if reference.is_type() || reference.flags().is_value_as_type() {
                continue;
            }
            let Some(symbol) = reference.symbol_id() else {
                if BUILTINS.contains(&id.name.as_str()) {
                    continue;
                }
                return Some(id.span);
            };
            let decl = self.sem.symbol_declaration(symbol);
            // Declared in what is being read: its own value is read there too.
            if inside(decl.kind().span()) {
                continue;
            }
            if let Some(resolved) = self.params.get(&symbol) {
                if *resolved {
                    continue;
                }
                return Some(id.span);
            }
            if !seen.insert(symbol) {
                continue;
            }
            let next = match decl.kind() {
                AstKind::ImportSpecifier(_)
                | AstKind::ImportDefaultSpecifier(_)
                | AstKind::ImportNamespaceSpecifier(_) => {
                    if (self.imported)(&id.name).is_some() {
                        continue;
                    }
                    return Some(id.span);
                }
                AstKind::Function(f) => f.span,
                AstKind::VariableDeclarator(d)
                    if !self.sem.symbol_references(symbol).any(|r| r.is_write()) =>
                {
                    match (&d.init, self.iterated(decl.id())) {
                        (Some(init), _) => init.span(),
                        // `for (const line of lines)`: what it goes through.
                        (None, Some(list)) => list,
                        (None, None) => return Some(id.span),
                    }
                }
                // A parameter of a function around this one, a reassigned local, a class, ..
                _ => return Some(id.span),
            };
            if let Some(s) = self.within(next, depth + 1, seen) {
                return Some(s);
            }
        }
        None
    }

    /// What the loop declaring the variable at `declarator` goes through, when it is one.
    fn iterated(&self, declarator: oxc_semantic::NodeId) -> Option<oxc_span::Span> {
        let nodes = self.sem.nodes();
        let declaration = nodes.parent_id(declarator);
        match nodes.parent_kind(declaration) {
            AstKind::ForOfStatement(f) => Some(f.right.span()),
            AstKind::ForInStatement(f) => Some(f.right.span()),
            _ => None,
        }
    }
}
