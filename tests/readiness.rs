//! The readiness report: JSON goldens of the seed tools, well-formed self-contained HTML
//! naming every tool, Markdown, and the environment block (date override, git state).

use contractlint::config::Config;
use contractlint::judge::readiness::{self, Readiness, environment};
use contractlint::report::readiness::{html, json, md};
use contractlint::{Options, check};
use quick_xml::events::Event;
use std::path::PathBuf;

/// 2026-12-01T00:00:00Z: a fixed date so reports are byte-stable.
const EPOCH: u64 = 1_796_083_200;

fn report(paths: &[&str]) -> Readiness {
    let paths: Vec<PathBuf> = paths.iter().map(PathBuf::from).collect();
    let config = Config::load(None, &paths[0]).unwrap();
    let opts = Options {
        paths: paths.clone(),
        config: config.clone(),
        per_tool: true,
        preview: true,
        ..Options::default()
    };
    let mut outcome = check(&opts).unwrap();
    contractlint::engine::cap::apply_per_tool(&outcome.project.sources, &mut outcome.diagnostics);
    let mut env = environment::gather(&paths, &config, &outcome, Some(EPOCH));
    // The revision of this repository changes with every commit; `git_state` is tested below.
    env.git = None;
    readiness::build(
        outcome,
        &config.cases,
        env,
        contractlint::extract::schema::written,
    )
}

#[test]
fn json_reports_of_the_seed_tools_match_their_goldens() {
    let bless = std::env::var_os("CONTRACTLINT_BLESS").is_some();
    let mut failures = Vec::new();
    for (dir, name) in [
        ("testdata/cart/correct", "cart-correct"),
        ("testdata/folding/correct", "folding-correct"),
        ("testdata/schema-rules/fires", "schema-rules-fires"),
    ] {
        let actual = json::render(&report(&[dir]));
        let path = format!("tests/golden/readiness/{name}.json");
        if bless {
            std::fs::write(&path, &actual).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&path).unwrap_or_default();
        if expected != actual {
            failures.push(format!("--- {path}\n{actual}"));
        }
    }
    assert!(
        failures.is_empty(),
        "golden mismatches:\n{}",
        failures.join("\n")
    );
}

#[test]
fn verdicts_follow_the_rule() {
    let r = report(&["testdata/cart/correct", "testdata/schema-rules/fires"]);
    let verdict = |name: &str| r.tools.iter().find(|t| t.name == name).unwrap().verdict;
    // Clean schema, but no Rust validator linked yet: the schema alone proves nothing.
    assert_eq!(verdict("addCartLine"), readiness::Verdict::NeedsReview);
    // Errors and controls its empty ranges reject.
    assert_eq!(verdict("bookTable"), readiness::Verdict::NotReady);
    assert_eq!(r.summary.verdict, readiness::Verdict::NotReady);
    let book = r.reports().find(|t| t.name == "bookTable").unwrap();
    assert!(
        book.reasons.iter().any(|x| x.contains("positive control")),
        "{:?}",
        book.reasons
    );
    assert!(book.findings.iter().all(|f| !f.excerpt.is_empty()));
    let cart = r.reports().find(|t| t.name == "addCartLine").unwrap();
    assert!(
        cart.cases
            .iter()
            .all(|c| c.validator.label() == "no validator linked")
    );
}

/// Every tool has its own section, the page is well-formed, and nothing is loaded from elsewhere.
#[test]
fn html_is_well_formed_self_contained_and_names_every_tool() {
    let r = report(&["testdata"]);
    assert!(r.tools.len() >= 5, "{}", r.tools.len());
    let html = html::render(&r);
    let mut reader = quick_xml::Reader::from_str(&html);
    let mut sections = Vec::new();
    let mut depth = 0i32;
    let mut svg = 0;
    loop {
        match reader.read_event() {
            Ok(Event::Eof) => break,
            Ok(Event::Start(e)) => {
                depth += 1;
                let name = e.name().as_ref().to_string();
                assert!(
                    !matches!(name.as_str(), "script" | "link" | "img" | "iframe"),
                    "external resource element <{name}>"
                );
                if name == "svg" {
                    svg += 1;
                }
                if name == "section" {
                    let id = e
                        .try_get_attribute("id")
                        .unwrap()
                        .map(|a| a.value.to_string());
                    sections.extend(id);
                }
            }
            Ok(Event::End(_)) => depth -= 1,
            Ok(_) => {}
            Err(e) => panic!("not well-formed at byte {}: {e}", reader.buffer_position()),
        }
    }
    assert_eq!(depth, 0, "unclosed elements");
    assert_eq!(svg, 1, "one findings chart");
    let mut unique = sections.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(
        unique.len(),
        sections.len(),
        "section ids repeat: {sections:?}"
    );
    assert_eq!(sections.len(), r.tools.len());
    for t in &r.tools {
        // An id has no white space: the report writes `-` for it (`tag note` is `tool-tag-note`).
        let id = t.name.replace(char::is_whitespace, "-");
        assert!(
            sections.contains(&format!("tool-{id}")),
            "no section for {}: {sections:?}",
            t.name
        );
    }
    assert!(html.contains("break-before: page"));
    assert!(!html.contains(" src=") && !html.contains("href=\"http") && !html.contains("@import"));
}

