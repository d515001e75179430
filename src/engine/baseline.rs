//! Baselines: adopt the linter on an existing codebase by recording today's findings and
//! reporting only new ones. Entries are keyed by a fingerprint that ignores line numbers,
//! so moving code up or down keeps a finding baselined while editing it does not.

use crate::diagnostic::Diagnostic;
use crate::diagnostic::fingerprint::fingerprint;
use crate::source::SourceMap;
use crate::source::relative;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// About 300,000 entries: far beyond any baseline worth keeping, well inside memory.
pub const MAX_BASELINE_BYTES: u64 = 64 << 20;
use std::path::{Path, PathBuf};

/// Format version of the baseline file; bumped only with a reader for the old one.
pub const VERSION: u32 = 1;

/// The directory a baseline file's paths are relative to: its own (canonical, so any
/// spelling of it from any working directory gives the same fingerprints).
pub fn anchor_of(file: &Path) -> PathBuf {
    let dir = match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    crate::source::real_path(dir).unwrap_or_else(|_| dir.to_path_buf())
}

/// One recorded finding. Everything but `fingerprint` is there for the reader of the file.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub fingerprint: String,
    pub code: String,
    pub tool: Option<String>,
    pub property: Option<String>,
    pub file: String,
    pub message: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Baseline {
    pub version: u32,
    pub entries: Vec<Entry>,
}

impl Baseline {
    /// The findings as entries whose paths are relative to `anchor` (see [`anchor_of`]).
    pub fn from_findings(sources: &SourceMap, diags: &[Diagnostic], anchor: &Path) -> Baseline {
        let file = |d: &Diagnostic| relative(anchor, &sources.get(d.primary.span.file).path);
        Baseline::keyed(diags, &|d| fingerprint(sources, d, anchor), &file)
    }

    /// The findings as entries, each keyed and placed as the caller says.
    pub fn keyed(
        diags: &[Diagnostic],
        key: &dyn Fn(&Diagnostic) -> String,
        file: &dyn Fn(&Diagnostic) -> String,
    ) -> Baseline {
        let mut entries: Vec<Entry> = diags
            .iter()
            .map(|d| Entry {
                fingerprint: key(d),
                code: d.code.to_string(),
                tool: d.tool.clone(),
                property: d.property.clone(),
                file: file(d),
                message: d.message.clone(),
            })
            .collect();
        // Sorted without line numbers, so the file does not churn when code moves.
        entries.sort_by(|a, b| {
            (&a.file, &a.code, &a.tool, &a.property, &a.message).cmp(&(
                &b.file,
                &b.code,
                &b.tool,
                &b.property,
                &b.message,
            ))
        });
        Baseline {
            version: VERSION,
            entries,
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("baseline always serializes") + "\n"
    }

    /// Read a baseline file (a regular file, never through a link, at most
    /// [`MAX_BASELINE_BYTES`]); any problem is an error (exit 2), never a silent no-op.
    pub fn load(path: &Path) -> Result<Baseline, String> {
        let text = crate::source::guarded::read_regular_text(path, MAX_BASELINE_BYTES)
            .map_err(|e| format!("cannot read baseline {}: {e}", path.display()))?;
        let b: Baseline = serde_json::from_str(&text).map_err(|e| {
            format!(
                "{}:{}:{}: malformed baseline: {e}",
                path.display(),
                e.line(),
                e.column()
            )
        })?;
        if b.version != VERSION {
            return Err(format!(
                "{}: baseline version {} is not supported (expected {VERSION})",
                path.display(),
                b.version
            ));
        }
        Ok(b)
    }
}

/// What applying a baseline did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Applied {
    /// Findings dropped because the baseline records them.
    pub baselined: usize,
    /// Baseline entries no finding matched any more: fixed, and removable from the file.
    pub fixed: usize,
}

/// Keep only the findings the baseline does not record. Each entry absorbs one finding,
/// so a second identical finding is still new. A systemic finding is recorded either as
/// itself or, by a baseline written with `--no-group` or before grouping, as every one of
/// the per-tool findings it stands for.
pub fn apply(
    baseline: &Baseline,
    sources: &SourceMap,
    diags: &mut Vec<Diagnostic>,
    anchor: &Path,
) -> Applied {
    apply_keyed(baseline, diags, &|d| fingerprint(sources, d, anchor))
}

