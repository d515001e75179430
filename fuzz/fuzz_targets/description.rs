//! Description prose: the input is a tool's and a property's description (tests/fuzz_support).
#![no_main]

#[path = "../../tests/fuzz_support/mod.rs"]
mod support;

/// Counts what each input allocates, for the budget `support::run` asserts.
#[global_allocator]
static ALLOCATOR: support::budget::Counting = support::budget::Counting;

libfuzzer_sys::fuzz_target!(|data: &[u8]| support::run(&support_dir(), "description", data));

/// One scratch project per fuzzing process, rewritten for every input.
fn support_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("contractlint-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
