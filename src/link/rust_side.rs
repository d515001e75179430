//! Link tools to their Rust side: SDK declarations (rmcp, rust-mcp-sdk), `[[tool]]`
//! mappings, then naming conventions; then follow the handler and validator into the crate
//! functions they call and translate their facts into checks on the tool's properties.

use super::effective;
use crate::config::Config;
use crate::contract::names::SUFFIXES;
use crate::contract::rust::result_parts;
use crate::contract::{
    CallArg, Check, ClosedSet, CodeFact, CodeFactKind, Contract, Dialect, FnId, Form, LinkKind,
    LinkNotes, McpHeader, Origin, Others, Outcome, RustField, RustInput, RustLookup, RustTool,
    RustTy, RustType, SchemaFacts, SpecFacts, TRAIT_INPUT_TYPES, ToolDecl, Tried, TypeHint,
    ValueRef, nested, norm,
};
use crate::source::{Span, Spanned};
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// Contracts linked on one thread at a time (see [`link`]).
pub(crate) const PARALLEL_CHUNK: usize = 64;

/// How deep calls are followed from the handler and validator.
const MAX_DEPTH: usize = 4;

/// Declarations of one tool: by origin, then where they are written.
fn decl_order(d: &ToolDecl) -> (Origin, Span) {
    (d.origin, d.name_span)
}

/// Give `contracts` (sorted by name, as [`crate::link::link`] makes them) what [`link`]
/// and [`crate::link::behaviour::analyse`] gave `probe`: copies of the same contracts without
/// declarations, which linking never reads. The Rust declarations it added are merged into
/// each contract's own, in the order linking would have put them; contracts it added are
/// taken whole.
pub fn adopt(contracts: &mut Vec<Contract>, mut probe: Vec<Contract>) {
    // Into the probe's own vector, each contract moved into its place: collecting a third
    // vector held three lists of every contract at once.
    let mut own = std::mem::take(contracts).into_iter().peekable();
    for p in &mut probe {
        if let Some(mut c) = own.next_if(|c| c.name == p.name) {
            if !p.decls.is_empty() {
                c.decls.append(&mut p.decls);
                c.decls.sort_by_key(decl_order);
            }
            c.rust = p.rust.take();
            c.link_notes = std::mem::take(&mut p.link_notes);
            *p = c;
        }
    }
    debug_assert!(own.peek().is_none(), "linking keeps every contract");
    probe.extend(own);
    *contracts = probe;
}

/// The `x-mcp-header`s a derived schema publishes: the input type's fields that add one
/// through schemars (`extend`), typed as the derived schema types them. Fields of nested
/// types are not read.
fn field_headers(ty: &RustType, schema: &SchemaFacts) -> Option<Box<SpecFacts>> {
    let props = schema.root.object.as_deref();
    let headers = ty
        .fields
        .iter()
        .filter(|f| !f.flatten)
        .filter_map(|f| {
            let h = f.mcp_header.as_ref()?;
            let types = props
                .and_then(|o| o.property(&f.wire_name))
                .and_then(|p| p.schema.types.as_ref())
                .map(|t| t.value.iter().map(|t| t.as_str().to_string()).collect())
                .unwrap_or_default();
            Some(McpHeader {
                value: h.value.clone(),
                span: h.span,
                at: f.wire_name.clone(),
                types,
                reachable: true,
            })
        })
        .collect();
    let facts = SpecFacts {
        headers,
        ..SpecFacts::default()
    };
    (!facts.is_empty()).then(|| Box::new(facts))
}

/// Attach the Rust side to `contracts`, adding contracts for tools declared only in Rust.
pub fn link(
    config: &Config,
    contracts: &mut Vec<Contract>,
    krate: &dyn RustLookup,
    tools: &[RustTool],
) {
    // A tool's arms, the server's dispatcher first: the function whose `match` names the
    // most declared tools (a benchmark or a planner matches a few of them too), and of two
    // that name as many, arms that hand the call's arguments on (a help text picked by the
    // tool's name does not).
    let declared_names: HashSet<&str> = tools
        .iter()
        .filter(|t| t.form != Form::Dispatch)
        .map(|t| t.name.value.as_str())
        .collect();
    let mut named: HashMap<Span, HashSet<&str>> = HashMap::new();
    for t in tools.iter().filter(|t| t.form == Form::Dispatch) {
        if let Some(d) = t.dispatcher
            && declared_names.contains(t.name.value.as_str())
        {
            named.entry(d).or_default().insert(t.name.value.as_str());
        }
    }
    let reach = |t: &&RustTool| {
        t.dispatcher
            .and_then(|d| named.get(&d))
            .map_or(0, HashSet::len)
    };
    // A match on a value not named as a name picks tools only where its arms name two of
    // them, or every one of a server's tools with an arm handing on the call's arguments.
    let picks_tools = |t: &&RustTool| {
        let r = reach(t);
        r >= 2 || (r == declared_names.len() && t.hands_on)
    };
    let mut dispatch: HashMap<&str, Vec<&RustTool>> = HashMap::new();
    for t in tools.iter().filter(|t| t.form == Form::Dispatch) {
        if !t.by_arms_alone || picks_tools(&t) {
            dispatch.entry(t.name.value.as_str()).or_default().push(t);
        }
    }
    for arms in dispatch.values_mut() {
        arms.sort_by_key(|t| std::cmp::Reverse((reach(t), t.hands_on)));
    }
    let declared = tools.iter().filter(|t| {
        matches!(
            t.form,
            Form::Attribute | Form::Derive | Form::Trait | Form::Value
        )
    });
    // The tools each type builds: a method of the type named like one of them is that tool's
    // own (a router's `execute` tool beside its `query` tool), no run method of the others.
    let mut built_by: HashMap<&str, HashSet<&str>> = HashMap::new();
    for t in declared.clone() {
        if let Some(o) = t.owner.as_deref() {
            built_by.entry(o).or_default().insert(t.name.value.as_str());
        }
    }
    // Each name's first contract, as a scan from the start finds it: a scan per Rust tool
    // was quadratic in the tools.
    let mut at: HashMap<String, usize> = HashMap::new();
    if declared.clone().next().is_some() {
        for (i, c) in contracts.iter().enumerate() {
            at.entry(c.name.clone()).or_insert(i);
        }
    }
    for t in declared {
        let ty = t
            .input
            .as_deref()
            .and_then(|n| super::resolve::ty_path(krate, t.name.span.file, n))
            .cloned();
        let derived = ty.as_ref().filter(|_| t.schema.is_none()).map(|ty| {
            // schemars output (rmcp's attribute, `schema_for!`, trait registries) carries
            // `$schema`, unless the code publishes schemars 0.8's `.schema` of it;
            // rust-mcp-sdk's own derive does not, and differs in what it requires.
            let by = match t.form {
                Form::Derive => effective::Writer::McpToolDerive,
                Form::Attribute if t.handler.is_none() => effective::Writer::RustMcpSdk,
                _ => effective::Writer::Schemars,
            };
            let rmcp = by == effective::Writer::Schemars;
            let (root, value) = effective::derive(krate, ty, by);
            SchemaFacts {
                span: ty.span,
                dialect: Dialect::Draft2020_12,
                declared_dialect: (rmcp && !t.dialect_dropped).then(|| {
                    Spanned::new(
                        "https://json-schema.org/draft/2020-12/schema".to_string(),
                        t.name.span,
                    )
                }),
                draft_keyword: None,
                root,
                written: crate::contract::Written::Value(Box::new(value)),
                problems: Vec::new(),
            }
        });
        let origin = match t.schema {
            Some(_) => Origin::RustValue,
            None => Origin::Rust,
        };
        let spec = match (&derived, &ty) {
            (Some(d), Some(ty)) => {
                // The headers are read from the fields; an `output_schema` from the attribute.
                let output = t.spec.as_ref().and_then(|s| s.output_schema);
                let mut facts = field_headers(ty, d).map_or_else(SpecFacts::default, |b| *b);
                facts.output_schema = facts.output_schema.or(output);
                (!facts.is_empty()).then(|| Box::new(facts))
            }
            _ => t.spec.clone(),
        };
        let schema = t.schema.clone().or(derived);
        let decl = ToolDecl {
            name: t.name.value.clone(),
            name_span: t.name.span,
            origin,
            description: t.description.clone(),
            annotations: t.annotations.clone(),
            schema,
            requests: Vec::new(),
            code: None,
            spec,
            readings: Vec::new(),
        };
        let decoders = match &t.handler {
            Some(_) => Vec::new(),
            None => owner_decoders(krate, t.name.span.file, t.owner.as_deref(), ty.as_deref()),
        };
        let handler = match &t.handler {
            Some((name, self_ty)) => krate.fns_of(name, self_ty.as_deref()).first().copied(),
            None => registered(krate, dispatch.get(t.name.value.as_str()))
                .or_else(|| {
                    let own = t.owner.as_deref();
                    let built = own.and_then(|o| built_by.get(o));
                    owner_handler(krate, own, &t.name.value, built)
                })
                .or_else(|| {
                    let arms = dispatch.get(t.name.value.as_str());
                    ty.as_deref()
                        .and_then(|ty| dispatched_with(krate, arms, ty))
                        .or_else(|| dispatched(krate, arms))
                })
                .or_else(|| decoders.first().copied())
                .or_else(|| struct_tool_handler(krate, &t.name.value, ty.as_deref())),
        };
        let i = match at.get(t.name.value.as_str()) {
            Some(&i) => i,
            None => {
                at.insert(t.name.value.clone(), contracts.len());
                contracts.push(Contract {
                    name: t.name.value.clone(),
                    package: Default::default(),
                    decls: Vec::new(),
                    http: Vec::new(),
                    claims: Vec::new(),
                    rust: None,
                    link_notes: LinkNotes::default(),
                });
                contracts.len() - 1
            }
        };
        let c = &mut contracts[i];
        c.decls.push(decl);
        c.decls.sort_by_key(decl_order);
        if c.rust.is_none() {
            c.rust = Some(Box::new(resolve_from(
                krate,
                LinkKind::Declared,
                ty,
                handler,
                None,
                &decoders,
                &t.name.value,
            )));
        }
    }
    // A `[[tool]]` mapping that names Rust items declares the tool even without a schema.
    for m in &config.tools {
        let names_rust = m.input.is_some() || m.validator.is_some() || m.handler.is_some();
        if names_rust && !contracts.iter().any(|c| c.name == m.name) {
            contracts.push(Contract {
                name: m.name.clone(),
                package: Default::default(),
                decls: Vec::new(),
                http: Vec::new(),
                claims: Vec::new(),
                rust: None,
                link_notes: LinkNotes::default(),
            });
        }
    }
    contracts.sort_by(|a, b| a.name.cmp(&b.name));
    // Each contract is linked on its own, from the crate's facts alone: in parallel, in
    // chunks (a server's tens of tools are linked in a few milliseconds on one thread, and
    // waking the other costs more).
    let unlinked = contracts
        .par_iter_mut()
        .with_min_len(PARALLEL_CHUNK)
        .filter(|c| c.rust.is_none());
    unlinked.for_each(|c| {
        let (rust, notes) = by_name(config, krate, &c.name);
        // An explicit mapping wins; the handler a page tool's request reaches beats a
        // naming convention.
        c.rust = match rust {
            Some(r) if r.how == LinkKind::Config => Some(r),
            other => by_route(krate, c).or(other),
        }
        .map(Box::new);
        // A dispatch arm naming the tool gives the handler conventions did not find.
        if c.rust.as_ref().is_none_or(|r| r.handler.is_none())
            && let Some(h) = dispatched(krate, dispatch.get(c.name.as_str()))
        {
            let (how, ty, validator) = match c.rust.take() {
                Some(r) => (r.how, r.ty, r.validator),
                None => (LinkKind::Declared, None, None),
            };
            c.rust = Some(Box::new(resolve(
                krate,
                how,
                ty,
                Some(h),
                validator,
                &c.name,
            )));
        }
        c.link_notes = notes;
    });
    // The keys a handler reads are all the tool's only if the dispatcher handing it the map
    // reads no other key of it, nor uses it in a way not known.
    for c in contracts.iter_mut() {
        let Some(rust) = c.rust.as_deref_mut() else {
            continue;
        };
        if rust.keys_read.is_some() {
            rust.keys_read = dispatcher_keys(krate, dispatch.get(c.name.as_str()), rust, &c.name);
        }
    }
}

