//! Terminal output with codespan-reporting: the primary label where the fix goes,
//! secondary labels on the other side of the contradiction, then `help:`.

use super::{rule_url, summary_line};
use crate::diagnostic::Severity;
use crate::outcome::Outcome;
use crate::source::escape::{at_line_start, same_width, visible};
use crate::source::{FileId, SourceMap};
use codespan_reporting::diagnostic::{
    Diagnostic as CsDiagnostic, Label as CsLabel, Severity as CsSeverity,
};
use codespan_reporting::files::{Error as FilesError, Files};
use codespan_reporting::term::{self, Config};
use std::borrow::Cow;
use std::collections::HashMap;

/// The findings, then the counts line.
pub fn render(outcome: &Outcome, color: bool) -> String {
    body(outcome, color) + &summary_line(outcome)
}

/// The findings alone (`--quiet` leaves the counts line out).
pub fn body(outcome: &Outcome, color: bool) -> String {
    let mut buf = termcolor::Buffer::no_color();
    if color {
        buf = termcolor::Buffer::ansi();
    }
    let config = Config::default();
    let shown = Shown::new(&outcome.project.sources, outcome);
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
            .with_message(visible(&d.primary.message)),
        ];
        labels.extend(d.related.iter().map(|l| {
            CsLabel::secondary(l.span.file, l.span.start..l.span.end)
                .with_message(visible(&l.message))
        }));
        let mut notes = Vec::new();
        if let Some(h) = &d.help {
            notes.push(format!("help: {}", visible(h)));
        }
        if let Some(url) = rule_url(d.code) {
            notes.push(format!("see: {url}"));
        }
        let cs = CsDiagnostic::new(severity)
            .with_code(format!("{} {name}", d.code))
            .with_message(visible(&d.message))
            .with_labels(labels)
            .with_notes(notes);
        // Rendering into a memory buffer cannot fail on I/O; a span past the end of a
        // file would be a bug in an extractor, so fall back to a plain line.
        if term::emit_to_write_style(&mut buf, &config, &shown, &cs).is_err() {
            let f = outcome.project.sources.get(d.primary.span.file);
            let p = f.position(d.primary.span.start);
            buf_line(
                &mut buf,
                &format!(
                    "{}:{}:{}: {} {}\n",
                    at_line_start(&f.display),
                    p.line,
                    p.column,
                    d.code,
                    visible(&d.message)
                ),
            );
        }
    }
    String::from_utf8_lossy(buf.as_slice()).into_owned()
}

fn buf_line(buf: &mut termcolor::Buffer, s: &str) {
    use std::io::Write;
    let _ = buf.write_all(s.as_bytes());
}

/// The source map as the snippet renderer sees it: names and texts of the files findings
/// point into with every control, escape and bidi character made visible, at the same byte
/// offsets (see [`same_width`]), so a snippet can neither drive the terminal nor start a line.
struct Shown<'a> {
    sources: &'a SourceMap,
    files: HashMap<FileId, (String, Cow<'a, str>)>,
}

impl<'a> Shown<'a> {
    fn new(sources: &'a SourceMap, outcome: &Outcome) -> Self {
        let mut files = HashMap::new();
        for d in &outcome.diagnostics {
            for span in std::iter::once(d.primary.span).chain(d.related.iter().map(|l| l.span)) {
                files.entry(span.file).or_insert_with(|| {
                    let f = sources.get(span.file);
                    (visible(&f.display).into_owned(), same_width(&f.text))
                });
            }
        }
        Shown { sources, files }
    }

    fn file(&self, id: FileId) -> Result<&(String, Cow<'a, str>), FilesError> {
        self.files.get(&id).ok_or(FilesError::FileMissing)
    }
}

impl<'b> Files<'b> for Shown<'_> {
    type FileId = FileId;
    type Name = &'b str;
    type Source = &'b str;

    fn name(&'b self, id: FileId) -> Result<&'b str, FilesError> {
        Ok(&self.file(id)?.0)
    }

    fn source(&'b self, id: FileId) -> Result<&'b str, FilesError> {
        Ok(&self.file(id)?.1)
    }

    fn line_index(&'b self, id: FileId, byte_index: usize) -> Result<usize, FilesError> {
        self.sources.line_index(id, byte_index)
    }

    fn line_range(
        &'b self,
        id: FileId,
        line_index: usize,
    ) -> Result<std::ops::Range<usize>, FilesError> {
        self.sources.line_range(id, line_index)
    }
}
