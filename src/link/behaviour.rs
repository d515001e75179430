//! Each tool's behaviour: the handler's effects flattened along the crate functions it calls
//! (bounded depth, callees resolved by name and, where syn shows it, receiver type), with
//! calls classified as validation, reads and writes; the comparisons its code makes
//! between data and input properties; and the failures it turns into empty results.

use super::rust_side::{Binding, reach};
use crate::config::{Config, EffectNames};
use crate::contract::{
    Arg, Behaviour, CallPlace, Contract, DataComparison, EffectKind, FnId, Receiver, RustInput,
    RustLookup, Step, StepKind, TypeHint, WriteKind,
};
use crate::source::Span;

/// A call's place when nothing is known of it (see [`CallPlace::boxed`]).
static NO_PLACE: CallPlace = CallPlace::NONE;
use rayon::prelude::*;
use std::collections::HashMap;

/// How deep calls are followed from the handler.
const MAX_DEPTH: usize = 4;

/// Collection mutators: a write when the collection is shared state.
const MUTATORS: &[&str] = &[
    "push",
    "push_back",
    "push_front",
    "insert",
    "extend",
    "append",
    "remove",
    "swap_remove",
    "clear",
    "retain",
    "truncate",
    "drain",
    "pop",
    "pop_back",
    "pop_front",
    "entry",
    "set",
    "store",
];

/// Bookkeeping: an atomic counter handing out request ids, a metric, a log line. Nothing a
/// later call observes as the tool's doing, so never a write; `read-methods` in the
/// configuration extends the list.
const BOOKKEEPING: &[&str] = &[
    "fetch_add",
    "fetch_sub",
    "fetch_max",
    "fetch_min",
    "fetch_update",
    "inc",
    "inc_by",
    "observe",
];

/// Persistence and messaging verbs: a write when called on shared state or a handle to it.
const VERBS: &[&str] = &[
    "insert",
    "insert_one",
    "insert_many",
    "update",
    "update_one",
    "update_many",
    "upsert",
    "delete",
    "delete_one",
    "delete_many",
    "save",
    "persist",
    "commit",
    "reserve",
    "place",
    "place_order",
    "send",
    "publish",
    "put",
    "put_item",
    "write_all",
];

/// Calls that only get at shared state (a guard, a reference): not reads of their own.
const PLUMBING: &[&str] = &[
    "lock",
    "try_lock",
    "read",
    "write",
    "borrow",
    "borrow_mut",
    "unwrap",
    "expect",
    "clone",
    "as_ref",
    "as_deref",
    "iter",
    "get_mut",
];

/// HTTP client methods that change state on the server by what the method means. A POST
/// does whatever its endpoint does, and many APIs take queries by POST (search, GraphQL,
/// JSON-RPC, `/info`): it is not a write this code proves.
const HTTP: &[&str] = &["put", "patch", "delete"];

struct Names<'a> {
    config: &'a EffectNames,
}

impl Names<'_> {
    fn read(&self, name: &str) -> bool {
        BOOKKEEPING.contains(&name) || self.config.read_methods.iter().any(|n| n == name)
    }

    fn mutator(&self, name: &str) -> bool {
        !self.read(name) && MUTATORS.contains(&name)
    }

    fn verb(&self, name: &str) -> bool {
        !self.read(name)
            && (VERBS.contains(&name) || self.config.write_methods.iter().any(|n| n == name))
    }

    /// Named a write in `contractlint.toml`: wins over what a crate function of that name does.
    fn configured(&self, name: &str) -> bool {
        self.config.write_methods.iter().any(|n| n == name)
    }

    fn http(&self, name: &str) -> bool {
        !self.read(name) && HTTP.contains(&name)
    }
}

