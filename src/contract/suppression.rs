//! A suppression as written (`// contractlint: allow(CODE) reason`, `x-contractlint-allow`):
//! read by the extractors, applied to findings by the engine.

use crate::source::{Span, Spanned};

/// One suppression as written.
#[derive(Clone, Debug, PartialEq)]
pub struct Suppression {
    /// Each code or rule name listed, with its span (where an unused one is reported).
    pub codes: Vec<Spanned<String>>,
    /// Findings whose primary span starts inside this range are suppressed.
    pub scope: Span,
    /// The text after `allow(...)`, if any.
    pub reason: Option<String>,
}
