//! The Rust side at monorepo scale: parse only the files that can matter, in parallel.
//!
//! Phase one reads and scans every `.rs` file's bytes ([`scan`]) for the names it may define
//! and for SDK tool markers, in a buffer reused per thread; only files with tool markers are
//! parsed at first, and only the text of files that get parsed is kept (the others are read
//! again if linking asks for them). Then linking runs
//! with a recorder on the crate: every lookup it makes (a convention name learnt from a
//! manifest, a `[[tool]]` name, a type a field names, a function a handler calls) is a
//! [`Demand`], and the files whose text may answer it are parsed before linking runs again.
//! When a round asks for nothing unparsed, every answer linking got is the answer parsing
//! every file would give (facts stay in file order, so "first match" is the same too), and
//! that round's links are kept. [`Parse::All`] parses every file up front instead, and
//! [`Parse::AllWhole`] every file with every body: the test of this module's exactness
//! compares the three.
//!
//! Function bodies are read the same way. A file parsed because its markers or linking
//! point at it is read whole; a file parsed only because [`Parse::All`] parses everything
//! is read for its types, tools, routes and signatures, and its bodies (most of the cost of
//! reading a file after parsing it) when linking asks for one of them ([`Demand::Body`]):
//! the file is parsed again then.
//!
//! Files are parsed on a rayon pool whose threads have a parser-sized stack; each file's
//! syntax tree is dropped as soon as its facts are read. A syntax tree takes up to a few
//! hundred times its file's bytes, so files over [`PARSE_ALONE`] are parsed one after
//! another on one thread while the others are parsed in parallel: what is parsed at once is
//! at most one large file and one small file per thread, whatever the number of threads.

use super::timings::time;
use super::{Parse, RunError};
use crate::config::Config;
use crate::contract::RustTool;
use crate::contract::shrink::Shrink;
use crate::contract::{
    Contract, CrateGraph, FnBody, FnFacts, FnId, Project, RustCrate, RustLookup, RustType,
    StructFields, Unreadable,
};
use crate::extract::rust::{self, Depth, scan};
use crate::link;
use crate::source::FileId;
use rayon::prelude::*;
use std::collections::{BTreeSet, HashSet};
use std::sync::{Arc, Mutex, OnceLock};

/// A lookup linking made, as the files that may answer it: the driver parses them all
/// before it trusts the answer. Names are kept as the [`scan::key`] the text index finds
/// files by, which is all the driver reads of them: every tool asks for names of its own
/// (its input type under each suffix convention, its validator, its handler), and as
/// strings they were a large part of a big package's heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Demand {
    /// Every fn of this name.
    Fn(u64),
    /// The bodies of the fns of this file (read for their signatures only so far).
    Body(FileId),
    /// Methods of this name in an `impl` of this type (`None`: a type no word names, which
    /// any file may implement, see [`scan::FileScan::may_impl`]).
    Method { name: u64, self_ty: Option<u64> },
    /// Every fn whose name is this in [`crate::contract::norm`] form.
    FnNorm(u64),
    /// The type of this name.
    Type(u64),
    /// Every type whose name is this in [`crate::contract::norm`] form.
    TypeNorm(u64),
}

/// The crate as linking sees it while the driver still chooses which files to parse: every
/// lookup is answered from the facts so far and recorded as a [`Demand`].
struct Recorder<'a> {
    krate: &'a RustCrate,
    asked: &'a Asked,
    /// What a demand must name to change anything; `None` when every file is read whole
    /// and none on a guess (no Rust at all, as in a tree of manifests): nothing is then
    /// recorded, since on 65,000 manifest tools recording was a tenth of the run.
    live: &'a Option<Live>,
}

/// The names and files a demand can still act on: those of files not read whole, and of
/// files read on a guess nothing has confirmed yet. [`wanted`] and [`confirm`] read a
/// demand only through the files the index gives for it, so a demand naming none of these
/// does nothing and is not recorded. In the last round of a large package most files are
/// read whole, yet every tool asks again for its own names: recorded, those demands were
/// held through the run's peak (docs/performance.md, session 46).
enum Live {
    /// Every file is still unread: anything may be asked for.
    All,
    Some {
        fns: HashSet<u64, fnv::FnvBuildHasher>,
        fns_norm: HashSet<u64, fnv::FnvBuildHasher>,
        types: HashSet<u64, fnv::FnvBuildHasher>,
        types_norm: HashSet<u64, fnv::FnvBuildHasher>,
        files: HashSet<FileId, fnv::FnvBuildHasher>,
    },
}

impl Live {
    /// The live part of `pass`: `None` when nothing is.
    fn of(pass: &RustPass) -> Option<Live> {
        let live: Vec<usize> = (0..pass.files.len())
            .filter(|&i| pass.read[i] != Some(Depth::Bodies) || pass.guessed[i])
            .collect();
        if live.is_empty() {
            return None;
        }
        if live.len() == pass.files.len() {
            return Some(Live::All);
        }
        let keys = |of: fn(&scan::FileScan) -> &[u64]| {
            let each = live.iter().flat_map(|&i| of(&pass.scans[i]));
            each.copied().collect::<HashSet<u64, fnv::FnvBuildHasher>>()
        };
        Some(Live::Some {
            fns: keys(|s| &s.fns),
            fns_norm: keys(|s| &s.fns_norm),
            types: keys(|s| &s.types),
            types_norm: keys(|s| &s.types_norm),
            files: live.iter().map(|&i| pass.files[i]).collect(),
        })
    }