/// [`RustInput::keys_read`] with the reads of each function dispatching the tool to its
/// handler (the one whose `match` holds the tool's arm): the keys it reads of the map it
/// holds count for every tool, and any use of the map there that is not a read by a known key
/// or a hand-off to a function followed leaves the keys read unknown. The map must reach that
/// entry (the dispatcher, or the handler when no arm names the tool) as a trait method's
/// argument, from callers (the SDK, a registry of tools) that serve every tool alike: the
/// callers of a free function may read keys of it first, and those are not followed.
fn dispatcher_keys(
    krate: &dyn RustLookup,
    arms: Option<&Vec<&RustTool>>,
    rust: &RustInput,
    tool: &str,
) -> Option<Vec<String>> {
    let mut read = rust.keys_read.clone()?;
    let handler = rust.handler?;
    let mut followed: HashSet<FnId> = rust.reached.iter().copied().collect();
    followed.insert(handler);
    let arms = arms.map_or(&[][..], Vec::as_slice);
    if arms.is_empty() && krate.fns()[handler].impl_trait.is_none() {
        return None;
    }
    for arm in arms {
        let (name, owner) = arm.handler.as_ref()?;
        let [d] = krate.fns_of(name, owner.as_deref())[..] else {
            return None;
        };
        krate.fns()[d].impl_trait.as_ref()?;
        if d == handler {
            continue;
        }
        let bindings = typed_bindings(krate, d, None);
        let body = krate.body(d);
        let mut holds = false;
        for (name, b) in &bindings {
            if !matches!(b, Binding::Input) {
                return None;
            }
            holds = true;
            let uses = body.uses.iter().find(|u| u.root == *name)?;
            if uses.opaque || !uses.fields.is_empty() || !uses.keyed_by.is_empty() {
                return None;
            }
            read.extend(uses.keys.iter().cloned());
            if !handed_on_followed(krate, d, name, uses, &followed, None, tool) {
                return None;
            }
        }
        if !holds {
            return None;
        }
    }
    read.sort();
    read.dedup();
    Some(read)
}

/// The handler a page tool's request reaches through a route (see [`crate::link`]), with
/// the type its `Json`/`Form`/`Query` input deserializes.
fn by_route(krate: &dyn RustLookup, c: &Contract) -> Option<RustInput> {
    let handler = c
        .http
        .iter()
        .flat_map(|l| &l.routes)
        .find_map(|(_, h)| h.as_ref())?;
    let f = krate
        .fns()
        .iter()
        .position(|f| f.name == handler.name.value && f.span == handler.name.span);
    let ty = handler
        .inputs
        .first()
        .and_then(|(_, t)| krate.ty(&t.value))
        .cloned();
    if f.is_none() && ty.is_none() {
        return None;
    }
    Some(resolve(krate, LinkKind::Route, ty, f, None, &c.name))
}

/// Methods that run a tool built inside an `impl` of its type (`Tool::new` in
/// `Search::new`, with `Search::execute` doing the work).
const RUN_METHODS: &[&str] = &["execute", "call", "call_tool", "run", "handle", "invoke"];

/// The run method of the type that builds the tool `name`, but for a method named like
/// another of the tools it builds (`built`), which is that tool's own.
fn owner_handler(
    krate: &dyn RustLookup,
    owner: Option<&str>,
    name: &str,
    built: Option<&HashSet<&str>>,
) -> Option<FnId> {
    let owner = owner?;
    // A type that builds several tools runs one of them in its run method only where that
    // method picks it by name (a server's `run` reading stdin serves every tool alike).
    let shared = built.is_some_and(|b| b.len() > 1);
    RUN_METHODS
        .iter()
        .filter(|m| **m == name || !built.is_some_and(|b| b.contains(*m)))
        .find_map(|m| krate.fns_of(m, Some(owner)).first().copied())
        .filter(|&f| !shared || krate.body(f).has_arm_for(name))
}

/// The run method of the value registered under the tool's name (see
/// [`RustTool::registered`]): it handles the tool, not the owner's dispatcher that looks the
/// name up and serves every tool of the registry.
fn registered(krate: &dyn RustLookup, arms: Option<&Vec<&RustTool>>) -> Option<FnId> {
    arms?
        .iter()
        .find_map(|arm| owner_handler(krate, arm.registered.as_deref(), "", None))
}

/// The first function a dispatch arm for the tool calls that resolves: a method on `self`
/// of the arm's own type (a method on any other receiver is of a type not known); a path call to the function of that name whose
/// module the path names (`alerts::list` is the `list` of a module `alerts`), or, unqualified,
/// the only function of that name the arm's package can see. Anything else is unknown:
/// several tools dispatching to `alerts::list` and `dashboards::list` must not all be linked
/// to the first `list`.
fn dispatched(krate: &dyn RustLookup, arms: Option<&Vec<&RustTool>>) -> Option<FnId> {
    let arms = arms?;
    // Several arms of one dispatcher for the tool (`"run" if quick => .., "run" => ..`): which
    // runs is decided there, so the dispatcher is the handler and reaches each.
    let split = arms
        .iter()
        .filter(|a| a.dispatcher.is_some() && a.dispatcher == arms[0].dispatcher)
        .count()
        >= 2;
    arms.iter()
        .filter(|arm| !arm.works_itself && !split)
        .find_map(|arm| arm_callee(krate, arm))
        // An arm that calls nothing of the crate, or works on the arguments itself, does the
        // work itself: the function holding the `match` runs it (its other arms are not this
        // tool's, see `FnBody::outside_arm`).
        .or_else(|| {
            arms.iter().find_map(|arm| {
                let (f, owner) = arm.handler.as_ref()?;
                match krate.fns_of(f, owner.as_deref()).as_slice() {
                    [f] => Some(*f),
                    _ => None,
                }
            })
        })
}

/// The first function an arm calls that resolves (see [`dispatched`]) and can be handed
/// the call: a free function that takes nothing (`Some(read_only_annotations())` in a
/// `match` that annotates tool definitions by name) runs no tool.
fn arm_callee(krate: &dyn RustLookup, arm: &RustTool) -> Option<FnId> {
    arm.callees.iter().find_map(|c| callee(krate, arm, c))
}

/// Of the functions the arms for a tool call that resolve (see [`dispatched`]), the first
/// that takes the tool's input type: `let t: SearchTool = parse_args(&params)?;
/// handle_search(&state, t)` runs `handle_search`, not the generic parser called first.
fn dispatched_with(
    krate: &dyn RustLookup,
    arms: Option<&Vec<&RustTool>>,
    ty: &RustType,
) -> Option<FnId> {
    arms?.iter().find_map(|arm| {
        arm.callees
            .iter()
            .filter_map(|c| callee(krate, arm, c))
            .find(|&f| handles(krate, f, ty))
    })
}

/// The function an arm's call `c` resolves to, if it can be handed the call.
fn callee(krate: &dyn RustLookup, arm: &RustTool, c: &str) -> Option<FnId> {
    let from = arm.name.span.file;
    // A method of the arm's own type; on any other receiver, of a type not known
    // here.
    if let Some(m) = c.strip_prefix("self.") {
        return krate.fns_of(m, arm.owner.as_deref()).first().copied();
    }
    if c.starts_with('.') {
        return None;
    }
    let mut path: Vec<&str> = c.split("::").collect();
    let name = path.pop()?;
    path.retain(|s| !matches!(*s, "crate" | "self" | "super"));
    let graph = krate.crates();
    let candidates: Vec<FnId> = krate
        .fns_of(name, None)
        .into_iter()
        .filter(|&f| graph.may_call(from, krate.fns()[f].span.file))
        .filter(|&f| {
            path.is_empty()
                || graph.files.get(&krate.fns()[f].span.file).is_some_and(|h| {
                    h.module.len() >= path.len()
                        && h.module[h.module.len() - path.len()..]
                            .iter()
                            .zip(&path)
                            .all(|(a, b)| a == b)
                })
        })
        .collect();
    // `calendars::create_calendar` in a module declaring `mod calendars`: a relative path
    // starts in the caller's module, so its child module is the one named, not another
    // module of the same name elsewhere in the crate (`db::calendars`).
    let child = |f: &FnId| {
        let caller = graph.files.get(&from).map(|h| h.module.as_slice());
        let callee = graph.files.get(&krate.fns()[*f].span.file);
        match (caller, callee) {
            (Some(caller), Some(h)) => {
                !path.is_empty()
                    && h.module.len() == caller.len() + path.len()
                    && h.module.starts_with(caller)
                    && h.module[caller.len()..]
                        .iter()
                        .zip(&path)
                        .all(|(a, b)| a == b)
            }
            _ => false,
        }
    };
    let found = match candidates.as_slice() {
        [f] => Some(*f),
        many => match many.iter().filter(|f| child(f)).collect::<Vec<_>>()[..] {
            [f] => Some(*f),
            _ => None,
        },
    };
    found.filter(|f| !krate.fns()[*f].takes_nothing)
}

