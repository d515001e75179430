//! Behaviour analysis that lets each function's behaviour facts, and what else only linking
//! reads of it, go as soon as no contract left to analyse may read them.
//!
//! In linking's last round every function's behaviour facts (its calls, assignments and
//! rejections in order, its comparisons, the failures it empties) were held until every
//! contract had been analysed, beside the links that analysis makes: at 100,000 tools that
//! round is the run's peak, and the behaviour facts a tenth of it (docs/performance.md,
//! session 54). Here contracts are analysed in batches, and after each batch the facts of
//! the functions no later batch may read are released.
//!
//! Which contracts may read a function is bounded by names: an analysis reads a function's
//! body only where it starts (the contract's handler and validator) or where a function it
//! reads calls a function of that name (every callee the analysis resolves is looked up by
//! the name a call, an effect or a swallowed failure records). So the last batch that may
//! read a function is the latest among the batches it starts, and those of the functions
//! calling its name: an over-estimate (a name may resolve to another function of that name,
//! depth and visibility are not counted), which only releases facts later.

use super::behaviour::analyse;
use crate::config::Config;
use crate::contract::{
    Contract, CrateGraph, EffectKind, FnBehaviour, FnBody, FnFacts, FnId, RustCrate, RustLookup,
    RustType, StructFields,
};
use std::collections::HashMap;
use std::sync::Arc;

/// Contracts analysed between two releases: enough for the pool's threads to share, few
/// enough that the facts of a 100,000-tool package go in dozens of steps.
const BATCH: usize = 2048;

/// How a batch's analysis reads the crate between two releases: the view calls the
/// analysis (its second argument) with the crate as the engine's recorder sees it, which
/// keeps the files read on a guess that analysis asks for.
pub type View<'v> = dyn Fn(&RustCrate, &mut dyn FnMut(&dyn RustLookup)) + 'v;

/// [`analyse`] every contract of a round known to be linking's last, releasing each
/// function's behaviour facts once no batch left may read them. The crate's other facts
/// stay (rules and reports read them); of its behaviour, the two flags read through any
/// function of a callee's name stay until [`crate::engine`] drops the rest.
pub fn analyse_releasing(
    config: &Config,
    contracts: &mut [Contract],
    krate: &mut RustCrate,
    view: &View,
) {
    in_batches(config, contracts, krate, view, BATCH);
}

/// [`analyse_releasing`] in batches of `size` contracts.
fn in_batches(
    config: &Config,
    contracts: &mut [Contract],
    krate: &mut RustCrate,
    view: &View,
    size: usize,
) {
    let last = last_readers(contracts, krate, size);
    let mut due: Vec<Vec<FnId>> = vec![Vec::new(); contracts.len().div_ceil(size)];
    let mut unread = Vec::new();
    for (f, l) in last.iter().enumerate() {
        match l {
            Some(b) => due[*b].push(f),
            None => unread.push(f),
        }
    }
    release(krate, &unread);
    for (b, batch) in contracts.chunks_mut(size).enumerate() {
        view(krate, &mut |inner| {
            let watched = Watched {
                inner,
                last: &last,
                batch: b,
            };
            analyse(config, batch, &watched);
        });
        release(krate, &due[b]);
    }
}

/// The last batch whose analysis may read each function's body (`None`: none may).
fn last_readers(contracts: &[Contract], krate: &RustCrate, size: usize) -> Vec<Option<usize>> {
    let mut last: Vec<Option<usize>> = vec![None; krate.fns.len()];
    let mut todo: Vec<FnId> = Vec::new();
    for (i, c) in contracts.iter().enumerate() {
        let Some(rust) = &c.rust else { continue };
        let Some(handler) = rust.handler else {
            continue;
        };
        for f in rust.validator.into_iter().chain([handler]) {
            if last[f] < Some(i / size) {
                last[f] = Some(i / size);
                todo.push(f);
            }
        }
    }
    // What may read a caller may read every function of a name it calls. A value only
    // grows, and at most once per batch: the work is bounded by the batches times the calls.
    let mut by_name: HashMap<&str, usize> = HashMap::new();
    while let Some(h) = todo.pop() {
        let Some(b) = last[h] else { continue };
        for name in callee_names(krate.body(h)) {
            if by_name.get(name).is_some_and(|&seen| seen >= b) {
                continue;
            }
            by_name.insert(name, b);
            for &g in krate.fns_named(name) {
                if last[g] < Some(b) {
                    last[g] = Some(b);
                    todo.push(g);
                }
            }
        }
    }
    last
}

