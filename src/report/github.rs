//! `--format github`: GitHub Actions workflow commands, one annotation per finding, then
//! a plain summary line. GitHub shows only the first 10 error and 10 warning annotations
//! per step (50 per job), so the summary always gives the full counts.

use super::{counts, plural};
use crate::diagnostic::Severity;
use crate::outcome::Outcome;
use crate::source::escape::{at_line_start, visible};

/// Escape a command's message (data): `%`, CR and LF.
fn data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escape a property value: as data, plus `:` and `,` which end a property.
fn property(s: &str) -> String {
    data(s).replace(':', "%3A").replace(',', "%2C")
}

/// The annotations and the summary line as one string.
pub fn render(outcome: &Outcome) -> String {
    super::to_string(|w| write(outcome, w))
}

/// Write the annotations to `out` one at a time: a large tree's are not held whole.
pub fn write(outcome: &Outcome, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let sources = &outcome.project.sources;
    for d in &outcome.diagnostics {
        let command = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "notice",
        };
        let f = sources.get(d.primary.span.file);
        let start = f.position(d.primary.span.start());
        let end = f.position(d.primary.span.end());
        let name = crate::catalog::find(d.code).map_or("", |r| r.name.as_str());
        let mut message = visible(&d.message).into_owned();
        for l in &d.related {
            let rf = sources.get(l.span.file);
            let p = rf.position(l.span.start());
            message.push_str(&format!(
                "\n{}:{}:{}: {}",
                at_line_start(&rf.display),
                p.line,
                p.column,
                visible(&l.message)
            ));
        }
        if let Some(h) = &d.help {
            message.push_str(&format!("\nhelp: {}", visible(h)));
        }
        writeln!(
            out,
            "::{command} file={},line={},col={},endLine={},endColumn={},title={}::{}",
            property(&visible(&f.display)),
            start.line,
            start.column,
            end.line,
            end.column,
            property(&format!("{} {name}", d.code)),
            data(&message),
        )?;
    }
    let (errors, warnings, infos) = counts(outcome);
    write!(
        out,
        "contractlint: {} ({}, {}, {}) in {}, {}.",
        plural(outcome.diagnostics.len(), "problem"),
        plural(errors, "error"),
        plural(warnings, "warning"),
        plural(infos, "info"),
        plural(outcome.files, "file"),
        plural(outcome.project.tool_count(), "tool")
    )?;
    if errors > 10 || warnings > 10 || infos > 10 {
        write!(
            out,
            " GitHub shows only the first 10 annotations of each type per step (50 per job): see the full list in this log.",
        )?;
    }
    writeln!(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_data_and_properties() {
        assert_eq!(data("100% a\r\nb: c, d"), "100%25 a%0D%0Ab: c, d");
        assert_eq!(property("a:b,c%\n"), "a%3Ab%2Cc%25%0A");
    }
}
