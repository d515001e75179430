//! Prints the facts contractlint reads from every `.rs` file under a directory (Debug
//! form, files in path order), so a change meant only for speed can be checked to leave
//! every fact unchanged: run it before and after and compare the outputs.
//! usage: cargo run --release --example fact_dump DIR > facts.txt

mod common;

use rayon::prelude::*;
use std::fmt::Write as _;

fn main() {
    let root = std::env::args().nth(1).unwrap_or_else(|| ".".into());
    let files = common::files_with(&root, &["rs"]);
    let out: Vec<String> = files
        .par_iter()
        .enumerate()
        .map(|(i, p)| {
            let mut s = format!("== {}\n", p.display());
            let Ok(text) = std::fs::read_to_string(p) else {
                return s + "unreadable\n";
            };
            let id = contractlint::source::FileId(i as u32);
            match contractlint::extract::rust::extract(id, &text) {
                Ok(facts) => writeln!(s, "{facts:#?}").unwrap(),
                Err(e) => writeln!(s, "error at {}: {}", e.span.start(), e.message).unwrap(),
            }
            s
        })
        .collect();
    for s in out {
        print!("{s}");
    }
}