#[test]
fn markdown_has_a_section_and_a_case_table_per_tool() {
    let r = report(&["testdata/cart/correct", "testdata/folding/correct"]);
    let md = md::render(&r);
    for (t, package) in [
        ("addCartLine", "testdata/cart/correct"),
        ("findFoldingTable", "testdata/folding/correct"),
    ] {
        // The package beside the name.
        assert!(
            md.contains(&format!("\n## `{t}` ({package}) — needs review\n")),
            "{md}"
        );
    }
    assert!(md.contains("| `above-maximum` | `{\"sku\":\"MUG-BLUE\",\"quantity\":6}` | rejected OUT_OF_RANGE | rejects | no validator linked |"), "{md}");
    assert!(md.contains("| date | 2026-12-01T00:00:00Z |"));
}

#[test]
fn markdown_makes_no_markup_of_names_and_texts_from_the_tree() {
    // A tool whose name closes the code span our messages quote it in, then writes a link,
    // an image, emphasis and HTML; its description the same without backticks.
    let name = "a`b [x](https://evil.example) ![i](https://evil.example/p.png) *em* <b>h</b>`c";
    let dir = tempfile::tempdir().unwrap();
    let tool = serde_json::json!([{
        "name": name,
        "description": "See [docs](https://evil.example) or ![p](https://evil.example/q.png) _now_ \\",
        "inputSchema": {"type": "object", "properties": {"q": {"type": "integer"}}}
    }]);
    std::fs::write(dir.path().join("tools.json"), tool.to_string()).unwrap();
    std::fs::write(dir.path().join("package.json"), "{}").unwrap();
    let md = md::render(&report(&[dir.path().to_str().unwrap()]));
    assert!(md.contains("evil.example"), "{md}");
    use pulldown_cmark::{Event, Options, Parser, Tag};
    let mut shown = String::new();
    for (event, at) in Parser::new_ext(&md, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH)
        .into_offset_iter()
    {
        match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                panic!("a link or image to {dest_url} in\n{md}")
            }
            // Our own markup is bold only.
            Event::Start(Tag::Emphasis | Tag::Strikethrough) => {
                panic!("emphasis made of tree text at {:?} in\n{md}", &md[at])
            }
            Event::Html(h) | Event::InlineHtml(h) => panic!("HTML {h} in\n{md}"),
            Event::Text(t) | Event::Code(t) => shown.push_str(&t),
            _ => {}
        }
    }
    // Every character of the name is still shown, in code or in text.
    for piece in [
        "[x](https://evil.example)",
        "![i](https://evil.example/p.png)",
        "*em*",
        "<b>h</b>",
    ] {
        assert!(shown.contains(piece), "{piece} not shown in {shown}");
    }
}

#[test]
fn git_state_reads_the_revision_from_loose_and_packed_refs_and_tolerates_no_checkout() {
    let dir = tempfile::tempdir().unwrap();
    assert!(environment::git_state(dir.path()).is_none());
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .arg("-C")
            .arg(dir.path())
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    if git(&["init", "-q"]).is_none() {
        eprintln!("git is not installed: skipping the checkout half");
        return;
    }
    std::fs::write(dir.path().join("a.json"), "{}").unwrap();
    git(&["add", "a.json"]).unwrap();
    git(&[
        "-c",
        "user.name=t",
        "-c",
        "user.email=t@example.com",
        "commit",
        "-q",
        "-m",
        "a",
    ])
    .unwrap();
    let head = git(&["rev-parse", "HEAD"]).unwrap();
    let loose = environment::git_state(dir.path()).unwrap();
    assert_eq!(loose.revision, head);
    // Dirtiness needs git run in the tree, which a report never does.
    assert_eq!(loose.dirty, None);
    git(&["pack-refs", "--all", "--prune"]).unwrap();
    let packed = environment::git_state(&dir.path().join("a.json")).unwrap();
    assert_eq!(packed.revision, head);
    git(&["checkout", "-q", "--detach"]).unwrap();
    assert_eq!(environment::git_state(dir.path()).unwrap().revision, head);
}

