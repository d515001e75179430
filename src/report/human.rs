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

/// Related locations drawn per finding: a systemic finding lists every tool of its package,
/// tens of thousands in a large manifest, and each is a snippet (the renderer's work on one
/// file grows faster than its labels).
const RELATED_SHOWN: usize = 20;

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
            CsLabel::primary(d.primary.span.file, shown.range(d.primary.span))
                .with_message(visible(&d.primary.message)),
        ];
        let related = &d.related[..d.related.len().min(RELATED_SHOWN)];
        labels.extend(related.iter().map(|l| {
            CsLabel::secondary(l.span.file, shown.range(l.span)).with_message(visible(&l.message))
        }));
        let mut notes = Vec::new();
        if let Some(more) = d
            .related
            .len()
            .checked_sub(RELATED_SHOWN)
            .filter(|n| *n > 0)
        {
            notes.push(format!(
                "{} not shown here (`--format json` or `sarif` lists them all)",
                super::plural(more, "more related location")
            ));
        }
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
            let p = f.position(d.primary.span.start());
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
/// A line longer than [`LONG`] bytes is shown only [`WINDOW`] bytes around each label on
/// it, `…` for the rest (a minified one-line file would otherwise be printed whole for each
/// finding); line numbers and columns stay those of the file.
struct Shown<'a> {
    sources: &'a SourceMap,
    files: HashMap<FileId, View<'a>>,
}

/// Bytes of context kept on each side of a label's ends on a long line: a long description
/// is shown from its start and up to its end, with the middle cut, not underlined whole.
const WINDOW: usize = 60;
/// Lines up to this length are shown whole: about what a terminal shows on one line.
const LONG: usize = 200;

/// `(shown, original, len)` of each piece of a windowed text kept, in order.
type Pieces = Vec<(usize, usize, usize)>;

/// One file as shown.
struct View<'a> {
    name: String,
    text: Cow<'a, str>,
    /// For a windowed text: its pieces and the shown text's line starts.
    pieces: Option<(Pieces, Vec<usize>)>,
}

impl<'a> Shown<'a> {
    fn new(sources: &'a SourceMap, outcome: &Outcome) -> Self {
        let mut points: HashMap<FileId, Vec<usize>> = HashMap::new();
        for d in &outcome.diagnostics {
            let related = d.related.iter().take(RELATED_SHOWN).map(|l| l.span);
            for span in std::iter::once(d.primary.span).chain(related) {
                points
                    .entry(span.file)
                    .or_default()
                    .extend([span.start(), span.end()]);
            }
        }
        let files = points
            .into_iter()
            .map(|(id, mut at)| {
                let f = sources.get(id);
                at.sort_unstable();
                at.dedup();
                let text = same_width(&f.text);
                let view = match windowed(&text, &f.line_starts(), &at) {
                    Some((shown, pieces, starts)) => View {
                        name: visible(&f.display).into_owned(),
                        text: Cow::Owned(shown),
                        pieces: Some((pieces, starts)),
                    },
                    None => View {
                        name: visible(&f.display).into_owned(),
                        text,
                        pieces: None,
                    },
                };
                (id, view)
            })
            .collect();
        Shown { sources, files }
    }

    fn file(&self, id: FileId) -> Result<&View<'a>, FilesError> {
        self.files.get(&id).ok_or(FilesError::FileMissing)
    }

    /// A span of the file as a byte range of the shown text.
    fn range(&self, span: crate::source::Span) -> std::ops::Range<usize> {
        match self.files.get(&span.file).and_then(|v| v.pieces.as_ref()) {
            Some((pieces, _)) => shown_at(pieces, span.start())..shown_at(pieces, span.end()),
            None => span.start()..span.end(),
        }
    }
}

