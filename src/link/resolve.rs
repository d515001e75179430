//! Name resolution across crates: a call resolves only into the caller's own package or a
//! package it depends on ([`crate::contract::CrateGraph`]). Two crates of a workspace that
//! each define `save` are two different functions; the one the caller cannot name is not
//! a candidate, however well its name matches.

use crate::contract::{CrateGraph, FnFacts, FnId, RustLookup, RustType, TypeHint};
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

/// A bare `name(..)` call: the free functions of that name in the caller's own file when
/// it defines any (Rust resolves a name in the module that defines it before any import),
/// else every candidate. Five modules each with their own `resolve_hash` helper are five
/// functions; the one a tool's module calls is its own.
pub fn own_module_first(krate: &dyn RustLookup, caller: FnId, mut fns: Vec<FnId>) -> Vec<FnId> {
    let file = krate.fns()[caller].span.file;
    if fns.iter().any(|&f| krate.fns()[f].span.file == file) {
        fns.retain(|&f| krate.fns()[f].span.file == file);
    }
    fns
}

/// The type `name` written in file `from` stands for: one of the same file, else of the
/// same package, else of a dependency; never a same-named type of a crate `from` cannot
/// name.
pub fn ty<'a>(
    krate: &'a dyn RustLookup,
    from: FileId,
    name: &str,
) -> Option<&'a std::sync::Arc<RustType>> {
    nearest(krate, from, krate.types_named(name), |t| t.span.file)
}

/// [`ty`] for a path as written (`linux::mpris::SetVolumeParams`): among the types of the
/// module the path names before the type, when it names one, so that it is never another
/// module's same-named type. A module no candidate is known to sit in (an inline `mod`)
/// leaves the name to [`ty`] only when one type has it.
pub fn ty_path<'a>(
    krate: &'a dyn RustLookup,
    from: FileId,
    path: &str,
) -> Option<&'a std::sync::Arc<RustType>> {
    let (module, name) = match path.rsplit_once("::") {
        Some((m, n)) => (m.rsplit("::").next(), n),
        None => (None, path),
    };
    let Some(module) = module.filter(|m| !matches!(*m, "crate" | "self" | "super" | "")) else {
        return ty(krate, from, name);
    };
    let all = krate.types_named(name);
    let named: Vec<_> = all
        .iter()
        .copied()
        .filter(|t| names_module(krate.crates(), t.span.file, module))
        .collect();
    match (named.is_empty(), all.len()) {
        (false, _) => nearest(krate, from, named, |t| t.span.file),
        (true, 1) => ty(krate, from, name),
        (true, _) => None,
    }
}

/// The free function a path written in file `from` names (`crate::schema::usize_schema`,
/// `usize_schema`): among those of the module the path names before the function, when it
/// names one; then the one of the same file, else the one of the same package, else of a
/// dependency; a path from the crate's root or the caller's module names its module exactly
/// ([`free_fn`]). Two candidates equally near name none: the path is not guessed.
pub fn fn_path(krate: &dyn RustLookup, from: FileId, path: &str) -> Option<FnId> {
    if ["crate::", "self::", "super::"]
        .iter()
        .any(|p| path.starts_with(p))
    {
        let path: Vec<String> = path.split("::").map(String::from).collect();
        let named = krate.fns_of(path.last()?, None);
        return placed(krate.crates(), krate.fns(), from, &path, named);
    }
    let (module, name) = match path.rsplit_once("::") {
        Some((m, n)) => (m.rsplit("::").next(), n),
        None => (None, path),
    };
    if module == Some("Self") {
        return None;
    }
    let mut fns = krate.fns_of(name, None);
    if let Some(m) = module.filter(|m| !matches!(*m, "crate" | "self" | "super" | "")) {
        fns = in_module(krate, fns, m);
    }
    let graph = krate.crates();
    let package = |f: FileId| graph.files.get(&f).map(|h| h.package);
    let rank = |f: FnId| {
        let file = krate.fns()[f].span.file;
        if file == from {
            0
        } else if package(file).is_some() && package(file) == package(from) {
            1
        } else {
            2
        }
    };
    fns.retain(|&f| graph.may_call(from, krate.fns()[f].span.file));
    let best = fns.iter().map(|&f| rank(f)).min()?;
    let mut nearest = fns.into_iter().filter(|&f| rank(f) == best);
    let one = nearest.next()?;
    nearest.next().is_none().then_some(one)
}

