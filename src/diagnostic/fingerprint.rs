//! A finding's identity across unrelated edits: what baselines key on and what SARIF
//! publishes as its partial fingerprint.

use super::Diagnostic;
use crate::source::{SourceMap, relative};
use std::hash::Hasher;
use std::path::Path;

/// The identity of a finding across unrelated edits and working directories: code, package,
/// tool, property, file, what the primary location is (its label and the words around it on
/// its line: a tool's description and a property's can say the same thing), the other side's
/// files and labels, and the message with digits normalised (so a bound changing from 5 to 6 is the
/// same finding). Paths are relative to `anchor` (the baseline file's directory, or the
/// run's root for SARIF), never to the current directory. Line and column numbers are
/// deliberately not part of it.
pub fn fingerprint(sources: &SourceMap, d: &Diagnostic, anchor: &Path) -> String {
    let package = d.package.as_deref().map(|p| relative(anchor, p));
    keyed(
        sources,
        d,
        &|f| relative(anchor, &sources.get(f).path),
        package,
    )
}

/// [`fingerprint`] with files named by `file` and the package given: `diff` names a
/// revision's files as it shows them (`v1:src/main.rs`), since they are read from a private
/// directory that changes with every run.
pub fn keyed(
    sources: &SourceMap,
    d: &Diagnostic,
    file: &dyn Fn(crate::source::FileId) -> String,
    package: Option<String>,
) -> String {
    let at = |span: crate::source::Span| file(span.file);
    let mut parts = vec![
        d.code.to_string(),
        package.unwrap_or_default(),
        d.tool.clone().unwrap_or_default(),
        d.property.clone().unwrap_or_default(),
        at(d.primary.span),
        normalise(&d.message),
        normalise(&d.primary.message),
        normalise(context(sources, d.primary.span)),
    ];
    for l in &d.related {
        parts.push(at(l.span));
        parts.push(normalise(&l.message));
    }
    let mut h = fnv::FnvHasher::default();
    for part in parts {
        h.write(part.as_bytes());
        // A separator byte that cannot occur in UTF-8 keeps ("ab","c") apart from ("a","bc").
        h.write(&[0xff]);
    }
    format!("{:016x}", h.finish())
}

/// Up to [`CONTEXT`] bytes either side of `span` on its line, and the span itself.
fn context(sources: &SourceMap, span: crate::source::Span) -> &str {
    let text: &str = &sources.get(span.file).text;
    let (start, end) = (span.start().min(text.len()), span.end().min(text.len()));
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i);
    let mut from = start.saturating_sub(CONTEXT).max(line_start);
    while !text.is_char_boundary(from) {
        from += 1;
    }
    let mut to = (end + CONTEXT).min(line_end).max(end);
    while !text.is_char_boundary(to) {
        to -= 1;
    }
    text.get(from..to).unwrap_or("")
}

/// How much of the primary line a fingerprint reads: enough to tell two descriptions apart,
/// little enough that a minified manifest's one line does not make every edit a new finding.
const CONTEXT: usize = 32;

/// Whitespace collapsed and every run of digits replaced by `0`.
pub(crate) fn normalise(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut prev_digit = false;
    for word in message.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        for c in word.chars() {
            if c.is_ascii_digit() {
                if !prev_digit {
                    out.push('0');
                }
                prev_digit = true;
            } else {
                out.push(c);
                prev_digit = false;
            }
        }
        prev_digit = false;
    }
    out
}
