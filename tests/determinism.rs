//! Same tree, same bytes: across runs and across thread counts.

use assert_cmd::Command;
use std::path::Path;

fn run(dir: &Path, format: &str, threads: Option<&str>) -> Vec<u8> {
    let mut cmd = Command::cargo_bin("contractlint").unwrap();
    cmd.current_dir(dir)
        .args(["check", "--preview", ".", "--format", format])
        .env("NO_COLOR", "1");
    match threads {
        Some(n) => cmd.env("RAYON_NUM_THREADS", n),
        None => cmd.env_remove("RAYON_NUM_THREADS"),
    };
    let out = cmd.output().unwrap();
    assert!(
        out.status.code().unwrap() < 2,
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

#[test]
fn output_is_byte_identical_across_runs_and_thread_counts() {
    // The fixtures plus many generated tools sharing names, refs and findings, so that
    // parallel extraction has something to reorder.
    let dir = tempfile::tempdir().unwrap();
    let testdata = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata");
    copy_dir(&testdata, &dir.path().join("testdata"));
    for i in 0..60 {
        let text = format!(
            r##"{{"tools":[{{"name":"tool{n}","inputSchema":{{"type":"object","properties":{{"q":{{"$ref":"#/$defs/q"}},"d":{{"type":"integer","minimum":5,"maximum":1}}}},"required":["q","x"],"$defs":{{"q":{{"$ref":"../shared.json#/q"}}}}}}}},{{"name":"tool{m}","inputSchema":{{"type":"object","additionalProperties":false,"additionalProperties":true}}}}]}}"##,
            n = i % 7,
            m = i % 5
        );
        let sub = dir.path().join(format!("gen/d{}", i % 6));
        std::fs::create_dir_all(&sub).unwrap();
        std::fs::write(sub.join(format!("t{i}.json")), text).unwrap();
    }
    std::fs::write(
        dir.path().join("gen/shared.json"),
        r#"{"q":{"type":"string"}}"#,
    )
    .unwrap();
    std::fs::write(dir.path().join("gen/broken.json"), "{\"a\": [1,\n 2,, 3]}").unwrap();
    for format in ["json", "human"] {
        let first = run(dir.path(), format, None);
        assert!(first.len() > 1000, "the tree has findings to order");
        assert_eq!(
            first,
            run(dir.path(), format, None),
            "{format}: second run differs"
        );
        assert_eq!(
            first,
            run(dir.path(), format, Some("1")),
            "{format}: 1 thread differs"
        );
        assert_eq!(
            first,
            run(dir.path(), format, Some("2")),
            "{format}: 2 threads differ"
        );
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// The readiness report too, where a schema's `$ref`s name several resources outside the
/// project: jsonschema stops at the first it cannot retrieve, in an order that changes from
/// run to run, and the report named whichever that was (one of two, half the runs each).
#[test]
fn a_report_names_every_unretrievable_resource_the_same_way_each_run() {
    let dir =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/schema-rules/s007-ref-encodings");
    let report = || {
        let out = Command::cargo_bin("contractlint")
            .unwrap()
            .current_dir(&dir)
            .args(["report", "--preview", ".", "--format", "json"])
            .env("SOURCE_DATE_EPOCH", "1796083200")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    let first = report();
    let text = String::from_utf8_lossy(&first);
    assert!(
        text.contains("`https://shop.example/schemas/gift%20wrap.json`, `https://shop.example/schemas/gift-card`"),
        "{text}"
    );
    for _ in 0..7 {
        assert!(report() == first, "the report changed between runs");
    }
}

/// `CONTRACTLINT_TIMINGS=1` adds the stages' times to stderr and changes nothing else.
#[test]
fn timings_go_to_stderr_and_leave_the_report_alone() {
    let testdata = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata");
    let check = |timings: bool| {
        let mut cmd = Command::cargo_bin("contractlint").unwrap();
        cmd.current_dir(&testdata)
            .args(["check", "--preview", ".", "--format", "json"])
            .env("NO_COLOR", "1");
        match timings {
            true => cmd.env("CONTRACTLINT_TIMINGS", "1"),
            false => cmd.env_remove("CONTRACTLINT_TIMINGS"),
        };
        cmd.output().unwrap()
    };
    let (plain, timed) = (check(false), check(true));
    assert_eq!(plain.stdout, timed.stdout);
    assert_eq!(plain.status.code(), timed.status.code());
    let stderr = String::from_utf8_lossy(&timed.stderr);
    for stage in [
        "walk",
        "json",
        "rust finish",
        "descriptions and claims",
        "rules",
        "output",
    ] {
        let line = stderr
            .lines()
            .find(|l| l.starts_with(&format!("timings: {stage} ")));
        assert!(
            line.is_some_and(|l| l.contains(" ms")),
            "no time for {stage}:\n{stderr}"
        );
    }
    assert!(!String::from_utf8_lossy(&plain.stderr).contains("timings:"));
}