    /// Whether some file the index gives for `d` is live.
    fn matters(&self, d: &Demand) -> bool {
        let Live::Some {
            fns,
            fns_norm,
            types,
            types_norm,
            files,
        } = self
        else {
            return true;
        };
        match d {
            Demand::Fn(k) | Demand::Method { name: k, .. } => fns.contains(k),
            Demand::FnNorm(k) => fns_norm.contains(k),
            Demand::Type(k) => types.contains(k),
            Demand::TypeNorm(k) => types_norm.contains(k),
            Demand::Body(file) => files.contains(file),
        }
    }
}

/// Shards of the demands asked so far, by hash: linking asks from every thread, and most
/// questions are asked again by every tool (the type of a shared receiver, a suffix
/// convention).
const SHARDS: usize = 16;

struct Asked([Mutex<HashSet<Demand, fnv::FnvBuildHasher>>; SHARDS]);

impl Asked {
    fn new() -> Asked {
        Asked(std::array::from_fn(|_| Mutex::new(Default::default())))
    }

    fn insert(&self, d: Demand) {
        use std::hash::{Hash, Hasher};
        let mut h = fnv::FnvHasher::default();
        d.hash(&mut h);
        let shard = &self.0[(h.finish() >> 59) as usize % SHARDS];
        let mut set = shard.lock().unwrap_or_else(|e| e.into_inner());
        set.insert(d);
    }

    fn into_set(self) -> HashSet<Demand> {
        let shards = self.0.into_iter();
        let sets = shards.map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()));
        sets.flatten().collect()
    }
}

impl Recorder<'_> {
    fn ask(&self, d: impl FnOnce() -> Demand) {
        if let Some(live) = &self.live {
            let d = d();
            if live.matters(&d) {
                self.asked.insert(d);
            }
        }
    }
}

impl RustLookup for Recorder<'_> {
    fn fns(&self) -> &[FnFacts] {
        &self.krate.fns
    }
    fn body(&self, f: FnId) -> &FnBody {
        let facts = &self.krate.fns[f];
        if facts.body.is_none() {
            self.ask(|| Demand::Body(facts.span.file));
        }
        self.krate.body(f)
    }
    fn ty(&self, name: &str) -> Option<&Arc<RustType>> {
        self.ask(|| Demand::Type(scan::key(name)));
        self.krate.ty(name)
    }
    fn types_named(&self, name: &str) -> Vec<&Arc<RustType>> {
        self.ask(|| Demand::Type(scan::key(name)));
        self.krate.types_named(name).collect()
    }
    fn structs_named(&self, name: &str) -> Vec<&StructFields> {
        self.ask(|| Demand::Type(scan::key(name)));
        self.krate.structs_named(name).collect()
    }
    fn crates(&self) -> &CrateGraph {
        &self.krate.crates
    }
    fn types_normed(&self, key: &str) -> Vec<&Arc<RustType>> {
        self.ask(|| Demand::TypeNorm(scan::key(key)));
        self.krate.types_normed(key).collect()
    }
    fn fns_named(&self, name: &str) -> &[FnId] {
        self.ask(|| Demand::Fn(scan::key(name)));
        self.krate.fns_named(name)
    }
    fn fns_of(&self, name: &str, self_ty: Option<&str>) -> Vec<FnId> {
        self.ask(|| match self_ty {
            Some(t) => Demand::Method {
                name: scan::key(name),
                self_ty: scan::impl_key(t),
            },
            None => Demand::Fn(scan::key(name)),
        });
        self.krate.fns_of(name, self_ty)
    }
    fn fns_normed(&self, key: &str) -> &[FnId] {
        self.ask(|| Demand::FnNorm(scan::key(key)));
        self.krate.fns_normed(key)
    }
}

/// Files (positions in the driver's file list) by the [`scan::key`]s of the names their
/// text may define.
struct TextIndex {
    fns: Keys,
    fns_norm: Keys,
    types: Keys,
    types_norm: Keys,
}

impl TextIndex {
    fn new(scans: &[scan::FileScan]) -> TextIndex {
        TextIndex {
            fns: Keys::new(scans, |s| &s.fns),
            fns_norm: Keys::new(scans, |s| &s.fns_norm),
            types: Keys::new(scans, |s| &s.types),
            types_norm: Keys::new(scans, |s| &s.types_norm),
        }
    }
}

/// Sorted (key, file) pairs: one allocation for a whole tree's names, where a map of
/// vectors made one per name.
struct Keys(Vec<(u64, usize)>);

impl Keys {
    fn new(scans: &[scan::FileScan], keys: impl Fn(&scan::FileScan) -> &[u64]) -> Keys {
        let mut pairs: Vec<(u64, usize)> = scans
            .iter()
            .enumerate()
            .flat_map(|(i, s)| keys(s).iter().map(move |&k| (k, i)))
            .collect();
        pairs.par_sort_unstable();
        pairs.dedup();
        Keys(pairs)
    }

