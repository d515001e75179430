//! The SARIF report of every fixture directory validates against the official SARIF 2.1.0
//! schema (a copy in `testdata/sarif/`, named `.schema` so the linter never reads it as a tool).

use contractlint::{Options, check, config::Config, report};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn fixtures(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            if p.join("expected.json").is_file() {
                out.push(p.clone());
            }
            fixtures(&p, out);
        }
    }
}

/// The official schema's two `language` patterns (run, toolComponent) have a stray `]`
/// (legal in ECMA-262, rejected by the Rust regex engines), so the schema would not compile.
/// Those patterns are replaced in memory by the intended `ll` / `ll-CC` form; the file stays
/// a verbatim copy, and our reports never set `language` anyway.
fn validator(schema: &Value) -> jsonschema::Validator {
    let mut schema = schema.clone();
    for def in ["run", "toolComponent"] {
        let pattern = schema
            .pointer_mut(&format!("/definitions/{def}/properties/language/pattern"))
            .expect("the schema's language pattern");
        assert_eq!(pattern, "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$");
        *pattern = "^[a-zA-Z]{2}(-[a-zA-Z]{2})?$".into();
    }
    jsonschema::validator_for(&schema).unwrap()
}

fn sarif_of(dir: &Path) -> Value {
    let opts = Options {
        paths: vec![dir.to_path_buf()],
        config: Config::load(None, dir).unwrap(),
        preview: true,
        ..Options::default()
    };
    serde_json::from_str(&report::sarif::render(&check(&opts).unwrap())).unwrap()
}

#[test]
fn every_fixture_validates_against_the_sarif_schema() {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string("testdata/sarif/sarif-2.1.0.schema").unwrap(),
    )
    .unwrap();
    let validator = validator(&schema);
    let mut dirs = Vec::new();
    fixtures(Path::new("testdata"), &mut dirs);
    assert!(dirs.len() >= 4, "fixtures not found: {dirs:?}");
    let mut results = 0;
    for dir in &dirs {
        let sarif = sarif_of(dir);
        let errors: Vec<String> = validator
            .iter_errors(&sarif)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{}: {errors:#?}", dir.display());
        results += sarif["runs"][0]["results"].as_array().unwrap().len();
    }
    // The schema check must have seen real results, not only empty runs.
    assert!(results > 5, "only {results} results across fixtures");
}

#[test]
fn the_schema_rejects_a_broken_log() {
    // Guards against a validator that accepts anything.
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string("testdata/sarif/sarif-2.1.0.schema").unwrap(),
    )
    .unwrap();
    let validator = validator(&schema);
    let mut sarif = sarif_of(Path::new("testdata/schema-rules/fires"));
    sarif["runs"][0]["results"][0]["level"] = "fatal".into();
    assert!(!validator.is_valid(&sarif));
}

#[test]
fn results_carry_rule_metadata_locations_and_fingerprints() {
    let sarif = sarif_of(Path::new("testdata/schema-rules/fires"));
    let run = &sarif["runs"][0];
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    assert_eq!(rules.len(), contractlint::catalog::all().len());
    let s006 = rules.iter().find(|r| r["id"] == "S006").unwrap();
    assert_eq!(s006["name"], "empty-range");
    assert_eq!(s006["defaultConfiguration"]["level"], "error");
    assert!(
        s006["helpUri"]
            .as_str()
            .unwrap()
            .ends_with("/docs/rules/S006-empty-range.md")
    );
    assert!(s006["shortDescription"]["text"].as_str().unwrap().len() > 10);
    assert!(s006["fullDescription"]["text"].as_str().unwrap().len() > 10);
    let result = run["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["ruleId"] == "S006")
        .unwrap();
    assert_eq!(result["level"], "error");
    let region = &result["locations"][0]["physicalLocation"]["region"];
    assert_eq!(
        (region["startLine"].as_u64(), region["startColumn"].as_u64()),
        (Some(7), Some(102))
    );
    assert_eq!(
        result["relatedLocations"][0]["physicalLocation"]["region"]["startColumn"],
        88
    );
    assert_eq!(
        result["partialFingerprints"]["contractlint/v1"]
            .as_str()
            .unwrap()
            .len(),
        16
    );
    assert_eq!(
        rules[result["ruleIndex"].as_u64().unwrap() as usize]["id"],
        "S006"
    );
}

#[test]
fn suppressed_findings_are_results_with_an_in_source_suppression() {
    let sarif = sarif_of(Path::new("testdata/suppression"));
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    let suppressed: Vec<&Value> = results
        .iter()
        .filter(|r| r.get("suppressions").is_some())
        .collect();
    assert_eq!(suppressed.len(), 1);
    assert_eq!(suppressed[0]["ruleId"], "S003");
    let s = &suppressed[0]["suppressions"][0];
    assert_eq!(s["kind"], "inSource");
    assert_eq!(
        s["justification"],
        "Open on purpose: the wrapping partner adds fields without notice."
    );
    assert_eq!(s["location"]["physicalLocation"]["region"]["startLine"], 14);
    // The JSON report (OUTPUT.md) lists only what is not suppressed.
    let opts = Options {
        paths: vec!["testdata/suppression".into()],
        config: Config::load(None, Path::new("testdata/suppression")).unwrap(),
        preview: true,
        ..Options::default()
    };
    let outcome = check(&opts).unwrap();
    assert!(outcome.diagnostics.iter().all(|d| d.code == "U001"));
}

fn schema() -> Value {
    serde_json::from_str(&std::fs::read_to_string("testdata/sarif/sarif-2.1.0.schema").unwrap())
        .unwrap()
}

/// Every `physicalLocation.artifactLocation` of a log, wherever it sits.
fn artifact_locations<'a>(v: &'a Value, out: &mut Vec<&'a Value>) {
    match v {
        Value::Object(m) => {
            if let Some(a) = m
                .get("physicalLocation")
                .and_then(|p| p.get("artifactLocation"))
            {
                out.push(a);
            }
            m.values().for_each(|x| artifact_locations(x, out));
        }
        Value::Array(a) => a.iter().for_each(|x| artifact_locations(x, out)),
        _ => {}
    }
}

