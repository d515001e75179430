//! `--timings` (or `CONTRACTLINT_TIMINGS=1`): the wall time of each stage of a run, the
//! resident memory when it last ended, and the heap the program holds then and at most so
//! far ([`Counting`], the global allocator's counter), printed to stderr when the run ends,
//! so where a tool's time and bytes go can be read without a profiler
//! (docs/performance.md). Stages of packages linted in parallel, and those timed per file,
//! are summed: their total can pass the run's wall time.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicIsize, AtomicUsize, Ordering::Relaxed};
use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant};

static ENV: LazyLock<bool> =
    LazyLock::new(|| std::env::var_os("CONTRACTLINT_TIMINGS").is_some_and(|v| !v.is_empty()));

/// Set by `--timings`.
static FLAG: AtomicBool = AtomicBool::new(false);

/// Whether timings are on (the flag or the environment).
pub fn on() -> bool {
    FLAG.load(Relaxed) || *ENV
}

/// Called first thing in `main`, before anything is allocated that the run frees: with
/// `--timings` among the arguments, timings and the heap counts start here.
pub fn start() {
    if std::env::args_os().any(|a| a == "--timings") {
        enable();
    }
    init();
}

/// Turn timings on (`--timings`), and the allocator's counting with them.
pub fn enable() {
    FLAG.store(true, Relaxed);
    COUNTING.store(true, Relaxed);
}

/// Start counting heap bytes if timings are on: called first thing in `main`, so the
/// counts cover the whole run (bytes allocated before and freed after count as negative,
/// shown as nothing).
pub fn init() {
    if on() {
        COUNTING.store(true, Relaxed);
    }
}

static COUNTING: AtomicBool = AtomicBool::new(false);
static LIVE: AtomicIsize = AtomicIsize::new(0);
static PEAK: AtomicIsize = AtomicIsize::new(0);
static ALLOCS: AtomicUsize = AtomicUsize::new(0);

/// A global allocator that counts the bytes held and the most held at once, while timings
/// are on (otherwise one relaxed load per call); each thread adds to the shared counters in
/// batches ([`BATCH`]). Bytes freed that were allocated before
/// counting began would make the count wrap, so it starts in `main` before anything else.
pub struct Counting<A>(pub A);

// SAFETY: every call is passed to the inner allocator unchanged; only counters are added.
unsafe impl<A: GlobalAlloc> GlobalAlloc for Counting<A> {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is the inner allocator's.
        let p = unsafe { self.0.alloc(layout) };
        if COUNTING.load(Relaxed) && !p.is_null() {
            grow(layout.size());
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as above.
        let p = unsafe { self.0.alloc_zeroed(layout) };
        if COUNTING.load(Relaxed) && !p.is_null() {
            grow(layout.size());
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { self.0.dealloc(ptr, layout) };
        if COUNTING.load(Relaxed) {
            shrink(layout.size());
        }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as above.
        let p = unsafe { self.0.realloc(ptr, layout, new_size) };
        if COUNTING.load(Relaxed) && !p.is_null() {
            note(new_size as isize - layout.size() as isize, 1);
        }
        p
    }
}

thread_local! {
    /// This thread's bytes and allocations not yet added to the shared counters: adding each
    /// allocation to them made the threads contend for their cache line (parsing, 19 M
    /// allocations at 10,000 tools, took a third longer with timings on).
    static PENDING: Cell<(isize, usize)> = const { Cell::new((0, 0)) };
}

/// Bytes a thread may hold back from the shared counters: the heap figures are exact to
/// this much per thread.
const BATCH: isize = 64 << 10;

fn grow(size: usize) {
    note(size as isize, 1);
}

fn shrink(size: usize) {
    note(-(size as isize), 0);
}

fn note(bytes: isize, allocs: usize) {
    let held = PENDING.try_with(|p| {
        let (b, n) = p.get();
        let (b, n) = (b + bytes, n + allocs);
        match b.abs() >= BATCH || n >= 1024 {
            true => {
                p.set((0, 0));
                (b, n)
            }
            false => {
                p.set((b, n));
                (0, 0)
            }
        }
    });
    // A thread being torn down has no pending counts left: add to the shared ones directly.
    let (b, n) = held.unwrap_or((bytes, allocs));
    if b != 0 || n != 0 {
        flush(b, n);
    }
}

fn flush(bytes: isize, allocs: usize) {
    let live = LIVE.fetch_add(bytes, Relaxed) + bytes;
    if live > PEAK.load(Relaxed) {
        PEAK.fetch_max(live, Relaxed);
    }
    ALLOCS.fetch_add(allocs, Relaxed);
}

/// Add this thread's pending counts to the shared ones (before they are read).
fn settle() {
    if let Ok((b, n)) = PENDING.try_with(|p| p.replace((0, 0))) {
        flush(b, n);
    }
}

/// One stage: its summed time and allocations, how often it ran, and the resident bytes,
/// heap held and most heap held so far when it last ended.
struct Stage {
    name: &'static str,
    took: Duration,
    runs: u32,
    resident: Option<u64>,
    heap: (isize, isize),
    allocs: usize,
}

/// The stages in the order they first ran.
static TOTALS: Mutex<Vec<Stage>> = Mutex::new(Vec::new());

/// Run `f`, adding its wall time to `stage` when timings are on.
pub fn time<T>(stage: &'static str, f: impl FnOnce() -> T) -> T {
    if !on() {
        return f();
    }
    settle();
    let (started, allocs) = (Instant::now(), ALLOCS.load(Relaxed));
    let out = f();
    let took = started.elapsed();
    settle();
    let allocs = ALLOCS.load(Relaxed).wrapping_sub(allocs);
    let resident = resident();
    let heap = (LIVE.load(Relaxed), PEAK.load(Relaxed));
    let mut totals = TOTALS.lock().unwrap_or_else(|e| e.into_inner());
    match totals.iter_mut().find(|s| s.name == stage) {
        Some(s) => {
            s.took += took;
            s.runs += 1;
            s.resident = resident;
            s.heap = heap;
            s.allocs += allocs;
        }
        None => totals.push(Stage {
            name: stage,
            took,
            runs: 1,
            resident,
            heap,
            allocs,
        }),
    }
    out
}

/// Print the stages' times (nothing when timings are off).
pub fn report() {
    if !on() {
        return;
    }
    let totals = TOTALS.lock().unwrap_or_else(|e| e.into_inner());
    let mb = |b: isize| b.max(0) as f64 / 1e6;
    for s in totals.iter() {
        let resident = s.resident.map_or(String::new(), |b| {
            format!(" {:>7.1} MB resident", b as f64 / 1e6)
        });
        let heap = match COUNTING.load(Relaxed) {
            true => format!(
                ", heap {:>7.1} MB (peak {:>7.1}), {:>8} allocations",
                mb(s.heap.0),
                mb(s.heap.1),
                s.allocs
            ),
            false => String::new(),
        };
        let runs = match s.runs {
            1 => String::new(),
            n => format!(" ({n} runs summed)"),
        };
        eprintln!(
            "timings: {:<14} {:>9.1} ms{resident}{heap}{runs}",
            s.name,
            s.took.as_secs_f64() * 1e3
        );
    }
}

/// The process's resident memory now (Linux: `/proc/self/statm`, in pages of 4 KiB).
fn resident() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}