/// Fill `RustInput::behaviour` of every contract whose handler was linked.
pub fn analyse(config: &Config, contracts: &mut [Contract], krate: &dyn RustLookup) {
    let names = Names {
        config: &config.effects,
    };
    // Each contract on its own, from the crate's facts alone: in parallel.
    let chunks = contracts
        .par_iter_mut()
        .with_min_len(super::rust_side::PARALLEL_CHUNK);
    chunks.for_each(|c| {
        let Some(rust) = c.rust.as_mut() else {
            return;
        };
        let Some(handler) = rust.handler else {
            return;
        };
        let input = rust.ty.as_ref().map(|t| t.name.as_str());
        let start: Vec<FnId> = rust.validator.into_iter().chain([handler]).collect();
        let reached = reach(krate, input, &start, &c.name);
        let mut cx = Cx {
            krate,
            rust,
            names: &names,
            bound: HashMap::new(),
            tool: &c.name,
        };
        for (f, bindings) in &reached {
            cx.bound
                .entry(*f)
                .or_default()
                .extend(bindings.iter().cloned());
        }
        let mut b = Behaviour::default();
        let mut walk = Walk {
            stack: vec![handler],
            visited: Vec::new(),
            answering: vec![handler],
            entered: 0,
            calls: Vec::new(),
            ran: Vec::new(),
        };
        flatten(&cx, handler, None, true, &[], &mut walk, &mut b.steps);
        swallows(krate, rust, &cx.bound, &walk, &c.name, &mut b);
        b.comparisons = comparisons(krate, rust, &reached, &c.name);
        // Grown by pushes and kept by the contract to the end of the run: no spare capacity.
        b.steps.shrink_to_fit();
        rust.behaviour = b;
    });
}

/// The wire name of an input field, by its Rust name.
fn wire(rust: &RustInput, field: &str) -> Option<String> {
    let t = rust.ty.as_ref()?;
    t.field_by_rust_name(field)
        .or_else(|| t.field_by_wire_name(field))
        .map(|f| f.wire_name.clone())
}

/// Crate functions a call may run.
fn resolve(
    cx: &Cx,
    callee: &str,
    method: bool,
    receiver_ty: Option<&str>,
    module: Option<&str>,
    hint: Option<&TypeHint>,
    caller: FnId,
) -> Vec<FnId> {
    let krate = cx.krate;
    let caller_ty = krate.fns()[caller].self_ty.as_deref();
    // Through the crate's lookups, which record what they were asked (see `on_demand`).
    let targets = match (method, receiver_ty) {
        (true, Some(t)) => krate.fns_of(callee, Some(t)),
        // A receiver of unknown type: the callee is unknown too, however few methods of
        // that name the crate has; through a trait, it is any implementation's.
        (true, None) => return super::resolve::through_trait(krate, caller, callee, hint),
        (false, Some("Self")) => krate.fns_of(callee, caller_ty),
        (false, None) if module.is_some() => super::resolve::in_module(
            krate,
            krate.fns_of(callee, None),
            module.unwrap_or_default(),
        ),
        (false, None) => {
            super::resolve::own_module_first(krate, caller, krate.fns_of(callee, None))
        }
        (false, t) => krate.fns_of(callee, t),
    };
    super::resolve::visible(krate, caller, method, targets)
}

/// What flattening one tool's handler needs to know.
struct Cx<'a> {
    krate: &'a dyn RustLookup,
    rust: &'a RustInput,
    names: &'a Names<'a>,
    /// For each function that receives the input, which of its parameters hold it.
    bound: HashMap<FnId, Vec<(String, Binding)>>,
    /// The tool: a dispatcher's arms for other tools are not its behaviour.
    tool: &'a str,
}

/// The calls being followed, and every function entered.
struct Walk {
    stack: Vec<FnId>,
    visited: Vec<FnId>,
    /// The entered functions whose answer is the tool's: the handler, and each one called
    /// where an answering function answers with the call's value.
    answering: Vec<FnId>,
    /// Functions entered so far: common names resolve to many candidates, so the walk has
    /// a budget besides its depth.
    entered: usize,
    /// The calls being followed, each with the function it is made in.
    calls: Vec<(FnId, Span)>,
    /// The swallows some visit of their function runs: one in an arm of a variant no caller
    /// passes never does.
    ran: Vec<(FnId, Span)>,
}

/// At most this many function bodies are followed per tool.
const MAX_ENTERED: usize = 2_000;

/// What a receiver is inside a callee: `self` is shared state only if the callee was called
/// on shared state, and a `&mut` parameter of a callee is whatever its caller passed.
fn effective(receiver: Receiver, in_callee: bool, self_shared: bool) -> Receiver {
    match receiver {
        Receiver::SelfRef | Receiver::SelfField if !self_shared => Receiver::Local,
        Receiver::MutParam if in_callee => Receiver::Local,
        r => r,
    }
}