    /// Files that may define `name` (in `norm` form for the `_norm` indexes), in order.
    fn files(&self, name: &str) -> impl Iterator<Item = usize> + '_ {
        self.files_by_key(scan::key(name))
    }

    /// [`Keys::files`] of the name whose [`scan::key`] this is.
    fn files_by_key(&self, key: u64) -> impl Iterator<Item = usize> + '_ {
        let start = self.0.partition_point(|&(k, _)| k < key);
        self.0[start..]
            .iter()
            .take_while(move |&&(k, _)| k == key)
            .map(|&(_, i)| i)
    }
}

/// A scanned file's text, when it is kept for parsing, or why it could not be read.
type Kept = Result<Option<Arc<str>>, crate::source::read::ReadError>;

/// A file's facts, and its text when it was read for the parse.
type Parsed = (Option<Arc<str>>, Result<rust::FileFacts, Unreadable>);

/// Facts gathered so far, in file order.
#[derive(Default)]
struct Gathered {
    types: Vec<Arc<RustType>>,
    fns: Vec<FnFacts>,
    structs: Vec<StructFields>,
    tools: Vec<RustTool>,
    /// Joined into `tools` once every file is read and the crate graph known.
    tool_calls: Vec<crate::contract::ToolCall>,
    tool_helpers: Vec<crate::contract::ToolHelper>,
    servers: Vec<crate::contract::ServerProtocol>,
}

/// The engine's threads: a stack deep enough for the nesting `rust::parse` accepts.
pub(super) fn pool() -> Result<&'static rayon::ThreadPool, RunError> {
    static POOL: OnceLock<Result<rayon::ThreadPool, String>> = OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .stack_size(rust::STACK)
            .build()
            .map_err(|e| e.to_string())
    })
    .as_ref()
    .map_err(|e| RunError(format!("cannot start the parser threads: {e}")))
}

/// Files larger than this are parsed one at a time, all on the same thread. Four
/// token-dense 6 MB files took 1.9 GB at one thread and 7.2 GB at four (issue 23). One at a
/// time is not enough: the allocator keeps what a thread frees for that thread's later
/// allocations, so a semaphore over source bytes serialised the parses and still took
/// 3.7 GB at four threads; on one thread each file reuses the memory of the one before.
const PARSE_ALONE: usize = 1 << 20;

/// The Rust side of one linking group, between its two phases.
pub struct RustPass {
    files: Vec<FileId>,
    scans: Vec<scan::FileScan>,
    /// Whether the file's text is in the source map (else it is read when parsed).
    loaded: Vec<bool>,
    /// The file could not be read (E001): never parsed.
    unreadable: Vec<bool>,
    max_bytes: u64,
    index: TextIndex,
    consts: scan::Consts,
    /// How far each file was read (`None`: not parsed; unreadable files count as read).
    read: Vec<Option<Depth>>,
    /// Position in `files` by id, for [`Demand::Body`].
    position: fnv::FnvHashMap<FileId, usize>,
    gathered: Gathered,
    rounds: usize,
    /// The directory being linted: a test target below it is a fixture of the code linted,
    /// one above it is what was asked for.
    root: std::path::PathBuf,
    /// Parsed on a guess ([`RustPass::guesses`]), not yet asked for by any lookup: its text is
    /// dropped at the end if nothing asks (its suppressions are not read, as for any file not
    /// parsed), and a failure to parse it was not reported.
    guessed: Vec<bool>,
    /// The parse is [`Parse::Needed`] and the package has enough contracts for a round of
    /// linking to cost more than a guess ([`super::Options::guess_from`]).
    guessing: bool,
}

