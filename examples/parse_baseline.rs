//! Benchmark baseline: `syn::parse_file` on every `.rs` file under a directory, on the
//! rayon pool (set RAYON_NUM_THREADS), with the same syn and proc-macro2 features as
//! contractlint. It does nothing with the trees: it is the cost contractlint must stay near.

mod common;

use rayon::prelude::*;

fn main() {
    let root = std::env::args().nth(1).unwrap_or_else(|| ".".into());
    let files = common::rust_files(&root);
    let (ok, failed) = files
        .par_iter()
        .map(|p| {
            let parsed = std::fs::read_to_string(p)
                .ok()
                .map(|text| syn::parse_file(&text).is_ok());
            proc_macro2::extra::invalidate_current_thread_spans();
            match parsed {
                Some(true) => (1, 0),
                _ => (0, 1),
            }
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    println!("{} files parsed, {} failed", ok, failed);
}
