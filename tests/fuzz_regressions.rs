//! Replays every input under `tests/fuzz-regressions/<target>/` through the same harness
//! the fuzz targets use (`tests/fuzz_support`), without the fuzzer: each once crashed or
//! reached new code, and must now lint without a panic and within the run's budget.

mod fuzz_support;

/// What each input allocates is counted, so the replay holds the budget too.
#[global_allocator]
static ALLOCATOR: fuzz_support::budget::Counting = fuzz_support::budget::Counting;

use std::path::Path;

#[test]
fn every_regression_input_lints_without_a_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz-regressions");
    let mut replayed = 0;
    for (target, ..) in fuzz_support::TARGETS {
        let mut inputs: Vec<_> = std::fs::read_dir(root.join(target))
            .unwrap_or_else(|e| panic!("tests/fuzz-regressions/{target}: {e}"))
            .map(|e| e.unwrap().path())
            .collect();
        inputs.sort();
        assert!(!inputs.is_empty(), "no regression inputs for `{target}`");
        for input in inputs {
            let data = std::fs::read(&input).unwrap();
            let result = std::panic::catch_unwind(|| fuzz_support::run_in_scratch(target, &data));
            assert!(result.is_ok(), "{} panicked", input.display());
            // As the fuzz targets run it: nothing is left behind in the temp dir.
            assert!(!fuzz_support::scratch_dir().exists());
            replayed += 1;
        }
    }
    eprintln!("replayed {replayed} fuzz regression inputs");
}

#[test]
fn the_harness_removes_the_scratch_projects_of_ended_processes_only() {
    // A fuzzer stopped in the middle of an input leaves its scratch project behind.
    let mut ended = std::process::Command::new("true").spawn().unwrap();
    ended.wait().unwrap();
    let mut living = std::process::Command::new("sleep")
        .arg("60")
        .spawn()
        .unwrap();
    let tmp = std::env::temp_dir();
    let left = tmp.join(format!("contractlint-fuzz-{}", ended.id()));
    let running = tmp.join(format!("contractlint-fuzz-{}", living.id()));
    std::fs::create_dir_all(left.join("src")).unwrap();
    std::fs::create_dir_all(&running).unwrap();
    fuzz_support::sweep_ended();
    let (left_gone, running_kept) = (!left.exists(), running.exists());
    living.kill().unwrap();
    living.wait().unwrap();
    std::fs::remove_dir_all(&running).unwrap();
    assert!(left_gone, "an ended process's scratch project was kept");
    assert!(
        running_kept,
        "a living process's scratch project was removed"
    );
}

#[test]
fn the_harness_fails_an_input_that_allocates_past_the_budget() {
    let over = std::panic::catch_unwind(|| {
        fuzz_support::budget::within("an overrun", || {
            // Allocated, never touched: counted without costing the machine the memory.
            // Well over the budget: the counters are the process's, and the replay test
            // beside this one frees memory while it runs, which lowers what is counted here.
            Vec::<u8>::with_capacity(fuzz_support::budget::MAX_BYTES + (256 << 20))
        })
    });
    assert!(over.is_err());
    fuzz_support::budget::within("a small input", || vec![0u8; 1 << 20]);
}

#[test]
fn the_harness_reads_the_cpu_time_it_holds_to_the_budget() {
    // The time budget is CPU time: were it read as zero, every input would pass.
    let (start, wall) = (fuzz_support::budget::cpu_time(), std::time::Instant::now());
    let mut spin = 0u64;
    while fuzz_support::budget::cpu_time() - start < std::time::Duration::from_millis(100) {
        spin = std::hint::black_box(spin.wrapping_add(1));
        assert!(
            wall.elapsed().as_secs() < 60,
            "no CPU time counted after a minute of work"
        );
    }
}
