//! At most [`PER_RULE_AND_FILE`] findings of one rule in one file are reported; the rest
//! become one finding that says how many were left out. A generated or hostile file can
//! otherwise produce findings without bound, and each costs kilobytes in every format.
//! Applied after the baseline (which is written from, and matched against, every finding).
//! The readiness report counts per tool as well ([`apply_per_tool`]): each tool's verdict
//! comes from its own findings, so one tool's findings must not crowd out another's.

use crate::diagnostic::{Diagnostic, Label};
use crate::source::{FileId, SourceMap};
use std::collections::HashMap;
use std::path::Path;

/// Findings of one rule shown per file.
pub const PER_RULE_AND_FILE: usize = 100;

/// Keep the first [`PER_RULE_AND_FILE`] findings of each rule and file (in report order)
/// and replace the others by one summary finding at the first of them.
pub fn apply(sources: &SourceMap, diags: &mut Vec<Diagnostic>) {
    cap(sources, diags, false);
}

/// The readiness report's findings, which are per tool: each systemic finding taken back
/// apart into the findings of the tools it stands for (each counts towards its tool's
/// verdict), then [`apply`] per rule, file and tool. The summary finding is the tool's,
/// with the highest severity of what it stands for, so the tool's verdict is the one its
/// findings give.
pub fn apply_per_tool(sources: &SourceMap, diags: &mut Vec<Diagnostic>) {
    if diags.iter().any(|d| !d.members.is_empty()) {
        *diags = crate::rules::systemic::ungroup(std::mem::take(diags));
        super::sort(sources, diags);
    }
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
    let key = |d| key(d, per_tool);
    let mut seen: HashMap<Key<'_>, usize> = HashMap::new();
    let mut left: Vec<Diagnostic> = Vec::new();
    let mut left_count: HashMap<Key<'_>, (usize, usize)> = HashMap::new();
    let mut keep = Vec::with_capacity(diags.len());
    for d in diags.iter() {
        let k = key(d);
        let n = seen.entry(k).or_default();
        *n += 1;
        if *n <= PER_RULE_AND_FILE {
            keep.push(true);
            continue;
        }
        keep.push(false);
        let (index, count) = left_count.entry(k).or_insert_with(|| {
            let mut summary = Diagnostic::new(
                d.code,
                String::new(),
                Label::new(d.primary.span, "the first finding not shown"),
            );
            summary.severity = d.severity;
            if per_tool {
                summary.tool = d.tool.clone();
                summary.package = d.package.clone();
            }
            summary.help = Some(
                "fix the findings shown first, or exclude the file if it is generated \
                 (`exclude` in contractlint.toml)"
                    .into(),
            );
            left.push(summary);
            (left.len() - 1, 0)
        });
        *count += 1;
        let s = &mut left[*index];
        s.severity = s.severity.max(d.severity);
    }
    if left.is_empty() {
        return;
    }
    let per = if per_tool {
        "per rule, file and tool"
    } else {
        "per rule and file"
    };
    for (index, count) in left_count.into_values() {
        let s = &mut left[index];
        let of_tool = match (&s.tool, per_tool) {
            (Some(t), true) => format!(" for `{t}`"),
            _ => String::new(),
        };
        s.message = format!(
            "{count} more {} findings{of_tool} in this file are not shown (at most \
             {PER_RULE_AND_FILE} {per})",
            s.code
        );
    }
    let mut kept = keep.into_iter();
    diags.retain(|_| kept.next().unwrap_or(true));
    diags.extend(left);
    super::sort(sources, diags);
}
