//! Terminal output with codespan-reporting: the primary label where the fix goes,
//! secondary labels on the other side of the contradiction, then `help:`.

use super::counts;
use crate::Outcome;
use crate::diagnostic::Severity;
use codespan_reporting::diagnostic::{
    Diagnostic as CsDiagnostic, Label as CsLabel, Severity as CsSeverity,
};
use codespan_reporting::term::{self, Config};

pub fn render(outcome: &Outcome, color: bool) -> String {
    let mut buf = termcolor::Buffer::no_color();
    if color {
        buf = termcolor::Buffer::ansi();
    }
    let config = Config::default();
    for d in &outcome.diagnostics {
        let severity = match d.severity {
            Severity::Error => CsSeverity::Error,
            Severity::Warning => CsSeverity::Warning,
            Severity::Info => CsSeverity::Note,
        };
        let name = crate::catalog::find(d.code).map_or("", |r| r.name.as_str());
        let mut labels = vec![
            CsLabel::primary(
                d.primary.span.file,
                d.primary.span.start..d.primary.span.end,
            )
            .with_message(&d.primary.message),
        ];
        labels.extend(d.related.iter().map(|l| {
            CsLabel::secondary(l.span.file, l.span.start..l.span.end).with_message(&l.message)
        }));
        let mut notes = Vec::new();
        if let Some(h) = &d.help {
            notes.push(format!("help: {h}"));
        }
        let cs = CsDiagnostic::new(severity)
            .with_code(format!("{} {name}", d.code))
            .with_message(&d.message)
            .with_labels(labels)
            .with_notes(notes);
        // Rendering into a memory buffer cannot fail on I/O; a span past the end of a
        // file would be a bug in an extractor, so fall back to a plain line.
        if term::emit_to_write_style(&mut buf, &config, &outcome.project.sources, &cs).is_err() {
            let f = outcome.project.sources.get(d.primary.span.file);
            let p = f.position(d.primary.span.start);
            buf_line(
                &mut buf,
                &format!(
                    "{}:{}:{}: {} {}\n",
                    f.display, p.line, p.column, d.code, d.message
                ),
            );
        }
    }
    let (errors, warnings, infos) = counts(outcome);
    let mut out = String::from_utf8_lossy(buf.as_slice()).into_owned();
    let scope = format!(
        "{}, {}",
        count(outcome.files, "file"),
        count(outcome.project.contracts.len(), "tool")
    );
    if outcome.diagnostics.is_empty() && outcome.project.contracts.is_empty() {
        out.push_str(&format!(
            "No tool found ({}): nothing was checked.\n",
            count(outcome.files, "file")
        ));
    } else if outcome.diagnostics.is_empty() {
        out.push_str(&format!("No contract problems found ({scope}).\n"));
    } else {
        out.push_str(&format!(
            "Found {} ({}, {}, {}) in {scope}.\n",
            count(outcome.diagnostics.len(), "problem"),
            count(errors, "error"),
            count(warnings, "warning"),
            count(infos, "info"),
        ));
    }
    out
}

/// `1 error`, `2 errors`.
fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

fn buf_line(buf: &mut termcolor::Buffer, s: &str) {
    use std::io::Write;
    let _ = buf.write_all(s.as_bytes());
}