/// State kept for memoisation (a field named like a cache), a client's transport (its
/// connection slot, the requests in flight on it), or a record of the calls themselves (an
/// audit trail, a log, metrics): not a change the user sees as the tool's effect.
fn cache(field: &Option<String>) -> bool {
    field.as_deref().is_some_and(|f| {
        let f = f.to_ascii_lowercase();
        f.contains("cache")
            || f.contains("memo")
            || matches!(
                f.as_str(),
                "conn" | "connection" | "pending" | "in_flight" | "inflight" | "pending_requests"
            )
            || crate::contract::call_record(&f)
    })
}

/// Expiry housekeeping (`evict_expired`, `purge_expired_sessions`): what it removes goes on
/// any call, valid or not, so it is not a write the request makes.
fn housekeeping(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    name.starts_with("evict") || name.contains("expired")
}

/// A constructor the input does not reach (`Store::open(path)`, an associated function
/// returning its own type): it makes the handle the tool then acts through, and what it
/// writes on the way (a migration, a backfill) sets the storage up the same on every call,
/// valid or not, any tool's. Not the tool's effect.
fn setup(cx: &Cx, t: FnId) -> bool {
    let g = &cx.krate.fns()[t];
    g.returns_self
        && !g.takes_self
        && !cx
            .bound
            .get(&t)
            .is_some_and(|b| b.iter().any(|(_, b)| !matches!(b, Binding::Literal(..))))
}

