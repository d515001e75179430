//! Issue 40's prototype Rust front end on rust-analyzer's library crates: loads one Cargo
//! tree offline (no dependencies, no sysroot, no build scripts, no proc-macro server) and
//! answers the questions linking asks of the syn model, for `bench/frontend.sh` to measure.
//!
//! `cargo run --features ra-frontend --example ra_probe -- ROOT [HANDLERS]`, where HANDLERS
//! lists `path<TAB>line<TAB>name` of handlers contractlint found (path relative to ROOT).
//! A handler is such a function or one carrying `#[tool]`. `RA_PROBE_DEPS=1` also loads the
//! dependencies Cargo has offline (not the default: the trees measured have none). It prints,
//! tab-separated:
//! `RA_CALL handler offset method target in-tree receiver-type` for each method call written
//! in a handler's body, and one `RA_SUMMARY key=value ...` line.

use ra_ap_hir::{AsAssocItem, AssocItemContainer, Crate, Function, HirDisplay, Semantics, Type};
use ra_ap_ide_db::{ChangeWithProcMacros, FileId, FxHashMap, RootDatabase};
use ra_ap_load_cargo::{LoadCargoConfig, ProcMacroServerChoice, load_workspace_at};
use ra_ap_paths::AbsPathBuf;
use ra_ap_project_model::{CargoConfig, RustLibSource};
use ra_ap_syntax::{
    AstNode, SyntaxNode,
    ast::{self, HasAttrs, HasName},
};
use ra_ap_test_utils::MiniCore;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// How deep the callee walk goes from a handler, as the linker's own bound.
const CALLEE_DEPTH: usize = 4;

fn main() {
    // rust-analyzer recurses deeply (unoptimised, the main thread's 8 MiB overflows on
    // contractlint's own tree); its own server runs on a thread with a larger stack too.
    let probe = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(run)
        .expect("a thread for the probe");
    if probe.join().is_err() {
        std::process::exit(101);
    }
}

