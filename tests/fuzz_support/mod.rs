//! One fuzz input through the real pipeline, shared by the fuzz targets (`fuzz/`) and the
//! regression replay (`tests/fuzz_regressions.rs`), so a crash the fuzzer found is replayed
//! by `cargo test` exactly as the fuzzer ran it.
//!
//! Adding an extractor's target: add a row to [`TARGETS`], a three-line file under
//! `fuzz/fuzz_targets/`, a `[[bin]]` in `fuzz/Cargo.toml`, and its minimised inputs under
//! `tests/fuzz-regressions/<target>/`.

use contractlint::{Options, check, config::Config, report};
use std::path::Path;

/// Fuzz target name → where its input is written inside the fuzzed project.
pub const TARGETS: &[(&str, &str)] = &[("json", "input.json")];

/// A fixed neighbour, so cross-file `$ref`s (into and out of the input) are exercised.
const DEFS: &str = r##"{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "properties": { "back": { "$ref": "input.json#/inputSchema" } },
  "$defs": {
    "pos": { "type": "integer", "minimum": 1, "maximum": 5 },
    "loop": { "$ref": "input.json#/$defs/loop" }
  }
}"##;

/// Lint `dir` after writing `data` as the input of `target`, rendering every report.
/// Bad input must come back as diagnostics; any panic or crash is a bug.
pub fn run(dir: &Path, target: &str, data: &[u8]) {
    let file = TARGETS
        .iter()
        .find(|(t, _)| *t == target)
        .unwrap_or_else(|| panic!("unknown fuzz target `{target}`"))
        .1;
    std::fs::write(dir.join("defs.json"), DEFS).unwrap();
    std::fs::write(dir.join(file), data).unwrap();
    let opts = Options {
        paths: vec![dir.to_path_buf()],
        config: Config {
            base: dir.to_path_buf(),
            ..Config::default()
        },
        ..Options::default()
    };
    let outcome = check(&opts).expect("a readable project never fails to run");
    report::human::render(&outcome, false);
    report::json::render(&outcome);
}