/// The names of the functions a body may call, as analysis looks them up: the last path
/// segment of every call, call effect and swallowed failure's call.
fn callee_names(body: &FnBody) -> impl Iterator<Item = &str> {
    let b = &body.behaviour;
    let calls = body.calls.iter().map(|c| c.callee.as_str());
    let effects = b.effects.iter().filter_map(|e| match &e.kind {
        EffectKind::Call { callee, .. } => Some(callee.as_str()),
        _ => None,
    });
    let swallowed = (b.swallows.iter()).flat_map(|s| [&s.from_call, &s.failed_call]);
    let swallowed = swallowed.filter_map(|c| c.as_deref());
    calls
        .chain(effects)
        .chain(swallowed)
        .map(|c| c.rsplit("::").next().unwrap_or(c))
}

/// Release what only linking reads of `fns` ([`FnBody::end_linking`]: the behaviour facts,
/// the calls whose error is not passed on, every call's arguments and target, the locals
/// bound to calls, the body's own types), keeping the two flags read through any function
/// of a callee's name. In the last round linking has read every body before the first
/// batch, and analysis reads a body's calls (to reach callees) only where it reads its
/// behaviour: once no batch left may read a function, nothing reads these before the
/// engine's own `end_linking` would drop them after the round, to whose end they were held
/// (236 MB at 100,000 tools, docs/performance.md, session 57).
fn release(krate: &mut RustCrate, fns: &[FnId]) {
    for &f in fns {
        if let Some(body) = krate.fns[f].body.as_mut() {
            let (lazy, fails_only_absent) = (body.behaviour.lazy, body.behaviour.fails_only_absent);
            body.end_linking();
            body.behaviour = FnBehaviour {
                lazy,
                fails_only_absent,
                ..FnBehaviour::default()
            };
        }
    }
}

/// The crate as one batch's analysis reads it: a body read past its last reader's batch
/// means the names above missed a way analysis reaches functions (a debug build stops).
struct Watched<'a> {
    inner: &'a dyn RustLookup,
    last: &'a [Option<usize>],
    batch: usize,
}