#[test]
fn report_command_writes_the_file_and_honours_source_date_epoch() {
    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("r.md");
    assert_cmd::Command::cargo_bin("contractlint")
        .unwrap()
        .args([
            "report",
            "--preview",
            "testdata/cart/correct",
            "--format",
            "md",
            "-o",
        ])
        .arg(&file)
        .env("SOURCE_DATE_EPOCH", EPOCH.to_string())
        .assert()
        .code(0);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("| date | 2026-12-01T00:00:00Z |"), "{text}");
    assert_cmd::Command::cargo_bin("contractlint")
        .unwrap()
        .args(["report", "--preview", "testdata/cart/correct"])
        .env("SOURCE_DATE_EPOCH", "yesterday")
        .assert()
        .code(2);
}

#[test]
fn the_environment_names_the_config_and_its_settings() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        "testdata/cart/correct/tools/addCartLine.json",
        dir.path().join("addCartLine.json"),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("contractlint.toml"),
        "exclude = [\"legacy/**\"]\n[rules]\nS008 = \"off\"\n[cases.codes]\nOUT_OF_RANGE = \"LIMIT\"\n",
    )
    .unwrap();
    let config = Config::load(None, dir.path()).unwrap();
    let paths = vec![dir.path().to_path_buf()];
    let outcome = check(&Options {
        paths: paths.clone(),
        config: config.clone(),
        preview: true,
        ..Options::default()
    })
    .unwrap();
    let env = environment::gather(&paths, &config, &outcome, Some(EPOCH));
    assert!(
        env.config
            .file
            .as_deref()
            .unwrap()
            .ends_with("contractlint.toml")
    );
    assert_eq!(
        env.config.settings,
        [
            "rules.S008 = off",
            "exclude legacy/**",
            "cases.codes.OUT_OF_RANGE = LIMIT"
        ]
    );
    let r = readiness::build(
        outcome,
        &config.cases,
        env,
        contractlint::extract::schema::written,
    );
    let tool = r.reports().next().unwrap();
    let above = tool.cases.iter().find(|c| c.id == "above-maximum").unwrap();
    assert_eq!(above.expected, "rejected LIMIT");
}

#[test]
fn suppressed_findings_are_shown_with_their_reason_but_not_counted() {
    let r = report(&["testdata/suppression"]);
    let cart = r.reports().find(|t| t.name == "addCartLine").unwrap();
    assert_eq!(cart.suppressed.len(), 1);
    assert_eq!(cart.suppressed[0].finding.code, "S003");
    assert!(
        cart.suppressed[0]
            .reason
            .as_deref()
            .unwrap()
            .contains("on purpose")
    );
    // Not counted as a finding of the tool (other rules may add their own).
    assert!(!cart.findings.iter().any(|f| f.code == "S003"));
    assert_eq!(r.summary.suppressed, 1);
    let html = html::render(&r);
    assert!(html.contains("Suppressed findings"));
}

/// The "validator enforces" column comes from the linked Rust facts: a location per
/// enforced case, "no check found" exactly where the code misses one.
#[test]
fn validator_evidence_points_at_the_checks_and_names_the_gap() {
    let evidence = |dir: &str| {
        let r = report(&[dir]);
        let t = r.reports().find(|t| t.name == "addCartLine").unwrap();
        assert!(
            t.sources
                .iter()
                .any(|s| s.kind == "validator" && s.location.is_some())
        );
        t.cases
            .iter()
            .map(|c| (c.id.clone(), c.validator.label()))
            .collect::<Vec<_>>()
    };
    let correct = evidence("testdata/cart/rust-correct");
    for (id, label) in &correct {
        if ["valid-input", "minimum-quantity", "maximum-quantity"].contains(&id.as_str()) {
            assert_eq!(label, "—", "{id}");
        } else {
            assert!(
                label.starts_with("testdata/cart/rust-correct/src/tool.rs:"),
                "{id}: {label}"
            );
        }
    }
    let gap = evidence("testdata/cart/r010-rust-above-maximum");
    let unchecked: Vec<&str> = gap
        .iter()
        .filter(|(_, l)| l == "no check found")
        .map(|(i, _)| i.as_str())
        .collect();
    assert_eq!(unchecked, ["above-maximum"]);
}