/// `text` with each line longer than [`LONG`] bytes cut to [`WINDOW`] bytes around
/// each of `points` on it; `None` when no line needs it.
fn windowed(
    text: &str,
    starts: &[usize],
    points: &[usize],
) -> Option<(String, Pieces, Vec<usize>)> {
    let line_end = |i: usize| starts.get(i + 1).copied().unwrap_or(text.len());
    if !(0..starts.len()).any(|i| line_end(i) - starts[i] > LONG) {
        return None;
    }
    let floor = |mut i: usize| {
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    // Byte ranges of the original text kept, merged.
    let mut keep: Vec<(usize, usize)> = Vec::new();
    let mut push = |from: usize, to: usize| match keep.last_mut() {
        Some(last) if from <= last.1 => last.1 = last.1.max(to),
        _ => keep.push((from, to)),
    };
    let mut p = 0;
    for (i, &start) in starts.iter().enumerate() {
        let end = line_end(i);
        if end - start <= LONG {
            push(start, end);
            continue;
        }
        while p < points.len() && points[p] < start {
            p += 1;
        }
        let mut q = p;
        while q < points.len() && points[q] < end {
            let at = points[q];
            push(
                floor(at.saturating_sub(WINDOW).max(start)),
                floor((at + WINDOW).min(end)),
            );
            q += 1;
        }
        // The line's end (its newline) stays, so lines keep their numbers.
        let nl = text[start..end].trim_end_matches(['\n', '\r']).len() + start;
        push(floor(nl), end);
    }
    let mut shown = String::new();
    let mut pieces = Vec::with_capacity(keep.len());
    let mut last = 0;
    for (from, to) in keep {
        if from > last {
            shown.push('…');
        }
        pieces.push((shown.len(), from, to - from));
        shown.push_str(&text[from..to]);
        last = to;
    }
    let starts = std::iter::once(0)
        .chain(memchr::memchr_iter(b'\n', shown.as_bytes()).map(|i| i + 1))
        .collect();
    Some((shown, pieces, starts))
}

/// Where original byte `at` is shown (the `…` after a kept piece when it was cut).
fn shown_at(pieces: &[(usize, usize, usize)], at: usize) -> usize {
    let i = pieces.partition_point(|p| p.1 <= at).saturating_sub(1);
    let (shown, orig, len) = pieces[i];
    shown + at.saturating_sub(orig).min(len)
}

/// The original byte shown at `at`.
fn original_at(pieces: &[(usize, usize, usize)], at: usize) -> usize {
    let i = pieces.partition_point(|p| p.0 <= at).saturating_sub(1);
    let (shown, orig, len) = pieces[i];
    orig + at.saturating_sub(shown).min(len)
}

impl<'b> Files<'b> for Shown<'_> {
    type FileId = FileId;
    type Name = &'b str;
    type Source = &'b str;

    fn name(&'b self, id: FileId) -> Result<&'b str, FilesError> {
        Ok(&self.file(id)?.name)
    }

    fn source(&'b self, id: FileId) -> Result<&'b str, FilesError> {
        Ok(&self.file(id)?.text)
    }

    fn line_index(&'b self, id: FileId, byte_index: usize) -> Result<usize, FilesError> {
        match &self.file(id)?.pieces {
            Some((_, starts)) => Ok(starts.partition_point(|&s| s <= byte_index) - 1),
            None => self.sources.line_index(id, byte_index),
        }
    }

    fn line_range(
        &'b self,
        id: FileId,
        line_index: usize,
    ) -> Result<std::ops::Range<usize>, FilesError> {
        let view = self.file(id)?;
        match &view.pieces {
            Some((_, starts)) => {
                let start = *starts.get(line_index).ok_or(FilesError::LineTooLarge {
                    given: line_index,
                    max: starts.len() - 1,
                })?;
                Ok(start
                    ..starts
                        .get(line_index + 1)
                        .copied()
                        .unwrap_or(view.text.len()))
            }
            None => self.sources.line_range(id, line_index),
        }
    }

    fn column_number(
        &'b self,
        id: FileId,
        line_index: usize,
        byte_index: usize,
    ) -> Result<usize, FilesError> {
        match &self.file(id)?.pieces {
            Some((pieces, _)) => Ok(self
                .sources
                .get(id)
                .position(original_at(pieces, byte_index))
                .column),
            None => {
                let source = self.source(id)?;
                let range = self.line_range(id, line_index)?;
                // codespan's own count: the char boundaries before `byte_index`.
                let end = byte_index.min(range.end).min(source.len());
                Ok((range.start..end)
                    .filter(|&i| source.is_char_boundary(i + 1))
                    .count()
                    + 1)
            }
        }
    }
}