fn run() {
    let mut args = std::env::args().skip(1);
    let Some(root) = args.next().map(PathBuf::from) else {
        eprintln!("usage: ra_probe ROOT [HANDLERS]");
        std::process::exit(2);
    };
    let root = std::fs::canonicalize(&root).unwrap_or(root);
    let listed = args
        .next()
        .map(|p| read_handlers(Path::new(&p)))
        .unwrap_or_default();

    let start = Instant::now();
    // Without a core library, a body using `?`, `.await` or `for` is not typed at all (their
    // desugaring needs core's lang items). rust-src is not installed here, so the probe stands
    // rust-analyzer's own test core (MiniCore: Option, Result, Try, Future, Iterator, ...) in
    // for it, unless `RA_PROBE_NO_CORE=1`.
    let sysroot = (std::env::var_os("RA_PROBE_NO_CORE").is_none())
        .then(fake_sysroot)
        .flatten();
    let mut cargo = CargoConfig {
        // Only the tree: `cargo metadata --no-deps`, no registry, no rust-src. With
        // `RA_PROBE_DEPS=1`, the dependencies too, from what Cargo already has offline.
        no_deps: std::env::var_os("RA_PROBE_DEPS").is_none(),
        // The toolchain's own sysroot (rustup sets RUSTUP_TOOLCHAIN to it for cargo), with
        // the library sources taken from the stand-in.
        sysroot: sysroot
            .as_ref()
            .and_then(|_| toolchain_sysroot())
            .map(|d| RustLibSource::Path(AbsPathBuf::assert_utf8(d))),
        sysroot_src: sysroot
            .as_ref()
            .map(|d| AbsPathBuf::assert_utf8(d.join(LIBRARY))),
        // Items under `cfg(test)` are then inactive, as in the build that serves tools.
        set_test: false,
        ..CargoConfig::default()
    };
    let mut env = FxHashMap::default();
    env.insert("CARGO_NET_OFFLINE".to_owned(), Some("true".to_owned()));
    cargo.extra_env = env;
    let load = LoadCargoConfig {
        load_out_dirs_from_check: false,
        with_proc_macro_server: ProcMacroServerChoice::None,
        prefill_caches: false,
        num_worker_threads: 1,
        proc_macro_processes: 1,
    };
    let loaded = load_workspace_at(&root, &cargo, &load, &|_| {});
    if let Some(d) = &sysroot {
        let _ = std::fs::remove_dir_all(d);
    }
    let (mut db, vfs, _) = match loaded {
        Ok(loaded) => loaded,
        Err(e) => {
            println!(
                "RA_SUMMARY\tloaded=0\terror={}",
                one_line(&format!("{e:#}"))
            );
            return;
        }
    };
    let load_ms = start.elapsed().as_millis();

    let files: Vec<(FileId, String)> = vfs
        .iter()
        .filter_map(|(id, p)| {
            let p = p.as_path()?.as_str().to_owned();
            let rel = p
                .strip_prefix(root.to_str()?)?
                .trim_start_matches('/')
                .to_owned();
            (rel.ends_with(".rs") && !rel.starts_with("target/")).then_some((id, rel))
        })
        .collect();
    let crates = Crate::all(&db)
        .into_iter()
        .filter(|c| c.origin(&db).is_local())
        .count();

    let t = Instant::now();
    // The trait solver reads the database through a thread-local it must be attached to.
    let first = ra_ap_hir::attach_db(&db, || scan(&db, &files, &listed, true));
    let scan_ms = t.elapsed().as_millis();

    // An editor's keystroke: one space inside the first handler's body, then the same
    // questions again; salsa recomputes only what the edit invalidated.
    let mut rescan_ms = None;
    if let Some((file, at)) = first.edit_at {
        let text = db_text(&db, file);
        if text.is_char_boundary(at) {
            let mut edited = text.clone();
            edited.insert(at, ' ');
            let mut change = ChangeWithProcMacros::default();
            change.change_file(file, Some(edited));
            db.apply_change(change);
            let t = Instant::now();
            ra_ap_hir::attach_db(&db, || scan(&db, &files, &listed, false));
            rescan_ms = Some(t.elapsed().as_millis());
        }
    }

    let s = &first.stats;
    println!(
        "RA_SUMMARY\tloaded=1\tcrates={crates}\tfiles={}\tload_ms={load_ms}\tscan_ms={scan_ms}\trescan_ms={}\thandlers={}\tcalls={}\tresolved={}\tresolved_local={}\treceiver_typed={}\tlocals={}\tlocals_typed={}\tcallees={}\tfns={}\tinactive_fns={}\tinactive_test_fns={}\ttrait_impls={}\ttrait_impls_resolved={}",
        files.len(),
        rescan_ms.map_or("-".to_owned(), |m| m.to_string()),
        s.handlers,
        s.calls,
        s.resolved,
        s.resolved_local,
        s.receiver_typed,
        s.locals,
        s.locals_typed,
        s.callees,
        s.fns,
        s.inactive_fns,
        s.inactive_test_fns,
        s.trait_impls,
        s.trait_impls_resolved,
    );
}

#[derive(Default)]
struct Stats {
    handlers: usize,
    calls: usize,
    resolved: usize,
    resolved_local: usize,
    receiver_typed: usize,
    locals: usize,
    locals_typed: usize,
    callees: usize,
    fns: usize,
    inactive_fns: usize,
    inactive_test_fns: usize,
    trait_impls: usize,
    trait_impls_resolved: usize,
}

struct Scan {
    stats: Stats,
    /// Where to type one character: the first handler's file and the offset after its `{`.
    edit_at: Option<(FileId, usize)>,
}