/// [`apply`], each finding keyed as the caller says.
pub fn apply_keyed(
    baseline: &Baseline,
    diags: &mut Vec<Diagnostic>,
    key: &dyn Fn(&Diagnostic) -> String,
) -> Applied {
    let mut left: HashMap<&str, usize> = HashMap::new();
    for e in &baseline.entries {
        *left.entry(e.fingerprint.as_str()).or_default() += 1;
    }
    let before = diags.len();
    let take = |key: &str, left: &mut HashMap<&str, usize>| match left.get_mut(key) {
        Some(n) if *n > 0 => {
            *n -= 1;
            true
        }
        _ => false,
    };
    diags.retain(|d| {
        if take(&key(d), &mut left) {
            return false;
        }
        if d.members.is_empty() {
            return true;
        }
        let keys: Vec<String> = d.members.iter().map(key).collect();
        let mut need: HashMap<&str, usize> = HashMap::new();
        for k in &keys {
            *need.entry(k.as_str()).or_default() += 1;
        }
        let all_recorded = need
            .iter()
            .all(|(k, n)| left.get(k).is_some_and(|have| have >= n));
        if all_recorded {
            for k in &keys {
                take(k, &mut left);
            }
        }
        !all_recorded
    });
    Applied {
        baselined: before - diags.len(),
        fixed: left.values().sum(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Label;
    use crate::source::{SourceFile, Span};

    fn root() -> &'static Path {
        Path::new("/project")
    }

    fn finding(text: &str, needle: &str, property: &str) -> (SourceMap, Diagnostic) {
        let mut sources = SourceMap::default();
        let id = sources.add(SourceFile::new("tools/a.json".into(), text.into()));
        let at = text.find(needle).unwrap();
        let d = Diagnostic::new(
            "S005",
            format!("required property `{property}` has a default of 1"),
            Label::new(Span::new(id, at, at + needle.len()), "here"),
        )
        .tool("addCartLine")
        .property(property);
        (sources, d)
    }

    #[test]
    fn moving_lines_keeps_the_fingerprint() {
        let (s1, d1) = finding("{\n  \"quantity\": 1\n}", "\"quantity\"", "quantity");
        let (s2, d2) = finding(
            "\n\n\n{\n\n  \"quantity\": 1\n}",
            "\"quantity\"",
            "quantity",
        );
        assert_ne!(
            s1.get(d1.primary.span.file)
                .position(d1.primary.span.start()),
            s2.get(d2.primary.span.file)
                .position(d2.primary.span.start())
        );
        assert_eq!(fingerprint(&s1, &d1, root()), fingerprint(&s2, &d2, root()));
    }

    #[test]
    fn editing_the_property_changes_the_fingerprint() {
        let (s1, d1) = finding("{\"quantity\": 1}", "\"quantity\"", "quantity");
        let (s2, d2) = finding("{\"qty\": 1}", "\"qty\"", "qty");
        assert_ne!(fingerprint(&s1, &d1, root()), fingerprint(&s2, &d2, root()));
    }

    #[test]
    fn each_entry_absorbs_one_finding_and_unmatched_entries_count_as_fixed() {
        let (s, d) = finding("{\"quantity\": 1}", "\"quantity\"", "quantity");
        let base = Baseline::from_findings(&s, std::slice::from_ref(&d), root());
        let mut diags = vec![d.clone(), d];
        let applied = apply(&base, &s, &mut diags, root());
        assert_eq!(
            applied,
            Applied {
                baselined: 1,
                fixed: 0
            }
        );
        assert_eq!(diags.len(), 1);
        let mut none = Vec::new();
        assert_eq!(apply(&base, &s, &mut none, root()).fixed, 1);
    }

    #[test]
    fn digits_are_normalised_and_whitespace_collapsed() {
        assert_eq!(
            crate::diagnostic::fingerprint::normalise("max  12 < min\n3"),
            "max 0 < min 0"
        );
    }
}
