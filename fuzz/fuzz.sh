#!/usr/bin/env bash
# Builds and runs the fuzz targets as docs/security.md ("Fuzzing") records them: cargo-fuzz's
# instrumentation without cargo-fuzz (not installable here), the run's budget as libFuzzer's
# limits (the harness, tests/fuzz_support, holds each input to it as well).
#
# usage: fuzz/fuzz.sh build
#        fuzz/fuzz.sh run TARGET SECONDS CORPUS [CORPUS...]
#        fuzz/fuzz.sh merge TARGET SECONDS NEW_CORPUS CORPUS [CORPUS...]
#
# `run` fuzzes for SECONDS from the corpora (new inputs go to the first); `merge` minimises
# the corpora into NEW_CORPUS (empty or new). Each runs under `timeout` in a process group of
# its own, so that its time running out, or SIGINT or SIGTERM to this script, stops libFuzzer
# and the child process a `-merge=1` run starts alike: a signal to libFuzzer alone leaves
# that child running. The CPU time (user + system) of the whole is printed at the end.
# Run it niced on a shared machine: `nice -n 19 fuzz/fuzz.sh run json 3600 corpus/json`.
# FUZZ_TARGET_DIR: the build's target dir (default fuzz/target).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
target_dir=${FUZZ_TARGET_DIR:-$here/target}

if [[ ${1:-} == build ]]; then
  cd "$here"
  # cargo-fuzz's flags, without ASan; opt-level 1 halves the build on a shared machine.
  export CARGO_TARGET_DIR=$target_dir CARGO_PROFILE_RELEASE_OPT_LEVEL=1
  export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing -Cdebug-assertions -Coverflow-checks"
  exec cargo +nightly build --release --bins --target x86_64-unknown-linux-gnu --offline
fi

if [[ $# -lt 4 || ($1 != run && $1 != merge) ]]; then
  sed -n '6,8p' "$0" >&2
  exit 2
fi
verb=$1 target=$2 seconds=$3
shift 3
binary=$target_dir/x86_64-unknown-linux-gnu/release/$target
# The budget (bench/budget.py): 500 MB and 10 s an input.
flags=(-rss_limit_mb=500 -malloc_limit_mb=500 -timeout=10)
# Crashes, timeouts and slow units go beside the build, not into the working directory.
mkdir -p "$target_dir/artifacts"
flags+=("-artifact_prefix=$target_dir/artifacts/$target-")
[[ -f $here/$target.dict ]] && flags+=("-dict=$here/$target.dict")
if [[ $verb == run ]]; then
  flags+=("-max_total_time=$seconds" -print_final_stats=1)
  # libFuzzer does not look at its clock while it replays the corpora: a minute's grace.
  seconds=$((seconds + 60))
else
  mkdir -p "$1"
  flags+=(-merge=1)
fi

# `timeout` puts itself and everything under it in a new process group and signals the
# group; -k: SIGKILL if SIGTERM has not ended it in 30 s.
timeout -s TERM -k 30 "$seconds" "$binary" "${flags[@]}" "$@" &
group=$!
trap 'kill -TERM "$group" 2>/dev/null || true' INT TERM
status=0
# A trapped signal interrupts `wait`; wait again for the group to end.
while kill -0 "$group" 2>/dev/null; do
  wait "$group" && status=0 || status=$?
done
echo "fuzz.sh $verb $target: exit $status; CPU (user, system) of this script, then of libFuzzer:"
times
exit "$status"
