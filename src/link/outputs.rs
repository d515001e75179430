//! Schema files that a tool is not called with. `<tool>.schema.json` is a tool's input by
//! convention, but a project may keep its result schemas under the same names (for tests that
//! check what the tools answer). A schema file whose `title` names the type the tool's
//! handler returns describes that output: read as an input, every property the code produces
//! would look unhandled, unchecked or open. And a server that declares its tools in code says
//! which tools it serves: a schema file only its file name makes a tool, named by none of
//! them, documents something else (a payload, a form, a config). So does one beside code that
//! serves MCP (an SDK dependency, or `tools/list` answered by hand) when no code links to it
//! but by a name (a type or a function named like the tool, which a tool's report or result
//! type is as often): the tools are the code's, read or not. A workspace's own directory
//! (`schemas/` beside `crates/`) is beside every package of the workspace.

use crate::contract::{Contract, LinkKind, Origin, RustLookup, SdkPackage};
use crate::source::{FileId, SourceMap};

/// A schema file taken as `tool`'s input by its file name alone.
pub struct ByConvention {
    pub tool: String,
    pub file: FileId,
    /// The `title` the schema gives itself.
    pub title: Option<String>,
}

/// Remove the declarations of schema files that describe their handler's output, that no
/// tool declared in code names, or that sit beside code serving MCP with no link to it but
/// by a name, and the contracts left with none.
pub fn drop_outputs(
    contracts: &mut Vec<Contract>,
    krate: &dyn RustLookup,
    by: &[ByConvention],
    packages: &[SdkPackage],
    sources: &SourceMap,
) {
    let declared_in_code = contracts.iter().any(|c| {
        c.decls
            .iter()
            .any(|d| matches!(d.origin, Origin::Rust | Origin::RustValue))
    });
    let serves = |p: &SdkPackage| p.sdk.is_some() || p.serves.is_some();
    let in_server = |file: FileId| {
        let path = &sources.get(file).path;
        match SdkPackage::owner(packages, path) {
            Some(p) => serves(p),
            None => path
                .ancestors()
                .skip(1)
                .find(|d| sources.find(&d.join("Cargo.toml")).is_some())
                .is_some_and(|root| {
                    packages
                        .iter()
                        .any(|p| p.dir.starts_with(root) && serves(p))
                }),
        }
    };
    let mut emptied = Vec::new();
    for b in by {
        let Some(c) = contracts.iter_mut().find(|c| c.name == b.tool) else {
            continue;
        };
        let only_files = c.decls.iter().all(|d| d.origin == Origin::SchemaFile);
        let output = || {
            let handler = c.rust.as_ref().and_then(|r| r.handler);
            handler.zip(b.title.as_ref()).is_some_and(|(h, title)| {
                super::rust_side::type_names(&krate.fns()[h].returns).any(|w| w == *title)
            })
        };
        let named_only = c
            .rust
            .as_ref()
            .is_none_or(|r| r.how == LinkKind::Convention);
        let unserved = only_files && (declared_in_code || (named_only && in_server(b.file)));
        if !(unserved || output()) {
            continue;
        }
        c.decls
            .retain(|d| !(d.origin == Origin::SchemaFile && d.name_span.file == b.file));
        if c.decls.is_empty() {
            emptied.push(b.tool.as_str());
        }
    }
    contracts.retain(|c| !emptied.contains(&c.name.as_str()));
}

#[cfg(test)]
mod tests {
    use crate::link::rust_side::type_names;

    fn names_type(written: &str, ty: &str) -> bool {
        type_names(written).any(|w| w == ty)
    }

    #[test]
    fn a_type_is_named_by_a_whole_path_segment() {
        assert!(names_type(
            "anyhow::Result<crate::model::RouteTrace>",
            "RouteTrace"
        ));
        assert!(names_type("Result<Vec<RouteTrace>,Error>", "RouteTrace"));
        assert!(!names_type("Result<RouteTraceResult>", "RouteTrace"));
        assert!(!names_type("()", "RouteTrace"));
    }
}
