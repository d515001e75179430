//! The run's budget, asserted on every fuzz input (issue 41): a crash is not the only
//! failure, an input that makes the run take gigabytes or minutes is one too. The binary
//! that runs the harness installs [`Counting`] as its allocator, so the peak of what one
//! input allocates is known exactly, whatever the fuzzer or the test harness hold.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Bytes one input may hold allocated at once: the budget of `bench/budget.py`.
pub const MAX_BYTES: usize = 500 << 20;

/// Wall time one input may take. The fuzzer runs release code (`cfg(fuzzing)`): the budget
/// itself. The regression replay runs debug code beside other tests: a guard against a
/// hang, not a measurement.
pub const MAX_TIME: Duration = Duration::from_secs(if cfg!(fuzzing) { 10 } else { 120 });

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

/// The system allocator, counting what is live and its peak.
pub struct Counting;

// SAFETY: every call is forwarded to `System` unchanged; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            let live = LIVE.fetch_add(new_size, Ordering::Relaxed) + new_size;
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        p
    }
}

/// Run `f` and panic if it took more than [`MAX_TIME`] or allocated more than
/// [`MAX_BYTES`] above what was live when it started. Without [`Counting`] installed the
/// counters stay at zero and only the time is held.
pub fn within<T>(what: &str, f: impl FnOnce() -> T) -> T {
    // The counters are the process's: one measured run at a time (tests run in parallel).
    static ONE: Mutex<()> = Mutex::new(());
    let _one = ONE.lock().unwrap_or_else(|e| e.into_inner());
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let start = Instant::now();
    let out = f();
    let took = start.elapsed();
    let peak = PEAK.load(Ordering::Relaxed).saturating_sub(base);
    assert!(took <= MAX_TIME, "{what} took {took:?}, over {MAX_TIME:?}");
    assert!(
        peak <= MAX_BYTES,
        "{what} allocated {} MB at its peak, over {} MB",
        peak >> 20,
        MAX_BYTES >> 20
    );
    out
}
