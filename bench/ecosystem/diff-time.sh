#!/bin/bash
# Time `contractlint diff BASE..HEAD` in a server's bare snapshot against `check .` of HEAD
# (exported with `git archive`, here in the benchmark only), and count the changes by severity.
# Usage: bench/ecosystem/diff-time.sh OWNER+NAME BASE HEAD   (BIN=path/to/contractlint)
set -u
BIN=${BIN:-$(pwd)/target/debug/contractlint}
r=$1; a=$2; b=$3
g=/work/.mirror/$r/repo
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
s=$(date +%s.%N)
( cd "$g" && "$BIN" diff "$a..$b" --format json > "$work/diff.json" 2> "$work/diff.err" ); rc=$?
e=$(date +%s.%N)
mkdir "$work/tree" && git --git-dir="$g" archive "$b" | tar -x -C "$work/tree"
s2=$(date +%s.%N)
( cd "$work/tree" && "$BIN" check . --format json > /dev/null 2>&1 )
e2=$(date +%s.%N)
n=$(python3 -c "import json,collections;d=json.load(open('$work/diff.json'));print(len(d['diagnostics']), dict(collections.Counter(x['severity'] for x in d['diagnostics'])))" 2>/dev/null)
printf "%s %s..%s rc=%s diff=%.2fs check=%.2fs ratio=%.2f changes=%s\n" "$r" "$a" "$b" "$rc" \
  "$(echo "$e-$s" | bc)" "$(echo "$e2-$s2" | bc)" "$(echo "($e-$s)/($e2-$s2)" | bc -l)" "$n"
