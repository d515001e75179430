//! `--format sarif`: SARIF 2.1.0 for GitHub code scanning and other SARIF consumers.
//! One run; the driver carries every catalog rule so viewers can show rule help even for
//! rules that found nothing.

use crate::catalog::{self, RuleInfo};
use crate::diagnostic::fingerprint::fingerprint;
use crate::diagnostic::{Diagnostic, Label, Severity};
use crate::outcome::Outcome;
use crate::source::escape::visible;
use crate::source::{SourceFile, SourceMap, display_path};
use serde::ser::{Serialize, SerializeMap};
use serde_sarif::sarif::{
    ArtifactLocation, Location, Message, MultiformatMessageString, PhysicalLocation, Region,
    ReportingConfiguration, ReportingDescriptor, Result as SarifResult, ResultLevel, Run, Sarif,
    Suppression, Tool, ToolComponent,
};
use std::collections::BTreeMap;
use std::path::Path;

/// The key under which our line-independent fingerprint is published.
pub const FINGERPRINT_KEY: &str = "contractlint/v1";

/// The base of every relative URI: the working directory the paths are shown relative to.
pub const SRCROOT: &str = "%SRCROOT%";

/// What a URI path segment keeps as is: RFC 3986's unreserved characters. Everything else
/// (`#`, `?`, `%`, spaces, non-ASCII) is percent-encoded, so `a#b.json` is not read back as
/// `a`.
const SEGMENT: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// A `/`-separated path as a URI path, each segment percent-encoded.
pub fn uri_path(path: &str) -> String {
    path.split('/')
        .map(|seg| percent_encoding::utf8_percent_encode(seg, SEGMENT).to_string())
        .collect::<Vec<_>>()
        .join("/")
}

/// A file's SARIF artifact location: relative to [`SRCROOT`] when its shown path is
/// relative (inside the working directory), else an absolute `file:` URI.
fn artifact(f: &SourceFile) -> ArtifactLocation {
    let display = &f.display;
    let uri = match raw_uri_path(f) {
        Some(uri) => uri,
        None => uri_path(&display.replace('\\', "/")),
    };
    if Path::new(display).is_absolute() {
        ArtifactLocation::builder()
            .uri(format!("file://{uri}"))
            .build()
    } else {
        ArtifactLocation::builder()
            .uri(uri)
            .uri_base_id(SRCROOT)
            .build()
    }
}

/// A name that is not UTF-8 is shown with `\u{fffd}` in place of its bytes, so two such
/// files can show alike: their URI is made from the bytes themselves, each percent-encoded,
/// so it is lossless and unique. Only where the shown path is the file's own (not a name a
/// run record or `diff` gave it).
#[cfg(unix)]
fn raw_uri_path(f: &SourceFile) -> Option<String> {
    use std::os::unix::ffi::OsStrExt;
    if f.path.to_str().is_some() || f.display != display_path(&f.path) {
        return None;
    }
    let cwd = std::env::current_dir().ok();
    let rel = cwd
        .as_deref()
        .and_then(|cwd| f.path.strip_prefix(cwd).ok())
        .unwrap_or(&f.path);
    let bytes = rel.as_os_str().as_bytes();
    let bytes = bytes.strip_prefix(b"./").unwrap_or(bytes);
    let segments = bytes.split(|&b| b == b'/');
    let encoded = segments.map(|seg| percent_encoding::percent_encode(seg, SEGMENT).to_string());
    Some(encoded.collect::<Vec<_>>().join("/"))
}

#[cfg(not(unix))]
fn raw_uri_path(_: &SourceFile) -> Option<String> {
    None
}

/// The working directory as the `file:` URI [`SRCROOT`] stands for (ending in `/`).
fn srcroot() -> Option<ArtifactLocation> {
    let cwd = std::env::current_dir().ok()?;
    let path = cwd.to_string_lossy().replace('\\', "/");
    let path = path.strip_suffix('/').unwrap_or(&path);
    let slash = if path.starts_with('/') { "" } else { "/" };
    let uri = format!("file://{slash}{}/", uri_path(path));
    Some(ArtifactLocation::builder().uri(uri).build())
}

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
    let start = f.position(label.span.start());
    let end = f.position(label.span.end());
    let physical = PhysicalLocation::builder()
        .artifact_location(artifact(f))
        .region(
            Region::builder()
                .start_line(start.line as i64)
                .start_column(start.column as i64)
                .end_line(end.line as i64)
                .end_column(end.column as i64)
                .build(),
        )
        .build();
    let message = Message::builder().text(visible(&label.message)).build();
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

/// A result without its related locations, which [`Streamed`] writes as they are made.
fn result(sources: &SourceMap, d: &Diagnostic, root: &Path) -> SarifResult {
    // Message text is shown to people by SARIF viewers: invisible characters escaped.
    let mut message = visible(&d.message).into_owned();
    if let Some(h) = &d.help {
        message.push_str(&format!("\nhelp: {}", visible(h)));
    }
    let fingerprints =
        BTreeMap::from([(FINGERPRINT_KEY.to_string(), fingerprint(sources, d, root))]);
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
    result
}

/// An object serialized by serde-sarif, with one member (`key`, replacing any it has) written
/// lazily at its place: serde-sarif writes members in name order, and `key` goes before the
/// first greater one.
///
/// A systemic finding of a large manifest lists one related location per tool: made one at
/// a time, they are never held as a whole log.
struct Streamed<T> {
    members: serde_json::Map<String, serde_json::Value>,
    key: &'static str,
    value: Option<T>,
}

