//! What the benchmark examples share: the `.rs` files they read.

use std::path::PathBuf;

/// Every `.rs` file under `root`, ignore files not honoured (the baseline reads them all),
/// in path order.
pub fn rust_files(root: &str) -> Vec<PathBuf> {
    let mut files: Vec<_> = ignore::WalkBuilder::new(root)
        .standard_filters(false)
        .build()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "rs"))
        .map(|e| e.into_path())
        .collect();
    files.sort();
    files
}
