//! Benchmark baseline: `syn::parse_file` on every `.rs` file under a directory, on the
//! rayon pool (set RAYON_NUM_THREADS), with the same syn and proc-macro2 features as
//! contractlint. With `--json`, every `.json` file is parsed too (`serde_json::Value`, the
//! same features): the floor for trees of tool manifests. It does nothing with what it
//! parsed: it is the cost contractlint must stay near.
//!
//! usage: parse_baseline DIR [--json]

mod common;

use rayon::prelude::*;

fn main() {
    let mut args = std::env::args().skip(1);
    let root = args.next().unwrap_or_else(|| ".".into());
    let json = args.next().is_some_and(|a| a == "--json");
    let exts: &[&str] = if json { &["rs", "json"] } else { &["rs"] };
    let files = common::files_with(&root, exts);
    let (ok, failed) = files
        .par_iter()
        .map(|p| {
            let parsed = std::fs::read_to_string(p).ok().map(|text| {
                if p.extension().is_some_and(|x| x == "json") {
                    serde_json::from_str::<serde_json::Value>(&text).is_ok()
                } else {
                    let ok = syn::parse_file(&text).is_ok();
                    proc_macro2::extra::invalidate_current_thread_spans();
                    ok
                }
            });
            match parsed {
                Some(true) => (1, 0),
                _ => (0, 1),
            }
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    println!("{} files parsed, {} failed", ok, failed);
}
