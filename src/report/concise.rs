//! `--format concise`: one line per finding, `path:line:col: CODE [name] message`, the shape
//! editors' and terminals' "file:line:col" links understand (like `ruff --output-format
//! concise`).

use crate::diagnostic::Severity;
use crate::outcome::Outcome;
use std::io::Write;
use termcolor::{Buffer, Color, ColorSpec, WriteColor};

/// The findings, one a line; colour marks the location and the code by severity.
pub fn body(outcome: &Outcome, color: bool) -> String {
    let mut buf = if color {
        Buffer::ansi()
    } else {
        Buffer::no_color()
    };
    let sources = &outcome.project.sources;
    for d in &outcome.diagnostics {
        let f = sources.get(d.primary.span.file);
        let p = f.position(d.primary.span.start());
        let name = crate::catalog::find(d.code).map_or("", |r| r.name.as_str());
        let severity = match d.severity {
            Severity::Error => Color::Red,
            Severity::Warning => Color::Yellow,
            Severity::Info => Color::Cyan,
        };
        // Writing to a memory buffer cannot fail.
        let _ = buf.set_color(ColorSpec::new().set_bold(true));
        let _ = write!(
            buf,
            "{}:{}:{}:",
            crate::source::escape::at_line_start(&f.display),
            p.line,
            p.column
        );
        let _ = buf.set_color(ColorSpec::new().set_fg(Some(severity)).set_bold(true));
        let _ = write!(buf, " {}", d.code);
        let _ = buf.reset();
        // A message is one sentence; a line break inside one would split the record.
        let _ = writeln!(
            buf,
            " [{name}] {}",
            crate::source::escape::visible(&d.message)
        );
    }
    String::from_utf8_lossy(buf.as_slice()).into_owned()
}