impl RustPass {
    /// Read and scan every file (added to the source map without text) and parse those
    /// with SDK tools or HTTP routes (and the files that may define the routes' handlers);
    /// fills the project's routes and handlers, which linking page tools needs before the
    /// Rust side is linked. Files over `max_bytes` or not UTF-8 are E001.
    ///
    /// `tools_elsewhere`: the package declares tools outside its Rust (manifests, schema
    /// files, pages, `[[tool]]`). When it does not and no Rust file declares one either,
    /// linking asks for no name, so only the markers are scanned for (most crates of a
    /// monorepo: a third of the searches).
    pub fn start(
        project: &mut Project,
        files: Vec<FileId>,
        parse: Parse,
        tools_elsewhere: bool,
        max_bytes: u64,
        root: &std::path::Path,
    ) -> Result<RustPass, RunError> {
        let sources = &project.sources;
        let parse_all = parse != Parse::Needed;
        let unmarked = match parse {
            Parse::Needed => None,
            Parse::All => Some(Depth::Signatures),
            Parse::AllWhole => Some(Depth::Bodies),
        };
        let read_all = |how: fn(&str) -> scan::FileScan| -> Vec<(scan::FileScan, Kept)> {
            files
                .par_iter()
                .map_init(Vec::new, |buf, id| {
                    match crate::source::read::read_into(&sources.get(*id).path, max_bytes, buf) {
                        Ok(text) => {
                            let s = how(text);
                            let keep = parse_all || s.declares_tools || s.declares_routes;
                            (s, Ok(keep.then(|| Arc::from(text))))
                        }
                        Err(e) => (scan::FileScan::default(), Err(e)),
                    }
                })
                .collect()
        };
        // When every file is parsed, no lookup needs to know which files may define a name.
        let mut read = read_all(match (parse_all, tools_elsewhere) {
            (true, _) => scan::markers_and_consts,
            (false, true) => scan::scan,
            (false, false) => scan::markers,
        });
        // A Rust-only server: its tools' lookups need the names after all (read again).
        if !parse_all && !tools_elsewhere && read.iter().any(|(s, _)| s.declares_tools) {
            read = read_all(scan::scan);
        }
        let n = read.len();
        let (mut scans, mut loaded, mut unreadable) =
            (Vec::with_capacity(n), vec![false; n], vec![false; n]);
        for (i, (s, text)) in read.into_iter().enumerate() {
            let id = files[i];
            scans.push(s);
            match text {
                Ok(Some(text)) => {
                    project.sources.set_text(id, text);
                    loaded[i] = true;
                }
                Ok(None) => {}
                // Reported with what could be decoded, and never parsed.
                Err(e) => {
                    project.sources.set_text(id, e.text);
                    project.unreadable.push(Unreadable {
                        span: crate::source::Span::new(id, e.offset, e.offset),
                        message: e.message,
                    });
                    unreadable[i] = true;
                }
            }
        }
        package_roles(project, &files, &scans);
        let mut consts = scan::merge_consts(scans.iter());
        included(project, &files, &scans, root, max_bytes, &mut consts);
        let mut pass = RustPass {
            consts,
            index: TextIndex::new(&scans),
            read: unreadable
                .iter()
                .map(|&u| u.then_some(Depth::Bodies))
                .collect(),
            position: files.iter().enumerate().map(|(i, &f)| (f, i)).collect(),
            files,
            scans,
            loaded,
            unreadable,
            max_bytes,
            gathered: Gathered::default(),
            rounds: 0,
            root: root.to_path_buf(),
            guessed: vec![false; n],
            guessing: !parse_all,
        };
        // Files with tools or routes hold handlers: their bodies are read at once. One that
        // names `ServerHandler` may say which protocol version the server speaks.
        let mut todo: Vec<(usize, Depth)> = (0..pass.scans.len())
            .filter_map(|i| {
                let s = &pass.scans[i];
                if s.declares_tools || s.declares_routes {
                    Some((i, Depth::Bodies))
                } else if s.names_server_handler {
                    Some((i, unmarked.unwrap_or(Depth::Signatures)))
                } else {
                    unmarked.map(|d| (i, d))
                }
            })
            .collect();
        while !todo.is_empty() {
            time("rust parse", || pass.parse(project, &todo, false))?;
            // A route names its handler: every function of that name is a candidate.
            let mut next = BTreeSet::new();
            for r in &project.routes {
                next.extend(pass.open(pass.index.fns.files(&r.handler.value)));
            }
            todo = next.into_iter().map(|i| (i, Depth::Bodies)).collect();
        }
        project.routes.sort_by_key(|r| r.handler.span.file);
        project.handlers.sort_by_key(|h| h.name.span.file);
        Ok(pass)
    }

    fn open(&self, files: impl Iterator<Item = usize>) -> Vec<usize> {
        files.filter(|&i| self.read[i].is_none()).collect()
    }