impl RustLookup for Watched<'_> {
    fn fns(&self) -> &[FnFacts] {
        self.inner.fns()
    }
    fn body(&self, f: FnId) -> &FnBody {
        debug_assert!(
            self.last[f] >= Some(self.batch),
            "the body of {} read after its behaviour was released",
            self.inner.fns()[f].name
        );
        self.inner.body(f)
    }
    fn ty(&self, name: &str) -> Option<&Arc<RustType>> {
        self.inner.ty(name)
    }
    fn types_named(&self, name: &str) -> Vec<&Arc<RustType>> {
        self.inner.types_named(name)
    }
    fn structs_named(&self, name: &str) -> Vec<&StructFields> {
        self.inner.structs_named(name)
    }
    fn crates(&self) -> &CrateGraph {
        self.inner.crates()
    }
    fn types_normed(&self, key: &str) -> Vec<&Arc<RustType>> {
        self.inner.types_normed(key)
    }
    fn fns_named(&self, name: &str) -> &[FnId] {
        self.inner.fns_named(name)
    }
    fn fns_of(&self, name: &str, self_ty: Option<&str>) -> Vec<FnId> {
        self.inner.fns_of(name, self_ty)
    }
    fn fns_normed(&self, key: &str) -> &[FnId] {
        self.inner.fns_normed(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::{Behaviour, LinkKind, RustInput};
    use crate::source::FileId;

    /// Two tools whose handlers write through one shared helper, a third whose handler
    /// reaches a helper by a method name, and a function no tool reaches.
    const SERVER: &str = r#"
pub struct Server { db: std::sync::Mutex<Vec<String>>, hits: std::sync::Mutex<u32> }

impl Server {
    fn remember(&self, item: String) {
        self.db.lock().unwrap().push(item);
    }
    fn count(&self) {
        *self.hits.lock().unwrap() += 1;
    }
    pub fn handle_add(&self, input: AddInput) -> Result<(), String> {
        self.remember(input.item);
        Ok(())
    }
    pub fn handle_count(&self, input: CountInput) -> Result<(), String> {
        self.count();
        Ok(())
    }
    pub fn handle_append(&self, input: AddInput) -> Result<(), String> {
        self.remember(input.item.clone());
        Ok(())
    }
}

fn unused(server: &Server) {
    server.remember(String::new());
}
"#;

    fn contract(name: &str, handler: FnId) -> Contract {
        Contract {
            name: name.into(),
            package: Default::default(),
            decls: Vec::new(),
            http: Vec::new(),
            claims: Vec::new(),
            rust: Some(Box::new(RustInput {
                how: LinkKind::Convention,
                ty: None,
                handler: Some(handler),
                validator: None,
                reached: Vec::new(),
                checks: Vec::new(),
                validated: None,
                converted: Vec::new(),
                passed_to_unknown: Vec::new(),
                remade: None,
                json_to_unknown: Vec::new(),
                past_depth: Vec::new(),
                received: false,
                behaviour: Behaviour::default(),
                output: None,
                fields_read: None,
                keys_read: None,
                decoded_as: Vec::new(),
            })),
            link_notes: Default::default(),
        }
    }

    fn behaviours(contracts: &[Contract]) -> Vec<Behaviour> {
        let rust = contracts.iter().map(|c| c.rust.as_ref().unwrap());
        rust.map(|r| r.behaviour.clone()).collect()
    }

    #[test]
    fn released_in_batches_the_steps_are_those_of_one_analysis() {
        let facts = crate::extract::rust::extract(FileId(0), SERVER).unwrap();
        let krate = RustCrate {
            fns: facts.fns,
            ..RustCrate::default()
        };
        let id = |name: &str| krate.fns.iter().position(|f| f.name == name).unwrap();
        // The helper's second reader is in the last batch: its facts must outlive the first.
        let tools = [("add", "handle_add"), ("count", "handle_count")];
        let tools = tools.iter().chain([&("append", "handle_append")]);
        let contracts: Vec<Contract> = tools.map(|(t, h)| contract(t, id(h))).collect();
        let config = Config::default();

        let mut whole = contracts.clone();
        analyse(&config, &mut whole, &krate);
        let steps = behaviours(&whole);
        assert!(
            steps.iter().all(|b| !b.steps.is_empty()),
            "every handler writes: {steps:?}"
        );

        let mut released = krate.clone();
        let mut batched = contracts;
        let view: &View = &|k, analyse| analyse(k);
        in_batches(&config, &mut batched, &mut released, view, 1);
        assert_eq!(behaviours(&batched), steps);
        let effects = |k: &RustCrate, f: &str| k.body(id(f)).behaviour.effects.len();
        assert!(effects(&krate, "remember") > 0 && effects(&krate, "unused") > 0);
        for f in ["remember", "count", "handle_add", "handle_append", "unused"] {
            assert_eq!(effects(&released, f), 0, "{f} is released");
            // What only linking reads goes with the behaviour facts, as the engine's
            // `end_linking` would take it: nothing is left to read it.
            let mut ended = krate.body(id(f)).clone();
            ended.end_linking();
            let body = released.body(id(f));
            assert_eq!(body.calls, ended.calls, "{f}'s calls");
            assert!(body.calls.iter().all(|c| c.args.is_empty()));
            assert_eq!(body.results, ended.results);
        }
        let last = last_readers(&batched, &krate, 1);
        assert_eq!(last[id("remember")], Some(2));
        assert_eq!(last[id("count")], Some(1));
        assert_eq!(last[id("unused")], None);
    }
}
