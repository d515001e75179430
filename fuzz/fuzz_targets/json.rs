//! JSON tool manifests and schemas: read, parse, shape, schema facts, `$ref`s, metaschema,
//! rules and every report.
#![no_main]

#[path = "../../tests/fuzz_support/mod.rs"]
mod support;

/// Counts what each input allocates, for the budget `support::run` asserts.
#[global_allocator]
static ALLOCATOR: support::budget::Counting = support::budget::Counting;

libfuzzer_sys::fuzz_target!(|data: &[u8]| support::run_in_scratch("json", data));