    /// Parse these files (positions in `files`) on the parser pool, each to its depth. A
    /// file read before (for its signatures) is read again for its bodies: only its
    /// functions are replaced.
    ///
    /// `guess`: the files were not asked for ([`RustPass::guesses`]); one that cannot be parsed
    /// is left unread, to be reported if a lookup asks for it.
    fn parse(
        &mut self,
        project: &mut Project,
        todo: &[(usize, Depth)],
        guess: bool,
    ) -> Result<(), RunError> {
        if todo.is_empty() {
            return Ok(());
        }
        let again: Vec<bool> = todo.iter().map(|&(i, _)| self.read[i].is_some()).collect();
        for &(i, depth) in todo {
            self.read[i] = Some(depth);
        }
        let (files, consts, sources) = (&self.files, &self.consts, &project.sources);
        let (loaded, max_bytes) = (&self.loaded, self.max_bytes);
        // The facts are held to the end of the run: the syntax tree is parsed in a heap of
        // its own, and the facts are copied out of it, cut to their length, on the worker.
        let read = |id, text: &str, depth| {
            let keep = |facts: &Result<rust::FileFacts, Unreadable>| {
                let mut facts = facts.clone();
                if let Ok(f) = &mut facts {
                    f.fns.shrink();
                    f.structs.shrink();
                }
                facts
            };
            super::heaps::apart(|| rust::parse(id, text, consts, depth), keep)
        };
        // A file scanned but not kept is read again (its text is then kept: diagnostics
        // may point into it).
        let parse_one = |&(i, depth): &(usize, Depth)| -> Parsed {
            let id = files[i];
            if loaded[i] {
                return (None, read(id, &sources.get(id).text, depth));
            }
            match crate::source::read::read_text(&sources.get(id).path, max_bytes) {
                Ok(text) => {
                    let facts = read(id, &text, depth);
                    (Some(text), facts)
                }
                Err(e) => (
                    Some(e.text),
                    Err(Unreadable {
                        span: crate::source::Span::new(id, e.offset, e.offset),
                        message: e.message,
                    }),
                ),
            }
        };
        let (large, small): (Vec<usize>, Vec<usize>) =
            (0..todo.len()).partition(|&k| self.scans[todo[k].0].len > PARSE_ALONE);
        // `join` runs its first half on the calling thread: the large files one by one.
        let (large_parsed, small_parsed) = pool()?.install(|| {
            rayon::join(
                || {
                    large
                        .iter()
                        .map(|&k| parse_one(&todo[k]))
                        .collect::<Vec<_>>()
                },
                || {
                    small
                        .par_iter()
                        .map(|&k| parse_one(&todo[k]))
                        .collect::<Vec<_>>()
                },
            )
        });
        // Back in `todo` order.
        let mut results: Vec<Option<Parsed>> = (0..todo.len()).map(|_| None).collect();
        let parsed = large.iter().zip(large_parsed);
        for (&k, p) in parsed.chain(small.iter().zip(small_parsed)) {
            results[k] = Some(p);
        }
        let results = results.into_iter().flatten();
        let g = &mut self.gathered;
        let mut bodies = Vec::new();
        for ((&(i, _), again), (text, r)) in todo.iter().zip(again).zip(results) {
            if guess && r.is_err() {
                self.read[i] = None;
                continue;
            }
            self.guessed[i] = guess;
            if let Some(text) = text {
                project.sources.set_text(self.files[i], text);
                self.loaded[i] = true;
            }
            match r {
                // Its types, tools and routes were gathered the first time.
                Ok(f) if again => bodies.push((self.files[i], f.fns)),
                Err(_) if again => {}
                Ok(f) => {
                    g.types.extend(f.types.into_iter().map(Arc::new));
                    g.fns.extend(f.fns);
                    g.structs.extend(f.structs);
                    g.tools.extend(f.tools);
                    g.tool_calls.extend(f.tool_calls);
                    g.tool_helpers.extend(f.tool_helpers);
                    g.servers.extend(f.servers);
                    project.routes.extend(f.routes.routes);
                    project.handlers.extend(f.routes.handlers);
                }
                Err(u) => project.unreadable.push(u),
            }
        }
        // Stable sorts: facts of one file keep their order.
        g.types.sort_by_key(|t| t.span.file);
        g.structs.sort_by_key(|s| s.span.file);
        g.fns.sort_by_key(|f| f.span.file);
        g.tools.sort_by_key(|t| t.name.span.file);
        for (file, fns) in bodies {
            let start = g.fns.partition_point(|f| f.span.file < file);
            let end = g.fns.partition_point(|f| f.span.file <= file);
            g.fns.splice(start..end, fns);
        }
        // Grown by doubling: up to half of what the facts take, held to the end of the run.
        g.types.shrink_to_fit();
        g.fns.shrink_to_fit();
        g.structs.shrink_to_fit();
        Ok(())
    }