/// rust-mcp-sdk tools are structs: their handler is a method of the struct (`call_tool`,
/// `run`, ...) or a function named after the tool.
fn struct_tool_handler(
    krate: &dyn RustLookup,
    tool: &str,
    input: Option<&RustType>,
) -> Option<FnId> {
    const METHODS: &[&str] = &["call_tool", "run", "execute", "handle", "call"];
    let base = norm(tool);
    // The first in file order, as a scan of every function would find it.
    let method = input.and_then(|ty| {
        METHODS
            .iter()
            .flat_map(|m| krate.fns_of(m, Some(&ty.name)))
            .min()
    });
    method.or_else(|| {
        let a = krate.fns_normed(&base).iter();
        let b = krate.fns_normed(&format!("handle{base}")).iter();
        // A function named after the tool is its handler only if it takes this input:
        // explorer's `execute(input: Input)` is not the `execute` tool's. Without an input
        // to tell them apart, only the one function of that name is: of a handler's
        // `get_impact_radius` and a cache's, the name alone picks neither.
        let mut named = a
            .chain(b)
            .filter(|&&f| input.is_none_or(|ty| handles(krate, f, ty)));
        match input {
            Some(_) => named.min().copied(),
            None => match (named.next(), named.next()) {
                (Some(&f), None) => Some(f),
                _ => None,
            },
        }
    })
}

/// Config mapping first, then conventions.
fn by_name(config: &Config, krate: &dyn RustLookup, tool: &str) -> (Option<RustInput>, LinkNotes) {
    let mut notes = LinkNotes::default();
    let find_fn = |name: &str| krate.fns_named(name).first().copied();
    if let Some(m) = config.tools.iter().find(|m| m.name == tool)
        && (m.input.is_some() || m.validator.is_some() || m.handler.is_some())
    {
        let ty = m.input.as_deref().and_then(|n| krate.ty(n)).cloned();
        if let Some(n) = &m.input
            && ty.is_none()
        {
            notes.missing_config = Some(n.clone());
        }
        let validator = m.validator.as_deref().and_then(find_fn);
        let handler = m.handler.as_deref().and_then(find_fn);
        notes.tried = Tried::Configured(
            [&m.input, &m.validator, &m.handler]
                .into_iter()
                .flatten()
                .cloned()
                .collect(),
        );
        if ty.is_some() || validator.is_some() || handler.is_some() {
            return (
                Some(resolve(
                    krate,
                    LinkKind::Config,
                    ty,
                    handler,
                    validator,
                    tool,
                )),
                notes,
            );
        }
        return (None, notes);
    }
    let base = norm(tool);
    let mut candidates: Vec<&Arc<RustType>> = Vec::new();
    for suffix in SUFFIXES {
        candidates.extend(
            krate
                .types_normed(&format!("{base}{suffix}"))
                .into_iter()
                .filter(|t| t.deserialize && t.variants.is_none()),
        );
    }
    let ty = candidates.first().map(|t| (*t).clone());
    notes.rivals = candidates
        .iter()
        .skip(1)
        .map(|t| Spanned::new(t.name.clone(), t.span))
        .collect();
    let mut validate_on = None;
    let mut validator = krate
        .fns_normed(&format!("validate{base}"))
        .first()
        .copied();
    if validator.is_none()
        && let Some(t) = &ty
    {
        validate_on = Some(t.name.clone());
        validator = krate.fns_of("validate", Some(&t.name)).first().copied();
    }
    notes.tried = Tried::Conventions { validate_on };
    let handler = krate
        .fns_normed(&base)
        .first()
        .or_else(|| krate.fns_normed(&format!("handle{base}")).first())
        .copied();
    if ty.is_none() && validator.is_none() && handler.is_none() {
        return (None, notes);
    }
    (
        Some(resolve(
            krate,
            LinkKind::Convention,
            ty,
            handler,
            validator,
            tool,
        )),
        notes,
    )
}

/// What a parameter of a reached function holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Binding {
    /// The whole input (struct or JSON map).
    Input,
    /// One property, by wire name; a value inside it by its path (`details/host`), which
    /// names no property of the schema's top level.
    Property(String),
    /// A literal the caller on this path passes (`helper(x, "unlocked")`), and where: what
    /// a default taken from this parameter is.
    Literal(serde_json::Value, Span),
    /// A request whose field at this path holds the arguments map: rmcp's
    /// `CallToolRequestParam`, whose `arguments` a hand-written server reads.
    Envelope(String),
    /// A struct the caller built, by field (Rust name): what each field holds
    /// ([`CallArg::Record`]).
    Record(Vec<(String, Binding)>),
}

impl Binding {
    /// What the value at `key` inside a value bound so holds.
    fn read(&self, key: &str) -> Option<Binding> {
        if key.is_empty() {
            return Some(self.clone());
        }
        match self {
            Binding::Input => Some(Binding::Property(key.to_string())),
            Binding::Property(p) => Some(Binding::Property(nested(p, key))),
            // A literal's fields are not followed.
            Binding::Literal(..) => None,
            Binding::Envelope(at) if key == at => Some(Binding::Input),
            Binding::Envelope(at) => key
                .strip_prefix(at.as_str())
                .and_then(|rest| rest.strip_prefix('/'))
                .map(|rest| Binding::Property(rest.to_string())),
            Binding::Record(fields) => {
                let (head, rest) = key.split_once('/').unwrap_or((key, ""));
                fields.iter().find(|(f, _)| f == head)?.1.read(rest)
            }
        }
    }
}

/// The key path `s` reads, with the string the caller bound to its key parameter in place
/// (see [`ValueRef::key_given`]); `None` when that parameter holds no string literal.
fn key_of(s: &ValueRef, bindings: &[(String, Binding)]) -> Option<String> {
    s.key_given(
        |param| match &bindings.iter().find(|(n, _)| n == param)?.1 {
            Binding::Literal(serde_json::Value::String(k), _) => Some(k.as_str()),
            _ => None,
        },
    )
}

/// Request types whose field holds the arguments map (rmcp 0.x and 1.x spellings).
const ENVELOPES: &[(&str, &str)] = &[
    ("CallToolRequestParam", "arguments"),
    ("CallToolRequestParams", "arguments"),
];

/// A type of the crate shaped as MCP's `tools/call` parameters: a `name` string and the
/// `arguments` as JSON (a map or a value, optional or not). Its `arguments` field is the
/// arguments map.
fn call_params(krate: &dyn RustLookup, ty: &str) -> Option<String> {
    let t = krate.ty(ty)?;
    let field = |wire: &str| t.fields.iter().find(|f| f.wire_name == wire);
    let json = matches!(field("arguments")?.ty.unoption(), RustTy::Map | RustTy::Any);
    let named = matches!(field("name")?.ty.unoption(), RustTy::String);
    (json && named).then(|| "arguments".to_string())
}

/// Whether the body reads a JSON value as MCP's `tools/call` parameters rather than as the
/// arguments map: the tool's `name` beside its `arguments` (`params.get("name")`,
/// `params["arguments"]`), a `name` told apart from string literals (`if name ==
/// "list_notes"`, a `match` on it: a handler checking which tool it was called as), or `arguments` used as an
/// object of its own (keys read under it, or deserialized into a type) with no other
/// argument read beside it. The value is the request, as with [`call_params`]' typed request.
fn reads_call_params(body: &crate::contract::FnBody, root: &str) -> bool {
    let at =
        |f: &crate::contract::CodeFact, key: &str| f.subject.root == root && f.subject.key == key;
    let reads = |key: &str| {
        body.facts
            .iter()
            .any(|f| f.kind == CodeFactKind::KeyRead && at(f, key))
    };
    let names_a_tool = body.facts.iter().any(|f| {
        matches!(
            f.kind,
            CodeFactKind::StrCompare { .. } | CodeFactKind::OneOf(_)
        ) && at(f, "name")
    });
    let arguments_object = body.facts.iter().any(|f| {
        f.kind == CodeFactKind::KeyRead
            && f.subject.root == root
            && crate::contract::inside(&f.subject.key, "arguments").is_some()
    }) || body.decoded.iter().any(|d| {
        d.from
            .as_ref()
            .is_some_and(|v| v.root == root && v.key == "arguments")
    }) || body.calls.iter().any(|c| {
        c.callee == "from_value"
            && c.args
                .first()
                .and_then(CallArg::value)
                .is_some_and(|v| v.root == root && v.key == "arguments")
    });
    // A tool whose own property is called `arguments` reads its other properties beside it.
    let envelope_keys_only = body.facts.iter().all(|f| {
        f.kind != CodeFactKind::KeyRead
            || f.subject.root != root
            || !crate::contract::top_level(&f.subject.key)
            || matches!(f.subject.key.as_str(), "name" | "arguments" | "_meta")
    });
    (reads("name") && (reads("arguments") || names_a_tool))
        || (arguments_object && envelope_keys_only)
}

/// The names a type as written is made of (`Parameters<Input>`: `Parameters`, `Input`).
pub(crate) fn type_names(ty_text: &str) -> impl Iterator<Item = &str> {
    ty_text.split(|c: char| !c.is_alphanumeric() && c != '_')
}

/// Whether a parameter type (as written, spaces removed) is the input.
fn takes_input(ty_text: &str, input: Option<&str>) -> bool {
    match input {
        Some(name) => {
            type_names(ty_text).any(|w| w == name)
                || ty_text
                    .strip_prefix("Self::")
                    .is_some_and(|a| TRAIT_INPUT_TYPES.contains(&a))
        }
        None => ["Value", "Map<String,Value>", "JsonObject"]
            .iter()
            .any(|w| ty_text.contains(w)),
    }
}

