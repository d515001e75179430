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
fn dependency_tables<'d>(doc: &'d toml::Table, key: &str) -> Vec<&'d toml::Table> {
    let mut out: Vec<&toml::Table> = doc
        .get(key)
        .and_then(toml::Value::as_table)
        .into_iter()
        .collect();
    if let Some(targets) = doc.get("target").and_then(toml::Value::as_table) {
        out.extend(
            targets
                .values()
                .filter_map(|t| t.get(key).and_then(toml::Value::as_table)),
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

/// A dependency entry as Cargo reads it, with the directory its `path` is relative to:
/// `dep.workspace = true` is the workspace's entry (`None` when the workspace has none).
fn as_declared<'a>(
    k: &str,
    v: &'a toml::Value,
    workspace: Option<(&'a Path, &'a toml::Table)>,
    dir: &'a Path,
) -> Option<(&'a toml::Value, &'a Path)> {
    let inherited = v.get("workspace").and_then(toml::Value::as_bool) == Some(true);
    match (inherited, workspace) {
        (true, Some((ws_dir, ws))) => ws.get(k).map(|s| (s, ws_dir)),
        _ => Some((v, dir)),
    }
}

/// A workspace manifest's `[workspace.dependencies]` (empty when it has none); `None` when
/// the text declares no workspace.
pub fn workspace_dependencies(text: &str) -> Option<toml::Table> {
    let doc: toml::Table = text.parse().ok()?;
    let ws = doc.get("workspace")?.as_table()?;
    Some(
        ws.get("dependencies")
            .and_then(toml::Value::as_table)
            .cloned()
            .unwrap_or_default(),
    )
}

/// The package a `Cargo.toml` declares (`None` for a virtual workspace manifest or a file
/// that is not TOML). `workspace` is the enclosing workspace's directory and
/// `[workspace.dependencies]`:
/// a `dep.workspace = true` entry is that entry, as Cargo reads it (its `package` rename,
/// its `path`).
///
/// `tree` maps the name of each package of the run to its directory: a dependency on one of
/// them by name alone (`avalonia-mcp-core = "0.1"` in a workspace) is that crate of the tree,
/// however its name reads, never an SDK.
pub fn package(
    file: FileId,
    path: &Path,
    text: &str,
    workspace: Option<(&Path, &toml::Table)>,
    tree: &std::collections::HashMap<String, std::path::PathBuf>,
) -> Option<SdkPackage> {
    let doc: toml::Table = text.parse().ok()?;
    let name = name_of(&doc)?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut sdk = None;
    let mut path_deps = Vec::new();
    for (k, v) in dependency_tables(&doc, "dependencies")
        .into_iter()
        .flatten()
    {
        let Some((spec, base)) = as_declared(k, v, workspace, &dir) else {
            continue;
        };
        if let Some(p) = spec.get("path").and_then(toml::Value::as_str) {
            path_deps.push(crate::source::normalize(&base.join(p)));
        }
        let crate_name = spec
            .get("package")
            .and_then(toml::Value::as_str)
            .unwrap_or(k);
        if let Some(own) = tree.get(crate_name) {
            if !path_deps.contains(own) {
                path_deps.push(own.clone());
            }
            continue;
        }
        if sdk.is_none() && is_sdk(crate_name, spec) && !client_only(v, spec) {
            sdk = Some(Spanned::new(
                crate_name.to_string(),
                key_span(file, text, k),
            ));
        }
    }
    // Crates of the tree only its tests build on.
    let mut dev_path_deps = Vec::new();
    for (k, v) in dependency_tables(&doc, "dev-dependencies")
        .into_iter()
        .flatten()
    {
        let Some((spec, base)) = as_declared(k, v, workspace, &dir) else {
            continue;
        };
        let crate_name = spec
            .get("package")
            .and_then(toml::Value::as_str)
            .unwrap_or(k);
        let at = match spec.get("path").and_then(toml::Value::as_str) {
            Some(p) => Some(crate::source::normalize(&base.join(p))),
            None => tree.get(crate_name).cloned(),
        };
        dev_path_deps.extend(at);
    }
    let bins = doc.get("bin").and_then(toml::Value::as_array);
    let program_roots = doc
        .get("lib")
        .into_iter()
        .chain(bins.into_iter().flatten())
        .filter_map(|target| target.get("path")?.as_str())
        .map(|p| crate::source::normalize(&dir.join(p)))
        .collect();
    Some(SdkPackage {
        name,
        dir,
        manifest: Span::new(file, 0, 0),
        sdk,
        path_deps,
        dev_path_deps,
        serves: None,
        checks_required: None,
        rewrites_descriptions: None,
        rewrites_schemas: None,
        role: Default::default(),
        binary: doc.get("bin").is_some(),
        empty_router: None,
        program_roots,
    })
}

/// The `[package]` name a manifest declares (`None` for a virtual workspace manifest or a
/// file that is not TOML).
pub fn package_name(text: &str) -> Option<String> {
    name_of(&text.parse().ok()?)
}

fn name_of(doc: &toml::Table) -> Option<String> {
    Some(doc.get("package")?.get("name")?.as_str()?.to_string())
}

/// An SDK dependency whose features name a client and no server: the package talks to MCP
/// servers, it serves no tools. The package's own list says what it asked for; a workspace
/// entry's features are what every member shares, read only when the package names none.
fn client_only(own: &toml::Value, spec: &toml::Value) -> bool {
    let list = |v: &toml::Value| v.get("features").and_then(toml::Value::as_array).cloned();
    let features: Vec<String> = list(own)
        .or_else(|| list(spec))
        .unwrap_or_default()
        .iter()
        .filter_map(|f| f.as_str().map(str::to_string))
        .collect();
    features.iter().any(|f| f.contains("client")) && !features.iter().any(|f| f.contains("server"))
}

/// Whether a table header names a table of linked dependencies: `[dependencies]`,
/// `[target.'cfg(unix)'.dependencies]` (not dev or build ones).
fn linked_table(header: &str) -> bool {
    let h = header.trim_matches(['[', ']']).trim();
    h == "dependencies" || (h.starts_with("target.") && h.ends_with(".dependencies"))
}

/// Where a dependency key is written: `rmcp = ..` or `rmcp.workspace = true` in a linked
/// dependency table, or a `[dependencies.rmcp]` header; the file's start when none is found.
fn key_span(file: FileId, text: &str, key: &str) -> Span {
    let mut at = 0;
    let mut in_deps = false;
    let quoted = format!("\"{key}\"");
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        let indent = line.len() - t.len();
        if t.starts_with('[') {
            let header = t.split('#').next().unwrap_or(t).trim_end();
            if header.ends_with(&format!("dependencies.{key}]"))
                && linked_table(&header.replace(&format!(".{key}]"), "]"))
            {
                let start = at + indent + t.find(key).unwrap_or(0);
                return Span::new(file, start, start + key.len());
            }
            in_deps = linked_table(header);
        } else if in_deps {
            let bare = t
                .strip_prefix(key)
                .or_else(|| t.strip_prefix(quoted.as_str()));
            if let Some(rest) = bare {
                let rest_t = rest.trim_start();
                if rest_t.starts_with('=') || rest_t.starts_with('.') {
                    let len = t.len() - rest.len();
                    return Span::new(file, at + indent, at + indent + len);
                }
            }
        }
        at += line.len();
    }
    Span::new(file, 0, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sdk(text: &str) -> Option<(String, usize)> {
        package(
            FileId(0),
            Path::new("a/Cargo.toml"),
            text,
            None,
            &Default::default(),
        )
        .and_then(|p| p.sdk)
        .map(|s| (s.value, s.span.start()))
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
                "[workspace]\nmembers = []\n",
                None,
                &Default::default()
            )
            .is_none()
        );
    }

    #[test]
    fn inherited_dependencies_are_read_from_the_workspace() {
        let ws = workspace_dependencies(
            "[workspace]\nmembers = [\"a\"]\n[workspace.dependencies]\nserver-macros = { path = \"macros\" }\nrmcp = { version = \"3\", features = [\"server\"] }\nproto = { package = \"rust-mcp-sdk\", version = \"1\" }\n",
        )
        .unwrap();
        let read = |t: &str| {
            package(
                FileId(0),
                Path::new("a/Cargo.toml"),
                t,
                Some((Path::new(""), &ws)),
                &Default::default(),
            )
            .and_then(|p| p.sdk)
            .map(|s| (s.value, s.span.start()))
        };
        // A workspace path dependency with `mcp` in its name is a crate of the tree, not
        // an SDK; the SDK after it is found, at its dotted key.
        let t = "[package]\nname = \"a\"\n[dev-dependencies]\nrmcp.workspace = true\n[dependencies]\nserver-macros.workspace = true\nrmcp.workspace    = true\n";
        assert_eq!(read(t), Some(("rmcp".into(), t.rfind("rmcp").unwrap())));
        let renamed = "[package]\nname = \"a\"\n[dependencies]\nproto = { workspace = true }\n";
        assert_eq!(
            read(renamed),
            Some(("rust-mcp-sdk".into(), renamed.find("proto").unwrap()))
        );
        let only_macros =
            "[package]\nname = \"a\"\n[dependencies]\nserver-macros.workspace = true\n";
        assert_eq!(read(only_macros), None);
        assert!(workspace_dependencies("[package]\nname = \"a\"\n").is_none());
    }

    #[test]
    fn a_dependency_on_a_package_of_the_tree_is_that_crate_not_an_sdk() {
        let tree = std::collections::HashMap::from([(
            "avalonia-mcp-core".to_string(),
            std::path::PathBuf::from("crates/core"),
        )]);
        let t = "[package]\nname = \"app\"\n[dependencies]\navalonia-mcp-core = \"0.1.0\"\nrmcp = \"1\"\n";
        let p = package(FileId(0), Path::new("Cargo.toml"), t, None, &tree).unwrap();
        assert_eq!(p.sdk.map(|s| s.value), Some("rmcp".to_string()));
        assert_eq!(p.path_deps, [std::path::PathBuf::from("crates/core")]);
        let only = "[package]\nname = \"app\"\n[dependencies]\navalonia-mcp-core = \"0.1.0\"\n";
        let p = package(FileId(0), Path::new("Cargo.toml"), only, None, &tree).unwrap();
        assert_eq!(p.sdk, None);
    }
}
