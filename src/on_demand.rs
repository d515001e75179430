//! The Rust side at monorepo scale: parse only the files that can matter, in parallel.
//!
//! Phase one scans every `.rs` file's bytes ([`scan`]) for the names it may define and for
//! SDK tool markers; only files with tool markers are parsed at first. Then linking runs
//! with a recorder on the crate: every lookup it makes (a convention name learnt from a
//! manifest, a `[[tool]]` name, a type a field names, a function a handler calls) is a
//! [`Demand`], and the files whose text may answer it are parsed before linking runs again.
//! When a round asks for nothing unparsed, every answer linking got is the answer parsing
//! every file would give (facts stay in file order, so "first match" is the same too), and
//! that round's links are kept. `parse_all` parses every file up front instead: the test
//! of this module's exactness compares the two.
//!
//! Files are parsed on a rayon pool whose threads have a parser-sized stack; each file's
//! syntax tree is dropped as soon as its facts are read.

use crate::config::Config;
use crate::contract::{Contract, Demand, FnFacts, Project, RustCrate, RustType};
use crate::extract::Unreadable;
use crate::extract::rust::{self, RustTool, scan};
use crate::link;
use crate::source::FileId;
use rayon::prelude::*;
use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex};

/// For a method-uniqueness question, how many more candidate files one round parses.
const UNIQUE_BATCH: usize = 4;

/// Files (positions in the driver's file list) by the names their text may define.
#[derive(Default)]
struct TextIndex {
    fns: HashMap<String, Vec<usize>>,
    fns_norm: HashMap<String, Vec<usize>>,
    types: HashMap<String, Vec<usize>>,
    types_norm: HashMap<String, Vec<usize>>,
}

impl TextIndex {
    fn new(scans: &[scan::FileScan]) -> TextIndex {
        let mut ix = TextIndex::default();
        let add = |map: &mut HashMap<String, Vec<usize>>, key: String, i: usize| {
            let v = map.entry(key).or_default();
            if v.last() != Some(&i) {
                v.push(i);
            }
        };
        for (i, s) in scans.iter().enumerate() {
            for f in &s.fns {
                add(&mut ix.fns, f.clone(), i);
                add(&mut ix.fns_norm, crate::contract::norm(f), i);
            }
            for t in &s.types {
                add(&mut ix.types, t.clone(), i);
                add(&mut ix.types_norm, crate::contract::norm(t), i);
            }
        }
        ix
    }
}

fn get<'a>(map: &'a HashMap<String, Vec<usize>>, key: &str) -> &'a [usize] {
    map.get(key).map_or(&[], Vec::as_slice)
}

/// Facts gathered so far, in file order.
#[derive(Default)]
struct Gathered {
    types: Vec<RustType>,
    fns: Vec<FnFacts>,
    tools: Vec<RustTool>,
}