/// Bind the parameters of `f` that take the input by their type, and the locals it
/// deserializes the input into.
fn typed_bindings(krate: &dyn RustLookup, f: FnId, input: Option<&str>) -> Vec<(String, Binding)> {
    let body = krate.body(f);
    // A tool made of the function's parameters: each is its property.
    if let Some(t) = input
        .and_then(|i| krate.ty(i))
        .filter(|t| t.params_of == Some(krate.fns()[f].span))
    {
        return t
            .fields
            .iter()
            .map(|p| (p.rust_name.clone(), Binding::Property(p.wire_name.clone())))
            .collect();
    }
    let decoded = body
        .decoded
        .iter()
        .filter(|d| input.is_some() && takes_input(&d.ty, input))
        .map(|d| &d.root);
    let typed = body
        .params
        .iter()
        .filter(|(name, ty)| {
            if name == "self" {
                input.is_some() && krate.fns()[f].self_ty.as_deref() == input
            } else {
                takes_input(ty, input)
            }
        })
        .map(|(name, _)| name)
        .chain(decoded)
        .map(|name| {
            let binding = if input.is_none() && reads_call_params(body, name) {
                Binding::Envelope("arguments".to_string())
            } else {
                Binding::Input
            };
            (name.clone(), binding)
        });
    // A hand-written server's handler may take the whole request and read its arguments.
    let envelopes = body.params.iter().filter_map(|(name, ty)| {
        if input.is_some() {
            return None;
        }
        let field = ENVELOPES
            .iter()
            .find(|(t, _)| type_names(ty).any(|w| w == *t))
            .map(|(_, f)| f.to_string())
            .or_else(|| type_names(ty).find_map(|t| call_params(krate, t)))?;
        Some((name.clone(), Binding::Envelope(field)))
    });
    typed.chain(envelopes).collect()
}

/// Locals bound to a call's value (`let args = extract_args(req)?`) hold what the callee
/// returns, when it returns a value read from one of its parameters: that parameter's
/// argument at this call, read the same way. Every function the call may reach must agree.
fn call_results(
    krate: &dyn RustLookup,
    f: FnId,
    mut bindings: Vec<(String, Binding)>,
    input: Option<&str>,
) -> Vec<(String, Binding)> {
    let body = krate.body(f);
    for (local, at) in &body.results {
        if bindings.iter().any(|(n, _)| n == local) {
            continue;
        }
        let Some(call) = body.calls.iter().find(|c| c.span == *at) else {
            continue;
        };
        let targets = resolve_call(krate, f, call, input, false);
        let targets = super::resolve::visible(krate, f, call.method, targets);
        let held: Vec<Option<Binding>> = targets
            .iter()
            .map(|&t| {
                let Some((r, arg)) = handed_back_arg(krate, t, call) else {
                    return returned_record(krate, t, call, &bindings);
                };
                let b = &bindings.iter().find(|(n, _)| *n == arg.root)?.1;
                // The callee's own parameters, as far as this call binds them to literals.
                let given: Vec<(String, Binding)> = krate
                    .body(t)
                    .params
                    .iter()
                    .zip(&call.args)
                    .filter_map(|((n, _), a)| match a {
                        CallArg::Literal(v, at) => {
                            Some((n.clone(), Binding::Literal((**v).clone(), *at)))
                        }
                        _ => None,
                    })
                    .collect();
                b.read(&key_of(arg, &bindings)?)?.read(&key_of(r, &given)?)
            })
            .collect();
        if let Some((Some(first), rest)) = held.split_first()
            && rest.iter().all(|b| b.as_ref() == Some(first))
        {
            bindings.push((local.clone(), first.clone()));
        }
    }
    bindings
}

/// The call that makes a new value of the whole input which the code then reads under a
/// local linking does not bind (`let input: T = parse_args(name, arguments)?`, a crate helper
/// decoding its parameter into the caller's type): what is done to each property from there
/// on is not known.
fn remade_input(krate: &dyn RustLookup, reached: &[Reached]) -> Option<Span> {
    reached.iter().find_map(|(f, bindings, ..)| {
        let body = krate.body(*f);
        unbound_results(body, bindings).find_map(|(local, call)| {
            let whole = call.args.iter().filter_map(CallArg::value).any(|arg| {
                arg.key.is_empty()
                    && bindings
                        .iter()
                        .any(|(n, b)| *n == arg.root && *b == Binding::Input)
            });
            // Read by field or key there: a fact or a call argument of a value inside it.
            let inside = |v: &ValueRef| v.root == *local && !v.key.is_empty();
            let read = body.facts.iter().any(|f| inside(&f.subject))
                || body
                    .calls
                    .iter()
                    .any(|c| c.args.iter().filter_map(CallArg::value).any(inside));
            (whole && read).then_some(call.span)
        })
    })
}

/// The locals of `body` bound to a call's value that `bindings` does not bind, with the call.
fn unbound_results<'b>(
    body: &'b crate::contract::FnBody,
    bindings: &'b [(String, Binding)],
) -> impl Iterator<Item = (&'b String, &'b crate::contract::CallFact)> + 'b {
    body.results.iter().filter_map(move |(local, at)| {
        if bindings.iter().any(|(n, _)| n == local) {
            return None;
        }
        Some((local, body.calls.iter().find(|c| c.span == *at)?))
    })
}

/// Locals of `f` bound to the value of a call that takes a property but does not hand it
/// back ([`call_results`] binds those that do): each holds a new value computed from that
/// property (`let items = strings_of(v)`), by local and property.
fn derived_locals(
    krate: &dyn RustLookup,
    f: FnId,
    bindings: &[(String, Binding)],
) -> Vec<(String, String)> {
    let body = krate.body(f);
    let mut out = Vec::new();
    for (local, call) in unbound_results(body, bindings) {
        for arg in call.args.iter().filter_map(CallArg::value) {
            let Some((_, b)) = bindings.iter().find(|(n, _)| *n == arg.root) else {
                continue;
            };
            if let Some(Binding::Property(p)) = key_of(arg, bindings).and_then(|k| b.read(&k)) {
                out.push((local.clone(), p));
            }
        }
    }
    out
}

/// What a local bound to `call` holds when callee `t` builds a struct of its parameters'
/// values and returns it: the caller's values those fields read, by field.
fn returned_record(
    krate: &dyn RustLookup,
    t: FnId,
    call: &crate::contract::CallFact,
    bindings: &[(String, Binding)],
) -> Option<Binding> {
    let body = krate.body(t);
    let held: Vec<(String, Binding)> = body
        .returns_record
        .as_ref()?
        .iter()
        .filter_map(|(field, r)| {
            let i = body.params.iter().position(|(n, _)| *n == r.root)?;
            let arg = call.args.get(i)?.value()?;
            let b = &bindings.iter().find(|(n, _)| *n == arg.root)?.1;
            let b = b.read(&key_of(arg, bindings)?)?.read(&key_of(r, &[])?)?;
            matches!(b, Binding::Input | Binding::Property(_)).then(|| (field.clone(), b))
        })
        .collect();
    (!held.is_empty()).then_some(Binding::Record(held))
}

/// What callee `t` returns when it returns a value read from one of its parameters, and
/// the argument `call` passes for that parameter.
fn handed_back_arg<'k>(
    krate: &'k dyn RustLookup,
    t: FnId,
    call: &'k crate::contract::CallFact,
) -> Option<(&'k ValueRef, &'k ValueRef)> {
    let body = krate.body(t);
    let r = body.returns.as_deref()?;
    let i = body.params.iter().position(|(n, _)| *n == r.root)?;
    Some((r, call.args.get(i)?.value()?))
}

/// Values a call hands back to `f` where `f` does not follow them: the callee returns its
/// argument (`fn required(v: Option<&String>) -> Result<String> { .. Ok(v.clone()) }`), or
/// a value it reads from an argument at the key the call names (`optional_u32(args,
/// "depth")?.map(|d| d.clamp(1, 20))`), and the call's value is not bound to a local
/// ([`call_results`] follows those), so it goes into a struct, a list or an expression
/// whose checks are not read. What is done to it there is unknown: an `Escapes` fact on the
/// argument, at the call.
fn handed_back(krate: &dyn RustLookup, f: FnId, input: Option<&str>) -> Vec<CodeFact> {
    let body = krate.body(f);
    let mut out = Vec::new();
    let mut escape = |subject: ValueRef, span| {
        let fact = CodeFact {
            subject,
            kind: CodeFactKind::Escapes { handed_back: true },
            span,
            rejects: false,
            via: None,
            conditional: false,
            as_none: false,
        };
        if !out.contains(&fact) {
            out.push(fact);
        }
    };
    for call in &body.calls {
        if body.results.iter().any(|(_, at)| *at == call.span) {
            continue;
        }
        let targets = resolve_call(krate, f, call, input, false);
        for t in super::resolve::visible(krate, f, call.method, targets) {
            if let Some((r, arg)) = handed_back_arg(krate, t, call) {
                let subject = if r.key.is_empty() {
                    arg.clone()
                } else {
                    arg.read(&r.key, r.by_key)
                };
                escape(subject, call.span);
            }
            for (arg, key) in keyed_reads_returned(krate, t, call) {
                escape(arg.read(&key, true), call.span);
            }
            let body = krate.body(t);
            for (_, r) in body.returns_record.iter().flat_map(|r| r.iter()) {
                let at = body.params.iter().position(|(n, _)| *n == r.root);
                match at.and_then(|i| call.args.get(i)?.value()) {
                    Some(arg) if r.key.is_empty() => escape(arg.clone(), call.span),
                    Some(arg) => escape(arg.read(&r.key, r.by_key), call.span),
                    None => {}
                }
            }
        }
    }
    out
}

