//! What handler code does, as facts: per function, the calls, assignments and rejections in
//! evaluation order, the comparisons between values, and the places a failure becomes an
//! empty result. Linking flattens them along the call graph into one [`Behaviour`] per tool.

use super::{CmpOp, Few};
use crate::source::Span;

/// How the receiver of a call (or target of an assignment) relates to state that outlives
/// the call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Receiver {
    /// `self` itself.
    SelfRef,
    /// A field of `self` (`self.cart`), without going through a lock.
    SelfField,
    /// Through `lock()`/`borrow_mut()`/`write()`/`get_mut()`, or `&mut self.x`.
    Guard,
    /// A parameter taken by `&mut`.
    MutParam,
    /// A parameter taken by shared reference or smart pointer (a pool, a client).
    SharedParam,
    /// A local obtained from shared state (`let tx = self.pool.begin()`).
    Handle,
    /// A `static` or other upper-case path.
    Global,
    /// A value owned by the function (a fresh `Vec`, the input itself).
    Local,
    /// A free function call: no receiver.
    Free,
}

impl Receiver {
    /// State that outlives the call can be changed through it.
    pub fn shared(self) -> bool {
        !matches!(self, Receiver::Local | Receiver::Free)
    }
}

/// An argument of a call, as far as what it lets the callee change is concerned.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Arg {
    /// Made by this call (`Arc::new(Mutex::new(HashMap::new()))`, a literal): state the
    /// callee changes through it is the call's own scratch.
    Fresh,
    /// An id this call minted (an atomic counter's `fetch_add`, `Uuid::new_v4()`): an entry
    /// filed under it (a pending-request table) is the call's own bookkeeping, which no
    /// later call can look up.
    Minted,
    /// The caller's own parameter at this argument position: whatever its caller passed.
    Param(usize),
    /// An enum's unit variant named by path (`DataSource::Local`), by [`variant_key`] of its
    /// name: a `match` on the parameter it fills runs that variant's arm only.
    Variant(u64),
    Other,
}

/// The key [`Arg::Variant`] and [`VariantArms`] compare a variant's name by.
pub fn variant_key(name: &str) -> u64 {
    use std::hash::Hasher as _;
    let mut h = fnv::FnvHasher::default();
    h.write(name.as_bytes());
    h.finish()
}

/// A `match` on a parameter whose arms are picked by enum variants (`match source {
/// DataSource::Local => .., DataSource::Provider => .. }`), with no guard: each arm's span
/// and its variants' [`variant_key`]s (none for a catch-all). A caller that passes a
/// variant for the parameter runs its arm and no other.
#[derive(Clone, Debug, PartialEq)]
pub struct VariantArms {
    pub param: usize,
    pub arms: Vec<(Span, Vec<u64>)>,
}

