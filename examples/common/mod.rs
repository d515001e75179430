//! What the benchmark examples share: the files they read.

use std::path::PathBuf;

/// Every file under `root` whose extension is one of `exts`, ignore files not honoured, in
/// path order.
pub fn files_with(root: &str, exts: &[&str]) -> Vec<PathBuf> {
    let mut files: Vec<_> = ignore::WalkBuilder::new(root)
        .standard_filters(false)
        .build()
        .flatten()
        .filter(|e| {
            e.path()
                .extension()
                .is_some_and(|x| exts.iter().any(|want| x == *want))
        })
        .map(|e| e.into_path())
        .collect();
    files.sort();
    files
}
