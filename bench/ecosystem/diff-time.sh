#!/bin/bash
# Time `contractlint diff BASE..HEAD` in a server's bare snapshot against `check .` of HEAD
# (exported with `git archive`, here in the benchmark only), and count the changes by severity.
# With hyperfine on PATH each is its mean over RUNS runs after a warm-up; else one run each.
# Usage: bench/ecosystem/diff-time.sh OWNER+NAME BASE HEAD   (BIN=path/to/contractlint RUNS=5)
set -u
BIN=${BIN:-$(pwd)/target/release/contractlint}
RUNS=${RUNS:-5}
r=$1; a=$2; b=$3
g=/work/.mirror/$r/repo
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# `git archive` stops at a blob a partial clone lacks; such blobs are left out, as `diff` does.
mkdir "$work/tree" && python3 - "$g" "$b" "$work/tree" <<'PY'
import os, subprocess, sys
g, rev, dest = sys.argv[1:]
git = ["git", "--git-dir", g]
entries = [l.split("\t", 1) for l in subprocess.run(git + ["ls-tree", "-r", "-z", rev], capture_output=True, check=True).stdout.decode().split("\0") if l]
blobs = [(meta.split()[2], path) for meta, path in entries if meta.split()[1] == "blob" and meta.split()[0] != "120000"]
batch = subprocess.run(git + ["cat-file", "--batch"], input="".join(f"{o}\n" for o, _ in blobs).encode(), capture_output=True, check=True).stdout
at = 0
for oid, path in blobs:
    end = batch.index(b"\n", at)
    head = batch[at:end].split()
    at = end + 1
    if head[-1] == b"missing":
        continue
    size = int(head[2])
    os.makedirs(os.path.join(dest, os.path.dirname(path)), exist_ok=True)
    open(os.path.join(dest, path), "wb").write(batch[at:at + size])
    at += size + 1
PY
( cd "$g" && "$BIN" diff "$a..$b" --format json > "$work/diff.json" 2> "$work/diff.err" ); rc=$?
if command -v hyperfine > /dev/null; then
  hyperfine -N --warmup 1 --runs "$RUNS" --ignore-failure --export-json "$work/t.json" \
    "sh -c 'cd $g && $BIN diff $a..$b --format json > /dev/null 2>&1'" \
    "sh -c 'cd $work/tree && $BIN check . --format json > /dev/null 2>&1'" > /dev/null
  read -r d c <<< "$(python3 -c "import json;r=json.load(open('$work/t.json'))['results'];print(r[0]['mean'],r[1]['mean'])")"
else
  s=$(date +%s.%N); ( cd "$g" && "$BIN" diff "$a..$b" --format json > /dev/null 2>&1 ); e=$(date +%s.%N)
  s2=$(date +%s.%N); ( cd "$work/tree" && "$BIN" check . --format json > /dev/null 2>&1 ); e2=$(date +%s.%N)
  d=$(echo "$e-$s" | bc); c=$(echo "$e2-$s2" | bc)
fi
n=$(python3 -c "import json,collections;d=json.load(open('$work/diff.json'));print(len(d['diagnostics']), dict(collections.Counter(x['severity'] for x in d['diagnostics'])))" 2>/dev/null)
printf "%s %s..%s rc=%s diff=%.2fs check=%.2fs ratio=%.2f changes=%s\n" "$r" "$a" "$b" "$rc" \
  "$d" "$c" "$(echo "$d/$c" | bc -l)" "$n"
