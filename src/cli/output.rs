//! Where a report goes: a file named with `-o` (replaced whole, never left half written) or
//! standard output.

use std::io::Write;

pub fn emit(path: Option<&std::path::Path>, text: &str) -> Result<(), String> {
    emit_with(path, |w| w.write_all(text.as_bytes()))
}

/// [`emit`] with what `write` writes, through a buffer.
pub fn emit_with(
    path: Option<&std::path::Path>,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), String> {
    match path {
        Some(p) => crate::source::guarded::write_replacing_with(p, write)
            .map_err(|e| format!("cannot write {}: {e}", p.display())),
        None => {
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            // A closed pipe (`| head`) is not an error worth a message; any other failure
            // (a full disk: `> /dev/full`) is, or a truncated report would pass for whole.
            match write(&mut out).and_then(|()| out.flush()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    Err(format!("cannot write to standard output: {e}"))
                }
                _ => Ok(()),
            }
        }
    }
}

/// `cases --run`'s record: printed with `--format json`, else written to `-o FILE` (if
/// given) and summarised on standard output.
pub fn emit_run(
    record: &serde_json::Value,
    path: Option<&std::path::Path>,
    format: Option<crate::report::cases_run::RunFormat>,
) -> Result<(), String> {
    use crate::report::cases_run::{RunFormat, summary};
    let json = crate::report::json_text::pretty(record) + "\n";
    if format == Some(RunFormat::Json) {
        return emit(path, &json);
    }
    if let Some(p) = path {
        emit(Some(p), &json)?;
    }
    let written = path.map(|p| p.display().to_string());
    emit(None, &summary(record, written.as_deref()))
}

/// After `diff`: the baseline written (`--write-baseline`), and the notes on what was not
/// read, suppressed or baselined.
pub fn diff_baseline(d: &crate::engine::Diffed, args: &crate::cli::DiffArgs) -> Result<(), String> {
    use crate::report;
    let mut notes = report::diff::notes(&d.skipped, d.suppressed);
    if let (Some(b), Some(path)) = (&d.written, &args.write_baseline) {
        emit(Some(path), &b.to_json())?;
        notes += &format!(
            "contractlint: {}\n",
            report::baseline_written(b.entries.len(), path)
        );
    }
    if let Some(a) = &d.applied {
        notes += &format!(
            "contractlint: {}\n",
            report::baseline_applied(a.baselined, a.fixed)
        );
    }
    if !args.quiet {
        eprint!("{notes}");
    }
    Ok(())
}
