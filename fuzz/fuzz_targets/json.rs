//! JSON tool manifests and schemas: read, parse, shape, schema facts, `$ref`s, metaschema,
//! rules and every report.
#![no_main]

#[path = "../../tests/fuzz_support/mod.rs"]
mod support;

/// Counts what each input allocates, for the budget `support::run` asserts.
#[global_allocator]
static ALLOCATOR: support::budget::Counting = support::budget::Counting;

libfuzzer_sys::fuzz_target!(|data: &[u8]| support::run(&support_dir(), "json", data));

/// One scratch project per fuzzing process, rewritten for every input.
fn support_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("contractlint-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