/// What a callee that returns a value reads from one of its parameters at the key another
/// parameter names, as this call fills them in: the argument and the literal key. A callee
/// that returns nothing (`()`, `Result<()>`) or only a yes/no (`bool`, `Result<bool>`) answers
/// no value of it.
fn keyed_reads_returned<'k>(
    krate: &'k dyn RustLookup,
    t: FnId,
    call: &'k crate::contract::CallFact,
) -> Vec<(&'k ValueRef, String)> {
    let returns = &krate.fns()[t].returns;
    let written = returns.strip_prefix("anyhow::").unwrap_or(returns);
    let success = result_parts(written).map_or(written, |(ok, _)| ok);
    if matches!(success, "" | "()" | "bool") {
        return Vec::new();
    }
    let body = krate.body(t);
    let position = |name: &str| body.params.iter().position(|(n, _)| n == name);
    let mut out: Vec<(&ValueRef, String)> = Vec::new();
    for fact in &body.facts {
        let Some(from) = &fact.subject.key_from else {
            continue;
        };
        let (Some(root), Some(key)) = (position(&fact.subject.root), position(from)) else {
            continue;
        };
        let (Some(CallArg::Value(arg)), Some(CallArg::Literal(literal, _))) =
            (call.args.get(root), call.args.get(key))
        else {
            continue;
        };
        let arg = arg.as_ref();
        let serde_json::Value::String(k) = literal.as_ref() else {
            continue;
        };
        if !out.iter().any(|(a, x)| *a == arg && x == k) {
            out.push((arg, k.clone()));
        }
    }
    out
}

/// A local deserialized from the whole input (`let input: T = serde_json::from_value(args)?`
/// where `args` holds the tool's arguments, or `params["arguments"]` of the call's params)
/// holds the input too, read through `T`.
fn decoded_inputs(
    krate: &dyn RustLookup,
    f: FnId,
    mut bindings: Vec<(String, Binding)>,
) -> Vec<(String, Binding)> {
    for d in &krate.body(f).decoded {
        if decodes_whole(d, &bindings) && !bindings.iter().any(|(n, _)| *n == d.root) {
            bindings.push((d.root.clone(), Binding::Input));
        }
    }
    bindings
}

/// Whether `d` decodes the whole input, or the `arguments` of the `tools/call` params the
/// function was handed.
fn decodes_whole(d: &crate::contract::Decoded, bindings: &[(String, Binding)]) -> bool {
    d.from.as_ref().is_some_and(|v| {
        bindings.iter().any(|(n, b)| {
            *n == v.root
                && match b {
                    Binding::Input => v.key.is_empty(),
                    Binding::Envelope(field) => v.key == *field,
                    _ => false,
                }
        })
    })
}

/// See [`RustInput::decoded_as`]: the decodes of the whole input in `tool`'s arm of each
/// function reached.
fn decoded_as(
    krate: &dyn RustLookup,
    reached: &[Reached],
    tool: &str,
) -> Vec<(Span, Option<Arc<RustType>>)> {
    let mut out: Vec<(Span, Option<Arc<RustType>>)> = Vec::new();
    for (f, bindings, ..) in reached {
        let body = krate.body(*f);
        for d in &body.decoded {
            if body.outside_arm(d.at, tool)
                || !decodes_whole(d, bindings)
                || out.iter().any(|(at, _)| *at == d.at)
            {
                continue;
            }
            let t = decoded_type(krate, *f, &d.root).map(|t| Arc::new(t.clone()));
            out.push((d.at, t));
        }
    }
    out
}

/// The integer fields of a type the whole input is deserialized into, read or not: serde
/// decodes every field before the handler goes on, so the field's type bounds what it
/// takes (no 1.5 into an `i32`). A field read through a conversion of its own
/// (`deserialize_with`, numeric strings) or a type converted as a whole may take more.
fn decoded_integers(krate: &dyn RustLookup, f: FnId, bindings: &[(String, Binding)]) -> Vec<Check> {
    let body = krate.body(f);
    body.decoded
        .iter()
        .filter(|d| {
            bindings
                .iter()
                .any(|(n, b)| *n == d.root && *b == Binding::Input)
        })
        .filter_map(|d| decoded_type(krate, f, &d.root))
        .filter(|t| t.deserialize && t.conversion.is_none())
        .flat_map(|t| &t.fields)
        .filter(|field| {
            !field.flatten
                && field.coercion.is_none()
                && !field.numeric_strings
                && field.ty.unoption().int_range().is_some()
        })
        .map(typed_check)
        .collect()
}

/// The input decoded into a type the contract does not name (see [`decoded_integers`]): a
/// field of an enum of unit variants takes only their wire values, and serde turns any other
/// away, failing the decode (a failure that reaches the answer when `answers`). A decode in
/// another tool's arm of a dispatcher is that tool's.
fn decoded_sets(
    krate: &dyn RustLookup,
    f: FnId,
    bindings: &[(String, Binding)],
    answers: bool,
    tool: &str,
) -> Vec<Check> {
    let body = krate.body(f);
    let mut out = Vec::new();
    let decoded = body.decoded.iter().filter(|d| {
        !body.outside_arm(d.at, tool)
            && bindings
                .iter()
                .any(|(n, b)| *n == d.root && *b == Binding::Input)
    });
    for t in decoded.filter_map(|d| decoded_type(krate, f, &d.root)) {
        if !t.deserialize || t.conversion.is_some() {
            continue;
        }
        for field in t
            .fields
            .iter()
            .filter(|f| !f.flatten && f.coercion.is_none())
        {
            let RustTy::Named(n) = field.ty.unoption() else {
                continue;
            };
            // The enum the field names, when the name is one type's alone.
            let [e] = krate.types_named(n)[..] else {
                continue;
            };
            let Some(variants) = e
                .variants
                .as_ref()
                .filter(|_| e.deserialize && !e.other_values)
            else {
                continue;
            };
            out.push(Check {
                property: field.wire_name.clone(),
                kind: CodeFactKind::OneOf(Box::new(ClosedSet {
                    values: variants.iter().map(|v| v.value.clone()).collect(),
                    others: Others::Rejected,
                    folded: false,
                    table: None,
                })),
                span: field.ty_span,
                rejects: answers,
                via: None,
                conditional: false,
            });
        }
    }
    out
}

/// What a field's integer type says of its property: no value outside the type's range
/// reaches the code (serde refuses it).
fn typed_check(field: &RustField) -> Check {
    Check {
        property: field.wire_name.clone(),
        kind: CodeFactKind::Typed {
            ty: field.ty.unoption().clone(),
        },
        span: field.span,
        rejects: false,
        via: None,
        conditional: false,
    }
}

/// The type a local of `f` was deserialized into, or a parameter of `f` is declared with
/// (`input: BrainstormInput` of a function the arguments were decoded for), as `f`'s file
/// names it.
fn decoded_type<'k>(krate: &'k dyn RustLookup, f: FnId, root: &str) -> Option<&'k RustType> {
    let body = krate.body(f);
    let written = match body.decoded.iter().find(|d| d.root == root) {
        Some(d) => d.ty.as_str(),
        None => body.params.iter().find(|(n, _)| n == root)?.1.as_str(),
    };
    let name = written.trim_start_matches('&').rsplit("::").next()?;
    // A type the body declares hides any other of its name.
    if !written.contains("::")
        && let Some(t) = body.local_types.iter().find(|t| t.name == name)
    {
        return Some(t);
    }
    super::resolve::ty(krate, krate.fns()[f].span.file, name).map(|t| &**t)
}

/// Whether `f` takes or deserializes the input type `ty` itself: a type of that name as
/// `f`'s file resolves it, not a same-named type elsewhere.
fn handles(krate: &dyn RustLookup, f: FnId, ty: &RustType) -> bool {
    let from = krate.fns()[f].span.file;
    let body = krate.body(f);
    body.params
        .iter()
        .filter(|(name, _)| name != "self")
        .map(|(_, ty)| ty)
        .chain(body.decoded.iter().map(|d| &d.ty))
        .any(|text| {
            type_names(text)
                .filter(|w| *w == ty.name)
                .any(|w| super::resolve::ty(krate, from, w).is_some_and(|t| t.span == ty.span))
        })
}

/// The methods of a tool's owner type that take or deserialize its input
/// (`impl Executable for Execute { fn variables(&self, input: Value) { from_value::<Input>(input) } }`).
/// Only the declaring file is searched: it is always read whole, so every way of reading
/// the tree gives the same answer.
fn owner_decoders(
    krate: &dyn RustLookup,
    file: crate::source::FileId,
    owner: Option<&str>,
    ty: Option<&RustType>,
) -> Vec<FnId> {
    let (Some(owner), Some(ty)) = (owner, ty) else {
        return Vec::new();
    };
    (0..krate.fns().len())
        .filter(|&f| {
            let facts = &krate.fns()[f];
            facts.span.file == file && facts.self_ty.as_deref() == Some(owner)
        })
        .filter(|&f| handles(krate, f, ty))
        .collect()
}

/// The crate functions reached from `start` (the handler and validator) by calls, each with
/// what its parameters hold. Reusable by behaviour analysis: call with a contract's
/// `RustInput::handler`/`validator` to get every function the handler may run.
pub fn reach(
    krate: &dyn RustLookup,
    input: Option<&str>,
    start: &[FnId],
    tool: &str,
) -> Vec<(FnId, Vec<(String, Binding)>)> {
    let mut seen = HashSet::new();
    reach_answering(krate, input, start, tool, &mut Vec::new())
        .into_iter()
        .map(|(f, b, ..)| (f, b))
        .filter(|r| seen.insert(r.clone()))
        .collect()
}

/// [`reach`], each function also with whether its failures reach the tool's answer: no call
/// on the way there has its failure replaced by a value of the caller's own
/// ([`crate::contract::CallFact::swallowed`]).
fn reach_answering(
    krate: &dyn RustLookup,
    input: Option<&str>,
    start: &[FnId],
    tool: &str,
    beyond: &mut Vec<Binding>,
) -> Vec<Reached> {
    let seeds = start
        .iter()
        .map(|f| (*f, typed_bindings(krate, *f, input), true, false))
        .collect();
    reach_from(krate, input, seeds, tool, beyond)
}

/// A reached function, what its parameters hold, whether its failures reach the answer, and
/// whether the call that reached it refuses its `None` or `false` ([`CallFact::refuses_none`]).
type Reached = (FnId, Vec<(String, Binding)>, bool, bool);