impl VariantArms {
    /// Whether `at` lies in an arm that `passed` (the arguments a caller gives) never runs.
    pub fn skipped(&self, at: Span, passed: &[Arg]) -> bool {
        let Some(Arg::Variant(k)) = passed.get(self.param) else {
            return false;
        };
        let Some(i) = self.arms.iter().position(|(s, _)| s.encloses(at)) else {
            return false;
        };
        // The first arm naming the variant, or a catch-all before it, is the one that runs.
        let first = self
            .arms
            .iter()
            .position(|(_, keys)| keys.is_empty() || keys.contains(k));
        first.is_some_and(|j| j != i)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum EffectKind {
    /// A call, by the callee's last path segment.
    Call {
        callee: String,
        method: bool,
        receiver: Receiver,
        /// What says where the callee is; `None` when nothing does, as for most calls.
        place: Option<Box<CallPlace>>,
        /// An insert at a key this fn looked up in the same map and returned from when
        /// found (`if let Some(p) = paths.get(k) { return Ok(p) }` .. `paths.insert(k, p)`):
        /// filling a memo, which a later call observes only as the same answer; or a
        /// removal there, dropping the memo's stale entry; or a `retain` by age, dropping
        /// every entry past its time.
        fills_missing: bool,
        /// The receiver is a value some method returned (`client.get(url)` before
        /// `.send()`), of a type nothing here states: which `send` runs is unknown, and
        /// linking does not guess it by name.
        opaque: bool,
        /// What each argument is, in order (the receiver not counted).
        args: Vec<Arg>,
        /// The receiver is reached through the fn's parameter at this argument position
        /// (`pending` in `pending.lock().insert(..)`): what the caller passed decides
        /// whether the state outlives the call.
        via_param: Option<usize>,
    },
    /// `execute`/`query` of SQL whose literal starts with INSERT/UPDATE/DELETE/...; `set`:
    /// the columns an `UPDATE` sets, as written (empty otherwise).
    SqlWrite { statement: String, set: Vec<String> },
    /// `self.count += 1`, `*guard = ..`: an assignment to shared state.
    Assign {
        receiver: Receiver,
        field: Option<String>,
        /// The field assigned (`expires_at` in `entry.expires_at = ..`).
        member: Option<String>,
        /// Made only while the place is empty (`if slot.is_none() { *slot = Some(v) }`,
        /// `if notes.is_empty() { *notes = v }`): the parameters `v` reads. A memo when none
        /// of them holds the input.
        fills_empty: Option<Vec<String>>,
    },
    /// `.validate()` on a parameter.
    ValidateMethod,
    /// An early return of a rejection (`return Err(..)`, `CallToolResult::error`, `bail!`);
    /// `roots` are the parameters (other than `self`) its condition reads, `fields` the
    /// parameter fields (Rust names): linking decides whether they hold the tool's input.
    Reject {
        roots: Vec<String>,
        fields: Vec<String>,
        /// The branch leaves with the value of the call at this span (`return refuse(..)`):
        /// a rejection only if linking finds that the callee builds an error.
        via: Option<Span>,
    },
}

/// Where the callee of an [`EffectKind::Call`] is read from, kept apart (and absent when
/// empty) because most calls have none of it: as four inline options it doubled the size of
/// every effect, and effects are the bulk of a function's facts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CallPlace {
    /// The receiver's type when syn shows it (`self`, a typed parameter).
    pub receiver_ty: Option<String>,
    /// `cart::add(..)`: the module the path names before a free function.
    pub module: Option<String>,
    /// Where linking reads the receiver's type when syn does not show it here.
    pub receiver_hint: Option<super::TypeHint>,
    /// The field of `self` the receiver is reached through (`cache` in
    /// `self.cache.lock().insert(..)`).
    pub field: Option<String>,
}

impl CallPlace {
    /// Nothing known of the place.
    pub const NONE: CallPlace = CallPlace {
        receiver_ty: None,
        module: None,
        receiver_hint: None,
        field: None,
    };

    /// Boxed, or `None` when nothing is known (equal effects stay equal).
    pub fn boxed(self) -> Option<Box<CallPlace>> {
        (self != CallPlace::NONE).then(|| Box::new(self))
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Effect {
    pub kind: EffectKind,
    pub span: Span,
}

/// A value given in place of a missing one: `unwrap_or(0)`, `unwrap_or_default()`.
#[derive(Clone, Debug, PartialEq)]
pub struct Defaulted {
    /// The number, when statically known (`unwrap_or_default()` is 0 for numbers).
    pub value: Option<f64>,
    pub span: Span,
}

/// One side of a comparison: a path (a parameter, closure argument or local, then fields),
/// seen through locals, references and `?`.
#[derive(Clone, Debug, PartialEq)]
pub struct Operand {
    /// Root name then field names: `["p", "folded_thickness_mm"]`.
    pub path: Vec<String>,
    pub defaulted: Option<Defaulted>,
    /// The root is an element of this record list of the fn's file (`for p in
    /// PRODUCTS.iter()`): its records are [`FnBehaviour::records`].
    pub element_of: Option<String>,
    pub span: Span,
}

/// A constant list of struct literals written in the code (`const PRODUCTS: &[Product] =
/// &[Product { id: "FT-A", .. }, ..]`): data the handler searches, known without running it.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordList {
    /// The constant's name.
    pub name: String,
    /// The struct every element is a literal of.
    pub ty: String,
    /// Each element's fields with literal values, in order (`None` is JSON null: the record
    /// says the value is unknown). A field whose value is not a literal is left out.
    pub records: Vec<Vec<(String, serde_json::Value)>>,
    pub span: Span,
}

impl RecordList {
    /// A field whose values are distinct non-empty strings in every record: what tells the
    /// records apart in an answer (`id`).
    pub fn key(&self) -> Option<&str> {
        let first = self.records.first()?;
        first.iter().map(|(f, _)| f.as_str()).find(|f| {
            let values: Vec<Option<&str>> = self
                .records
                .iter()
                .map(|r| r.iter().find(|(n, _)| n == f).and_then(|(_, v)| v.as_str()))
                .collect();
            values.iter().all(|v| v.is_some_and(|v| !v.is_empty()))
                && (1..values.len()).all(|i| !values[..i].contains(&values[i]))
        })
    }

