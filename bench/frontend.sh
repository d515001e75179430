#!/usr/bin/env bash
# Issue 40: the syn model against rust-analyzer's library crates, server by server.
# For each tree: contractlint (built with --features ra-frontend, which adds a trace of how it
# resolved each method call in a handler) and examples/ra_probe.rs, both under
# /usr/bin/time -v, then bench/frontend_summary.py sets them side by side.
#   usage: bench/frontend.sh [SET_DIR...]     (default: /tmp/eco /tmp/rw /tmp/rw2h, the trees
#          bench/ecosystem/run.py and the realworld scorers write out; nothing is fetched)
#   env:   OUT (default bench/work/frontend), PROFILE (default debug), ONLY (a name filter)
# The probe reads each tree with `cargo metadata --no-deps` and nothing else: no registry,
# no rust-src, no build script, no proc-macro server.
set -uo pipefail
cd "$(dirname "$0")/.."
profile=${PROFILE:-debug}
flag=""; [ "$profile" = debug ] || flag="--profile $profile"
cargo build -j1 -q $flag --features ra-frontend --bin contractlint --example ra_probe || exit 1
dir=$([ "$profile" = debug ] && echo debug || echo "$profile")
cl=$PWD/target/$dir/contractlint
probe=$PWD/target/$dir/examples/ra_probe
out=${OUT:-$PWD/bench/work/frontend}
mkdir -p "$out"
sets=("$@"); [ ${#sets[@]} -gt 0 ] || sets=(/tmp/eco /tmp/rw /tmp/rw2h)
uptime > "$out/load.txt"
for set in "${sets[@]}"; do
  for tree in "$set"/*/; do
    tree=${tree%/}; name=$(basename "$set")__$(basename "$tree")
    [ -z "${ONLY:-}" ] || [[ $name == *$ONLY* ]] || continue
    # contractlint inside the tree, so the handler paths it prints are relative to it.
    (cd "$tree" && CONTRACTLINT_TRACE_CALLS=1 /usr/bin/time -v -o "$out/$name.cl.time" \
      "$cl" check . --explain-links >"$out/$name.cl.out" 2>"$out/$name.cl.err")
    sed -nE 's/.*handler ([A-Za-z0-9_]+) \(([^():]+):([0-9]+):[0-9]+\).*/\2\t\3\t\1/p' \
      "$out/$name.cl.out" | sort -u >"$out/$name.handlers"
    timeout 900 /usr/bin/time -v -o "$out/$name.ra.time" \
      "$probe" "$tree" "$out/$name.handlers" >"$out/$name.ra.out" 2>"$out/$name.ra.err"
    echo "$name done" >&2
  done
done
uptime >> "$out/load.txt"
python3 bench/frontend_summary.py "$out"