    /// Link the Rust side to `project.contracts` (already linked among manifests and
    /// pages) and analyse the handlers' effects, parsing what linking asks for; sets
    /// `project.rust`.
    ///
    /// `guess_from`: parse on a guess only with at least this many contracts
    /// ([`super::Options::guess_from`]).
    pub fn finish(
        mut self,
        project: &mut Project,
        config: &Config,
        guess_from: usize,
    ) -> Result<(), RunError> {
        self.guessing &= project.contracts.len() >= guess_from;
        let has_sources = project.rust.has_sources;
        // No Rust file: nothing can be parsed, so the first round is the last and linking
        // finds no item. Linked in place, without a probe per contract (65,000 manifest
        // tools: a probe of 57 MB beside the contracts), with the same notes of what it
        // tried.
        if self.files.is_empty() {
            let krate = RustCrate {
                has_sources,
                ..RustCrate::default()
            };
            link::rust_side::link(config, &mut project.contracts, &krate, &[]);
            link::behaviour::analyse(config, &mut project.contracts, &krate);
            project.rust = krate;
            return Ok(());
        }
        let sources = &project.sources;
        let mut crates = rust::crates::graph(
            self.files
                .iter()
                .map(|&id| (id, sources.get(id).path.as_path())),
        );
        let g = &mut self.gathered;
        let joined = link::helper_tools::join(&crates, &g.fns, &g.tool_calls, &g.tool_helpers);
        if !joined.is_empty() {
            g.tools.extend(joined.into_iter().map(|j| {
                rust::helper_tool(j.name, j.description, j.schema.as_ref(), j.input, &j.hints)
            }));
            g.tools.sort_by_key(|t| t.name.span.file);
        }
        // A tool built in an integration test or a bench is a fixture, never served, unless
        // the test directory itself is what was asked for.
        let root = &self.root;
        self.gathered.tools.retain(|t| {
            let file = t.name.span.file;
            let path = &sources.get(file).path;
            let below = path.strip_prefix(root).unwrap_or(path);
            let in_tests = below
                .components()
                .any(|c| matches!(c.as_os_str().to_str(), Some("tests" | "benches")));
            !(in_tests && crates.test_target(file))
        });
        loop {
            self.rounds += 1;
            let mut krate = RustCrate {
                types: std::mem::take(&mut self.gathered.types),
                fns: std::mem::take(&mut self.gathered.fns),
                structs: std::mem::take(&mut self.gathered.structs),
                has_sources,
                crates: std::mem::take(&mut crates),
                ..RustCrate::default()
            };
            // Linking (and the handler effects analysis after it) looks only at contract
            // names and page requests' routes: probe with those alone; once nothing more is
            // asked, the last probe's links are the contracts' own.
            let mut probe: Vec<Contract> = project
                .contracts
                .iter()
                .map(|c| Contract {
                    name: c.name.clone(),
                    package: c.package.clone(),
                    decls: Vec::new(),
                    http: c.http.clone(),
                    claims: Vec::new(),
                    rust: None,
                    link_notes: Default::default(),
                })
                .collect();
            let tools = &self.gathered.tools;
            let demands = time(round_stage("rust probe", self.rounds), || {
                let asked = Asked::new();
                // A guessed file is kept only if a lookup asks for it: record then too.
                let live = Live::of(&self);
                let recorder = Recorder {
                    krate: &krate,
                    asked: &asked,
                    live: &live,
                };
                // No lookup can be answered from a file not read yet: this round is the
                // last, and behaviour analysis may release each function's facts once no
                // contract left reads them; what it asks is still recorded, as it keeps
                // the guessed files it reads.
                let last = self.last_round(&krate);
                if last {
                    // The last round's linking and analysis timed apart: the run's heap
                    // peaks in this round (docs/performance.md, session 57).
                    time("rust last link", || {
                        link::rust_side::link(config, &mut probe, &recorder, tools)
                    });
                    let record: &link::release::View = &|krate, analyse| {
                        analyse(&Recorder {
                            krate,
                            asked: &asked,
                            live: &live,
                        })
                    };
                    time("rust last behaviour", || {
                        link::release::analyse_releasing(config, &mut probe, &mut krate, record)
                    });
                } else {
                    link::rust_side::link(config, &mut probe, &recorder, tools);
                    link::behaviour::analyse(config, &mut probe, &recorder);
                }
                asked.into_set()
            });
            confirm(&demands, &mut self);
            let todo = wanted(&demands, &self);
            drop(demands);
            if todo.is_empty() {
                // Guessed files nothing asked for: as if never parsed (their facts answer
                // no lookup that was made, or it would have asked for them).
                for i in (0..self.files.len()).filter(|&i| self.guessed[i]) {
                    project
                        .sources
                        .set_text(self.files[i], std::sync::Arc::from(""));
                    self.read[i] = None;
                }
                if std::env::var_os("CONTRACTLINT_PARSE_STATS").is_some() {
                    self.stats(project);
                }
                // The declarations linking made from the Rust facts are final; their texts
                // are read once the run's budget has charged their schemas (`check_group`).
                link::rust_side::adopt(&mut project.contracts, probe);
                end_linking(&mut krate);
                krate.servers = std::mem::take(&mut self.gathered.servers);
                krate.servers.sort_by_key(|s| s.span);
                project.rust = krate;
                // What a Rust tool value leaves to run time is said (E002), as for pages.
                let not_static = self.gathered.tools.iter().flat_map(|t| &t.not_static);
                project.not_static.extend(not_static.cloned());
                return Ok(());
            }
            // This round's links are not kept: not held beside the facts the parse adds.
            drop(probe);
            crates = std::mem::take(&mut krate.crates);
            self.gathered.types = std::mem::take(&mut krate.types);
            self.gathered.structs = std::mem::take(&mut krate.structs);
            self.gathered.fns = std::mem::take(&mut krate.fns);
            time(round_stage("rust parse", self.rounds), || {
                self.parse(project, &todo, false)?;
                let parsed: Vec<usize> = todo.iter().map(|&(i, _)| i).collect();
                let guesses = self.guesses(&parsed);
                self.parse(project, &guesses, true)
            })?;
        }
    }

    /// Whether no lookup can be answered from a file not read whole: none defines a name,
    /// and none holds a function of `krate` whose body could be asked for (a `mod.rs` of
    /// `mod` lines). No round after this one can then parse anything: it is the last. A file
    /// read whole on a guess does not keep a round from being the last: a lookup it answers
    /// only keeps it ([`confirm`]), as it is read already.
    fn last_round(&self, krate: &RustCrate) -> bool {
        let open: Vec<usize> = (0..self.files.len())
            .filter(|&i| self.read[i] != Some(Depth::Bodies))
            .collect();
        let names = |s: &scan::FileScan| {
            [&s.fns, &s.fns_norm, &s.types, &s.types_norm]
                .iter()
                .any(|k| !k.is_empty())
        };
        if open.iter().any(|&i| names(&self.scans[i])) {
            return false;
        }
        let files: HashSet<FileId> = open.iter().map(|&i| self.files[i]).collect();
        !krate.fns.iter().any(|f| files.contains(&f.span.file))
    }