/// [`reach_answering`] from functions whose parameters are bound already. A call in a
/// dispatcher's arm that `tool` never takes is not followed. What calls deeper than
/// [`MAX_DEPTH`] are handed of the input is put in `beyond`: where it goes is not known.
fn reach_from(
    krate: &dyn RustLookup,
    input: Option<&str>,
    seeds: Vec<Reached>,
    tool: &str,
    beyond: &mut Vec<Binding>,
) -> Vec<Reached> {
    let mut out: Vec<Reached> = Vec::new();
    let mut seen: HashSet<Reached> = HashSet::new();
    let mut frontier = seeds;
    for _ in 0..MAX_DEPTH {
        let mut next = Vec::new();
        for (f, bindings, answers, refused) in frontier {
            let bindings = decoded_inputs(krate, f, bindings);
            let bindings = call_results(krate, f, bindings, input);
            if !seen.insert((f, bindings.clone(), answers, refused)) {
                continue;
            }
            for call in &krate.body(f).calls {
                if krate.body(f).outside_arm(call.span, tool) {
                    continue;
                }
                let arg_bindings: Vec<Option<Binding>> = call
                    .args
                    .iter()
                    .map(|a| {
                        let s = match a {
                            CallArg::Value(s) | CallArg::Read(s) => s,
                            CallArg::Literal(v, at) => {
                                return Some(Binding::Literal((**v).clone(), *at));
                            }
                            CallArg::Record(fields) => {
                                let held: Vec<(String, Binding)> = fields
                                    .iter()
                                    .filter_map(|(f, s)| {
                                        let b = &bindings.iter().find(|(n, _)| *n == s.root)?.1;
                                        let b = b.read(&key_of(s, &bindings)?)?;
                                        matches!(b, Binding::Input | Binding::Property(_))
                                            .then(|| (f.clone(), b))
                                    })
                                    .collect();
                                return (!held.is_empty()).then_some(Binding::Record(held));
                            }
                            CallArg::Other => return None,
                        };
                        let b = &bindings.iter().find(|(n, _)| *n == s.root)?.1;
                        // The whole request handed on is not followed: a helper taking it
                        // serves every tool (a dispatcher's other arms, the SDK's plumbing).
                        b.read(&key_of(s, &bindings)?)
                            .filter(|b| !matches!(b, Binding::Envelope(_)))
                    })
                    .collect();
                let involved = arg_bindings.iter().any(|b| {
                    matches!(
                        b,
                        Some(Binding::Input | Binding::Property(_) | Binding::Record(_))
                    )
                });
                let receiver_is_input =
                    call.method && matches!(arg_bindings.first(), Some(Some(Binding::Input)));
                let targets = resolve_call(krate, f, call, input, receiver_is_input);
                for callee in super::resolve::visible(krate, f, call.method, targets) {
                    if callee == f {
                        continue;
                    }
                    let params = &krate.body(callee).params;
                    // A parameter holds what the caller passes. Only a parameter of the input
                    // type is known to hold the input whatever is passed: a `&Value` parameter
                    // of a helper is whichever JSON value the caller hands it.
                    let mut b = match input {
                        Some(_) => typed_bindings(krate, callee, input),
                        None => Vec::new(),
                    };
                    for (i, ab) in arg_bindings.iter().enumerate() {
                        if let (Some(ab), Some((pname, _))) = (ab, params.get(i)) {
                            b.retain(|(n, _)| n != pname);
                            b.push((pname.clone(), ab.clone()));
                        }
                    }
                    if involved || b.iter().any(|(_, b)| !matches!(b, Binding::Literal(..))) {
                        next.push((callee, b, answers && !call.swallowed, call.refuses_none));
                    }
                }
            }
            out.push((f, bindings, answers, refused));
        }
        frontier = next;
    }
    for (f, bindings, answers, refused) in frontier {
        if !seen.contains(&(f, bindings.clone(), answers, refused)) {
            beyond.extend(bindings.into_iter().map(|(_, b)| b));
        }
    }
    out
}

/// The top-level properties (wire names) a binding holds: all of them for the whole input.
fn held_properties(b: &Binding, ty: Option<&RustType>, out: &mut Vec<String>) {
    let mut add = |p: String| {
        if !out.contains(&p) {
            out.push(p);
        }
    };
    match b {
        Binding::Input => {
            for f in ty.iter().flat_map(|t| &t.fields) {
                add(f.wire_name.clone());
            }
        }
        Binding::Property(p) => {
            if let Some(top) = p.split('/').next() {
                add(wire_name(ty, top.to_string()));
            }
        }
        Binding::Record(fields) => {
            for (_, held) in fields {
                held_properties(held, ty, out);
            }
        }
        Binding::Literal(..) | Binding::Envelope(_) => {}
    }
}

/// The wire name of the input's field a binding names by its Rust name (the name itself
/// when no field has it).
fn wire_name(ty: Option<&RustType>, rust: String) -> String {
    ty.and_then(|t| t.field_by_rust_name(&rust))
        .map_or(rust, |field| field.wire_name.clone())
}

/// Whether the call at `at` in `f` always returns an error: every function it may reach
/// builds one, or passes on the value of a call that does. An unknown callee does not.
pub(super) fn call_rejects(
    krate: &dyn RustLookup,
    f: FnId,
    at: Span,
    input: Option<&str>,
    depth: usize,
) -> bool {
    let Some(call) = krate.body(f).calls.iter().find(|c| c.span == at) else {
        return false;
    };
    let targets = resolve_call(krate, f, call, input, false);
    let targets = super::resolve::visible(krate, f, call.method, targets);
    !targets.is_empty()
        && targets.iter().all(|&t| match krate.body(t).outcome {
            Outcome::Rejects => true,
            Outcome::Call(next) => {
                depth > 0 && t != f && call_rejects(krate, t, next, input, depth - 1)
            }
            Outcome::Other => false,
        })
}

/// A default, a bound or a clamp taken from another parameter is the literal the caller
/// passes there, when it passes one; the fact then sits where that literal is written.
fn with_fallback(fact: &CodeFact, bindings: &[(String, Binding)]) -> (CodeFactKind, Span) {
    if let CodeFactKind::Default {
        value: None,
        fallback: Some(f),
    } = &fact.kind
        && let Some((v, at)) = bindings.iter().find_map(|(n, b)| match b {
            Binding::Literal(v, at) if *n == f.root => Some((v, at)),
            _ => None,
        })
    {
        let kind = CodeFactKind::Default {
            value: Some(Box::new(v.clone())),
            fallback: Some(f.clone()),
        };
        return (kind, *at);
    }
    // `value < min` in a helper called as `in_range(input.limit, 1, 100)`: the bound is
    // the literal this caller passes for `min`.
    if let CodeFactKind::CompareOpaque {
        op,
        length,
        against: Some(p),
    } = &fact.kind
        && let Some((value, at)) = bindings.iter().find_map(|(n, b)| match b {
            Binding::Literal(v, at) if n == p => Some((v.as_f64()?, at)),
            _ => None,
        })
    {
        let op = *op;
        let kind = if *length {
            CodeFactKind::Length { op, value }
        } else {
            CodeFactKind::Compare { op, value }
        };
        return (kind, *at);
    }
    // `limit.min(maximum)` in a helper called as `clamp_limit(input.limit, 200, 2_000)`: the
    // cap is the literal this caller passes for `maximum`.
    if let CodeFactKind::ClampOpaque { upper, against } = &fact.kind
        && let Some((value, at)) = bindings.iter().find_map(|(n, b)| match b {
            Binding::Literal(v, at) if n == against => Some((v.as_f64()?, at)),
            _ => None,
        })
    {
        let (lo, hi) = if *upper {
            (None, Some(value))
        } else {
            (Some(value), None)
        };
        return (CodeFactKind::Clamp { lo, hi }, *at);
    }
    // `limit.min(cap.max)` where this caller hands the input (or a part of it) as `cap`: the
    // cap is the caller's value, not the server's; which one is not known.
    if let CodeFactKind::ClampRuntime { against } = &fact.kind {
        let root = against.split('.').next().unwrap_or_default();
        if bindings
            .iter()
            .any(|(n, b)| n == root && !matches!(b, Binding::Literal(..)))
        {
            let kind = CodeFactKind::ClampOpaque {
                upper: true,
                against: against.clone(),
            };
            return (kind, fact.span);
        }
    }
    (fact.kind.clone(), fact.span)
}

/// The crate functions a call may reach, by name and by what qualifies it: `Self::f` and
/// `self.f()` are methods of the caller's type, `Type::f` of that type, `module::f` and
/// `f` free functions, `input.f()` methods of the input type, `p.f()` on a parameter
/// `p: &T` methods of `T` (none when `T` is not the crate's: a foreign type's method is
/// never a same-named one of the crate), `self.field.f()` methods of the field's type.
/// Any other method call has a receiver of a type not known here, so its callee is unknown:
/// it is not followed, however few functions of that name the crate has.
fn resolve_call(
    krate: &dyn RustLookup,
    caller: FnId,
    call: &crate::contract::CallFact,
    input: Option<&str>,
    receiver_is_input: bool,
) -> Vec<FnId> {
    let caller_self = krate.fns()[caller].self_ty.as_deref();
    if call.method {
        if let Some(t) = call.receiver_ty()
            && !(receiver_is_input && input.is_some())
        {
            return krate.fns_of(&call.callee, Some(t));
        }
        let on_self = call
            .args
            .first()
            .and_then(CallArg::value)
            .is_some_and(|s| s.root == "self" && s.key.is_empty());
        if on_self && caller_self.is_some() {
            return krate.fns_of(&call.callee, caller_self);
        }
        if receiver_is_input && input.is_some() {
            return krate.fns_of(&call.callee, input);
        }
        if let Some(t) = field_receiver(krate, caller, call) {
            return krate.fns_of(&call.callee, Some(t));
        }
        // Through a trait, any implementation's method of that name may run; any other
        // receiver is of a type not known here, and so is the callee.
        return super::resolve::through_trait(krate, caller, &call.callee, call.receiver_hint());
    }
    match call.qualifier() {
        Some("Self") => krate.fns_of(&call.callee, caller_self),
        Some(q) if q.starts_with(char::is_uppercase) => krate.fns_of(&call.callee, Some(q)),
        Some(q) if !matches!(q, "crate" | "self" | "super") => {
            super::resolve::in_module(krate, krate.fns_of(&call.callee, None), q)
        }
        _ => super::resolve::own_module_first(krate, caller, krate.fns_of(&call.callee, None)),
    }
}