/// The steps of `f`, with `at` the call in the handler that leads there; `self_shared`
/// when `f` was called on shared state (or is the handler).
fn flatten(
    cx: &Cx,
    f: FnId,
    at: Option<Span>,
    self_shared: bool,
    passed: &[Arg],
    walk: &mut Walk,
    out: &mut Vec<Step>,
) {
    let (krate, rust, names, bound) = (cx.krate, cx.rust, cx.names, &cx.bound);
    if !walk.visited.contains(&f) {
        walk.visited.push(f);
    }
    let validator = rust.validator;
    let trail = walk.calls.clone();
    let body = krate.body(f);
    // Arms the tool never runs: a dispatcher's other tools', a variant the caller does not
    // pass.
    let skipped = |at: Span| {
        body.outside_arm(at, cx.tool)
            || body
                .behaviour
                .variant_arms
                .iter()
                .any(|v| v.skipped(at, passed))
    };
    for s in &body.behaviour.swallows {
        if !skipped(s.span) && !walk.ran.contains(&(f, s.span)) {
            walk.ran.push((f, s.span));
        }
    }
    for e in &body.behaviour.effects {
        if skipped(e.span) {
            continue;
        }
        let span = at.unwrap_or(e.span);
        let step = |kind| Step {
            kind,
            span,
            origin: e.span,
            trail: trail.iter().copied().chain([(f, e.span)]).collect(),
        };
        match &e.kind {
            EffectKind::ValidateMethod => out.push(step(StepKind::Validate {
                what: "`.validate()`".into(),
                property: None,
            })),
            EffectKind::Reject { roots, fields, via }
                if bound.get(&f).is_some_and(|b| {
                    // A request holds the input only in its arguments: `match req.name`
                    // picks a tool, it checks nothing of the input.
                    b.iter().any(|(n, b)| {
                        roots.contains(n)
                            && match b {
                                Binding::Envelope(at) => fields.contains(at),
                                _ => true,
                            }
                    })
                }) && via.is_none_or(|at| {
                    let input = rust.ty.as_ref().map(|t| t.name.as_str());
                    super::rust_side::call_rejects(krate, f, at, input, MAX_DEPTH)
                }) =>
            {
                let property = fields.iter().find_map(|f| wire(rust, f));
                let what = match &property {
                    Some(p) => format!("the check on `{p}`"),
                    None => "a check on the input".into(),
                };
                out.push(step(StepKind::Validate { what, property }))
            }
            EffectKind::Reject { .. } => {}
            // An UPDATE of when or how often rows were used only is a read's bookkeeping.
            EffectKind::SqlWrite { set, .. }
                if !set.is_empty() && set.iter().all(|c| crate::contract::access_record(c)) => {}
            EffectKind::SqlWrite { statement, .. } => out.push(step(StepKind::Write {
                what: format!("an SQL {statement}"),
                kind: WriteKind::Sql,
            })),
            EffectKind::Assign {
                receiver,
                field,
                member,
                fills_empty,
            } => {
                // Filling an empty slot with what the input did not give is a memo.
                let memo = fills_empty.as_ref().is_some_and(|roots| {
                    !bound
                        .get(&f)
                        .is_some_and(|b| b.iter().any(|(n, _)| roots.contains(n)))
                });
                if effective(*receiver, at.is_some(), self_shared).shared()
                    && !cache(field)
                    && !member
                        .as_deref()
                        .is_some_and(crate::contract::access_record)
                    && !memo
                {
                    out.push(step(StepKind::Write {
                        what: "an assignment to shared state".into(),
                        kind: WriteKind::Assign,
                    }))
                }
            }
            EffectKind::Call {
                callee,
                method,
                receiver,
                place,
                fills_missing,
                opaque,
                args,
                via_param,
            } => {
                let CallPlace {
                    receiver_ty,
                    module,
                    receiver_hint,
                    field,
                } = place.as_deref().unwrap_or(&NO_PLACE);
                // What this call passes, with the caller's own parameters replaced by what
                // was passed for them.
                let given = |a: &Arg| match a {
                    Arg::Param(p) => passed.get(*p).copied().unwrap_or(Arg::Other),
                    a => *a,
                };
                let args: Vec<Arg> = args.iter().map(given).collect();
                // State reached through a parameter its caller made fresh is the call's own.
                let scratch = via_param.is_some_and(|p| passed.get(p) == Some(&Arg::Fresh));
                let keyed_by_call_id = args.first() == Some(&Arg::Minted);
                // A plain field reached through `&self` cannot call a `&mut self` method:
                // such a candidate is another type's method of the same name.
                let through_ref =
                    *method && *receiver == Receiver::SelfField && krate.fns()[f].shared_self;
                let receiver = &if scratch {
                    Receiver::Local
                } else {
                    effective(*receiver, at.is_some(), self_shared)
                };
                let ty = match (receiver, receiver_ty) {
                    (Receiver::SelfRef, None) => krate.fns()[f].self_ty.clone(),
                    // `self.store.save(..)`, `self.cart.lock()?.add(..)`, a local that
                    // `Client::new(..)` made: read where the hint says.
                    (_, None) => receiver_hint
                        .as_ref()
                        .and_then(|h| super::resolve::hinted(krate, f, h))
                        .map(String::from),
                    (_, t) => t.clone(),
                };
                // A receiver of unknown type: the callee is unknown too. So is a method of
                // a constant or static whose type is not known (`URL_SAFE_NO_PAD.decode(..)`,
                // a base64 engine, is not the crate's one `decode`).
                let unknown_global = *receiver == Receiver::Global && ty.is_none();
                let mut targets = if (*opaque || unknown_global) && ty.is_none() {
                    Vec::new()
                } else {
                    resolve(
                        cx,
                        callee,
                        *method,
                        ty.as_deref(),
                        module.as_deref(),
                        receiver_hint.as_ref(),
                        f,
                    )
                };
                if through_ref {
                    targets.retain(|t| !krate.fns()[*t].mut_self);
                }
                if validator.is_some_and(|v| targets.contains(&v)) {
                    out.push(step(StepKind::Validate {
                        what: format!("the validator `{callee}`"),
                        property: None,
                    }));
                    continue;
                }
                let what = format!("`{callee}`");
                let write = |kind| StepKind::Write {
                    what: what.clone(),
                    kind,
                };
                if names.read(callee) || cache(field) {
                    continue;
                }
                if *method && receiver.shared() && names.configured(callee) {
                    out.push(step(write(WriteKind::Verb)));
                    continue;
                }
                if *method && receiver.shared() && targets.iter().any(|t| krate.fns()[*t].mut_self)
                {
                    out.push(step(write(WriteKind::MutMethod)));
                    continue;
                }
                if !targets.is_empty() {
                    if *method && receiver.shared() && at.is_none() {
                        out.push(step(StepKind::Read { what: what.clone() }));
                    }
                    if walk.stack.len() <= MAX_DEPTH {
                        for t in targets {
                            if walk.stack.contains(&t)
                                || walk.entered >= MAX_ENTERED
                                || housekeeping(&krate.fns()[t].name)
                                || krate.body(t).behaviour.lazy
                                || setup(cx, t)
                            {
                                continue;
                            }
                            walk.entered += 1;
                            if walk.answering.contains(&f)
                                && krate.body(f).behaviour.answers.contains(&e.span)
                                && !walk.answering.contains(&t)
                            {
                                walk.answering.push(t);
                            }
                            walk.stack.push(t);
                            walk.calls.push((f, e.span));
                            let callee_self = if *method {
                                receiver.shared()
                            } else {
                                self_shared
                            };
                            flatten(cx, t, Some(span), callee_self, &args, walk, out);
                            walk.calls.pop();
                            walk.stack.pop();
                        }
                    }
                    continue;
                }
                if !*method {
                    continue;
                }
                let kind = if *fills_missing {
                    None
                } else if names.http(callee) && (callee != "delete" || !receiver.shared()) {
                    Some(WriteKind::Http)
                } else if names.mutator(callee)
                    && !keyed_by_call_id
                    && matches!(
                        receiver,
                        Receiver::Guard
                            | Receiver::SelfField
                            | Receiver::MutParam
                            | Receiver::Global
                    )
                {
                    Some(WriteKind::Mutator)
                } else if names.verb(callee) && receiver.shared() {
                    Some(WriteKind::Verb)
                } else {
                    None
                };
                match kind {
                    Some(WriteKind::Http) => out.push(step(StepKind::Write {
                        what: format!("an HTTP {}", callee.to_ascii_uppercase()),
                        kind: WriteKind::Http,
                    })),
                    Some(k) => out.push(step(write(k))),
                    None if at.is_none()
                        && !PLUMBING.contains(&callee.as_str())
                        && matches!(
                            receiver,
                            Receiver::SelfField | Receiver::Guard | Receiver::Handle
                        ) =>
                    {
                        out.push(step(StepKind::Read { what }))
                    }
                    None => {}
                }
            }
        }
    }
}