    /// A record's value of `field`: `None` when the code does not state it as a literal.
    pub fn value<'a>(
        record: &'a [(String, serde_json::Value)],
        field: &str,
    ) -> Option<&'a serde_json::Value> {
        record.iter().find(|(n, _)| n == field).map(|(_, v)| v)
    }
}

/// `left OP right` as written.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    pub left: Operand,
    pub op: CmpOp,
    pub right: Operand,
    pub span: Span,
}

/// A failure turned into an empty or "no match" value.
#[derive(Clone, Debug, PartialEq)]
pub struct Swallow {
    /// What the code does, for messages: "`unwrap_or_default()`", "`Err(_) => Ok(vec![])`".
    pub how: String,
    /// When the failing value is the result of a call whose type syn cannot see here, its
    /// name, after the module a path call names (`serde_json::from_str`): linking decides
    /// whether that callee returns a `Result`.
    pub from_call: Option<String>,
    /// The call whose failure a form that proves a `Result` empties (`match load(id) { ..
    /// Err(_) => vec![] }`, `let Ok(x) = load(id) else ..`), by name as [`Swallow::from_call`]:
    /// when that is a crate function whose only failures are absences, nothing failed.
    pub failed_call: Option<String>,
    /// Inside a block that ends by returning an error (`return Err(..)`, `bail!`): what is
    /// defaulted there (an error body's details) never reaches the caller as an answer.
    pub in_error_exit: bool,
    /// Not a failure but a lookup that found nothing (`None => Ok(success(vec![]))` after
    /// `map.get(key)`): the value looked up, as read (root then fields). Linking keeps it
    /// only when that value is the input's, and names the property.
    pub missed: Option<Vec<String>>,
    /// The input property [`Swallow::missed`] is, once linked.
    pub property: Option<String>,
    /// The empty value is what the function answers with: it flows into a value the
    /// function returns on success ([`FnBehaviour::answers`] carries that to the caller).
    pub answers: bool,
    /// The source the failing call asked is asked again on every path that answers, by a
    /// call whose failure the function passes on: an outage of it is an error all the same.
    pub surfaced: bool,
    pub span: Span,
}

/// The behaviour facts of one function's body.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FnBehaviour {
    pub effects: Vec<Effect>,
    pub comparisons: Few<Comparison>,
    pub swallows: Few<Swallow>,
    /// The record lists whose elements the fn's comparisons read ([`Operand::element_of`]).
    pub records: Few<RecordList>,
    /// The function first returns a value it finds stored (`if let Some(auth) = load()? {
    /// return Ok(auth); }`) and makes one only when none is: a lazily filled binding (a
    /// login, a client, a session), whose effects are not a tool's.
    pub lazy: bool,
    /// Every failure the function returns is a value it looked up and did not find
    /// (`json.get(field).and_then(Value::as_array).ok_or_else(..)?`): its `Err` says
    /// "absent", never that something failed to answer. Also true of a function that never
    /// fails at all behind its `Result` (answers `Ok` only, no `?`, no `Err`).
    pub fails_only_absent: bool,
    /// The calls whose value the function answers with: a failure emptied in their callee
    /// is this function's answer too.
    pub answers: Few<Span>,
    pub variant_arms: Few<VariantArms>,
}

