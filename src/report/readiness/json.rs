//! The readiness report's data as one JSON object (the model, serialized as is).

use crate::judge::readiness::Readiness;

pub fn render(report: &Readiness) -> String {
    crate::report::to_string(|w| write(report, w))
}

/// Write the report to `out` as it is serialized (pretty-printed, one final newline): the
/// report of a large manifest is not held a second time as text.
pub fn write(report: &Readiness, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    crate::report::json_text::write_pretty(&mut *out, report)?;
    out.write_all(b"\n")
}
