//! `--format sarif`: SARIF 2.1.0 for GitHub code scanning and other SARIF consumers.
//! One run; the driver carries every catalog rule so viewers can show rule help even for
//! rules that found nothing.

use crate::baseline::fingerprint;
use crate::catalog::{self, RuleInfo};
use crate::diagnostic::{Diagnostic, Label, Severity};
use crate::outcome::Outcome;
use crate::source::SourceMap;
use serde_sarif::sarif::{
    ArtifactLocation, Location, Message, MultiformatMessageString, PhysicalLocation, Region,
    ReportingConfiguration, ReportingDescriptor, Result as SarifResult, ResultLevel, Run, Sarif,
    Suppression, Tool, ToolComponent,
};
use std::collections::BTreeMap;

/// The key under which our line-independent fingerprint is published.
pub const FINGERPRINT_KEY: &str = "contractlint/v1";

const SCHEMA_URI: &str = "https://json.schemastore.org/sarif-2.1.0.json";

fn level(s: Severity) -> ResultLevel {
    match s {
        Severity::Error => ResultLevel::Error,
        Severity::Warning => ResultLevel::Warning,
        Severity::Info => ResultLevel::Note,
    }
}

fn text(s: &str) -> MultiformatMessageString {
    MultiformatMessageString::builder().text(s.trim()).build()
}

fn descriptor(r: &RuleInfo) -> ReportingDescriptor {
    ReportingDescriptor::builder()
        .id(&r.code)
        .name(&r.name)
        .short_description(text(&r.summary))
        .full_description(text(&r.rationale))
        .help(
            MultiformatMessageString::builder()
                .text(r.fix.trim())
                .markdown(catalog::page(r))
                .build(),
        )
        .help_uri(format!("{}/{}", catalog::DOCS_URL, catalog::page_file(r)))
        .default_configuration(
            ReportingConfiguration::builder()
                .level(serde_json::json!(level(r.severity)))
                .build(),
        )
        .build()
}

fn location(sources: &SourceMap, label: &Label, id: Option<i64>) -> Location {
    let f = sources.get(label.span.file);
    let start = f.position(label.span.start);
    let end = f.position(label.span.end);
    let physical = PhysicalLocation::builder()
        .artifact_location(ArtifactLocation::builder().uri(&f.display).build())
        .region(
            Region::builder()
                .start_line(start.line as i64)
                .start_column(start.column as i64)
                .end_line(end.line as i64)
                .end_column(end.column as i64)
                .build(),
        )
        .build();
    let message = Message::builder().text(&label.message).build();
    match id {
        Some(id) => Location::builder()
            .id(id)
            .physical_location(physical)
            .message(message)
            .build(),
        None => Location::builder()
            .physical_location(physical)
            .message(message)
            .build(),
    }
}

fn result(sources: &SourceMap, d: &Diagnostic) -> SarifResult {
    let mut message = d.message.clone();
    if let Some(h) = &d.help {
        message.push_str(&format!("\nhelp: {h}"));
    }
    let fingerprints = BTreeMap::from([(FINGERPRINT_KEY.to_string(), fingerprint(sources, d))]);
    let related: Vec<Location> = d
        .related
        .iter()
        .enumerate()
        .map(|(i, l)| location(sources, l, Some(i as i64 + 1)))
        .collect();
    let mut result = SarifResult::builder()
        .rule_id(d.code)
        .level(level(d.severity))
        .message(Message::builder().text(message).build())
        .locations(vec![location(sources, &d.primary, None)])
        .partial_fingerprints(fingerprints)
        .build();
    if let Some(i) = catalog::all().iter().position(|r| r.code == d.code) {
        result.rule_index = Some(i as i64);
    }
    if !related.is_empty() {
        result.related_locations = Some(related);
    }
    result
}

pub fn render(outcome: &Outcome) -> String {
    let sources = &outcome.project.sources;
    let rules = catalog::all();
    let mut results: Vec<SarifResult> = outcome
        .diagnostics
        .iter()
        .map(|d| result(sources, d))
        .collect();
    // Findings silenced in the source stay visible to SARIF viewers as suppressed results,
    // with the suppression's reason as justification.
    results.extend(outcome.suppressed.iter().map(|s| {
        let mut r = result(sources, &s.diagnostic);
        let by = Label::new(s.by, "suppressed here");
        let mut suppression = Suppression::builder()
            .kind(serde_json::json!("inSource"))
            .location(location(sources, &by, None))
            .build();
        suppression.justification = s.reason.clone();
        r.suppressions = Some(vec![suppression]);
        r
    }));
    let driver = ToolComponent::builder()
        .name("contractlint")
        .version(env!("CARGO_PKG_VERSION"))
        .semantic_version(env!("CARGO_PKG_VERSION"))
        .information_uri("https://github.com/contractlint/contractlint")
        .rules(rules.iter().map(descriptor).collect::<Vec<_>>())
        .build();
    let mut run = Run::builder()
        .tool(Tool::builder().driver(driver).build())
        .results(results)
        // Our columns count Unicode scalar values, not UTF-16 units (SARIF's default).
        .column_kind(serde_json::json!("unicodeCodePoints"))
        .build();
    if let Some(n) = super::no_tools_notice(outcome) {
        let notice = serde_sarif::sarif::Notification::builder()
            .message(Message::builder().text(n).build())
            .level(serde_json::json!("warning"))
            .build();
        run.invocations = Some(vec![
            serde_sarif::sarif::Invocation::builder()
                .execution_successful(true)
                .tool_execution_notifications(vec![notice])
                .build(),
        ]);
    }
    let log = Sarif::builder()
        .schema(SCHEMA_URI)
        .version(serde_json::json!("2.1.0"))
        .runs(vec![run])
        .build();
    let mut s = serde_json::to_string_pretty(&log).expect("SARIF always serializes");
    s.push('\n');
    s
}
