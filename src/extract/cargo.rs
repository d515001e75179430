//! `Cargo.toml` → the package's name and the MCP SDK it depends on: a package that depends
//! on one but in which no tool is recognised is reported (L004), never passed as clean.

use crate::contract::SdkPackage;
use crate::source::{FileId, Span, Spanned};
use std::path::Path;

/// MCP SDK crates by name; any other dependency with `mcp` as a word of its name
/// (`mcp-core`, `rust-mcp-sdk`, `turbomcp` is listed) counts too, unless it is a path
/// dependency (a crate of the same workspace).
const SDKS: &[&str] = &[
    "rmcp",
    "rust-mcp-sdk",
    "pmcp",
    "turbomcp",
    "mcpr",
    "mcp-attr",
];

/// Dependency tables whose entries the package's code links against (not dev or build).
fn dependency_tables(doc: &toml::Table) -> Vec<&toml::Table> {
    let mut out: Vec<&toml::Table> = doc
        .get("dependencies")
        .and_then(toml::Value::as_table)
        .into_iter()
        .collect();
    if let Some(targets) = doc.get("target").and_then(toml::Value::as_table) {
        out.extend(
            targets
                .values()
                .filter_map(|t| t.get("dependencies").and_then(toml::Value::as_table)),
        );
    }
    out
}

fn is_sdk(name: &str, spec: &toml::Value) -> bool {
    if SDKS.contains(&name) {
        return true;
    }
    let path_dep = spec.as_table().is_some_and(|t| t.contains_key("path"));
    !path_dep && name.split(['-', '_']).any(|w| w == "mcp")
}

/// The package a `Cargo.toml` declares (`None` for a virtual workspace manifest or a file
/// that is not TOML).
pub fn package(file: FileId, path: &Path, text: &str) -> Option<SdkPackage> {
    let doc: toml::Table = text.parse().ok()?;
    let name = doc
        .get("package")
        .and_then(|p| p.get("name"))
        .and_then(toml::Value::as_str)?
        .to_string();
    let sdk = dependency_tables(&doc).into_iter().find_map(|deps| {
        deps.iter().find_map(|(k, v)| {
            let spec = v.get("package").and_then(toml::Value::as_str).unwrap_or(k);
            is_sdk(spec, v).then(|| Spanned::new(spec.to_string(), key_span(file, text, k)))
        })
    });
    Some(SdkPackage {
        name,
        dir: path.parent().map(Path::to_path_buf).unwrap_or_default(),
        manifest: Span::new(file, 0, 0),
        sdk,
    })
}

/// Where a dependency key is written: `rmcp = ..` on a line of its own, or a
/// `[dependencies.rmcp]` header; the file's start when neither is found.
fn key_span(file: FileId, text: &str, key: &str) -> Span {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        let indent = line.len() - t.len();
        let quoted = format!("\"{key}\"");
        let bare = t
            .strip_prefix(key)
            .or_else(|| t.strip_prefix(quoted.as_str()));
        if let Some(rest) = bare
            && rest.trim_start().starts_with('=')
        {
            let len = t.len() - rest.len();
            return Span::new(file, at + indent, at + indent + len);
        }
        if t.starts_with('[') && t.contains(&format!("dependencies.{key}]")) {
            let start = at + indent + t.find(key).unwrap_or(0);
            return Span::new(file, start, start + key.len());
        }
        at += line.len();
    }
    Span::new(file, 0, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sdk(text: &str) -> Option<(String, usize)> {
        package(FileId(0), Path::new("a/Cargo.toml"), text)
            .and_then(|p| p.sdk)
            .map(|s| (s.value, s.span.start))
    }

    #[test]
    fn finds_the_sdk_dependency_and_where_it_is_written() {
        let t = "[package]\nname = \"a\"\n\n[dependencies]\nserde = \"1\"\nrmcp = { version = \"1\" }\n";
        assert_eq!(sdk(t), Some(("rmcp".into(), t.find("rmcp").unwrap())));
        let renamed = "[package]\nname = \"a\"\n[dependencies]\nmcp = { package = \"rust-mcp-sdk\", version = \"1\" }\n";
        assert_eq!(sdk(renamed).map(|s| s.0), Some("rust-mcp-sdk".into()));
        let table = "[package]\nname = \"a\"\n[dependencies.rmcp]\nversion = \"1\"\n";
        assert_eq!(
            sdk(table),
            Some(("rmcp".into(), table.find("rmcp").unwrap()))
        );
        let other = "[package]\nname = \"a\"\n[dependencies]\nmcp-core = \"0.1\"\n";
        assert_eq!(sdk(other).map(|s| s.0), Some("mcp-core".into()));
    }

    #[test]
    fn dev_path_and_unrelated_dependencies_are_not_an_sdk() {
        for t in [
            "[package]\nname = \"a\"\n[dev-dependencies]\nrmcp = \"1\"\n",
            "[package]\nname = \"a\"\n[dependencies]\nmy-mcp-types = { path = \"../types\" }\n",
            "[package]\nname = \"a\"\n[dependencies]\nserde = \"1\"\nmcpx-lite = \"1\"\n",
        ] {
            assert_eq!(sdk(t), None, "{t}");
        }
        assert!(
            package(
                FileId(0),
                Path::new("Cargo.toml"),
                "[workspace]\nmembers = []\n"
            )
            .is_none()
        );
    }
}
