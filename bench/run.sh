#!/usr/bin/env bash
# Benchmark contractlint against its floors, side by side in one run (hyperfine medians):
#   rg -c serde          reading every byte (the I/O floor)
#   parse_baseline       syn::parse_file on every .rs file (what a naive linter costs);
#                        with --json, serde_json on every .json file too (the bare parse)
# Figures are ratios; absolute times on a shared 2-core machine are noise.
# usage: bench/run.sh            (builds the corpus first if missing)
#        CURVE="1000 10000" bench/run.sh   (the tool curve without 100,000 tools)
#        ONLY=cost bench/run.sh    (section 5 alone: what a tool costs, issue 45)
#        BEFORE=path/to/old/contractlint bench/run.sh   (section 5 times that binary too, in
#                                  the same hyperfine commands: before/after as ratios of one run)
# The machine's load (uptime) is written beside each section's figures (load-*.txt).
set -euo pipefail
# The build goes where cargo puts it: CARGO_TARGET_DIR when set (made absolute before the
# cd below, as cargo reads a relative one from the directory it runs in), else target/.
if [ -n "${CARGO_TARGET_DIR:-}" ]; then
  CARGO_TARGET_DIR=$(realpath -m "$CARGO_TARGET_DIR")
  export CARGO_TARGET_DIR
fi
cd "$(dirname "$0")/.."
tgt=${CARGO_TARGET_DIR:-target}
[ -d bench/work/corpus/planted-500 ] || bash bench/corpus.sh
# Two commands: an example is built with the dev-dependencies' features, and cargo unifies
# features per command, so one command would measure a binary with features it never ships.
cargo build --release --locked -q --bin contractlint
cargo build --release --locked -q --example parse_baseline
cl=$tgt/release/contractlint
base=$tgt/release/examples/parse_baseline
corpus=bench/work/corpus
out=bench/work/results
mkdir -p "$out"
export RAYON_NUM_THREADS=2
hf() {
  uptime > "$out/load-$1.txt"
  hyperfine --warmup 1 --runs "${RUNS:-5}" -N -i --export-json "$out/$1.json" "${@:2}"
  uptime >> "$out/load-$1.txt"
}
before=()
if [ -n "${BEFORE:-}" ]; then before=(-n before "$BEFORE check __TREE__ --format json -o /dev/null"); fi
# The `before` command on one tree.
with_before() { for a in "${before[@]}"; do printf '%s\0' "${a//__TREE__/$1}"; done; }
if [ "${ONLY:-}" != cost ]; then

# 1. Real crates with tools planted in them.
hf planted \
  -n contractlint "$cl check $corpus/planted --format json -o /dev/null" \
  -n rg "rg -c serde $corpus/planted" \
  -n parse-all "$base $corpus/planted"
# 2. Worst case: every file is relevant. (a) the real crates with the prefilter off, so
# every file is parsed (function bodies read as linking asks for them), and the same with
# every body read up front; (b) all synthetic tool sources, where the 10,000 tools' JSON,
# descriptions and rules come on top of the parse.
hf worst \
  -n contractlint-parse-all "env CONTRACTLINT_PARSE_ALL=1 $cl check $corpus/real --format json -o /dev/null" \
  -n contractlint-parse-all-whole "env CONTRACTLINT_PARSE_ALL=whole $cl check $corpus/real --format json -o /dev/null" \
  -n parse-all "$base $corpus/real"
hf worst-synth \
  -n contractlint "$cl check $corpus/synth-10000 --format json -o /dev/null" \
  -n parse-all "$base $corpus/synth-10000"
# 3. JSON manifests only, by number of tools.
hf json-scaling \
  -n json-1000 "$cl check $corpus/synth-1000/tools --format json -o /dev/null" \
  -n json-10000 "$cl check $corpus/synth-10000/tools --format json -o /dev/null" \
  -n json-50000 "$cl check $corpus/synth-50000/tools --format json -o /dev/null"
# 4. Whole synthetic projects (manifests + Rust), by number of tools.
hf full-scaling \
  -n full-1000 "$cl check $corpus/synth-1000 --format json -o /dev/null" \
  -n full-10000 "$cl check $corpus/synth-10000 --format json -o /dev/null" \
  -n full-50000 "$cl check $corpus/synth-50000 --format json -o /dev/null"
fi
# 5. Issue 45: what a tool costs. 500 tools planted in the real crates against rg; then
# 1,000 / 10,000 / 100,000 synthetic tools (manifests and Rust), each against rg and a
# bare parse of the same files (serde_json for the JSON, syn for the Rust) in one command,
# with each run's peak memory. --preview: the synthetic tools' defects are found by
# preview rules, so the rules have their work to do.
mapfile -d '' b < <(with_before "$corpus/planted-500")
hf planted-500 \
  -n contractlint "$cl check $corpus/planted-500 --format json -o /dev/null" \
  -n rg "rg -c serde $corpus/planted-500" "${b[@]}"
# Exported: bench/summarize.py reports these sizes, not older runs' files left in $out.
export CURVE=${CURVE:-1000 10000 100000}
for n in $CURVE; do
  mapfile -d '' b < <(with_before "$corpus/synth-$n")
  hf "curve-$n" \
    -n contractlint "$cl check $corpus/synth-$n --format json -o /dev/null" \
    -n contractlint-preview "$cl check $corpus/synth-$n --preview --format json -o /dev/null" \
    -n rg "rg -c inputSchema $corpus/synth-$n" \
    -n bare-parse "$base $corpus/synth-$n --json" "${b[@]}"
  /usr/bin/time -v "$cl" check "$corpus/synth-$n" --format json -o /dev/null 2> "$out/mem-curve-$n.txt" || true
  /usr/bin/time -v "$cl" report "$corpus/synth-$n" --format json -o /dev/null 2> "$out/mem-report-curve-$n.txt" || true
  if [ -n "${BEFORE:-}" ]; then
    /usr/bin/time -v "$BEFORE" check "$corpus/synth-$n" --format json -o /dev/null 2> "$out/mem-before-curve-$n.txt" || true
  fi
done
if [ "${ONLY:-}" = cost ]; then
  python3 bench/summarize.py "$out"
  exit
fi
# 6. Peak memory, files parsed, and the findings (to check the planted defects are found).
for t in planted synth-50000; do
  /usr/bin/time -v "$cl" check "$corpus/$t" --format json -o /dev/null 2> "$out/mem-$t.txt" || true
done
/usr/bin/time -v "$base" "$corpus/planted" > /dev/null 2> "$out/mem-parse-all-planted.txt" || true
for t in planted synth-10000; do
  CONTRACTLINT_PARSE_STATS=1 "$cl" check "$corpus/$t" --format json -o "$out/report-$t.json" 2> "$out/parsed-$t.txt" || true
done
python3 bench/summarize.py "$out"
