//! Name resolution across crates: a call resolves only into the caller's own package or a
//! package it depends on ([`crate::contract::CrateGraph`]). Two crates of a workspace that
//! each define `save` are two different functions; the one the caller cannot name is not
//! a candidate, however well its name matches.

use crate::contract::{FnId, RustLookup, RustType};
use crate::source::FileId;

/// The candidates code in `caller` can reach; for method-call syntax (`method`), only
/// functions that take `self`.
pub fn visible(
    krate: &dyn RustLookup,
    caller: FnId,
    method: bool,
    mut targets: Vec<FnId>,
) -> Vec<FnId> {
    let from = krate.fns()[caller].span.file;
    targets.retain(|&t| {
        let t = &krate.fns()[t];
        (!method || t.takes_self) && krate.crates().may_call(from, t.span.file)
    });
    targets
}

/// The type `name` written in file `from` stands for: one of the same file, else of the
/// same package, else of a dependency; never a same-named type of a crate `from` cannot
/// name.
pub fn ty<'a>(krate: &'a dyn RustLookup, from: FileId, name: &str) -> Option<&'a RustType> {
    let graph = krate.crates();
    let package = |f: FileId| graph.files.get(&f).map(|h| h.package);
    let rank = |t: &RustType| {
        let f = t.span.file;
        if f == from {
            0
        } else if package(f).is_some() && package(f) == package(from) {
            1
        } else {
            2
        }
    };
    krate
        .types_named(name)
        .into_iter()
        .filter(|t| graph.may_call(from, t.span.file))
        .min_by_key(|t| rank(t))
}