/// A relative URI read back as the path it names (RFC 3986 percent-decoding).
fn decode(uri: &str) -> String {
    percent_encoding::percent_decode_str(uri)
        .decode_utf8()
        .unwrap()
        .into_owned()
}

#[test]
fn the_log_of_check_testdata_validates_and_every_uri_round_trips() {
    let opts = Options {
        paths: vec!["testdata".into()],
        config: Config::load(None, Path::new("testdata")).unwrap(),
        preview: true,
        ..Options::default()
    };
    let outcome = check(&opts).unwrap();
    let sarif: Value = serde_json::from_str(&report::sarif::render(&outcome)).unwrap();
    let errors: Vec<String> = validator(&schema())
        .iter_errors(&sarif)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let run = &sarif["runs"][0];
    let base = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
        .as_str()
        .unwrap();
    let cwd = std::env::current_dir().unwrap();
    assert_eq!(decode(base), format!("file://{}/", cwd.display()));
    let mut locations = Vec::new();
    artifact_locations(run, &mut locations);
    assert!(locations.len() > 100, "{} locations", locations.len());
    for a in locations {
        assert_eq!(a["uriBaseId"], "%SRCROOT%", "{a}");
        let path = decode(a["uri"].as_str().unwrap());
        assert!(Path::new(&path).is_file(), "{a} names no file");
    }
    // The primary location of each result is the JSON report's file, in the same order.
    let json: Value = serde_json::from_str(&report::json::render(&outcome)).unwrap();
    for (r, d) in run["results"]
        .as_array()
        .unwrap()
        .iter()
        .zip(json["diagnostics"].as_array().unwrap())
    {
        let uri = r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].as_str();
        assert_eq!(decode(uri.unwrap()), d["primary"]["file"].as_str().unwrap());
    }
}

#[test]
fn uris_percent_encode_what_a_path_segment_cannot_hold() {
    let dir = tempfile::tempdir().unwrap();
    let tools = dir.path().join("odd name#1");
    std::fs::create_dir_all(&tools).unwrap();
    let name = "a#b %ü?.json";
    std::fs::write(
        tools.join(name),
        r#"{"name": "bookTable", "description": "Book a table.", "inputSchema": {"type": "object", "properties": {"seats": {"type": "integer"}}}}"#,
    )
    .unwrap();
    let opts = Options {
        paths: vec![dir.path().to_path_buf()],
        preview: true,
        ..Options::default()
    };
    let sarif: Value =
        serde_json::from_str(&report::sarif::render(&check(&opts).unwrap())).unwrap();
    assert!(validator(&schema()).is_valid(&sarif));
    let mut locations = Vec::new();
    artifact_locations(&sarif["runs"][0], &mut locations);
    assert!(!locations.is_empty(), "no finding in {sarif}");
    let expected = tools.canonicalize().unwrap().join(name);
    for a in locations {
        let uri = a["uri"].as_str().unwrap();
        assert!(
            uri.ends_with("/odd%20name%231/a%23b%20%25%C3%BC%3F.json"),
            "{uri}"
        );
        // The temporary directory is outside the working directory: an absolute `file:` URI.
        assert!(a.get("uriBaseId").is_none(), "{a}");
        let path = decode(uri.strip_prefix("file://").unwrap());
        assert_eq!(Path::new(&path), expected);
    }
}

/// No two findings of all the fixtures share a fingerprint: code scanning and baselines
/// would merge them.
#[test]
fn fingerprints_are_unique_across_testdata() {
    let sarif = sarif_of(Path::new("testdata"));
    let mut seen = std::collections::HashMap::new();
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    assert!(results.len() > 100);
    let mut clashes = Vec::new();
    for r in results {
        let f = r["partialFingerprints"]["contractlint/v1"]
            .as_str()
            .unwrap();
        let at = format!(
            "{} {} {}",
            r["ruleId"], r["locations"][0]["physicalLocation"], r["message"]["text"]
        );
        if let Some(other) = seen.insert(f.to_string(), at.clone()) {
            clashes.push(format!("{f}:\n  {other}\n  {at}"));
        }
    }
    assert!(clashes.is_empty(), "{}", clashes.join("\n"));
}
