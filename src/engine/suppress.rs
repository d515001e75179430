//! Applying suppression facts to findings, and reporting suppressions that silence nothing
//! (U001 unused-suppression, like Ruff's RUF100): a stale allow hides the next real problem.

use crate::catalog;
use crate::contract::Suppression;
use crate::diagnostic::{Diagnostic, Label};

/// The code of the engine's own finding about suppressions.
pub const UNUSED: &str = catalog::RuleCode::U001.as_str();

pub use crate::diagnostic::Suppressed;

/// What applying the suppressions did.
#[derive(Debug, Default)]
pub struct Applied {
    pub suppressed: Vec<Suppressed>,
    /// U001 findings, severity not yet set.
    pub unused: Vec<Diagnostic>,
}

/// Move every finding a suppression covers out of `diags`; make a U001 finding for each
/// listed code that suppressed nothing. Codes whose rule did not run (`active` false: not
/// selected, or off) are not reported: they may well suppress something in a full run.
pub fn apply(
    suppressions: &[Suppression],
    diags: &mut Vec<Diagnostic>,
    active: &dyn Fn(&str) -> bool,
) -> Applied {
    let mut used: Vec<Vec<bool>> = suppressions
        .iter()
        .map(|s| vec![false; s.codes.len()])
        .collect();
    let mut suppressed = Vec::new();
    diags.retain(|d| {
        let mut by = None;
        for (s, used) in suppressions.iter().zip(&mut used) {
            let start = d.primary.span.start();
            if s.scope.file != d.primary.span.file
                || start < s.scope.start()
                || start >= s.scope.end()
            {
                continue;
            }
            for (c, u) in s.codes.iter().zip(used.iter_mut()) {
                if catalog::find(&c.value).is_some_and(|r| r.code == d.code) {
                    *u = true;
                    by.get_or_insert((c.span, s.reason.clone()));
                }
            }
        }
        match by {
            Some((by, reason)) => {
                suppressed.push(Suppressed {
                    diagnostic: d.clone(),
                    by,
                    reason,
                });
                false
            }
            None => true,
        }
    });
    let mut out = Vec::new();
    for (s, used) in suppressions.iter().zip(&used) {
        for (c, u) in s.codes.iter().zip(used) {
            let label = Label::new(c.span, "suppresses nothing");
            match catalog::find(&c.value) {
                None => out.push(
                    Diagnostic::new(
                        UNUSED,
                        format!("suppression names `{}`, which is not a rule", c.value),
                        Label::new(c.span, "unknown rule"),
                    )
                    .help("use a code or name from `contractlint rules`"),
                ),
                Some(r) if !*u && active(&r.code) => out.push(
                    Diagnostic::new(
                        UNUSED,
                        format!("suppression of {} {} matches no finding", r.code, r.name),
                        label,
                    )
                    .help(format!(
                        "remove `{}` from the suppression; the problem it allowed is gone",
                        c.value
                    )),
                ),
                Some(_) => {}
            }
        }
    }
    Applied {
        suppressed,
        unused: out,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{FileId, Span, Spanned};

    fn finding(code: &'static str, at: usize) -> Diagnostic {
        Diagnostic::new(code, "m", Label::new(Span::new(FileId(0), at, at + 1), "x"))
    }

    fn allow(codes: &[&str], from: usize, to: usize) -> Suppression {
        Suppression {
            codes: codes
                .iter()
                .map(|c| Spanned::new(c.to_string(), Span::new(FileId(0), 0, 1)))
                .collect(),
            scope: Span::new(FileId(0), from, to),
            reason: None,
        }
    }

    #[test]
    fn suppresses_inside_scope_by_code_or_name_only() {
        let mut diags = vec![finding("S003", 5), finding("S003", 50), finding("S008", 6)];
        let applied = apply(&[allow(&["open-input-object"], 0, 10)], &mut diags, &|_| {
            true
        });
        assert!(applied.unused.is_empty());
        assert_eq!(applied.suppressed.len(), 1);
        assert_eq!(applied.suppressed[0].diagnostic.primary.span.start(), 5);
        assert_eq!(diags.len(), 2);
        assert!(
            diags
                .iter()
                .any(|d| d.code == "S003" && d.primary.span.start() == 50)
        );
        assert!(diags.iter().any(|d| d.code == "S008"));
    }

    #[test]
    fn unused_and_unknown_codes_are_reported_but_not_for_rules_that_did_not_run() {
        let mut diags = vec![finding("S003", 5)];
        let applied = apply(
            &[allow(&["S003", "S008", "S006", "X999"], 0, 10)],
            &mut diags,
            &|c| c != "S006",
        );
        assert!(diags.is_empty());
        let msgs: Vec<_> = applied.unused.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            msgs,
            [
                "suppression of S008 property-undocumented matches no finding",
                "suppression names `X999`, which is not a rule"
            ]
        );
    }
}