impl<T: Serialize> Serialize for Streamed<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        let mut pending = self.value.as_ref();
        for (k, v) in self.members.iter().filter(|(k, _)| *k != self.key) {
            if k.as_str() > self.key
                && let Some(value) = pending.take()
            {
                map.serialize_entry(self.key, value)?;
            }
            map.serialize_entry(k, v)?;
        }
        if let Some(value) = pending {
            map.serialize_entry(self.key, value)?;
        }
        map.end()
    }
}

/// The members of a serde-sarif object.
fn members(of: impl Serialize) -> serde_json::Map<String, serde_json::Value> {
    match serde_json::to_value(of).expect("SARIF always serializes") {
        serde_json::Value::Object(m) => m,
        _ => unreachable!("SARIF objects serialize to objects"),
    }
}

/// A sequence made as it is written.
struct Lazy<F>(F);

impl<I: Iterator<Item: Serialize>, F: Fn() -> I> Serialize for Lazy<F> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq((self.0)())
    }
}

/// One finding (or a suppressed one), its related locations written as they are made.
fn streamed_result<'a>(
    sources: &'a SourceMap,
    d: &'a Diagnostic,
    result: SarifResult,
) -> Streamed<impl Serialize + 'a> {
    let related = Lazy(move || {
        d.related
            .iter()
            .enumerate()
            .map(|(i, l)| location(sources, l, Some(i as i64 + 1)))
    });
    Streamed {
        members: members(result),
        key: "relatedLocations",
        value: (!d.related.is_empty()).then_some(related),
    }
}

/// The log as a string.
pub fn render(outcome: &Outcome) -> String {
    let mut out = Vec::new();
    write(outcome, &mut out).expect("writing to memory does not fail");
    String::from_utf8(out).expect("SARIF is UTF-8")
}

/// Write the log to `out` as it is made (pretty-printed, one final newline).
pub fn write(outcome: &Outcome, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let sources = &outcome.project.sources;
    let root = &outcome.root;
    let rules = catalog::all();
    let findings = outcome
        .diagnostics
        .iter()
        .map(|d| streamed_result(sources, d, result(sources, d, root)));
    // Findings silenced in the source stay visible to SARIF viewers as suppressed results,
    // with the suppression's reason as justification.
    let suppressed = outcome.suppressed.iter().map(|s| {
        let mut r = result(sources, &s.diagnostic, root);
        let by = Label::new(s.by, "suppressed here");
        let mut suppression = Suppression::builder()
            .kind(serde_json::json!("inSource"))
            .location(location(sources, &by, None))
            .build();
        suppression.justification = s.reason.as_deref().map(|r| visible(r).into_owned());
        r.suppressions = Some(vec![suppression]);
        streamed_result(sources, &s.diagnostic, r)
    });
    let results = Lazy(|| findings.clone().chain(suppressed.clone()));
    let driver = ToolComponent::builder()
        .name("contractlint")
        .version(env!("CARGO_PKG_VERSION"))
        .semantic_version(env!("CARGO_PKG_VERSION"))
        .information_uri("https://github.com/contractlint/contractlint")
        .rules(rules.iter().map(descriptor).collect::<Vec<_>>())
        .build();
    let mut run = Run::builder()
        .tool(Tool::builder().driver(driver).build())
        // Our columns count Unicode scalar values, not UTF-16 units (SARIF's default).
        .column_kind(serde_json::json!("unicodeCodePoints"))
        .build();
    run.original_uri_base_ids = srcroot().map(|l| BTreeMap::from([(SRCROOT.to_string(), l)]));
    if let Some(n) = super::no_tools_notice(outcome) {
        let notice = serde_sarif::sarif::Notification::builder()
            .message(Message::builder().text(visible(&n)).build())
            .level(serde_json::json!("warning"))
            .build();
        run.invocations = Some(vec![
            serde_sarif::sarif::Invocation::builder()
                .execution_successful(true)
                .tool_execution_notifications(vec![notice])
                .build(),
        ]);
    }
    let run = Streamed {
        members: members(run),
        key: "results",
        value: Some(results),
    };
    let log = Streamed {
        members: members(
            Sarif::builder()
                .schema(SCHEMA_URI)
                .version(serde_json::json!("2.1.0"))
                .runs(Vec::new())
                .build(),
        ),
        key: "runs",
        value: Some([run]),
    };
    super::json_text::write_pretty(&mut *out, &log)?;
    out.write_all(b"\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn streamed(members: serde_json::Value, key: &'static str) -> String {
        let serde_json::Value::Object(members) = members else {
            unreachable!()
        };
        let value = Some(Lazy(|| [1, 2].into_iter()));
        serde_json::to_string(&Streamed {
            members,
            key,
            value,
        })
        .unwrap()
    }

    #[test]
    fn a_streamed_member_is_written_in_name_order_and_replaces_its_namesake() {
        let members = serde_json::json!({"a": 0, "c": 0, "runs": []});
        assert_eq!(
            streamed(members.clone(), "b"),
            r#"{"a":0,"b":[1,2],"c":0,"runs":[]}"#
        );
        assert_eq!(
            streamed(members.clone(), "runs"),
            r#"{"a":0,"c":0,"runs":[1,2]}"#
        );
        assert_eq!(
            streamed(members, "z"),
            r#"{"a":0,"c":0,"runs":[],"z":[1,2]}"#
        );
    }
}
