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
    nearest(krate, from, krate.types_named(name), |t| t.span.file)
}

/// The type of the field `field` of the struct `owner` as code in `from` sees it (the
/// struct chosen as [`ty`] chooses), as a method receiver.
pub fn field_type<'a>(
    krate: &'a dyn RustLookup,
    from: FileId,
    owner: &str,
    field: &str,
) -> Option<&'a str> {
    let s = nearest(krate, from, krate.structs_named(owner), |s| s.span.file)?;
    s.fields
        .iter()
        .find(|(name, _)| name == field)
        .map(|(_, ty)| ty.as_str())
}

/// Of `items`, the one nearest to `from` that `from` may name: the same file, else the
/// same package, else a dependency.
fn nearest<T>(
    krate: &dyn RustLookup,
    from: FileId,
    items: Vec<T>,
    file: impl Fn(&T) -> FileId,
) -> Option<T> {
    let graph = krate.crates();
    let package = |f: FileId| graph.files.get(&f).map(|h| h.package);
    let rank = |f: FileId| {
        if f == from {
            0
        } else if package(f).is_some() && package(f) == package(from) {
            1
        } else {
            2
        }
    };
    items
        .into_iter()
        .filter(|t| graph.may_call(from, file(t)))
        .min_by_key(|t| rank(file(t)))
}