    /// Files worth parsing before linking asks for them: those that may define a type named
    /// in a parameter of a function in `parsed` (a handler's `&mut State`, its input type),
    /// which linking will look up once it reaches the function. Each guess that linking then
    /// asks for saves a round of linking every contract again. Only files not read yet, and
    /// none that [`PARSE_ALONE`] would parse alone.
    fn guesses(&self, parsed: &[usize]) -> Vec<(usize, Depth)> {
        if !self.guessing {
            return Vec::new();
        }
        let fns = &self.gathered.fns;
        let mut out = BTreeSet::new();
        let mut seen = HashSet::new();
        for &i in parsed {
            let file = self.files[i];
            let start = fns.partition_point(|f| f.span.file < file);
            let end = fns.partition_point(|f| f.span.file <= file);
            let bodies = fns[start..end].iter().filter_map(|f| f.body.as_ref());
            for (_, ty) in bodies.flat_map(|b| &b.params) {
                // Spaces are removed from a type as written: `&mut State` is `&mutState`.
                let words = link::rust_side::type_names(ty).flat_map(|w| {
                    let bare = ["mut", "dyn", "impl"]
                        .iter()
                        .find_map(|k| w.strip_prefix(k).filter(|r| !r.is_empty()));
                    [Some(w), bare].into_iter().flatten()
                });
                for word in words.filter(|w| !w.is_empty()) {
                    if seen.insert(word) {
                        let open = self.open(self.index.types.files(word));
                        out.extend(
                            open.into_iter()
                                .filter(|&k| self.scans[k].len <= PARSE_ALONE),
                        );
                    }
                }
            }
        }
        out.into_iter().map(|i| (i, Depth::Bodies)).collect()
    }

    fn stats(&self, project: &Project) {
        let (n, bytes) = (0..self.files.len())
            .filter(|&i| self.read[i].is_some() && !self.unreadable[i])
            .fold((0, 0), |(n, b), i| {
                (n + 1, b + project.sources.get(self.files[i]).text.len())
            });
        let whole = (0..self.files.len())
            .filter(|&i| self.read[i] == Some(Depth::Bodies) && !self.unreadable[i])
            .count();
        eprintln!(
            "rust: parsed {n} of {} files ({bytes} bytes, {whole} with their bodies) in {} rounds",
            self.files.len(),
            self.rounds
        );
    }
}

/// Each function's facts that only linking reads ([`FnBody::end_linking`]): the behaviour
/// facts were read only by the behaviour analysis of the last linking round, which
/// flattened them into the contracts' steps, and calls' arguments and targets only by
/// linking; from there to the end of the run they were read by nothing (236 MB at
/// 100,000 tools, docs/performance.md, session 54).
fn end_linking(krate: &mut RustCrate) {
    for body in krate.fns.iter_mut().filter_map(|f| f.body.as_mut()) {
        body.end_linking();
    }
}