/// Failures turned into empty results that the tool answers with, in the functions the
/// handler runs; a failure read from a call counts when that call is a crate function
/// returning `Result` (of something other than its own type), a lookup that found nothing when the value looked up is an input
/// property.
fn swallows(
    krate: &dyn RustLookup,
    rust: &RustInput,
    bound: &HashMap<FnId, Vec<(String, Binding)>>,
    walk: &Walk,
    tool: &str,
    b: &mut Behaviour,
) {
    for f in &walk.visited {
        for s in &krate.body(*f).behaviour.swallows {
            // What is not the tool's answer reads as no "nothing found": a lookup table,
            // a fallback, a log line.
            // A constructor (`fn load(..) -> Self`) that falls back to a default answers
            // with a default object, its settings or state, not with nothing found.
            if krate.body(*f).outside_arm(s.span, tool)
                || krate.fns()[*f].returns_self
                || !s.answers
                || s.surfaced
                || !walk.answering.contains(f)
                || !walk.ran.contains(&(*f, s.span))
            {
                continue;
            }
            let mut s = s.clone();
            if let Some(path) = &s.missed {
                s.property = missed_property(rust, bound.get(f), path);
                if s.property.is_none() {
                    continue;
                }
            }
            let counts = !s.in_error_exit
                && !s
                    .failed_call
                    .as_deref()
                    .is_some_and(|c| only_absent(krate, *f, c))
                && match &s.from_call {
                    None => true,
                    // A constructor that fails (`Config::load(&root)`) falls back to a
                    // default object, not to an answer with nothing in it; a lookup whose
                    // only failure is "not there" gives nothing because nothing is there.
                    Some(callee) => named_callees(krate, *f, callee).into_iter().any(|id| {
                        let g = &krate.fns()[id];
                        (g.returns.starts_with("Result") || g.returns.contains("::Result<"))
                            && !g.returns_self
                            && !krate.body(id).behaviour.fails_only_absent
                    }),
                };
            if counts && !b.swallows.iter().any(|x| x.span == s.span) {
                b.swallows.push(s);
            }
        }
    }
}

