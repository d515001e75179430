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
use std::sync::{Arc, Mutex, OnceLock};

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

/// The parser threads: a stack deep enough for the nesting `rust::parse` accepts.
fn pool() -> Result<&'static rayon::ThreadPool, crate::RunError> {
    static POOL: OnceLock<Result<rayon::ThreadPool, String>> = OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .stack_size(rust::STACK)
            .build()
            .map_err(|e| e.to_string())
    })
    .as_ref()
    .map_err(|e| crate::RunError(format!("cannot start the parser threads: {e}")))
}

/// The Rust side of one linking group, between its two phases.
pub struct RustPass {
    files: Vec<FileId>,
    index: TextIndex,
    consts: HashMap<String, f64>,
    parsed: Vec<bool>,
    gathered: Gathered,
    rounds: usize,
}

impl RustPass {
    /// Scan every file and parse those with SDK tools or HTTP routes (and the files that
    /// may define the routes' handlers); fills the project's routes and handlers, which
    /// linking page tools needs before the Rust side is linked.
    pub fn start(
        project: &mut Project,
        files: Vec<FileId>,
        parse_all: bool,
    ) -> Result<RustPass, crate::RunError> {
        let sources = &project.sources;
        let scans: Vec<scan::FileScan> = files
            .par_iter()
            .map(|id| scan::scan(&sources.get(*id).text))
            .collect();
        let mut pass = RustPass {
            consts: scan::merge_consts(scans.iter().map(|s| s.consts.as_slice())),
            index: TextIndex::new(&scans),
            parsed: vec![false; files.len()],
            files,
            gathered: Gathered::default(),
            rounds: 0,
        };
        let mut todo: Vec<usize> = (0..scans.len())
            .filter(|&i| parse_all || scans[i].declares_tools || scans[i].declares_routes)
            .collect();
        while !todo.is_empty() {
            pass.parse(project, &todo)?;
            // A route names its handler: every function of that name is a candidate.
            let mut next = BTreeSet::new();
            for r in &project.routes {
                next.extend(pass.open(get(&pass.index.fns, &r.handler.value)));
            }
            todo = next.into_iter().collect();
        }
        project.routes.sort_by_key(|r| r.handler.span.file);
        project.handlers.sort_by_key(|h| h.name.span.file);
        Ok(pass)
    }

    fn open(&self, v: &[usize]) -> Vec<usize> {
        v.iter().copied().filter(|&i| !self.parsed[i]).collect()
    }

    /// Parse these files (positions in `files`) on the parser pool.
    fn parse(&mut self, project: &mut Project, todo: &[usize]) -> Result<(), crate::RunError> {
        if todo.is_empty() {
            return Ok(());
        }
        for &i in todo {
            self.parsed[i] = true;
        }
        let (files, consts, sources) = (&self.files, &self.consts, &project.sources);
        let results: Vec<Result<rust::FileFacts, Unreadable>> = pool()?.install(|| {
            todo.par_iter()
                .map(|&i| rust::parse(files[i], &sources.get(files[i]).text, consts))
                .collect()
        });
        let g = &mut self.gathered;
        for r in results {
            match r {
                Ok(f) => {
                    g.types.extend(f.types);
                    g.fns.extend(f.fns);
                    g.tools.extend(f.tools);
                    project.routes.extend(f.routes.routes);
                    project.handlers.extend(f.routes.handlers);
                }
                Err(u) => project.unreadable.push(u),
            }
        }
        // Stable sorts: facts of one file keep their order.
        g.types.sort_by_key(|t| t.span.file);
        g.fns.sort_by_key(|f| f.span.file);
        g.tools.sort_by_key(|t| t.name.span.file);
        Ok(())
    }

    /// Link the Rust side to `project.contracts` (already linked among manifests and
    /// pages), parsing what linking asks for; sets `project.rust`.
    pub fn finish(mut self, project: &mut Project, config: &Config) -> Result<(), crate::RunError> {
        let has_sources = project.rust.has_sources;
        loop {
            self.rounds += 1;
            let asked = Arc::new(Mutex::new(Default::default()));
            let mut krate = RustCrate {
                types: std::mem::take(&mut self.gathered.types),
                fns: std::mem::take(&mut self.gathered.fns),
                has_sources,
                asked: Some(asked.clone()),
                ..RustCrate::default()
            };
            // Linking (and the handler effects analysis after it) looks only at contract
            // names and page requests' routes: probe with those alone, and link the real
            // contracts once nothing more is asked.
            let mut probe: Vec<Contract> = project
                .contracts
                .iter()
                .map(|c| Contract {
                    name: c.name.clone(),
                    decls: Vec::new(),
                    http: c.http.clone(),
                    claims: Vec::new(),
                    rust: None,
                    link_notes: Default::default(),
                })
                .collect();
            link::rust::link(config, &mut probe, &krate, &self.gathered.tools);
            link::effects::analyse(config, &mut probe, &krate);
            krate.asked = None;
            let demands = std::mem::take(&mut *asked.lock().unwrap_or_else(|e| e.into_inner()));
            let todo = wanted(&demands, &krate, &self, project);
            if todo.is_empty() {
                if std::env::var_os("CONTRACTLINT_PARSE_STATS").is_some() {
                    self.stats(project);
                }
                link::rust::link(config, &mut project.contracts, &krate, &self.gathered.tools);
                project.rust = krate;
                return Ok(());
            }
            self.gathered.types = std::mem::take(&mut krate.types);
            self.gathered.fns = std::mem::take(&mut krate.fns);
            self.parse(project, &todo)?;
        }
    }

    fn stats(&self, project: &Project) {
        let (n, bytes) = (0..self.files.len())
            .filter(|&i| self.parsed[i])
            .fold((0, 0), |(n, b), i| {
                (n + 1, b + project.sources.get(self.files[i]).text.len())
            });
        eprintln!(
            "rust: parsed {n} of {} files ({bytes} bytes) in {} rounds",
            self.files.len(),
            self.rounds
        );
    }
}

/// The unparsed files that may answer what linking asked.
fn wanted(
    demands: &std::collections::HashSet<Demand>,
    krate: &RustCrate,
    pass: &RustPass,
    project: &Project,
) -> Vec<usize> {
    let text = |i: usize| &*project.sources.get(pass.files[i]).text;
    let index = &pass.index;
    let mut out = BTreeSet::new();
    for d in demands {
        match d {
            Demand::Fn(name) => out.extend(pass.open(get(&index.fns, name))),
            Demand::FnNorm(key) => out.extend(pass.open(get(&index.fns_norm, key))),
            Demand::Type(name) => out.extend(pass.open(get(&index.types, name))),
            Demand::TypeNorm(key) => out.extend(pass.open(get(&index.types_norm, key))),
            // A method of `Ty` is in a file with an `impl` header naming `Ty`.
            Demand::Method { name, self_ty } => out.extend(
                pass.open(get(&index.fns, name))
                    .into_iter()
                    .filter(|&i| scan::may_impl(text(i), self_ty)),
            ),
            // Enough to tell one method from several: the smallest candidates first.
            Demand::UniqueMethod(name) => {
                if krate.method_count(name) < 2 {
                    let mut rest = pass.open(get(&index.fns, name));
                    rest.sort_by_key(|&i| (text(i).len(), i));
                    out.extend(rest.into_iter().take(UNIQUE_BATCH));
                }
            }
        }
    }
    out.into_iter().collect()
}
