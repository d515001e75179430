//! What a file's `use` items bind: the path each imported name stands for, per scope (the
//! file, and each inline module, which does not see its parent's imports). A path whose
//! first segment an import binds is read as the path it stands for (`macros::mcp_tool`
//! after `use rust_mcp_sdk::macros;` is `rust_mcp_sdk::macros::mcp_tool`); a glob import
//! binds no name that can be known here, so a path through one stays as written.

use super::parse::Offsets;
use std::collections::HashMap;
use std::ops::Range;
use syn::spanned::Spanned as _;

/// Each name a scope's `use` items bind, to the path it stands for.
type Bound = HashMap<String, Vec<String>>;

#[derive(Debug, Default)]
pub struct Imports {
    /// Each scope's byte range and the names its `use` items bind, outermost first.
    scopes: Vec<(Range<usize>, Bound)>,
}

impl Imports {
    pub fn of(items: &[syn::Item], offsets: &Offsets) -> Imports {
        let mut out = Imports::default();
        out.scope(items, 0..usize::MAX, offsets);
        out
    }

    fn scope(&mut self, items: &[syn::Item], range: Range<usize>, offsets: &Offsets) {
        let mut names = HashMap::new();
        for item in items {
            if let syn::Item::Use(u) = item {
                bind(&u.tree, &mut Vec::new(), &mut names);
            }
        }
        self.scopes.push((range, names));
        for item in items {
            if let syn::Item::Mod(m) = item
                && let Some((_, inner)) = &m.content
            {
                self.scope(inner, offsets.range(m.span()), offsets);
            }
        }
    }

    /// The segments of `path` written at byte `at`, its first one replaced by the path the
    /// innermost scope around `at` imports under that name.
    pub fn resolve(&self, at: usize, path: &syn::Path) -> Vec<String> {
        let written = path.segments.iter().map(|s| s.ident.to_string());
        let mut segs: Vec<String> = written.collect();
        let scope = self
            .scopes
            .iter()
            .filter(|(r, _)| r.contains(&at))
            .min_by_key(|(r, _)| r.end - r.start);
        if path.leading_colon.is_none()
            && let Some((_, names)) = scope
            && let Some(full) = segs.first().and_then(|first| names.get(first))
        {
            segs.splice(..1, full.iter().cloned());
        }
        segs
    }
}

/// The names a use tree binds, each to its full path (`prefix` is the path so far).
pub(super) fn bind(tree: &syn::UseTree, prefix: &mut Vec<String>, out: &mut Bound) {
    let full = |prefix: &[String], last: &syn::Ident| {
        let mut p = prefix.to_vec();
        if last != "self" {
            p.push(last.to_string());
        }
        p
    };
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            bind(&p.tree, prefix, out);
            prefix.pop();
        }
        // `use a::b::{self}` binds `b`.
        syn::UseTree::Name(n) if n.ident == "self" => {
            if let Some(last) = prefix.last() {
                out.insert(last.clone(), prefix.clone());
            }
        }
        syn::UseTree::Name(n) => {
            out.insert(n.ident.to_string(), full(prefix, &n.ident));
        }
        syn::UseTree::Rename(r) if r.rename != "_" => {
            out.insert(r.rename.to_string(), full(prefix, &r.ident));
        }
        syn::UseTree::Group(g) => {
            for t in &g.items {
                bind(t, prefix, out);
            }
        }
        syn::UseTree::Rename(_) | syn::UseTree::Glob(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolved(src: &str, path: &str, at: &str) -> String {
        let file: syn::File = syn::parse_str(src).unwrap();
        let offsets = Offsets::new(src);
        let imports = Imports::of(&file.items, &offsets);
        let p: syn::Path = syn::parse_str(path).unwrap();
        imports.resolve(src.find(at).unwrap(), &p).join("::")
    }

    #[test]
    fn a_path_reads_through_the_imports_of_its_own_scope() {
        let src = "use rust_mcp_sdk::macros;\n\
            use rust_mcp_sdk::{self as sdk, schema::{CallToolResult as R}};\n\
            use docs::macros::{self as doc_macros};\n\
            use other::*;\n\
            fn top() {}\n\
            mod inner { use my_macros as macros; fn here() {} }\n\
            mod bare { fn there() {} }\n";
        let top = "fn top";
        assert_eq!(
            resolved(src, "macros::mcp_tool", top),
            "rust_mcp_sdk::macros::mcp_tool"
        );
        assert_eq!(
            resolved(src, "sdk::macros::mcp_tool", top),
            "rust_mcp_sdk::macros::mcp_tool"
        );
        assert_eq!(
            resolved(src, "R", top),
            "rust_mcp_sdk::schema::CallToolResult"
        );
        assert_eq!(
            resolved(src, "doc_macros::mcp_tool", top),
            "docs::macros::mcp_tool"
        );
        assert_eq!(resolved(src, "glob_item::x", top), "glob_item::x");
        assert_eq!(resolved(src, "::macros::x", top), "macros::x");
        assert_eq!(
            resolved(src, "macros::mcp_tool", "fn here"),
            "my_macros::mcp_tool"
        );
        // An inline module does not see its parent's imports.
        assert_eq!(
            resolved(src, "macros::mcp_tool", "fn there"),
            "macros::mcp_tool"
        );
    }
}
