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

/// CPU time (every thread of the process) one input may take. The fuzzer runs release code
/// (`cfg(fuzzing)`): the budget itself. The regression replay runs debug code beside other
/// tests: a guard against a hang, not a measurement. CPU rather than wall time, because the
/// fuzzers run at `nice -n 19` on a shared machine, where an input of 0.2 s of work can wait
/// 10 s for a core; a hang that spends no CPU is held by [`MAX_WALL`] and by libFuzzer's
/// `-timeout`.
pub const MAX_TIME: Duration = Duration::from_secs(if cfg!(fuzzing) { 10 } else { 120 });

/// Wall time one input may take however starved it is: a guard against a blocked read.
pub const MAX_WALL: Duration = Duration::from_secs(300);

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
    let (start, cpu_start) = (Instant::now(), cpu_time());
    let out = f();
    let (took, cpu) = (start.elapsed(), cpu_time().saturating_sub(cpu_start));
    let peak = PEAK.load(Ordering::Relaxed).saturating_sub(base);
    assert!(
        cpu <= MAX_TIME,
        "{what} took {cpu:?} of CPU, over {MAX_TIME:?}"
    );
    assert!(took <= MAX_WALL, "{what} took {took:?}, over {MAX_WALL:?}");
    assert!(
        peak <= MAX_BYTES,
        "{what} allocated {} MB at its peak, over {} MB",
        peak >> 20,
        MAX_BYTES >> 20
    );
    out
}

/// The process's CPU time (user + system, every thread) from `/proc/self/stat`, in the
/// kernel's fixed 100 ticks a second (`USER_HZ` on Linux); zero where it cannot be read, so
/// elsewhere only [`MAX_WALL`] holds.
pub fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name, which is in parentheses and may hold spaces.
    let after = stat.rsplit_once(") ").map_or("", |(_, rest)| rest);
    let ticks: u64 = after
        .split(' ')
        .skip(11) // state is field 3; utime and stime are fields 14 and 15
        .take(2)
        .filter_map(|t| t.parse::<u64>().ok())
        .sum();
    Duration::from_millis(ticks * 10)
}
