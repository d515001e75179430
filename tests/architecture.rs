//! The invariants of docs/architecture.md, checked on the source: every top-level module has a
//! place (the model, a stage, or above the stages), the model imports no stage, a stage imports
//! only the model (and the report the judge's verdicts), nothing but the binary's side imports the engine,
//! and no two modules import each other through any chain.
//!
//! Modules are files under `src/`; an "import" is any path a module writes (`use` trees,
//! expressions, types, patterns, macros' paths are not seen) that starts with `crate`, `super`
//! or `self` and names another file's module. Test code (`#[cfg(test)]`) is left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use syn::visit::Visit;

/// The model and the pipeline's stages in the order data flows. A stage reads the model and
/// writes facts into it; it never imports a later stage, so data moves between stages through
/// the model, in the order the engine calls them. The model is the facts every stage shares:
/// sources and spans, the contract model, findings, the outcome of a run, the configuration and
/// the rule catalog.
const ORDER: &[(&str, &[&str])] = &[
    (
        "model",
        &[
            "source",
            "contract",
            "diagnostic",
            "outcome",
            "config",
            "catalog",
        ],
    ),
    ("discover", &["discover"]),
    ("extract", &["extract"]),
    ("link", &["link"]),
    ("rules", &["rules"]),
    ("judge", &["judge"]),
    ("report", &["report"]),
];

/// The only imports of an earlier stage: the readiness renderers render the judge's report.
const READS: &[(&str, &str)] = &[("report", "judge")];

/// Modules above the stages: the engine that sequences them, the command line and the binary,
/// and the library root. Only they may import the engine or the root.
const ABOVE: &[&str] = &["engine", "cli", "main", ""];

struct Module {
    path: Vec<String>,
    file: PathBuf,
}

fn modules(src: &Path) -> Vec<Module> {
    let mut out = Vec::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            if p.extension().and_then(|e| e.to_str()) != Some("rs") {
                continue;
            }
            let rel = p.strip_prefix(src).unwrap().with_extension("");
            let mut path: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            let last = path.last().unwrap().clone();
            if matches!(last.as_str(), "mod" | "lib" | "main") {
                path.pop();
            }
            if last == "main" {
                path = vec!["main".into()];
            }
            out.push(Module { path, file: p });
        }
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out
}

/// Every `crate::`/`super::`/`self::` path a file writes outside test code, as segments.
#[derive(Default)]
struct Paths {
    found: Vec<Vec<String>>,
}

impl Paths {
    fn push_use(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.push_use(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                let mut full = prefix.clone();
                full.push(n.ident.to_string());
                self.found.push(full);
            }
            syn::UseTree::Rename(r) => {
                let mut full = prefix.clone();
                full.push(r.ident.to_string());
                self.found.push(full);
            }
            syn::UseTree::Glob(_) => self.found.push(prefix.clone()),
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.push_use(prefix, t);
                }
            }
        }
    }
}

fn is_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.parse_args::<syn::Meta>()
                .is_ok_and(|m| m.path().is_ident("test"))
    })
}

impl<'ast> Visit<'ast> for Paths {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs: &[syn::Attribute] = match item {
            syn::Item::Mod(m) => &m.attrs,
            syn::Item::Fn(f) => &f.attrs,
            syn::Item::Use(u) => &u.attrs,
            syn::Item::Impl(i) => &i.attrs,
            _ => &[],
        };
        if is_test(attrs) {
            return;
        }
        syn::visit::visit_item(self, item);
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        self.push_use(&mut Vec::new(), &u.tree);
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        if p.leading_colon.is_none() {
            self.found
                .push(p.segments.iter().map(|s| s.ident.to_string()).collect());
        }
        syn::visit::visit_path(self, p);
    }
}

/// The module a written path names, made absolute from `module`; `None` for paths that do not
/// start with `crate`, `super` or `self`.
fn absolute(module: &Module, written: &[String]) -> Option<Vec<String>> {
    // A lone `crate`/`self`/`super` is a visibility (`pub(crate)`) or the receiver.
    if written.len() < 2 {
        return None;
    }
    let first = &written[0];
    let (mut base, rest) = match first.as_str() {
        "crate" => (Vec::new(), &written[1..]),
        "self" => (module.path.clone(), &written[1..]),
        "super" => {
            let mut base = module.path.clone();
            let mut rest = written;
            while rest.first().is_some_and(|s| s == "super") {
                base.pop();
                rest = &rest[1..];
            }
            (base, rest)
        }
        _ => return None,
    };
    base.extend(rest.iter().cloned());
    Some(base)
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mods = modules(&src);
    let names: BTreeSet<Vec<String>> = mods.iter().map(|m| m.path.clone()).collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for m in &mods {
        let text = std::fs::read_to_string(&m.file).unwrap();
        let file = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", m.file.display()));
        let mut paths = Paths::default();
        paths.visit_file(&file);
        let from = m.path.join("::");
        let entry = edges.entry(from.clone()).or_default();
        for written in &paths.found {
            let Some(abs) = absolute(m, written) else {
                continue;
            };
            // The longest prefix that is a module file; the root when none is.
            let target = (0..=abs.len())
                .rev()
                .map(|k| abs[..k].to_vec())
                .find(|p| names.contains(p))
                .unwrap_or_default();
            let to = target.join("::");
            // A child naming its parent's items is containment, not an arrow; the root is
            // the exception, since reaching it is reaching above every stage.
            let ancestor = !to.is_empty() && from.starts_with(&format!("{to}::"));
            if to != from && !ancestor {
                entry.insert(to);
            }
        }
    }
    edges
}

