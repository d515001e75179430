#!/usr/bin/env python3
"""Issue 40: set contractlint's and rust-analyzer's answers side by side (bench/frontend.sh).

Per server and per set: method calls written in tool handlers, how many each front end
resolved to a function of the tree (and how many they resolved differently), receiver and
local typing, cfg-inactive functions, wall time and peak memory of each, and rust-analyzer's
re-analysis time after a one-character edit. Markdown on stdout."""
import collections
import os
import re
import sys

out = sys.argv[1]


def time_file(path):
    """(wall seconds, peak RSS MB) from /usr/bin/time -v."""
    wall = rss = None
    try:
        text = open(path).read()
    except OSError:
        return None, None
    m = re.search(r"Elapsed \(wall clock\) time .*?: (?:(\d+):)?(\d+):([\d.]+)", text)
    if m:
        wall = int(m.group(1) or 0) * 3600 + int(m.group(2)) * 60 + float(m.group(3))
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", text)
    if m:
        rss = int(m.group(1)) / 1024
    return wall, rss


def lines(path, tag):
    try:
        with open(path, errors="replace") as f:
            return [l.rstrip("\n").split("\t")[1:] for l in f if l.startswith(tag + "\t")]
    except OSError:
        return []


names = sorted({f.rsplit(".", 2)[0] for f in os.listdir(out) if f.endswith(".ra.time")})
rows = []
for name in names:
    cl = {}
    for h, off, callee, targets in lines(f"{out}/{name}.cl.err", "CONTRACTLINT_CALL"):
        cl[(h, off)] = [t for t in targets.split(",") if t]
    ra = {}
    for h, off, method, target, local, recv in lines(f"{out}/{name}.ra.out", "RA_CALL"):
        # Like contractlint's, only a target in the tree counts as resolved; a core method
        # (MiniCore's `Option::map`) is counted apart.
        ra[(h, off)] = (target if local == "1" else "-", recv, target != "-")
    summary = {}
    for s in lines(f"{out}/{name}.ra.out", "RA_SUMMARY"):
        summary = dict(kv.split("=", 1) for kv in s if "=" in kv)
    r = collections.Counter()
    r["calls"] = len(ra)
    for key, (target, recv, anywhere) in ra.items():
        r["ra_any"] += anywhere
        c = cl.get(key, [])
        r["cl"] += bool(c)
        r["ra"] += target != "-"
        r["both"] += bool(c) and target != "-"
        r["cl_only"] += bool(c) and target == "-"
        r["ra_only"] += not c and target != "-"
        r["differ"] += bool(c) and target != "-" and target not in c
        r["recv"] += recv not in ("-", "{unknown}")
    r["cl_unmatched"] = sum(1 for k in cl if k not in ra)
    for k in ("handlers", "locals", "locals_typed", "callees", "inactive_fns",
              "inactive_test_fns", "trait_impls", "trait_impls_resolved", "crates"):
        r[k] = int(summary.get(k, 0) or 0)
    cl_wall, cl_rss = time_file(f"{out}/{name}.cl.time")
    ra_wall, ra_rss = time_file(f"{out}/{name}.ra.time")
    rescan = summary.get("rescan_ms", "-")
    if not summary:
        try:
            err = open(f"{out}/{name}.ra.err", errors="replace").read()
        except OSError:
            err = ""
        m = re.search(r"panicked at \S*?(\w+)-[\d.]+/src/(\S+?):\d+", err)
        summary["error"] = f"panic in {m.group(1)} {m.group(2)}" if m else "no answer"
    rows.append((name, r, cl_wall, cl_rss, ra_wall, ra_rss, summary.get("loaded") == "1",
                 summary.get("load_ms", "-"), rescan, summary.get("error", "")))


def pct(a, b):
    return f"{100 * a / b:.0f}%" if b else "-"


def fmt(x, spec):
    return "-" if x is None else format(x, spec)


print("| server | handlers | calls | contractlint resolved | rust-analyzer resolved (+ core) | differ "
      "| receivers typed (RA) | cl s / MB | RA s / MB | RA load ms | RA re-analysis ms |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
sets = collections.defaultdict(lambda: [collections.Counter(), [], [], [], [], 0, 0, [], []])
for name, r, cw, cr, rw, rr, loaded, load_ms, rescan, err in rows:
    set_name = name.split("__")[0]
    print(f"| {name.split('__')[1]} | {r['handlers']} | {r['calls']} | {r['cl']} | {r['ra']} (+{r['ra_any'] - r['ra']}) "
          f"| {r['differ']} | {r['recv']} | {fmt(cw, '.2f')} / {fmt(cr, '.0f')} "
          f"| {fmt(rw, '.2f')} / {fmt(rr, '.0f')} | {load_ms} | {rescan}"
          + ("" if loaded else f" (not loaded: {err[:80]})") + " |")
    s = sets[set_name]
    s[0].update(r)
    for i, v in ((1, cw), (2, cr), (3, rw), (4, rr)):
        if v is not None:
            s[i].append(v)
    s[5] += 1
    s[6] += loaded
    if rescan not in ("-", None):
        s[7].append(int(rescan))
    if cw and rw:
        s[8].append(rw / cw)

print("\n| set | servers (RA loaded) | calls in handlers | contractlint resolved | RA resolved "
      "| RA resolved incl. core | both | cl only | RA only | differ | receivers typed (RA) | locals typed (RA) "
      "| cfg-inactive fns (under cfg(test)) | trait impls resolved (RA) "
      "| cl wall s total / max MB | RA wall s total / max MB | RA / cl wall, median "
      "| RA re-analysis ms, median / max |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2] if xs else 0


for set_name, (c, cw, cr, rw, rr, n, loaded, rescans, ratios) in sorted(sets.items()):
    print(f"| {set_name} | {n} ({loaded}) | {c['calls']} | {c['cl']} ({pct(c['cl'], c['calls'])}) "
          f"| {c['ra']} ({pct(c['ra'], c['calls'])}) | {c['ra_any']} ({pct(c['ra_any'], c['calls'])}) "
          f"| {c['both']} | {c['cl_only']} "
          f"| {c['ra_only']} | {c['differ']} | {c['recv']} ({pct(c['recv'], c['calls'])}) "
          f"| {c['locals_typed']}/{c['locals']} ({pct(c['locals_typed'], c['locals'])}) "
          f"| {c['inactive_fns']} ({c['inactive_test_fns']}) "
          f"| {c['trait_impls_resolved']}/{c['trait_impls']} "
          f"| {sum(cw):.1f} / {max(cr, default=0):.0f} | {sum(rw):.1f} / {max(rr, default=0):.0f} "
          f"| {median(ratios):.1f}x | {median(rescans)} / {max(rescans, default=0)} |")