/// Why a step counts as a write.
#[derive(Clone, Debug, PartialEq)]
pub enum WriteKind {
    /// A method taking `&mut self` called on shared state.
    MutMethod,
    /// A collection mutator (`push`, `insert`, ...) on shared state.
    Mutator,
    /// A persistence, messaging or configured verb (`save`, `commit`, `send`, ...).
    Verb,
    /// An HTTP POST/PUT/PATCH/DELETE.
    Http,
    Sql,
    Assign,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StepKind {
    /// Input validation: the linked validator, `.validate()`, a rejection on the input.
    Validate {
        what: String,
        /// The input property the check reads (wire name), when it reads one.
        property: Option<String>,
    },
    /// A call that reads shared state.
    Read {
        what: String,
    },
    Write {
        what: String,
        kind: WriteKind,
    },
}

/// One step of a handler, in order. `span` is in the handler (the call that leads to it);
/// `origin` is where it happens, possibly in a callee; `trail` is the way there, each
/// function entered with the span in it of the call taken (the last: of `origin`).
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub kind: StepKind,
    pub span: Span,
    pub origin: Span,
    pub trail: Vec<(super::rust::FnId, Span)>,
}

impl Step {
    /// Whether no run reaches `later` after this step: where their ways part, in one
    /// function, they lie in different arms of one of its `match`es, or this one in a branch
    /// that returns ([`super::FnBody::excludes`]).
    pub fn excludes(&self, later: &Step, krate: &super::RustCrate) -> bool {
        for (&(f, a), &(g, b)) in self.trail.iter().zip(&later.trail) {
            if f != g {
                return false;
            }
            if a != b {
                return krate.body(f).excludes(a, b);
            }
        }
        false
    }
}

/// A comparison between a data value and an input property.
#[derive(Clone, Debug, PartialEq)]
pub struct DataComparison {
    /// The input property, by wire name.
    pub property: String,
    /// The data side's name: the field it reads (`tabletop_thickness_mm`) or the local.
    pub data: String,
    pub data_span: Span,
    pub defaulted: Option<Defaulted>,
    /// Read as `data OP input`.
    pub op: CmpOp,
    /// The data side is a field (`data`) of an element of this record list.
    pub records: Option<RecordList>,
    pub span: Span,
}

/// What a tool's handler does, flattened along the crate functions it calls.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Behaviour {
    pub steps: Vec<Step>,
    pub comparisons: Vec<DataComparison>,
    pub swallows: Vec<Swallow>,
}

/// A field or column that records when an entry expires or was last used, or how often:
/// refreshing it when an entry is read (`entry.expires_at = now + ttl`, `SET access_count =
/// access_count + 1`) is the store's bookkeeping, not a change the request makes.
/// A record of the calls themselves, by its name (a field, a table): an audit trail, a
/// log, metrics. What a call adds there is not a change the user sees as the tool's effect.
pub fn call_record(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    name.starts_with("audit")
        || name
            .rsplit('_')
            .next()
            .is_some_and(|w| matches!(w, "log" | "logs" | "metrics" | "stats" | "telemetry"))
}

pub fn access_record(name: &str) -> bool {
    matches!(
        name.to_ascii_lowercase().as_str(),
        "expires_at"
            | "expire_at"
            | "expires"
            | "expiry"
            | "expiration"
            | "last_used"
            | "last_used_at"
            | "last_access"
            | "last_accessed"
            | "last_accessed_at"
            | "last_seen"
            | "last_seen_at"
            | "last_read"
            | "last_read_at"
            | "accessed_at"
            | "touched_at"
            | "access_count"
            | "accessed_count"
            | "hit_count"
            | "hits"
            | "use_count"
            | "usage_count"
            | "read_count"
    )
}