/// `report testdata`: each tool gets the findings of its own package only, and says which
/// package it is (before, every `addCartLine` showed the findings of all 43).
#[test]
fn report_of_testdata_attributes_findings_per_tool_and_package() {
    let r = report(&["testdata"]);
    let tools: Vec<_> = r.reports().collect();
    // The overview's line of each tool says what its section says.
    assert_eq!(tools.len(), r.tools.len());
    for (line, t) in r.tools.iter().zip(&tools) {
        assert_eq!(
            (&line.name, &line.package, line.verdict, line.cases),
            (&t.name, &t.package, t.verdict, t.cases.len())
        );
        assert_eq!(
            (line.counts.errors, line.counts.warnings, line.counts.infos),
            (t.counts.errors, t.counts.warnings, t.counts.infos)
        );
        let disagreeing = t.cases.iter().filter(|c| c.schema_disagrees).count();
        assert_eq!(line.disagreeing, disagreeing, "{}", t.name);
    }
    let lines: String = tools
        .iter()
        .map(|t| {
            format!(
                "{} ({}): {} errors, {} warnings, {} infos\n",
                t.name, t.package, t.counts.errors, t.counts.warnings, t.counts.infos
            )
        })
        .collect();
    let of = |package: &str| {
        tools
            .iter()
            .find(|t| t.name == "addCartLine" && t.package == package)
            .unwrap_or_else(|| panic!("no addCartLine in {package}"))
    };
    assert_eq!(of("testdata/webmcp/near-miss/server").counts.errors, 0);
    // The correct cart beside the broken one: before, both showed the broken one's findings.
    assert!(of("testdata/cart/correct").findings.is_empty());
    assert!(!of("testdata/cart/broken-json").findings.is_empty());
    assert_eq!(of("testdata/webmcp/broken-type/server").counts.errors, 3);
    assert!(
        of("testdata/cart/rust-correct").findings.is_empty(),
        "{:?}",
        of("testdata/cart/rust-correct").findings
    );
    let path = "tests/golden/readiness/testdata-attribution.txt";
    if std::env::var_os("CONTRACTLINT_BLESS").is_some() {
        std::fs::write(path, &lines).unwrap();
    }
    assert_eq!(std::fs::read_to_string(path).unwrap_or_default(), lines);
}

/// The environment names every configuration that applied, not only the first path's
/// (before, `report testdata` said `config: none` while fixtures' configs were applied).
#[test]
fn the_environment_names_every_configuration_that_applied() {
    let r = report(&["testdata"]);
    assert_eq!(r.environment.config.file, None);
    assert!(
        r.environment
            .config
            .applied
            .contains(&"testdata/suppression/contractlint.toml".to_string()),
        "{:?}",
        r.environment.config.applied
    );
    let md = md::render(&r);
    assert!(!md.contains("| config | none"), "{md}");
    assert!(md.contains("`testdata/suppression/contractlint.toml`"));
    let clean = report(&["testdata/cart/correct"]);
    assert!(clean.environment.config.applied.is_empty());
    assert!(md::render(&clean).contains("| config | none (defaults) |"));
}

/// A cause reported once for the package (a systemic finding) is still each tool's finding
/// in the report: it counts towards every member's verdict, and none is left "outside any
/// tool" (before, the three tools' open input objects counted for none of them).
#[test]
fn a_systemic_finding_counts_for_each_tool_it_stands_for() {
    let r = report(&["testdata/precision/systemic"]);
    assert!(
        !r.other_findings.iter().any(|f| f.code == "S003"),
        "{:?}",
        r.other_findings
    );
    let open: Vec<String> = r
        .reports()
        .filter(|t| t.findings.iter().any(|f| f.code == "S003"))
        .map(|t| {
            assert!(t.counts.warnings >= 1, "{}", t.name);
            assert!(
                t.reasons.iter().any(|x| x.contains("warning")),
                "{:?}",
                t.reasons
            );
            t.name
        })
        .collect();
    assert_eq!(open.len(), 3, "{open:?}");
    assert_eq!(r.summary.warnings, 3);
}
