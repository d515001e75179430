//! WebMCP pages: the HTML tokenizer (tool forms, inline scripts) and the script parser
//! (`registerTool`), on the same input (tests/fuzz_support).
#![no_main]

#[path = "../../tests/fuzz_support/mod.rs"]
mod support;

/// Counts what each input allocates, for the budget `support::run` asserts.
#[global_allocator]
static ALLOCATOR: support::budget::Counting = support::budget::Counting;

libfuzzer_sys::fuzz_target!(|data: &[u8]| support::run_in_scratch("page", data));