/// Properties handed to a method whose receiver's type is not known and whose name one of
/// the crate's methods has: that call may be the crate's, and may check them. It is not
/// followed (the callee is unknown), so what it checks is unknown too, not absent. Second,
/// those of them handed on as JSON ([`CallArg::Read`] is not): how the callee reads them.
fn passed_to_unknown(
    krate: &dyn RustLookup,
    ty: Option<&RustType>,
    reached: &[Reached],
) -> (Vec<String>, Vec<String>) {
    let mut out: Vec<String> = Vec::new();
    let mut json: Vec<String> = Vec::new();
    for (f, bindings, ..) in reached {
        let caller_self = krate.fns()[*f].self_ty.as_deref();
        for call in &krate.body(*f).calls {
            let through_trait = matches!(call.receiver_hint(), Some(TypeHint::Trait(_)));
            if !call.method || call.receiver_ty().is_some() || through_trait {
                continue;
            }
            let on_self = call
                .args
                .first()
                .and_then(CallArg::value)
                .is_some_and(|s| s.root == "self" && s.key.is_empty());
            if (on_self && caller_self.is_some()) || field_receiver(krate, *f, call).is_some() {
                continue;
            }
            // Handed to the method, not the receiver: `quantity.len()` is a method of the
            // property's own type.
            let properties: Vec<(String, bool)> = call
                .args
                .iter()
                .skip(1)
                .filter_map(|a| {
                    let s = a.value()?;
                    let b = bindings
                        .iter()
                        .find(|(n, _)| *n == s.root)?
                        .1
                        .read(&key_of(s, bindings)?)?;
                    match b {
                        Binding::Property(p) => Some((
                            p.split('/').next()?.to_string(),
                            !matches!(a, CallArg::Read(_)),
                        )),
                        _ => None,
                    }
                })
                .collect();
            if properties.is_empty() {
                continue;
            }
            let methods: Vec<FnId> = krate
                .fns_named(&call.callee)
                .iter()
                .copied()
                .filter(|&m| krate.fns()[m].self_ty.is_some())
                .collect();
            if super::resolve::visible(krate, *f, true, methods).is_empty() {
                continue;
            }
            for (p, as_json) in properties {
                let wire = wire_name(ty, p);
                if as_json && !json.contains(&wire) {
                    json.push(wire.clone());
                }
                if !out.contains(&wire) {
                    out.push(wire);
                }
            }
        }
    }
    (out, json)
}

/// The `try_from` serde calls to deserialize a value of `field` (a field of `owner`), and
/// its parameter: the one `TryFrom` impl of the type named by the field's
/// `#[serde(try_from = "U")]` whose parameter is a `U`, in a crate the type's can call.
fn conversion(
    krate: &dyn RustLookup,
    owner: Option<&RustType>,
    field: &RustTy,
) -> Option<(FnId, String)> {
    let RustTy::Named(name) = field.unoption() else {
        return None;
    };
    let from = owner?.span.file;
    let target = super::resolve::ty(krate, from, name)?;
    let conv = target.conversion.as_ref().filter(|c| c.fallible)?;
    let graph = krate.crates();
    let mut found = krate
        .fns_of("try_from", Some(name))
        .into_iter()
        .filter(|&f| graph.may_call(target.span.file, krate.fns()[f].span.file))
        .filter_map(|f| {
            let (param, ty) = krate.body(f).params.first()?;
            (*ty == conv.written).then(|| (f, param.clone()))
        });
    match (found.next(), found.next()) {
        (Some(one), None) => Some(one),
        _ => None,
    }
}

/// The type of a receiver the call's function does not state (`self.store`, `ctx.client`,
/// `let c = Client::new(..)`), read where its hint says.
fn field_receiver<'k>(
    krate: &'k dyn RustLookup,
    caller: FnId,
    call: &'k crate::contract::CallFact,
) -> Option<&'k str> {
    super::resolve::hinted(krate, caller, call.receiver_hint()?)
}

fn resolve(
    krate: &dyn RustLookup,
    how: LinkKind,
    ty: Option<Arc<RustType>>,
    handler: Option<FnId>,
    validator: Option<FnId>,
    tool: &str,
) -> RustInput {
    resolve_from(krate, how, ty, handler, validator, &[], tool)
}

/// [`resolve`], reading the input in `also` too (every method of the tool's owner that
/// deserializes it).
fn resolve_from(
    krate: &dyn RustLookup,
    how: LinkKind,
    ty: Option<Arc<RustType>>,
    handler: Option<FnId>,
    validator: Option<FnId>,
    also: &[FnId],
    tool: &str,
) -> RustInput {
    let input = ty.as_ref().map(|t| t.name.as_str());
    let mut start: Vec<FnId> = validator.into_iter().chain(handler).collect();
    for f in also {
        if !start.contains(f) {
            start.push(*f);
        }
    }
    let mut beyond = Vec::new();
    let reached = reach_answering(krate, input, &start, tool, &mut beyond);
    // serde converts a field's wire value through the type's `TryFrom` before the handler
    // runs: what that function checks of its argument is checked of the property.
    let mut seeds = Vec::new();
    let mut converted = Vec::new();
    for field in ty.iter().flat_map(|t| &t.fields) {
        if let Some((f, param)) = conversion(krate, ty.as_deref(), &field.ty) {
            seeds.push((
                f,
                vec![(param, Binding::Property(field.wire_name.clone()))],
                true,
                false,
            ));
            converted.push(field.wire_name.clone());
        }
    }
    let converting = reach_from(krate, input, seeds, tool, &mut beyond);
    let (unknown, json_to_unknown) = passed_to_unknown(krate, ty.as_deref(), &reached);
    let remade = remade_input(krate, &reached);
    let mut past_depth = Vec::new();
    for b in &beyond {
        held_properties(b, ty.as_deref(), &mut past_depth);
    }
    let mut checks = Vec::new();
    let mut validated = None;
    for (f, bindings, answers, refused) in reached.iter().chain(&converting) {
        let handed_back = handed_back(krate, *f, input);
        let derived = derived_locals(krate, *f, bindings);
        for fact in krate.body(*f).facts.iter().chain(&handed_back) {
            if krate.body(*f).outside_arm(fact.span, tool) {
                continue;
            }
            let Some((_, b)) = bindings.iter().find(|(n, _)| *n == fact.subject.root) else {
                // A value computed from a property and turned away by its size or length
                // (`let items = strings_of(v); if items.is_empty() { .. }`): which values of the
                // property that refuses is not known.
                if fact.rejects
                    && matches!(
                        fact.kind,
                        CodeFactKind::Compare { .. } | CodeFactKind::Length { .. }
                    )
                {
                    for (_, property) in derived.iter().filter(|(l, _)| *l == fact.subject.root) {
                        let check = Check {
                            property: property.clone(),
                            kind: CodeFactKind::Escapes { handed_back: false },
                            span: fact.span,
                            rejects: false,
                            via: None,
                            conditional: fact.conditional,
                        };
                        if !checks.contains(&check) {
                            checks.push(check);
                        }
                    }
                }
                continue;
            };
            // Read through a request, `req.arguments` is the input and `req.name` nothing:
            // what the fact is about, as a binding and the key read from it.
            let Some(key) = key_of(&fact.subject, bindings) else {
                continue;
            };
            let (b, key, by_key) = match b {
                Binding::Envelope(_) | Binding::Record(_) => match b.read(&key) {
                    Some(b @ (Binding::Input | Binding::Property(_))) => (b, String::new(), false),
                    // A struct built of the input put in a list or another value: each value
                    // it holds goes where that one goes.
                    Some(record @ Binding::Record(_))
                        if matches!(fact.kind, CodeFactKind::Escapes { .. }) =>
                    {
                        let mut held = Vec::new();
                        held_properties(&record, ty.as_deref(), &mut held);
                        for property in held {
                            let check = Check {
                                property,
                                kind: fact.kind.clone(),
                                span: fact.span,
                                rejects: false,
                                via: None,
                                conditional: fact.conditional,
                            };
                            if !checks.contains(&check) {
                                checks.push(check);
                            }
                        }
                        continue;
                    }
                    _ => continue,
                },
                b => (b.clone(), key, fact.subject.by_key),
            };
            let property = match b {
                Binding::Envelope(_) | Binding::Literal(..) | Binding::Record(_) => continue,
                Binding::Property(p) if key.is_empty() => p,
                Binding::Property(p) => nested(&p, &key),
                Binding::Input if key.is_empty() => {
                    if fact.kind == CodeFactKind::ValidateCall {
                        validated.get_or_insert(fact.span);
                    }
                    // A default or clamp of the whole input is about no property.
                    if matches!(
                        fact.kind,
                        CodeFactKind::Default { .. }
                            | CodeFactKind::Clamp { .. }
                            | CodeFactKind::ClampRuntime { .. }
                    ) {
                        continue;
                    }
                    String::new()
                }
                Binding::Input if by_key => key,
                Binding::Input => match ty
                    .as_deref()
                    .or_else(|| decoded_type(krate, *f, &fact.subject.root))
                    .and_then(|t| t.field_by_rust_name(&key))
                {
                    Some(field) => {
                        // Decoded into a type the contract does not name: the field's
                        // integer type bounds what reaches this code (`u32` holds no -1).
                        if ty.is_none() && field.ty.unoption().int_range().is_some() {
                            let typed = typed_check(field);
                            if !checks.contains(&typed) {
                                checks.push(typed);
                            }
                        }
                        field.wire_name.clone()
                    }
                    None => continue,
                },
            };
            // What a function answers `None` or `false` for is turned away only where the
            // call that reached it refuses that answer; along a call that takes the answer as
            // a value it says nothing of the property.
            if fact.as_none && !*refused {
                continue;
            }
            let (kind, span) = with_fallback(fact, bindings);
            // A rejection in a function whose failure the caller replaces with a value of
            // its own turns nothing away: the check runs, the request goes on.
            let rejects = *answers
                && (fact.rejects
                    || fact.as_none
                    || fact
                        .via
                        .is_some_and(|at| call_rejects(krate, *f, at, input, MAX_DEPTH)));
            let check = Check {
                property,
                kind,
                span,
                rejects,
                via: fact.via,
                conditional: fact.conditional,
            };
            if !checks.contains(&check) {
                checks.push(check);
            }
        }
        if ty.is_none() {
            let sets = decoded_sets(krate, *f, bindings, *answers, tool);
            for typed in decoded_integers(krate, *f, bindings)
                .into_iter()
                .chain(sets)
            {
                if !checks.contains(&typed) {
                    checks.push(typed);
                }
            }
        }
    }
    // Rust field names passed on by a callee binding are Rust names: map them too.
    if let Some(t) = &ty {
        for c in &mut checks {
            if t.field_by_wire_name(&c.property).is_none()
                && let Some(f) = t.field_by_rust_name(&c.property)
            {
                c.property = f.wire_name.clone();
            }
        }
    }
    let received = reached.iter().any(|(_, bindings, ..)| {
        bindings
            .iter()
            .any(|(_, b)| !matches!(b, Binding::Literal(..)))
    });
    let mut reached_ids: Vec<FnId> = reached.iter().map(|(f, ..)| *f).collect();
    reached_ids.sort_unstable();
    reached_ids.dedup();
    if let Some(t) = &ty {
        effective::ask(krate, t);
        for field in t.fields.iter().filter(|f| !f.flatten) {
            for (json, span) in helper_forms(krate, t, field) {
                checks.push(Check {
                    property: field.wire_name.clone(),
                    kind: CodeFactKind::JsonForm { json },
                    span,
                    rejects: false,
                    via: None,
                    conditional: false,
                });
            }
        }
    }
    // Grown by pushes and kept by the contract to the end of the run: no spare capacity.
    checks.shrink_to_fit();
    let output = handler.and_then(|h| {
        let f = &krate.fns()[h];
        super::resolve::ty(krate, f.span.file, json_output(&f.returns)?).cloned()
    });
    let fields_read = ty
        .as_deref()
        .and_then(|t| fields_read(krate, t, &reached, input, tool));
    let (keys_read, decoded_as) = match ty {
        None => (
            keys_read(krate, &reached, tool),
            decoded_as(krate, &reached, tool),
        ),
        Some(_) => (None, Vec::new()),
    };
    RustInput {
        how,
        ty,
        handler,
        validator,
        reached: reached_ids,
        checks,
        validated,
        converted,
        passed_to_unknown: unknown,
        remade,
        past_depth,
        json_to_unknown,
        received,
        behaviour: Default::default(),
        output,
        fields_read,
        keys_read,
        decoded_as,
    }
}

