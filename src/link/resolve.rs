//! Name resolution across crates: a call resolves only into the caller's own package or a
//! package it depends on ([`crate::contract::CrateGraph`]). Two crates of a workspace that
//! each define `save` are two different functions; the one the caller cannot name is not
//! a candidate, however well its name matches.

use crate::contract::{FnId, RustCrate};

/// The candidates code in `caller` can reach; for method-call syntax (`method`), only
/// functions that take `self`.
pub fn visible(krate: &RustCrate, caller: FnId, method: bool, mut targets: Vec<FnId>) -> Vec<FnId> {
    let from = krate.fns[caller].span.file;
    targets.retain(|&t| {
        let t = &krate.fns[t];
        (!method || t.takes_self) && krate.crates.may_call(from, t.span.file)
    });
    targets
}