fn top(module: &str) -> &str {
    module.split("::").next().unwrap_or("")
}

fn stage(module: &str) -> Option<usize> {
    ORDER
        .iter()
        .position(|(_, tops)| tops.contains(&top(module)))
}

#[test]
fn every_top_level_module_has_a_place() {
    let mut unplaced: Vec<String> = graph()
        .keys()
        .map(|m| top(m).to_string())
        .filter(|t| stage(t).is_none() && !ABOVE.contains(&t.as_str()))
        .collect();
    unplaced.dedup();
    assert!(
        unplaced.is_empty(),
        "top-level modules that are neither the model, a stage nor above the stages \
         (add each to ORDER or ABOVE, and to docs/architecture.md):\n{}",
        unplaced.join("\n")
    );
}

#[test]
fn stages_import_only_the_model() {
    let mut wrong = Vec::new();
    for (from, tos) in graph() {
        let Some(s) = stage(&from) else { continue };
        for to in tos {
            match stage(&to) {
                Some(t) if t == s || t == 0 || READS.contains(&(ORDER[s].0, ORDER[t].0)) => {}
                Some(t) => wrong.push(format!(
                    "{from} -> {to} ({} imports {})",
                    ORDER[s].0, ORDER[t].0
                )),
                None if ABOVE.contains(&top(&to)) => {
                    let what = if to.is_empty() {
                        "the library root"
                    } else {
                        "the engine"
                    };
                    wrong.push(format!("{from} -> {what}"))
                }
                None if s == 0 && !to.is_empty() => wrong.push(format!(
                    "{from} -> {to} (the model imports a module outside it)"
                )),
                None => {}
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the pipeline's direction:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn only_the_top_imports_the_engine_or_the_root() {
    let mut wrong = Vec::new();
    for (from, tos) in graph() {
        if ABOVE.contains(&top(&from)) {
            continue;
        }
        for to in tos {
            if ABOVE.contains(&top(&to)) && top(&to) != "cli" {
                let what = if to.is_empty() {
                    "the library root".to_string()
                } else {
                    to.clone()
                };
                wrong.push(format!("{from} -> {what}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "modules below the engine that reach up to it:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_import_cycles() {
    let g = graph();
    // Tarjan's strongly connected components.
    struct State<'a> {
        g: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        next: usize,
        cycles: Vec<Vec<&'a str>>,
    }
    fn connect<'a>(st: &mut State<'a>, v: &'a str) {
        st.index.insert(v, st.next);
        st.low.insert(v, st.next);
        st.next += 1;
        st.stack.push(v);
        st.on.insert(v);
        if let Some(ws) = st.g.get(v) {
            for w in ws {
                let w = w.as_str();
                if !st.index.contains_key(w) {
                    connect(st, w);
                    let lw = st.low[w];
                    let lv = st.low.get_mut(v).unwrap();
                    *lv = (*lv).min(lw);
                } else if st.on.contains(w) {
                    let iw = st.index[w];
                    let lv = st.low.get_mut(v).unwrap();
                    *lv = (*lv).min(iw);
                }
            }
        }
        if st.low[v] == st.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = st.stack.pop() {
                st.on.remove(w);
                comp.push(w);
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                st.cycles.push(comp);
            }
        }
    }
    let mut st = State {
        g: &g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        next: 0,
        cycles: Vec::new(),
    };
    for v in g.keys() {
        if !st.index.contains_key(v.as_str()) {
            connect(&mut st, v);
        }
    }
    let shown: Vec<String> = st.cycles.iter().map(|c| c.join(" <-> ")).collect();
    assert!(
        shown.is_empty(),
        "modules that import each other:\n{}",
        shown.join("\n")
    );
}

#[test]
fn the_graph_sees_known_imports() {
    // The checks above are only as good as the graph: it must see a `use` group, a path in an
    // expression and a `super::` path.
    let g = graph();
    assert!(g["engine"].contains("link"), "{:?}", g["engine"]);
    assert!(g["rules"].contains("contract"), "{:?}", g["rules"]);
    assert!(
        g["link::rust_side"].contains("link::resolve"),
        "{:?}",
        g["link::rust_side"]
    );
}

/// `main.rs` keeps arguments, output and exit codes: sequencing is the engine's (issue 38).
#[test]
fn main_stays_a_thin_shell() {
    let text = std::fs::read_to_string("src/main.rs").unwrap();
    let lines = text.lines().count();
    assert!(
        lines < 150,
        "src/main.rs has {lines} lines: move what it sequences into src/engine/runs.rs"
    );
}
