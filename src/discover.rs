//! Walk the given paths (honouring `.gitignore`, skipping build output) and sort files by
//! the extractor that may read them.

use std::path::{Path, PathBuf};

/// Which extractor a file goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Json,
    Rust,
    /// JavaScript or TypeScript a page may register WebMCP tools from.
    Script,
    /// HTML: declarative tool forms and inline scripts.
    Html,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Found {
    pub path: PathBuf,
    pub kind: Kind,
}

/// Directories never worth reading.
const SKIP_DIRS: &[&str] = &["target", "node_modules", ".git"];

fn kind_of(path: &Path) -> Option<Kind> {
    let name = path.file_name()?.to_str()?;
    match path.extension()?.to_str()? {
        "json" => Some(Kind::Json),
        "rs" => Some(Kind::Rust),
        // Type declarations (`.d.ts`) hold no calls.
        "js" | "mjs" | "cjs" | "jsx" | "ts" | "mts" | "cts" | "tsx"
            if !name.ends_with(".d.ts")
                && !name.ends_with(".d.mts")
                && !name.ends_with(".d.cts") =>
        {
            Some(Kind::Script)
        }
        "html" | "htm" => Some(Kind::Html),
        _ => None,
    }
}

/// Every candidate file under `paths`, sorted, without duplicates. `excluded` is asked for
/// each path (config `exclude` globs).
pub fn walk(paths: &[PathBuf], excluded: &dyn Fn(&Path) -> bool) -> Vec<Found> {
    let mut out = Vec::new();
    for root in paths {
        let mut builder = ignore::WalkBuilder::new(root);
        builder
            .require_git(false)
            .follow_links(false)
            .filter_entry(|e| {
                !(e.file_type().is_some_and(|t| t.is_dir())
                    && e.file_name()
                        .to_str()
                        .is_some_and(|n| SKIP_DIRS.contains(&n)))
            });
        for entry in builder.build().flatten() {
            if !entry.file_type().is_some_and(|t| t.is_file()) {
                continue;
            }
            let path = entry.path();
            if excluded(path) {
                continue;
            }
            if let Some(kind) = kind_of(path) {
                out.push(Found {
                    path: path.to_path_buf(),
                    kind,
                });
            }
        }
    }
    out.sort();
    out.dedup();
    out
}