/// The type a receiver the caller does not state has, read where the hint says: the
/// field's type in the owner's struct (chosen as [`ty`] chooses; for a guard, the type the
/// lock holds), or the type an associated function makes when it returns `Self`.
pub fn hinted<'a>(krate: &'a dyn RustLookup, caller: FnId, hint: &'a TypeHint) -> Option<&'a str> {
    let f = &krate.fns()[caller];
    match hint {
        TypeHint::Field {
            owner,
            field,
            guarded,
        } => {
            let owner = owner.as_deref().or(f.self_ty.as_deref())?;
            let s = nearest(krate, f.span.file, krate.structs_named(owner), |s| {
                s.span.file
            })?;
            let fields = if *guarded { &s.guarded } else { &s.fields };
            fields
                .iter()
                .find(|(name, _)| name == field)
                .map(|(_, ty)| ty.as_str())
        }
        TypeHint::Made { ty, by } => {
            let makers = visible(krate, caller, false, krate.fns_of(by, Some(ty)));
            (!makers.is_empty() && makers.iter().all(|&m| krate.fns()[m].returns_self))
                .then_some(ty.as_str())
        }
        TypeHint::Trait(_) => None,
    }
}

/// The functions a method call named `name` whose receiver's type has no one name may
/// run: through a trait, that method of every `impl Trait for ..` the caller can reach.
pub fn through_trait(
    krate: &dyn RustLookup,
    caller: FnId,
    name: &str,
    hint: Option<&TypeHint>,
) -> Vec<FnId> {
    let Some(TypeHint::Trait(t)) = hint else {
        return Vec::new();
    };
    let impls = krate
        .fns_named(name)
        .iter()
        .copied()
        .filter(|&f| krate.fns()[f].impl_trait.as_deref() == Some(t.as_str()))
        .collect();
    visible(krate, caller, true, impls)
}

/// The one free function a call written in `from` as `path` (`make_tool`,
/// `tools::make_tool`) runs, among `fns` before any body is linked (joining tools built by
/// helpers): those `from` may call, of the module the path names, the caller's own file's
/// first. Several left (two modules' `make_tool`, the caller importing one of them) is no
/// answer: a callee is never guessed by name.
pub fn free_fn(graph: &CrateGraph, fns: &[FnFacts], from: FileId, path: &[String]) -> Option<FnId> {
    placed(graph, fns, from, path, (0..fns.len()).collect())
}

/// Of the functions `named` (ids into `fns`), the one free function `path` written in
/// `from` runs, as [`free_fn`] chooses.
fn placed(
    graph: &CrateGraph,
    fns: &[FnFacts],
    from: FileId,
    path: &[String],
    named: Vec<FnId>,
) -> Option<FnId> {
    let [head @ .., name] = path else { return None };
    let home = graph.files.get(&from);
    // A path from the crate's root or the caller's module names one module exactly.
    let exact: Option<Vec<String>> = match head {
        [] => None,
        [first, rest @ ..] => {
            let base = match first.as_str() {
                "crate" => Some(Vec::new()),
                "self" => home.map(|h| h.module.clone()),
                "super" => home
                    .and_then(|h| h.module.split_last())
                    .map(|(_, parent)| parent.to_vec()),
                _ => None,
            };
            base.filter(|_| !rest.iter().any(|s| s == "self" || s == "super"))
                .map(|b| [b, rest.to_vec()].concat())
        }
    };
    let module = head.last().filter(|_| exact.is_none());
    let in_place = |f: &FnFacts| match (&exact, graph.files.get(&f.span.file)) {
        (Some(m), Some(h)) => home.is_some_and(|c| c.package == h.package) && h.module == *m,
        (Some(_), None) => false,
        (None, _) => module.is_none_or(|m| names_module(graph, f.span.file, m)),
    };
    let mut found: Vec<FnId> = named
        .into_iter()
        .filter(|&i| {
            let f = &fns[i];
            f.name == *name
                && f.self_ty.is_none()
                && graph.may_call(from, f.span.file)
                && in_place(f)
        })
        .collect();
    if found.iter().any(|&i| fns[i].span.file == from) {
        found.retain(|&i| fns[i].span.file == from);
    }
    match found[..] {
        [f] => Some(f),
        _ => None,
    }
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

/// Of `fns`, those of module `module` or one under it (a re-export), or of the crate the
/// path names (`admin::execute` in a crate that depends on `admin`): `monte_carlo::execute`
/// is never another module's `execute`, and a path naming nothing of the tree is another
/// crate's, so it names none of them. A function whose file has no known module stays.
pub fn in_module(krate: &dyn RustLookup, fns: Vec<FnId>, module: &str) -> Vec<FnId> {
    fns.into_iter()
        .filter(|&f| names_module(krate.crates(), krate.fns()[f].span.file, module))
        .collect()
}

/// Whether `file` sits in module `module` or one under it, or in the crate a path names by
/// `module`; a file of no known module may.
fn names_module(graph: &CrateGraph, file: FileId, module: &str) -> bool {
    let names_package = |i: usize| {
        graph.packages.get(i).is_some_and(|p| p.name == module)
            || graph
                .packages
                .iter()
                .any(|p| p.deps.iter().any(|(k, d)| k == module && *d == i))
    };
    graph
        .files
        .get(&file)
        .is_none_or(|h| h.module.iter().any(|m| m == module) || names_package(h.package))
}
