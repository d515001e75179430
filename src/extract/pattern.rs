//! The lengths of the strings a schema's `pattern` admits: a date's `^\d{4}-\d{2}-\d{2}$`
//! is ten characters, so a length check of ten says what the schema says. JSON Schema
//! matches a pattern anywhere in the string, so only a pattern anchored at both ends bounds
//! the length from above. A pattern the regex parser does not read (ECMA-262 syntax it does
//! not share, look-behind, back-references) has unknown lengths.

use crate::contract::Lengths;
use regex_syntax::hir::{Hir, HirKind, Look};

/// The lengths, in characters, of the strings `pattern` matches.
pub fn lengths(pattern: &str) -> Option<Lengths> {
    let hir = regex_syntax::ParserBuilder::new()
        .nest_limit(64)
        .build()
        .parse(pattern)
        .ok()?;
    let (min, max) = span(&hir);
    let props = hir.properties();
    let anchored = props.look_set_prefix().contains(Look::Start)
        && props.look_set_suffix().contains(Look::End);
    Some(Lengths {
        min: u32::try_from(min).unwrap_or(u32::MAX),
        max: max
            .filter(|_| anchored)
            .map(|m| u32::try_from(m).unwrap_or(u32::MAX)),
    })
}

/// The text every string `pattern` matches begins with: the literal characters right after a
/// `^` that anchors the whole pattern at the start (`^/(?:[a-z]+/)?docs` begins with `/`).
/// `None` when the pattern is not anchored there, begins with no literal, or is not read.
pub fn prefix(pattern: &str) -> Option<String> {
    let hir = regex_syntax::ParserBuilder::new()
        .nest_limit(64)
        .build()
        .parse(pattern)
        .ok()?;
    let HirKind::Concat(parts) = hir.kind() else {
        return None;
    };
    let (first, rest) = parts.split_first()?;
    if *first.kind() != HirKind::Look(Look::Start) {
        return None;
    }
    let mut out = String::new();
    for part in rest {
        match part.kind() {
            HirKind::Literal(l) => out.push_str(std::str::from_utf8(&l.0).ok()?),
            _ => break,
        }
    }
    (!out.is_empty()).then_some(out)
}

/// The shortest and longest match of `hir`, in characters (`None`: unbounded).
fn span(hir: &Hir) -> (u64, Option<u64>) {
    match hir.kind() {
        HirKind::Empty | HirKind::Look(_) => (0, Some(0)),
        HirKind::Literal(l) => {
            let n = String::from_utf8_lossy(&l.0).chars().count() as u64;
            (n, Some(n))
        }
        HirKind::Class(_) => (1, Some(1)),
        HirKind::Capture(c) => span(&c.sub),
        HirKind::Repetition(r) => {
            let (lo, hi) = span(&r.sub);
            let max = match (r.max, hi) {
                (Some(times), Some(hi)) => Some(u64::from(times).saturating_mul(hi)),
                (_, Some(0)) => Some(0),
                _ => None,
            };
            (u64::from(r.min).saturating_mul(lo), max)
        }
        HirKind::Concat(parts) => parts
            .iter()
            .map(span)
            .fold((0, Some(0)), |(lo, hi), (l, h)| {
                (
                    lo.saturating_add(l),
                    hi.zip(h).map(|(a, b)| a.saturating_add(b)),
                )
            }),
        HirKind::Alternation(arms) => {
            let spans: Vec<_> = arms.iter().map(span).collect();
            let min = spans.iter().map(|s| s.0).min().unwrap_or(0);
            let max = spans.iter().map(|s| s.1).collect::<Option<Vec<_>>>();
            (min, max.and_then(|m| m.into_iter().max()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(p: &str) -> Option<(u32, Option<u32>)> {
        lengths(p).map(|l| (l.min, l.max))
    }

    #[test]
    fn an_anchored_pattern_of_fixed_parts_fixes_the_length() {
        assert_eq!(of(r"^\d{4}-\d{2}-\d{2}$"), Some((10, Some(10))));
        assert_eq!(of(r"^[a-z]{2,8}(-[A-Z]{2})?$"), Some((2, Some(11))));
        assert_eq!(of(r"^(draft|final)$"), Some((5, Some(5))));
        assert_eq!(of("^é{3}$"), Some((3, Some(3))));
    }

    #[test]
    fn an_unanchored_or_open_pattern_bounds_only_from_below() {
        assert_eq!(of(r"\d{4}"), Some((4, None)));
        assert_eq!(of(r"^\d{4}"), Some((4, None)));
        assert_eq!(of(r"^[a-z]+$"), Some((1, None)));
        assert_eq!(of(r"^.*$"), Some((0, None)));
    }

    #[test]
    fn a_pattern_the_parser_does_not_read_has_unknown_lengths() {
        assert_eq!(of(r"^(?<=a)b$"), None);
        assert_eq!(of(r"^(a)\1$"), None);
    }

    #[test]
    fn an_anchored_literal_start_is_the_prefix_of_every_match() {
        assert_eq!(prefix("^/").as_deref(), Some("/"));
        assert_eq!(
            prefix(r"^/(?:[A-Za-z-]+/)?docs(?:/|$)").as_deref(),
            Some("/")
        );
        assert_eq!(prefix(r"^https://[a-z]+").as_deref(), Some("https://"));
        assert_eq!(prefix("/docs"), None);
        assert_eq!(prefix("^[a-z]"), None);
        assert_eq!(prefix("^a|^b"), None);
        assert_eq!(prefix("(?i)^abc"), None);
    }
}