/// A stage of the parse-on-demand rounds by its round, for `--timings`: the first three
/// rounds apart (where a run's memory grows), the later ones together.
fn round_stage(stage: &'static str, round: usize) -> &'static str {
    match (stage, round) {
        ("rust probe", 1) => "rust probe 1",
        ("rust probe", 2) => "rust probe 2",
        ("rust probe", 3) => "rust probe 3",
        ("rust probe", _) => "rust probe 4+",
        (_, 1) => "rust parse 1",
        (_, 2) => "rust parse 2",
        (_, 3) => "rust parse 3",
        _ => "rust parse 4+",
    }
}

/// What each package's library and binaries say of it: the side of MCP they program
/// against, whether it builds a program, and, without an SDK dependency, where its Rust
/// answers `tools/list`/`tools/call` itself (a hand-written server, reported like an SDK's
/// when no tool is recognised in it, L004). Integration tests, benches and examples are
/// targets of their own: a mock server in a client example serves nothing of the package.
/// The place shown is the dispatch (`"tools/call"`) before a listing, outside tests first.
fn package_roles(project: &mut Project, files: &[FileId], scans: &[scan::FileScan]) {
    let sources = &project.sources;
    let n = project.packages.len();
    let mut best: Vec<Option<((bool, bool), crate::source::Span)>> = vec![None; n];
    let mut roles = vec![(crate::contract::Role::default(), false); n];
    let mut required = vec![None; n];
    let mut rewrites = vec![(None, None); n];
    let mut empty = vec![None; n];
    for (id, s) in files.iter().zip(scans) {
        let file = sources.get(*id);
        let owner = (project.packages.iter().enumerate())
            .filter(|(_, p)| file.path.starts_with(&p.dir))
            .max_by_key(|(_, p)| p.dir.components().count());
        let Some((i, p)) = owner else { continue };
        let rel = file.path.strip_prefix(&p.dir).unwrap_or(&file.path);
        let mut parts = rel.iter().filter_map(|c| c.to_str());
        let (first, second) = (parts.next(), parts.next());
        // Cargo builds the library and binaries from `src/` (or the roots the manifest
        // names); anything else is a test, bench, example or a file no target compiles.
        let program = first == Some("src")
            || p.program_roots
                .contains(&crate::source::normalize(&file.path));
        if !program {
            continue;
        }
        roles[i].0 = roles[i].0.or(s.role);
        roles[i].1 |= first == Some("src") && matches!(second, Some("main.rs" | "bin"));
        if let Some(r) = &s.reads_required {
            required[i].get_or_insert(crate::source::Span::new(*id, r.start, r.end));
        }
        if let Some(r) = &s.rewrites_descriptions {
            rewrites[i]
                .0
                .get_or_insert(crate::source::Span::new(*id, r.start, r.end));
        }
        if let Some(r) = &s.rewrites_schemas {
            rewrites[i]
                .1
                .get_or_insert(crate::source::Span::new(*id, r.start, r.end));
        }
        if let Some(r) = &s.empty_router {
            empty[i].get_or_insert(crate::source::Span::new(*id, r.start, r.end));
        }
        let Some(at) = s.serves.as_ref().filter(|_| p.sdk.is_none()) else {
            continue;
        };
        let testish = file
            .path
            .iter()
            .any(|c| c.to_string_lossy().contains("test"));
        let listing = file.text.get(at.clone()) != Some("\"tools/call\"");
        let rank = (testish, listing);
        if best[i].is_none_or(|(r, _)| rank < r) {
            best[i] = Some((rank, crate::source::Span::new(*id, at.start, at.end)));
        }
    }
    for (((((p, b), (role, binary)), required), rewrites), empty) in project
        .packages
        .iter_mut()
        .zip(best)
        .zip(roles)
        .zip(required)
        .zip(rewrites)
        .zip(empty)
    {
        p.empty_router = empty;
        p.serves = b.map(|(_, span)| span);
        p.checks_required = required;
        (p.rewrites_descriptions, p.rewrites_schemas) = rewrites;
        p.role = role;
        p.binary |= binary;
    }
}

/// Guessed files some demand may be answered from are parsed as if asked for: kept.
fn confirm(demands: &HashSet<Demand>, pass: &mut RustPass) {
    if !pass.guessed.contains(&true) {
        return;
    }
    let index = &pass.index;
    let mut asked = Vec::new();
    for d in demands {
        match d {
            Demand::Fn(name) => asked.extend(index.fns.files_by_key(*name)),
            Demand::FnNorm(key) => asked.extend(index.fns_norm.files_by_key(*key)),
            Demand::Type(name) => asked.extend(index.types.files_by_key(*name)),
            Demand::TypeNorm(key) => asked.extend(index.types_norm.files_by_key(*key)),
            Demand::Method { name, self_ty } => asked.extend(
                index
                    .fns
                    .files_by_key(*name)
                    .filter(|&i| pass.scans[i].may_impl(*self_ty)),
            ),
            Demand::Body(file) => asked.extend(pass.position.get(file).copied()),
        }
    }
    for i in asked {
        pass.guessed[i] = false;
    }
}

/// The files not yet read as far as linking asked (each is then read whole).
fn wanted(demands: &HashSet<Demand>, pass: &RustPass) -> Vec<(usize, Depth)> {
    let index = &pass.index;
    let mut out = BTreeSet::new();
    for d in demands {
        match d {
            Demand::Fn(name) => out.extend(pass.open(index.fns.files_by_key(*name))),
            Demand::FnNorm(key) => out.extend(pass.open(index.fns_norm.files_by_key(*key))),
            Demand::Type(name) => out.extend(pass.open(index.types.files_by_key(*name))),
            Demand::TypeNorm(key) => out.extend(pass.open(index.types_norm.files_by_key(*key))),
            // A method of `Ty` is in a file with an `impl` header naming `Ty`.
            Demand::Method { name, self_ty } => out.extend(
                pass.open(index.fns.files_by_key(*name))
                    .into_iter()
                    .filter(|&i| pass.scans[i].may_impl(*self_ty)),
            ),
            Demand::Body(file) => {
                if let Some(&i) = pass.position.get(file)
                    && pass.read[i] == Some(Depth::Signatures)
                {
                    out.insert(i);
                }
            }
        }
    }
    out.into_iter().map(|i| (i, Depth::Bodies)).collect()
}

/// The files `include_str!` names, read so the text they include is a known value: only a
/// regular file (no link at the last step) whose real path lies inside the package's, read
/// with the size limit of any source. A pull request chooses these paths: one that leaves
/// the package (`../../etc/passwd`, an absolute path, a link out) is not read, and the
/// macro's value stays unknown.
fn included(
    project: &Project,
    files: &[FileId],
    scans: &[scan::FileScan],
    root: &std::path::Path,
    max_bytes: u64,
    consts: &mut scan::Consts,
) {
    let Ok(root) = crate::source::real_path(root) else {
        return;
    };
    for (&id, s) in files.iter().zip(scans) {
        let Some(dir) = project.sources.get(id).path.parent() else {
            continue;
        };
        for path in &s.includes {
            let target = std::path::Path::new(path);
            if target.is_absolute() {
                continue;
            }
            let Ok(real) = crate::source::real_path(&dir.join(target)) else {
                continue;
            };
            if !real.starts_with(&root) {
                continue;
            }
            if let Ok(text) = crate::source::guarded::read_regular_text(&real, max_bytes) {
                consts.include(id, path.clone(), std::sync::Arc::from(text));
            }
        }
    }
}