/// Every question, over every file of the tree; prints the per-call lines when `print`.
fn scan(
    db: &RootDatabase,
    files: &[(FileId, String)],
    listed: &HashSet<(String, usize, String)>,
    print: bool,
) -> Scan {
    let sema = Semantics::new(db);
    let mut stats = Stats::default();
    let mut edit_at = None;
    for (file, rel) in files {
        let tree = sema.parse_guess_edition(*file);
        let text = tree.syntax().text().to_string();
        for item in tree.syntax().descendants() {
            if let Some(imp) = ast::Impl::cast(item.clone())
                && imp.trait_().is_some()
            {
                if let Some(def) = sema.to_def(&imp) {
                    stats.trait_impls += 1;
                    stats.trait_impls_resolved += usize::from(def.trait_(db).is_some());
                }
                continue;
            }
            let Some(f) = ast::Fn::cast(item) else {
                continue;
            };
            stats.fns += 1;
            let Some(def) = sema.to_fn_def(&f) else {
                stats.inactive_fns += 1;
                stats.inactive_test_fns += usize::from(under_cfg_test(f.syntax()));
                continue;
            };
            let Some(name) = f.name() else { continue };
            let start = usize::from(name.syntax().text_range().start());
            let line = text[..start].matches('\n').count() + 1;
            let key = (rel.clone(), line, name.text().to_string());
            if !(has_tool_attr(&f) || listed.contains(&key)) {
                continue;
            }
            let Some(body) = f.body() else { continue };
            stats.handlers += 1;
            if edit_at.is_none()
                && let Some(brace) = body.stmt_list().and_then(|s| s.l_curly_token())
            {
                edit_at = Some((*file, usize::from(brace.text_range().end())));
            }
            for mc in body
                .syntax()
                .descendants()
                .filter_map(ast::MethodCallExpr::cast)
            {
                // Under an attribute macro (`#[tool_router] impl`, `#[tool]`), the body rust-
                // analyzer types is the one in the macro's expansion.
                let mc = descend(&sema, mc);
                let Some(method) = mc.name_ref() else {
                    continue;
                };
                stats.calls += 1;
                let target = sema.resolve_method_call(&mc);
                let local = target.is_some_and(|t| t.module(db).krate(db).origin(db).is_local());
                stats.resolved += usize::from(target.is_some());
                stats.resolved_local += usize::from(local);
                let receiver = mc
                    .receiver()
                    .and_then(|r| sema.type_of_expr(&r))
                    .map(|t| t.original);
                let known = receiver.as_ref().is_some_and(|t| !t.is_unknown());
                stats.receiver_typed += usize::from(known);
                if print {
                    println!(
                        "RA_CALL\t{}\t{}\t{}\t{}\t{}\t{}",
                        name.text(),
                        usize::from(method.syntax().text_range().start()),
                        method.text(),
                        target.map_or("-".to_owned(), |t| label(db, t)),
                        u8::from(local),
                        receiver.map_or("-".to_owned(), |t| show(db, &t)),
                    );
                }
            }
            for p in body.syntax().descendants().filter_map(ast::IdentPat::cast) {
                let p = descend(&sema, p);
                stats.locals += 1;
                let typed = sema
                    .type_of_pat(&ast::Pat::IdentPat(p))
                    .is_some_and(|t| !t.original.contains_unknown());
                stats.locals_typed += usize::from(typed);
            }
            stats.callees += callees(&sema, def);
        }
    }
    Scan { stats, edit_at }
}

/// The crate functions a handler reaches through resolved calls, to [`CALLEE_DEPTH`].
fn callees(sema: &Semantics<'_, RootDatabase>, handler: Function) -> usize {
    let db = sema.db;
    let mut seen = HashSet::from([handler]);
    let mut frontier = vec![handler];
    for _ in 0..CALLEE_DEPTH {
        let mut next = Vec::new();
        for f in frontier {
            let Some(src) = sema.source(f) else { continue };
            for node in src.value.syntax().descendants() {
                let callee = if let Some(mc) = ast::MethodCallExpr::cast(node.clone()) {
                    sema.resolve_method_call(&mc)
                } else if let Some(call) = ast::CallExpr::cast(node) {
                    call.expr()
                        .and_then(|e| sema.resolve_expr_as_callable(&e))
                        .and_then(|c| match c.kind() {
                            ra_ap_hir::CallableKind::Function(f) => Some(f),
                            _ => None,
                        })
                } else {
                    None
                };
                if let Some(c) = callee
                    && c.module(db).krate(db).origin(db).is_local()
                    && seen.insert(c)
                {
                    next.push(c);
                }
            }
        }
        frontier = next;
    }
    seen.len() - 1
}