/// The crate functions a call named `callee` (as a swallow records it) made in `f` may run:
/// `serde_json::from_str` is a function of that module, never the crate's own `from_str`;
/// a bare name is the caller's module's function when it has one.
fn named_callees(krate: &dyn RustLookup, f: FnId, callee: &str) -> Vec<FnId> {
    // A path from the crate's root or the caller's module names one function or none.
    if ["crate::", "self::", "super::"]
        .iter()
        .any(|p| callee.starts_with(p))
    {
        return super::resolve::fn_path(krate, krate.fns()[f].span.file, callee)
            .into_iter()
            .collect();
    }
    let (module, name) = match callee.rsplit_once("::") {
        Some((m, n)) => (Some(m), n),
        None => (None, callee),
    };
    let named = krate.fns_named(name).to_vec();
    let named = match module {
        Some(m) => super::resolve::in_module(krate, named, m),
        None => super::resolve::own_module_first(krate, f, named),
    };
    super::resolve::visible(krate, f, false, named)
}

/// Whether the crate functions a call of `callee` made in `f` may run are known, and each
/// fails only when something it looks up is not there (`FnBehaviour::fails_only_absent`).
fn only_absent(krate: &dyn RustLookup, f: FnId, callee: &str) -> bool {
    let named = named_callees(krate, f, callee);
    !named.is_empty()
        && named
            .iter()
            .all(|&g| krate.body(g).behaviour.fails_only_absent)
}

/// The input property a value read as `path` (root then fields) is, through what the
/// function's parameters are bound to on the way from the handler.
fn missed_property(
    rust: &RustInput,
    bindings: Option<&Vec<(String, Binding)>>,
    path: &[String],
) -> Option<String> {
    let (root, fields) = path.split_first()?;
    let bound = &bindings?.iter().find(|(n, _)| n == root)?.1;
    match (bound, fields) {
        (Binding::Property(p), []) => Some(p.clone()),
        (Binding::Input, [field, ..]) => wire(rust, field).or_else(|| {
            // A map read by key: the key is the wire name.
            rust.ty.is_none().then(|| field.clone())
        }),
        _ => None,
    }
}

/// Comparisons between an input property and a value that is not input.
fn comparisons(
    krate: &dyn RustLookup,
    rust: &RustInput,
    reached: &[(FnId, Vec<(String, Binding)>)],
    tool: &str,
) -> Vec<DataComparison> {
    let mut out: Vec<DataComparison> = Vec::new();
    for (f, bindings) in reached {
        // The property a path names, when its root holds the input (Rust name → wire name).
        let property = |path: &[String]| -> Option<String> {
            let (_, b) = bindings.iter().find(|(n, _)| *n == path[0])?;
            let rust_name = match b {
                Binding::Input => path.get(1)?.clone(),
                Binding::Property(p) if path.len() == 1 => p.clone(),
                // `req.arguments["sku"]`: the key after the request's arguments field.
                Binding::Envelope(at) if path.get(1) == Some(at) => path.get(2)?.clone(),
                Binding::Property(_)
                | Binding::Literal(..)
                | Binding::Envelope(_)
                | Binding::Record(_) => return None,
            };
            Some(match rust.ty.as_ref() {
                Some(t) => t
                    .field_by_rust_name(&rust_name)
                    .or_else(|| t.field_by_wire_name(&rust_name))?
                    .wire_name
                    .clone(),
                None => rust_name,
            })
        };
        for c in &krate.body(*f).behaviour.comparisons {
            if krate.body(*f).outside_arm(c.span, tool) {
                continue;
            }
            let (data, prop, op) = match (property(&c.left.path), property(&c.right.path)) {
                (None, Some(p)) => (&c.left, p, c.op),
                (Some(p), None) => (&c.right, p, c.op.flip()),
                _ => continue,
            };
            let Some(name) = data
                .path
                .last()
                .filter(|_| data.path.len() > 1 || data.defaulted.is_some())
            else {
                continue;
            };
            // A field read straight off an element of a record list the code writes out.
            let records = data
                .element_of
                .as_ref()
                .filter(|_| data.path.len() == 2)
                .and_then(|list| {
                    let body = krate.body(*f);
                    body.behaviour.records.iter().find(|r| r.name == *list)
                })
                .cloned();
            let d = DataComparison {
                property: prop,
                data: name.clone(),
                data_span: data.span,
                defaulted: data.defaulted.clone(),
                op,
                records,
                span: c.span,
            };
            if !out.contains(&d) {
                out.push(d);
            }
        }
    }
    out
}
