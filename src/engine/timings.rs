//! `CONTRACTLINT_TIMINGS=1`: the wall time of each stage of a run and the resident memory when
//! it last ended, printed to stderr when the run ends, so where a tool's time and bytes go can
//! be read without a profiler (docs/performance.md). Stages of packages linted in parallel, and
//! those timed per file, are summed: their total can pass the run's wall time.

use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant};

static ON: LazyLock<bool> =
    LazyLock::new(|| std::env::var_os("CONTRACTLINT_TIMINGS").is_some_and(|v| !v.is_empty()));

/// One stage: its summed time, how often it ran, and the resident bytes when it last ended.
struct Stage {
    name: &'static str,
    took: Duration,
    runs: u32,
    resident: Option<u64>,
}

/// The stages in the order they first ran.
static TOTALS: Mutex<Vec<Stage>> = Mutex::new(Vec::new());

/// Run `f`, adding its wall time to `stage` when timings are on.
pub fn time<T>(stage: &'static str, f: impl FnOnce() -> T) -> T {
    if !*ON {
        return f();
    }
    let started = Instant::now();
    let out = f();
    let took = started.elapsed();
    let resident = resident();
    let mut totals = TOTALS.lock().unwrap_or_else(|e| e.into_inner());
    match totals.iter_mut().find(|s| s.name == stage) {
        Some(s) => {
            s.took += took;
            s.runs += 1;
            s.resident = resident;
        }
        None => totals.push(Stage {
            name: stage,
            took,
            runs: 1,
            resident,
        }),
    }
    out
}

/// Print the stages' times (nothing when timings are off).
pub fn report() {
    if !*ON {
        return;
    }
    let totals = TOTALS.lock().unwrap_or_else(|e| e.into_inner());
    for s in totals.iter() {
        let resident = s.resident.map_or(String::new(), |b| {
            format!(" {:>7.1} MB resident", b as f64 / 1e6)
        });
        let runs = match s.runs {
            1 => String::new(),
            n => format!(" ({n} runs summed)"),
        };
        eprintln!(
            "timings: {:<14} {:>9.1} ms{resident}{runs}",
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