/// Extract the Rust files and link them to `project.contracts` (already linked among
/// manifests); sets `project.rust` and adds unreadable files.
pub fn extract_and_link(
    project: &mut Project,
    config: &Config,
    files: &[FileId],
    parse_all: bool,
) -> Result<(), crate::RunError> {
    let sources = &project.sources;
    let scans: Vec<scan::FileScan> = files
        .par_iter()
        .map(|id| scan::scan(&sources.get(*id).text))
        .collect();
    let consts = scan::merge_consts(scans.iter().map(|s| s.consts.as_slice()));
    let index = TextIndex::new(&scans);
    let pool = rayon::ThreadPoolBuilder::new()
        .stack_size(rust::STACK)
        .build()
        .map_err(|e| crate::RunError(format!("cannot start the parser threads: {e}")))?;

    let mut parsed = vec![false; files.len()];
    let mut todo: Vec<usize> = (0..files.len())
        .filter(|&i| parse_all || scans[i].declares_tools)
        .collect();
    let mut gathered = Gathered::default();
    let has_sources = project.rust.has_sources;
    let mut rounds = 0;
    loop {
        rounds += 1;
        for &i in &todo {
            parsed[i] = true;
        }
        let results: Vec<Result<rust::FileFacts, Unreadable>> = pool.install(|| {
            todo.par_iter()
                .map(|&i| {
                    let id = files[i];
                    rust::parse(id, &project.sources.get(id).text, &consts)
                })
                .collect()
        });
        let fresh = !results.is_empty();
        for r in results {
            match r {
                Ok(f) => {
                    gathered.types.extend(f.types);
                    gathered.fns.extend(f.fns);
                    gathered.tools.extend(f.tools);
                }
                Err(u) => project.unreadable.push(u),
            }
        }
        if fresh {
            // Stable sorts: facts of one file keep their order.
            gathered.types.sort_by_key(|t| t.span.file);
            gathered.fns.sort_by_key(|f| f.span.file);
            gathered.tools.sort_by_key(|t| t.name.span.file);
        }
        let asked = Arc::new(Mutex::new(Default::default()));
        let mut krate = RustCrate {
            types: std::mem::take(&mut gathered.types),
            fns: std::mem::take(&mut gathered.fns),
            has_sources,
            asked: Some(asked.clone()),
            ..RustCrate::default()
        };
        // Linking looks only at contract names: probe with names alone, and link the real
        // contracts once nothing more is asked.
        let mut probe: Vec<Contract> = project
            .contracts
            .iter()
            .map(|c| Contract {
                name: c.name.clone(),
                decls: Vec::new(),
                claims: Vec::new(),
                rust: None,
                link_notes: Default::default(),
            })
            .collect();
        link::rust::link(config, &mut probe, &krate, &gathered.tools);
        krate.asked = None;
        let demands = std::mem::take(&mut *asked.lock().unwrap_or_else(|e| e.into_inner()));
        todo = wanted(&demands, &krate, &index, &parsed, files, project);
        if todo.is_empty() {
            if std::env::var_os("CONTRACTLINT_PARSE_STATS").is_some() {
                let (n, bytes) = (0..files.len())
                    .filter(|&i| parsed[i])
                    .fold((0, 0), |(n, b), i| {
                        (n + 1, b + project.sources.get(files[i]).text.len())
                    });
                eprintln!(
                    "rust: parsed {n} of {} files ({bytes} bytes) in {rounds} rounds",
                    files.len()
                );
            }
            link::rust::link(config, &mut project.contracts, &krate, &gathered.tools);
            project.rust = krate;
            return Ok(());
        }
        gathered.types = std::mem::take(&mut krate.types);
        gathered.fns = std::mem::take(&mut krate.fns);
    }
}

/// The unparsed files that may answer what linking asked.
fn wanted(
    demands: &std::collections::HashSet<Demand>,
    krate: &RustCrate,
    index: &TextIndex,
    parsed: &[bool],
    files: &[FileId],
    project: &Project,
) -> Vec<usize> {
    let text = |i: usize| &*project.sources.get(files[i]).text;
    let mut out = BTreeSet::new();
    let open = |v: &[usize]| {
        v.iter()
            .copied()
            .filter(|&i| !parsed[i])
            .collect::<Vec<_>>()
    };
    for d in demands {
        match d {
            Demand::Fn(name) => out.extend(open(get(&index.fns, name))),
            Demand::FnNorm(key) => out.extend(open(get(&index.fns_norm, key))),
            Demand::Type(name) => out.extend(open(get(&index.types, name))),
            Demand::TypeNorm(key) => out.extend(open(get(&index.types_norm, key))),
            // A method of `impl .. Ty` is in a file that names `Ty`.
            Demand::Method { name, self_ty } => out.extend(
                open(get(&index.fns, name))
                    .into_iter()
                    .filter(|&i| scan::has_word(text(i), self_ty)),
            ),
            // Enough to tell one method from several: the smallest candidates first.
            Demand::UniqueMethod(name) => {
                if krate.method_count(name) < 2 {
                    let mut rest = open(get(&index.fns, name));
                    rest.sort_by_key(|&i| (text(i).len(), i));
                    out.extend(rest.into_iter().take(UNIQUE_BATCH));
                }
            }
        }
    }
    out.into_iter().collect()
}
