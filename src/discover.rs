//! Walk the given paths (honouring `.gitignore`, skipping build output) and sort files by
//! the extractor that may read them.

use std::path::{Path, PathBuf};

/// Which extractor a file goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Json,
    Rust,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Found {
    pub path: PathBuf,
    pub kind: Kind,
}

/// Directories never worth reading.
const SKIP_DIRS: &[&str] = &["target", "node_modules", ".git"];

fn kind_of(path: &Path) -> Option<Kind> {
    match path.extension()?.to_str()? {
        "json" => Some(Kind::Json),
        "rs" => Some(Kind::Rust),
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