fn toolchain_sysroot() -> Option<PathBuf> {
    let out = std::process::Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()
        .ok()?;
    let path = String::from_utf8(out.stdout).ok()?;
    (out.status.success()).then(|| PathBuf::from(path.trim()))
}

/// Where rust-src keeps the library crates under a sysroot.
const LIBRARY: &str = "lib/rustlib/src/rust/library";

/// A sysroot whose `core` is MiniCore with every flag, and whose `std` and `alloc` re-export
/// it: names and lang items for what the language desugars to, none of std's own types.
fn fake_sysroot() -> Option<PathBuf> {
    let dir = std::env::temp_dir().join(format!("ra_probe_sysroot_{}", std::process::id()));
    let flags = MiniCore::available_flags(MiniCore::RAW_SOURCE)
        .filter(|f| !f.starts_with("fmt_before") && *f != "new_range");
    let core = MiniCore::from_flags(flags).source_code(MiniCore::RAW_SOURCE);
    let reexport = "#![no_std]\npub use core::*;\n";
    for (krate, text) in [
        ("core", core.as_str()),
        ("alloc", reexport),
        ("std", reexport),
    ] {
        let src = dir.join(LIBRARY).join(krate).join("src");
        std::fs::create_dir_all(&src).ok()?;
        std::fs::write(src.join("lib.rs"), text).ok()?;
    }
    Some(dir)
}

/// The node as rust-analyzer analyses it: inside an attribute macro's input, the same node in
/// the expansion (the input itself when the macro is not expanded).
fn descend<N: AstNode + Clone>(sema: &Semantics<'_, RootDatabase>, node: N) -> N {
    sema.descend_node_into_attributes(node.clone())
        .into_iter()
        .next()
        .unwrap_or(node)
}

/// `Type::method` (or `Trait::method`) as contractlint's trace writes its targets.
fn label(db: &RootDatabase, f: Function) -> String {
    let owner = match f.as_assoc_item(db).map(|a| a.container(db)) {
        Some(AssocItemContainer::Impl(i)) => i
            .self_ty(db)
            .as_adt()
            .map(|a| a.name(db).as_str().to_owned())
            .unwrap_or_default(),
        Some(AssocItemContainer::Trait(t)) => t.name(db).as_str().to_owned(),
        None => String::new(),
    };
    format!("{owner}::{}", f.name(db).as_str())
}

fn show(db: &RootDatabase, t: &Type<'_>) -> String {
    let target = Crate::all(db)
        .into_iter()
        .next()
        .map(|c| c.to_display_target(db));
    match target {
        Some(target) => one_line(&t.display(db, target).to_string()),
        None => "?".to_owned(),
    }
}

fn db_text(db: &RootDatabase, file: FileId) -> String {
    Semantics::new(db)
        .parse_guess_edition(file)
        .syntax()
        .text()
        .to_string()
}

fn has_tool_attr(f: &ast::Fn) -> bool {
    f.attrs().any(|a| {
        a.path()
            .and_then(|p| p.segment())
            .and_then(|s| s.name_ref())
            .is_some_and(|n| n.text() == "tool")
    })
}

/// Whether the item or one around it is gated by a `cfg` naming `test`, or is a `#[test]`.
fn under_cfg_test(node: &SyntaxNode) -> bool {
    node.ancestors()
        .filter_map(ast::AnyHasAttrs::cast)
        .flat_map(|n| n.attrs().collect::<Vec<_>>())
        .any(|a| {
            let t = a.syntax().text().to_string();
            (t.contains("cfg") && t.contains("test")) || t == "#[test]" || t.contains("tokio::test")
        })
}

fn read_handlers(path: &Path) -> HashSet<(String, usize, String)> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut out = HashSet::new();
    for l in text.lines() {
        let mut it = l.split('\t');
        if let (Some(p), Some(line), Some(name)) = (it.next(), it.next(), it.next())
            && let Ok(line) = line.parse()
        {
            out.insert((p.to_owned(), line, name.to_owned()));
        }
    }
    out
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}
