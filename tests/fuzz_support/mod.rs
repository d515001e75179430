//! One fuzz input through the real pipeline, shared by the fuzz targets (`fuzz/`) and the
//! regression replay (`tests/fuzz_regressions.rs`), so a crash the fuzzer found is replayed
//! by `cargo test` exactly as the fuzzer ran it.
//!
//! Adding an extractor's target: add a row to [`TARGETS`], a three-line file under
//! `fuzz/fuzz_targets/` (a copy of `json.rs` naming it), a `[[bin]]` in `fuzz/Cargo.toml`, and its minimised inputs under
//! `tests/fuzz-regressions/<target>/`.

pub mod budget;

use contractlint::engine::{Ceilings, report_run};
use contractlint::{Options, check, config::Config, extract, judge, report};
use std::path::{Path, PathBuf};

/// Turns a fuzz input into the content of the file it is written to.
pub type Layout = fn(&[u8]) -> Vec<u8>;

/// Fuzz target name → the file its input is written to, and how the input becomes that
/// file's content.
pub const TARGETS: &[(&str, &str, Layout)] = &[
    ("json", "input.json", |data| data.to_vec()),
    ("description", "tools.json", description),
    ("rust", "src/lib.rs", rust),
    ("page", "index.html", page),
];

/// The input as a tool's description and a property's, through the JSON string decoder.
fn description(data: &[u8]) -> Vec<u8> {
    let text = serde_json::Value::String(String::from_utf8_lossy(data).into_owned());
    format!(
        r#"{{"name":"addCartLine","description":{text},"inputSchema":{{"type":"object","properties":{{"quantity":{{"type":"integer","minimum":1,"maximum":5,"description":{text}}},"sku":{{"type":"string"}}}},"required":["quantity"]}}}}"#
    )
    .into_bytes()
}

/// The input as Rust source after a suppression comment, so syn parses it.
fn rust(data: &[u8]) -> Vec<u8> {
    let mut text = b"// contractlint: allow(S003)\n".to_vec();
    text.extend_from_slice(data);
    text
}

/// The input as an HTML page (forms, tags, inline scripts) followed by the same bytes as an
/// inline script that names `modelContext`, so both the tokenizer and the script parser read it.
fn page(data: &[u8]) -> Vec<u8> {
    let mut text = data.to_vec();
    text.extend_from_slice(b"\n<script>navigator.modelContext;\n");
    text.extend_from_slice(data);
    text.extend_from_slice(b"\n</script>\n");
    text
}

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

/// Lint `dir` after writing `data` as the input of `target`, rendering every report, then
/// derive every tool's failure-case table (`cases`) and the readiness report (`report`):
/// the commands that expand `$ref`s and descriptions on their own paths, where issue 41
/// found exponential work that `check` did not show. Bad input must come back as
/// diagnostics, within the run's budget of time and memory ([`budget::within`], for all
/// three commands together); a panic, a crash or an overrun is a bug.
pub fn run(dir: &Path, target: &str, data: &[u8]) {
    budget::within(target, || lint(dir, target, data));
}

/// [`run`] in a scratch project of this process's own ([`scratch_dir`]), removed again
/// after the input, so that no fuzzing process (nor the child a `-merge=1` run starts)
/// leaves a directory behind.
pub fn run_in_scratch(target: &str, data: &[u8]) {
    static SWEPT: std::sync::Once = std::sync::Once::new();
    SWEPT.call_once(sweep_ended);
    let dir = scratch_dir();
    std::fs::create_dir_all(&dir).unwrap();
    run(&dir, target, data);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The scratch project of this process: one per process, since fuzzers run side by side.
pub fn scratch_dir() -> PathBuf {
    std::env::temp_dir().join(format!("{SCRATCH}{}", std::process::id()))
}

const SCRATCH: &str = "contractlint-fuzz-";

/// Removes the scratch projects of processes that have ended: a fuzzer stopped or crashed in
/// the middle of an input (libFuzzer ends at once, running no destructor) cannot remove its
/// own. A process is known to have ended only where `/proc` lists the living.
pub fn sweep_ended() {
    let proc = Path::new("/proc");
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    if !proc.join("self").exists() {
        return;
    }
    for entry in entries.flatten() {
        let name = entry.file_name();
        let pid = name.to_str().and_then(|n| n.strip_prefix(SCRATCH));
        if pid.is_some_and(|p| p.parse::<u32>().is_ok() && !proc.join(p).exists()) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

fn lint(dir: &Path, target: &str, data: &[u8]) {
    let (_, file, content) = TARGETS
        .iter()
        .find(|(t, ..)| *t == target)
        .unwrap_or_else(|| panic!("unknown fuzz target `{target}`"));
    std::fs::write(dir.join("defs.json"), DEFS).unwrap();
    let path = dir.join(file);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, content(data)).unwrap();
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
    report::human::render(&outcome, true);
    report::json::render(&outcome);
    report::sarif::render(&outcome);
    report::github::render(&outcome);
    for contract in &outcome.project.contracts {
        // A name several contracts share is refused as ambiguous: that is an answer too.
        let cases = &opts.config.cases;
        if let Ok(table) = judge::cases::for_tool(
            &outcome.project,
            &contract.name,
            cases,
            extract::schema::written,
        ) {
            report::json_text::pretty(&table.to_json(cases));
        }
    }
    let readiness = report_run(
        &opts.paths,
        None,
        None,
        &[],
        false,
        Ceilings::default(),
        None,
    )
    .expect("a readable project never fails to report");
    report::readiness::html::render(&readiness);
    report::readiness::md::render(&readiness);
    report::readiness::json::render(&readiness);
}