/// The JSON forms the `deserialize_with` helper of `field` (of the input type `ty`) takes:
/// the helper the path names, resolved as the type's file names it (a path's module, else
/// the type's own file, else the one free function of that name the file may call); none
/// when it does not resolve to exactly one function.
fn helper_forms(
    krate: &dyn RustLookup,
    ty: &RustType,
    field: &RustField,
) -> Vec<(crate::contract::JsonType, Span)> {
    let Some(path) = &field.coercion else {
        return Vec::new();
    };
    let path = path.value.as_str();
    let (module, name) = match path.rsplit_once("::") {
        Some((m, n)) => (m.rsplit("::").next(), n),
        None => (None, path),
    };
    let from = ty.span.file;
    let mut fns: Vec<FnId> = krate
        .fns_of(name, None)
        .into_iter()
        .filter(|&f| krate.crates().may_call(from, krate.fns()[f].span.file))
        .collect();
    if let Some(m) = module.filter(|m| !matches!(*m, "crate" | "self" | "super" | "")) {
        fns = super::resolve::in_module(krate, fns, m);
    }
    if fns.iter().any(|&f| krate.fns()[f].span.file == from) {
        fns.retain(|&f| krate.fns()[f].span.file == from);
    }
    match fns[..] {
        [f] => krate.body(f).json_forms.to_vec(),
        _ => Vec::new(),
    }
}

/// The fields of the input type `ty` (wire names) that the functions reached read, when
/// every use of the input in them is known: a field read, or the input handed whole to a
/// call that resolves to functions followed with it. Any other use (a method of its own, a
/// macro printing it, a call that does not resolve, one past the depth followed) leaves
/// what is read unknown.
fn fields_read(
    krate: &dyn RustLookup,
    ty: &RustType,
    reached: &[Reached],
    input: Option<&str>,
    tool: &str,
) -> Option<Vec<String>> {
    // Through a conversion (`#[serde(try_from = ..)]`) or a flattened field, what the
    // fields hold is not what the code reads.
    if ty.fields.is_empty() || ty.conversion.is_some() || ty.fields.iter().any(|f| f.flatten) {
        return None;
    }
    let followed: HashSet<FnId> = reached.iter().map(|(f, ..)| *f).collect();
    let mut read: Vec<String> = Vec::new();
    let mut holds_input = false;
    for (f, bindings, ..) in reached {
        let body = krate.body(*f);
        for (name, _) in bindings.iter().filter(|(_, b)| matches!(b, Binding::Input)) {
            holds_input = true;
            let uses = body.uses.iter().find(|u| u.root == *name)?;
            // `input.get("k")` on a struct is a method of its own type.
            if uses.opaque || !uses.keys.is_empty() || !uses.keyed_by.is_empty() {
                return None;
            }
            for field in &uses.fields {
                read.push(ty.field_by_rust_name(field)?.wire_name.clone());
            }
            if !handed_on_followed(krate, *f, name, uses, &followed, input, tool) {
                return None;
            }
        }
    }
    holds_input.then_some(read)
}

/// Whether every call handing the input (`name` in `f`) on whole is followed, with the
/// input, to every function it may run: the uses counted there are all the calls found.
fn handed_on_followed(
    krate: &dyn RustLookup,
    f: FnId,
    name: &str,
    uses: &crate::contract::RootUse,
    followed: &HashSet<FnId>,
    input: Option<&str>,
    tool: &str,
) -> bool {
    let body = krate.body(f);
    let mut handed = 0;
    for call in &body.calls {
        let whole = call.args.iter().enumerate().any(|(i, a)| {
            !(call.method && i == 0)
                && a.value()
                    .is_some_and(|v| v.root == name && v.key.is_empty())
        });
        if !whole {
            continue;
        }
        handed += 1;
        if body.outside_arm(call.span, tool) {
            continue;
        }
        let targets = resolve_call(krate, f, call, input, false);
        let targets = super::resolve::visible(krate, f, call.method, targets);
        if targets.is_empty() || targets.iter().any(|t| !followed.contains(t)) {
            return false;
        }
    }
    handed == uses.passed
}

/// The keys of an input read as a JSON map that the functions reached read, when every use
/// of the map in them is known: a read by a written key, a read by a parameter each caller
/// on this path fills with a string, or a hand-off to functions followed. A function that
/// holds the map inside another value (a request, a struct) or under a local's name uses it
/// in ways not counted here, so nothing is known then.
fn keys_read(krate: &dyn RustLookup, reached: &[Reached], tool: &str) -> Option<Vec<String>> {
    let followed: HashSet<FnId> = reached.iter().map(|(f, ..)| *f).collect();
    let mut read: Vec<String> = Vec::new();
    let mut holds_input = false;
    for (f, bindings, ..) in reached {
        let body = krate.body(*f);
        if bindings
            .iter()
            .any(|(_, b)| matches!(b, Binding::Envelope(_) | Binding::Record(_)))
        {
            return None;
        }
        for (name, _) in bindings.iter().filter(|(_, b)| matches!(b, Binding::Input)) {
            holds_input = true;
            let uses = body.uses.iter().find(|u| u.root == *name)?;
            if uses.opaque || !uses.fields.is_empty() {
                return None;
            }
            read.extend(uses.keys.iter().cloned());
            for param in &uses.keyed_by {
                match bindings.iter().find(|(n, _)| n == param) {
                    Some((_, Binding::Literal(serde_json::Value::String(k), _))) => {
                        read.push(k.clone());
                    }
                    _ => return None,
                }
            }
            if !handed_on_followed(krate, *f, name, uses, &followed, None, tool) {
                return None;
            }
        }
    }
    read.sort();
    read.dedup();
    holds_input.then_some(read)
}

/// `T` of rmcp's `Json<T>` in a return type as written (spaces removed), also as the
/// success type of a `Result`: what the handler returns as structured content.
fn json_output(returns: &str) -> Option<&str> {
    fn last(path: &str) -> &str {
        path.rsplit("::").next().unwrap_or(path)
    }
    let ok = match returns.split_once('<') {
        Some((path, rest)) if last(path) == "Result" => {
            // The first top-level comma ends `T`; `Result<T>` (an alias) has none.
            let mut depth = 0i32;
            let end = rest.char_indices().find_map(|(i, c)| {
                match c {
                    '<' | '(' => depth += 1,
                    '>' | ')' => depth -= 1,
                    _ => {}
                }
                (depth < 0 || (c == ',' && depth == 0)).then_some(i)
            })?;
            &rest[..end]
        }
        _ => returns,
    };
    let (path, inner) = ok.strip_suffix('>')?.split_once('<')?;
    let name = last(inner);
    (last(path) == "Json" && name.chars().all(|c| c.is_alphanumeric() || c == '_')).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_binding_reads_its_arguments_as_the_input() {
        let req = Binding::Envelope("arguments".into());
        assert_eq!(req.read("arguments"), Some(Binding::Input));
        assert_eq!(
            req.read("arguments/sku"),
            Some(Binding::Property("sku".into()))
        );
        assert_eq!(req.read("name"), None);
        assert_eq!(req.read(""), Some(req.clone()));
        let details = Binding::Property("details".into());
        assert_eq!(
            details.read("host"),
            Some(Binding::Property("details/host".into()))
        );
    }

    #[test]
    fn structured_output_is_t_of_json_alone() {
        assert_eq!(json_output("Json<Weather>"), Some("Weather"));
        assert_eq!(
            json_output("Result<Json<Weather>,McpError>"),
            Some("Weather")
        );
        assert_eq!(
            json_output("Result<rmcp::Json<api::Weather>>"),
            Some("Weather")
        );
        assert_eq!(
            json_output("anyhow::Result<Json<Weather>,Box<dyn Error+Send>>"),
            Some("Weather")
        );
        assert_eq!(json_output("Result<Json<Vec<Weather>>,String>"), None);
        assert_eq!(json_output("Result<CallToolResult,McpError>"), None);
        assert_eq!(json_output("Weather"), None);
    }
}
