//! At most [`PER_RULE_AND_FILE`] findings of one rule in one file are reported; the rest
//! become one finding that says how many were left out. A generated or hostile file can
//! otherwise produce findings without bound, and each costs kilobytes in every format.
//! Applied after the baseline (which is written from, and matched against, every finding).
//! The readiness report counts per tool as well ([`apply_per_tool`]): each tool's verdict
//! comes from its own findings, so one tool's findings must not crowd out another's.

use crate::diagnostic::{Diagnostic, Label};
use crate::source::{FileId, SourceMap};
use std::path::Path;

/// Findings of one rule shown per file.
pub const PER_RULE_AND_FILE: usize = 100;

/// Keep the first [`PER_RULE_AND_FILE`] findings of each rule and file (in report order)
/// and replace the others by one summary finding at the first of them.
pub fn apply(sources: &SourceMap, diags: &mut Vec<Diagnostic>) {
    cap(sources, diags, false);
}

/// [`apply`] per rule, file and tool, for the readiness report's findings (made with
/// [`super::Options::per_tool`], so none is systemic). The summary finding is the tool's,
/// with the highest severity of what it stands for, so the tool's verdict is the one its
/// findings give.
pub fn apply_per_tool(sources: &SourceMap, diags: &mut Vec<Diagnostic>) {
    cap(sources, diags, true);
}

/// What findings are counted by: file and rule, and with `per_tool` the tool (its name and
/// package).
type Key<'a> = (FileId, &'static str, Option<(&'a str, Option<&'a Path>)>);

fn key(d: &Diagnostic, per_tool: bool) -> Key<'_> {
    let tool = per_tool.then(|| d.tool.as_deref().map(|t| (t, d.package.as_deref())));
    (d.primary.span.file, d.code, tool.flatten())
}

fn cap(sources: &SourceMap, diags: &mut Vec<Diagnostic>, per_tool: bool) {
    // The findings' positions ordered by key, report order within a key: each key's run
    // says which to keep, with no map holding an entry per key (per tool, as many keys as
    // findings).
    let mut order: Vec<usize> = (0..diags.len()).collect();
    order.sort_by(|&a, &b| key(&diags[a], per_tool).cmp(&key(&diags[b], per_tool)));
    let mut keep = vec![true; diags.len()];
    let mut left: Vec<Diagnostic> = Vec::new();
    let per = if per_tool {
        "per rule, file and tool"
    } else {
        "per rule and file"
    };
    for run in order.chunk_by(|&a, &b| key(&diags[a], per_tool) == key(&diags[b], per_tool)) {
        let hidden = match run.get(PER_RULE_AND_FILE..) {
            Some(hidden) if !hidden.is_empty() => hidden,
            _ => continue,
        };
        let d = &diags[hidden[0]];
        let mut summary = Diagnostic::new(
            d.code,
            String::new(),
            Label::new(d.primary.span, "the first finding not shown"),
        );
        summary.severity = hidden
            .iter()
            .map(|&i| diags[i].severity)
            .max()
            .unwrap_or(d.severity);
        if per_tool {
            summary.tool = d.tool.clone();
            summary.package = d.package.clone();
        }
        summary.help = Some(
            "fix the findings shown first, or exclude the file if it is generated \
             (`exclude` in contractlint.toml)"
                .into(),
        );
        let of_tool = match (&summary.tool, per_tool) {
            (Some(t), true) => format!(" for `{t}`"),
            _ => String::new(),
        };
        // A finding standing for findings never made (`rules::findings`) counts them.
        let count: usize = hidden.iter().map(|&i| diags[i].unmade.max(1)).sum();
        summary.message = format!(
            "{count} more {} findings{of_tool} in this file are not shown (at most \
             {PER_RULE_AND_FILE} {per})",
            summary.code
        );
        for &i in hidden {
            keep[i] = false;
        }
        left.push(summary);
    }
    if left.is_empty() {
        return;
    }
    let mut kept = keep.into_iter();
    diags.retain(|_| kept.next().unwrap_or(true));
    diags.extend(left);
    super::sort(sources, diags);
}
