//! At most [`PER_RULE_AND_FILE`] findings of one rule in one file are reported; the rest
//! become one finding that says how many were left out. A generated or hostile file can
//! otherwise produce findings without bound, and each costs kilobytes in every format.
//! Applied after the baseline (which is written from, and matched against, every finding).

use crate::diagnostic::{Diagnostic, Label};
use crate::source::{FileId, SourceMap};
use std::collections::HashMap;

/// Findings of one rule shown per file.
pub const PER_RULE_AND_FILE: usize = 100;

/// Keep the first [`PER_RULE_AND_FILE`] findings of each rule and file (in report order)
/// and replace the others by one summary finding at the first of them.
pub fn apply(sources: &SourceMap, diags: &mut Vec<Diagnostic>) {
    let mut seen: HashMap<(FileId, &'static str), usize> = HashMap::new();
    let mut left: Vec<Diagnostic> = Vec::new();
    let mut left_count: HashMap<(FileId, &'static str), (usize, usize)> = HashMap::new();
    diags.retain(|d| {
        let key = (d.primary.span.file, d.code);
        let n = seen.entry(key).or_default();
        *n += 1;
        if *n <= PER_RULE_AND_FILE {
            return true;
        }
        let (index, count) = left_count.entry(key).or_insert_with(|| {
            let mut summary = Diagnostic::new(
                d.code,
                String::new(),
                Label::new(d.primary.span, "the first finding not shown"),
            );
            summary.severity = d.severity;
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
        false
    });
    if left.is_empty() {
        return;
    }
    for (index, count) in left_count.into_values() {
        let s = &mut left[index];
        s.message = format!(
            "{count} more {} findings in this file are not shown (at most {PER_RULE_AND_FILE} \
             per rule and file)",
            s.code
        );
    }
    diags.extend(left);
    super::sort(sources, diags);
}
