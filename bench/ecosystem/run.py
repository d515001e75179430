#!/usr/bin/env python3
"""Ecosystem check: run contractlint on pinned public Rust MCP servers and compare every
error and warning with the hand triage in triage.tsv.

Each server of servers.toml is written out once from its git snapshot
($MIRROR_ROOT/<owner>+<name>/repo, default /work/.mirror) into $ECO_ROOT/<owner>+<name>/
(default: <tmp>/eco) with a `.eco-commit` marker; a missing snapshot is skipped with a note.
The linter runs inside each copy: `$CONTRACTLINT check . --format json $CONTRACTLINT_ARGS`
(CONTRACTLINT may be a command with arguments; default /tmp/cl-base).

Matching: a diagnostic matches a triage row of the same repository, commit, file and code whose
line is within --shift lines (default 3); rows are used once, nearest line first (same tool
preferred), so two findings on one line need two rows.

Precision counts only triaged findings of the current run, by the run's severity:
error precision = true / (true + wrong); debatable ones are listed, not counted.

usage: run.py [--only ID,..] [--json OUT] [--new-tsv OUT] [--shift N] [--jobs N] [-v]
"""

import argparse
import collections
import concurrent.futures
import csv
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
COLUMNS = ["repository", "commit", "file", "line", "code", "severity", "tool", "verdict", "reason"]
VERDICTS = ("true", "wrong", "debatable")


def load_servers(path):
    with open(path, "rb") as f:
        servers = tomllib.load(f)["server"]
    for s in servers:
        s.setdefault("mirror", s["repo"].replace("/", "+"))
    return servers


def load_triage(path):
    rows = []
    if not os.path.exists(path):
        return rows
    with open(path, newline="") as f:
        for n, row in enumerate(csv.DictReader(f, delimiter="\t"), start=2):
            if row["verdict"] not in VERDICTS:
                sys.exit(f"{path}:{n}: verdict must be one of {VERDICTS}, got {row['verdict']!r}")
            row["line"] = int(row["line"])
            rows.append(row)
    return rows


def materialise(server, mirror_root, eco_root):
    """The server's pinned tree as a directory, or (None, why)."""
    git_dir = os.path.join(mirror_root, server["mirror"], "repo")
    if not os.path.isdir(git_dir):
        return None, f"no snapshot at {git_dir} (fetch github:{server['repo']})"
    dest = os.path.join(eco_root, server["mirror"])
    marker = os.path.join(dest, ".eco-commit")
    if os.path.exists(marker) and open(marker).read().strip() == server["commit"]:
        return dest, None
    if os.path.exists(dest):
        shutil.rmtree(dest)
    os.makedirs(dest)
    archive = subprocess.run(
        ["git", "--git-dir", git_dir, "archive", "--format=tar", server["commit"]],
        capture_output=True,
    )
    if archive.returncode == 0:
        subprocess.run(["tar", "-x", "-C", dest], input=archive.stdout, check=True)
    else:
        # Snapshots lack files of 4 MiB and more: write out every blob that is there.
        why = write_blobs(git_dir, server["commit"], dest)
        if why:
            shutil.rmtree(dest)
            return None, why
    with open(marker, "w") as f:
        f.write(server["commit"] + "\n")
    return dest, None


def write_blobs(git_dir, commit, dest):
    """Write the commit's tree blob by blob, skipping blobs the snapshot lacks."""
    tree = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "-z", commit],
                          capture_output=True)
    if tree.returncode != 0:
        return f"commit {commit[:12]} not in snapshot: {tree.stderr.decode().strip()}"
    entries = []
    for item in tree.stdout.split(b"\0"):
        if not item:
            continue
        meta, path = item.split(b"\t", 1)
        mode, kind, sha = meta.split()
        if kind == b"blob" and mode != b"120000":
            entries.append((sha.decode(), path.decode(errors="replace")))
    batch = subprocess.run(["git", "--git-dir", git_dir, "cat-file", "--batch"],
                           input="".join(f"{sha}\n" for sha, _ in entries).encode(),
                           capture_output=True).stdout
    pos = 0
    for sha, path in entries:
        end = batch.index(b"\n", pos)
        header = batch[pos:end].split()
        pos = end + 1
        if header[-1] == b"missing":
            continue
        size = int(header[2])
        target = os.path.join(dest, path)
        if os.path.commonpath([os.path.abspath(target), os.path.abspath(dest)]) != os.path.abspath(dest):
            continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(batch[pos:pos + size])
        pos += size + 1
    return None


def lint(linter, cwd, timeout):
    start = time.monotonic()
    try:
        extra = shlex.split(os.environ.get("CONTRACTLINT_ARGS", ""))
        proc = subprocess.run(linter + ["check", ".", "--format", "json"] + extra, cwd=cwd,
                              capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - start, f"timed out after {timeout} s"
    wall = time.monotonic() - start
    if proc.returncode not in (0, 1):
        return None, wall, f"exit {proc.returncode}: {proc.stderr.decode(errors='replace').strip()[:300]}"
    try:
        return json.loads(proc.stdout), wall, None
    except json.JSONDecodeError as e:
        return None, wall, f"unreadable JSON report: {e}"


def match(diags, rows, shift):
    """Pair each diagnostic with at most one triage row: nearest line, then same tool."""
    by_key = collections.defaultdict(list)
    for r in rows:
        by_key[(r["file"], r["code"])].append(r)
    candidates = []
    for i, d in enumerate(diags):
        for j, r in enumerate(by_key.get((d["file"], d["code"]), [])):
            dist = abs(r["line"] - d["line"])
            if dist <= shift:
                candidates.append((dist, r["tool"] != (d["tool"] or ""), i, id(r), r))
    candidates.sort(key=lambda c: c[:3])
    pairs, used_d, used_r = {}, set(), set()
    for _, _, i, rid, r in candidates:
        if i in used_d or rid in used_r:
            continue
        pairs[i] = r
        used_d.add(i)
        used_r.add(rid)
    gone = [r for r in rows if id(r) not in used_r]
    return pairs, gone


def self_test():
    """The matching rules, on made-up findings."""
    row = lambda line, code="R008", tool="t", f="a.rs": {"file": f, "line": line, "code": code, "tool": tool}
    diag = lambda line, code="R008", tool="t", f="a.rs": {"file": f, "line": line, "code": code, "tool": tool}
    pairs, gone = match([diag(12)], [row(10)], 3)
    assert 0 in pairs and not gone, "a 2-line shift matches"
    pairs, gone = match([diag(14)], [row(10)], 3)
    assert not pairs and len(gone) == 1, "a 4-line shift does not"
    pairs, gone = match([diag(10, code="R009")], [row(10)], 3)
    assert not pairs, "another code does not match"
    pairs, gone = match([diag(10, f="b.rs")], [row(10)], 3)
    assert not pairs, "another file does not match"
    pairs, gone = match([diag(10), diag(10)], [row(10)], 3)
    assert len(pairs) == 1, "one row serves one finding"
    rows = [row(10, tool="x"), row(10, tool="y")]
    pairs, _ = match([diag(10, tool="y"), diag(10, tool="x")], rows, 3)
    assert pairs[0]["tool"] == "y" and pairs[1]["tool"] == "x", "same tool is preferred"
    pairs, _ = match([diag(11)], [row(13), row(10)], 3)
    assert pairs[0]["line"] == 10, "nearest line is preferred"
    print("self-test: ok")


def check_server(server, args, linter, rows):
    res = {"id": server["id"], "repo": server["repo"], "commit": server["commit"],
           "tools_counted": server.get("tool_count")}
    tree, why = materialise(server, args.mirror_root, args.eco_root)
    if tree is None:
        res["skipped"] = why
        return res
    report, wall, why = lint(linter, tree, args.timeout)
    res["wall"] = round(wall, 2)
    if report is None:
        res["skipped"] = why
        return res
    res["tools_linted"] = report["summary"]["tools"]
    diags = []
    for d in report["diagnostics"]:
        if d["severity"] not in ("error", "warning"):
            continue
        p = d["primary"] or {}
        diags.append({"file": p.get("file", ""), "line": p.get("line", 0), "code": d["code"],
                      "severity": d["severity"], "tool": d.get("tool"), "message": d["message"]})
    res["counts"] = collections.Counter(f"{d['code']}/{d['severity']}" for d in diags)
    mine = [r for r in rows if r["repository"] == server["repo"] and r["commit"] == server["commit"]]
    pairs, gone = match(diags, mine, args.shift)
    res["diagnostics"] = []
    for i, d in enumerate(diags):
        r = pairs.get(i)
        d["verdict"] = r["verdict"] if r else None
        d["reason"] = r["reason"] if r else None
        res["diagnostics"].append(d)
    res["gone"] = gone
    return res


def precision(results, severity):
    tally = collections.Counter()
    for res in results:
        for d in res.get("diagnostics", []):
            if d["severity"] == severity and d["verdict"]:
                tally[d["verdict"]] += 1
    judged = tally["true"] + tally["wrong"]
    return tally, (tally["true"] / judged if judged else None)


def fmt_pct(p):
    return "n/a" if p is None else f"{100 * p:.1f}%"



# What a rule's last WINDOW judged first-sight findings must reach to run by default
# (src/catalog.rs: STABLE_JUDGED, STABLE_PRECISION).
WINDOW = 40
STABLE = 0.9


def first_sight(path, last, rule):
    """Precision per rule and overall over the first-sight verdicts of the last `last` servers."""

    root = os.path.dirname(os.path.dirname(HERE))
    maturity = {}
    for name in sorted(os.listdir(os.path.join(root, "rules"))):
        if name.endswith(".toml"):
            with open(os.path.join(root, "rules", name), "rb") as f:
                entry = tomllib.load(f)
            maturity[entry["code"]] = entry.get("maturity", "preview")
    with open(path, newline="") as f:
        every = list(csv.DictReader(f, delimiter="\t"))
    rows = [r for r in every if r["severity"] in ("error", "warning")]
    misses = [r for r in every if r["verdict"] == "MISS"]
    order = []
    for r in rows:
        if r["repository"] not in order:
            order.append(r["repository"])
    kept = set(order[-last:]) if last else set(order)
    rows = [r for r in rows if r["repository"] in kept and (not rule or r["code"] == rule)]
    misses = [r for r in misses if r["repository"] in kept and (not rule or r["code"] == rule)]
    print(f"first sight: {len(rows)} errors and warnings judged on {len(kept)} servers"
          f" ({path}; the last {len(kept)} of {len(order)})")

    def figures(sel):
        c = collections.Counter(r["verdict"] for r in sel)
        tp, fp, deb = c["TP"], c["FP"], c["DEBATABLE"]
        prec = f"{100 * tp / (tp + fp):.0f}%" if tp + fp else "n/a"
        act = f"{100 * tp / (tp + fp + deb):.0f}%" if tp + fp + deb else "n/a"
        return tp, fp, deb, prec, act

    print(f"{'rule':<6} {'severity':<8} {'maturity':<8} {'TP':>4} {'FP':>4} {'DEB':>4} {'precision':>9} {'actionable':>10}")
    for key in sorted({(r["code"], r["severity"]) for r in rows}):
        sel = [r for r in rows if (r["code"], r["severity"]) == key]
        tp, fp, deb, prec, act = figures(sel)
        print(f"{key[0]:<6} {key[1]:<8} {maturity.get(key[0], '?'):<8} {tp:>4} {fp:>4} {deb:>4} {prec:>9} {act:>10}")
    for label, stable_only in (("default rule set", True), ("every rule (--preview)", False)):
        for sev in ("error", "warning"):
            sel = [r for r in rows if r["severity"] == sev
                   and (not stable_only or maturity.get(r["code"]) == "stable")]
            tp, fp, deb, prec, act = figures(sel)
            print(f"{label}, {sev}s: precision {prec} ({tp} TP / {fp} FP), actionable {act} ({deb} debatable)")
    # Maturity follows each rule's last WINDOW judged findings over every server on record (the
    # tsv is append-only, oldest first): a fixed rule earns its default back by new verdicts.
    print(f"maturity window: each rule's last {WINDOW} judged findings on every server on record;"
          f" stable at {STABLE:.0%} over {WINDOW}")
    print(f"{'rule':<6} {'maturity':<8} {'TP':>4} {'FP':>4} {'DEB':>4} {'precision':>9} {'actionable':>10}")
    history = collections.defaultdict(list)
    for r in every:
        if r["severity"] in ("error", "warning") and (not rule or r["code"] == rule):
            history[r["code"]].append(r)
    for code in sorted(history):
        tp, fp, deb, prec, act = figures(history[code][-WINDOW:])
        print(f"{code:<6} {maturity.get(code, '?'):<8} {tp:>4} {fp:>4} {deb:>4} {prec:>9} {act:>10}")
    by_rule = collections.Counter(r["code"] for r in misses)
    listed = ", ".join(f"{c} {n}" for c, n in sorted(by_rule.items()))
    print(f"misses recorded by reading one tool in three (verdict MISS): {len(misses)}"
          + (f" ({listed})" if listed else ""))

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--servers", default=os.path.join(HERE, "servers.toml"))
    ap.add_argument("--triage", default=os.path.join(HERE, "triage.tsv"))
    ap.add_argument("--mirror-root", default=os.environ.get("MIRROR_ROOT", "/work/.mirror"))
    ap.add_argument("--eco-root", default=os.environ.get(
        "ECO_ROOT", os.path.join(tempfile.gettempdir(), "eco")))
    ap.add_argument("--only", help="comma-separated server ids or repositories")
    ap.add_argument("--shift", type=int, default=3, help="line tolerance when matching (default 3)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=300, help="seconds per server (default 300)")
    ap.add_argument("--self-test", action="store_true", help="test the matching and exit")
    ap.add_argument("--json", help="write the full result here")
    ap.add_argument("--new-tsv", help="write untriaged findings here as triage rows without a verdict")
    ap.add_argument("-v", "--verbose", action="store_true", help="also list every triaged finding")
    ap.add_argument("--first-sight", nargs="?", const=os.path.join(HERE, "first-sight.tsv"),
                    metavar="TSV", help="print first-sight precision per rule and overall, and exit")
    ap.add_argument("--last", type=int, default=0, help="with --first-sight: the last N servers only")
    ap.add_argument("--rule", help="with --first-sight: one rule only")
    args = ap.parse_args()
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `run.py | head` ends quietly

    if args.first_sight:
        first_sight(args.first_sight, args.last, args.rule)
        return 0
    if args.self_test:
        self_test()
        return
    linter = shlex.split(os.environ.get("CONTRACTLINT", "/tmp/cl-base"))
    if not linter or shutil.which(linter[0]) is None:
        sys.exit(f"CONTRACTLINT={' '.join(linter)!r}: no such executable")
    servers = load_servers(args.servers)
    if args.only:
        wanted = set(args.only.split(","))
        servers = [s for s in servers if s["id"] in wanted or s["repo"] in wanted]
    rows = load_triage(args.triage)
    pinned = {(s["repo"], s["commit"]) for s in load_servers(args.servers)}
    stale = [r for r in rows if (r["repository"], r["commit"]) not in pinned]
    if stale:
        print(f"note: {len(stale)} triage rows name a repository/commit not pinned in "
              f"{os.path.basename(args.servers)}; they are not used")
    os.makedirs(args.eco_root, exist_ok=True)

    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda s: check_server(s, args, linter, rows), servers))
    wall = time.monotonic() - start

    new_rows = []
    for res in results:
        head = f"== {res['id']} {res['repo']}@{res['commit'][:10]}"
        if "skipped" in res:
            print(f"{head}: SKIPPED: {res['skipped']}")
            continue
        counted = res["tools_counted"]
        linted = res["tools_linted"]
        note = ("" if counted is None or linted == counted else "  (NO TOOLS FOUND)" if linted == 0
                else "  (PARTIAL)" if linted < counted else "  (MORE THAN COUNTED)")
        print(f"{head}: tools linted {linted} / counted {counted}{note}, {res['wall']} s")
        if res["counts"]:
            print("   " + ", ".join(f"{k} {v}" for k, v in sorted(res["counts"].items())))
        for d in res["diagnostics"]:
            where = f"{d['file']}:{d['line']} {d['code']} {d['severity']} [{d['tool']}]"
            if d["verdict"] is None:
                print(f"   NEW  {where}: {d['message']}")
                new_rows.append({"repository": res["repo"], "commit": res["commit"], "file": d["file"],
                                 "line": d["line"], "code": d["code"], "severity": d["severity"],
                                 "tool": d["tool"] or "", "verdict": "", "reason": d["message"]})
            elif args.verbose:
                print(f"   {d['verdict']:<5} {where}: {d['reason']}")
        for r in res["gone"]:
            print(f"   GONE {r['file']}:{r['line']} {r['code']} {r['severity']} [{r['tool']}] "
                  f"(was {r['verdict']}: {r['reason']})")

    print()
    summary = {}
    for sev in ("error", "warning"):
        tally, p = precision(results, sev)
        summary[sev] = {"true": tally["true"], "wrong": tally["wrong"],
                        "debatable": tally["debatable"], "precision": p}
        print(f"{sev} precision {fmt_pct(p)}: true {tally['true']}, wrong {tally['wrong']}, "
              f"debatable {tally['debatable']} (over triaged findings)")
    # The same location reported for many tools (a shared validator) counts once here.
    for sev in ("error", "warning"):
        seen = {}
        for res in results:
            for d in res.get("diagnostics", []):
                if d["severity"] == sev and d["verdict"]:
                    seen.setdefault((res["repo"], d["file"], d["line"], d["code"]), d["verdict"])
        c = collections.Counter(seen.values())
        judged = c["true"] + c["wrong"]
        p = c["true"] / judged if judged else None
        summary[sev]["by_location"] = {"true": c["true"], "wrong": c["wrong"],
                                       "debatable": c["debatable"], "precision": p}
        print(f"{sev} precision by distinct location {fmt_pct(p)}: true {c['true']}, "
              f"wrong {c['wrong']}, debatable {c['debatable']}")
    by_rule = collections.defaultdict(collections.Counter)
    for res in results:
        for d in res.get("diagnostics", []):
            if d["verdict"]:
                by_rule[f"{d['code']}/{d['severity']}"][d["verdict"]] += 1
    print("by rule (true/wrong/debatable):", ", ".join(
        f"{k} {c['true']}/{c['wrong']}/{c['debatable']}" for k, c in sorted(by_rule.items())))
    summary["by_rule"] = {k: dict(c) for k, c in by_rule.items()}
    # Recall at first sight: the mismatches the judges found by reading one tool in three by
    # hand (verdict MISS) that this run reports now (same file and code, line within 5).
    found, total = collections.Counter(), collections.Counter()
    by_server = {(r["repo"], r["commit"]): r for r in results if "skipped" not in r}
    with open(os.path.join(HERE, "first-sight.tsv"), newline="") as f:
        for m in csv.DictReader(f, delimiter="\t"):
            res = by_server.get((m["repository"], m["commit"]))
            if m["verdict"] != "MISS" or res is None:
                continue
            total[m["code"]] += 1
            if any(d["file"] == m["file"] and d["code"] == m["code"]
                   and abs(d["line"] - int(m["line"] or 0)) <= 5 for d in res["diagnostics"]):
                found[m["code"]] += 1
    summary["first_sight_misses"] = {"found": sum(found.values()), "rows": sum(total.values())}
    print(f"first-sight misses found: {sum(found.values())}/{sum(total.values())} (" + ", ".join(
        f"{k} {found[k]}/{n}" for k, n in sorted(total.items())) + ")")
    n_new = len(new_rows)
    gone = collections.Counter(g["verdict"] for r in results for g in r.get("gone", []))
    n_gone = sum(gone.values())
    skipped = [r["id"] for r in results if "skipped" in r]
    print(f"ecosystem: servers {len(results) - len(skipped)}/{len(results)}, new {n_new}, "
          f"gone {n_gone} (true {gone['true']} = lost, wrong {gone['wrong']} = fixed, "
          f"debatable {gone['debatable']}), wall {wall:.1f} s" + (f", skipped {','.join(skipped)}" if skipped else ""))

    if args.new_tsv:
        with open(args.new_tsv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=COLUMNS, delimiter="\t", lineterminator="\n")
            w.writeheader()
            w.writerows(new_rows)
    if args.json:
        for res in results:
            res["counts"] = dict(res.get("counts", {}))
        with open(args.json, "w") as f:
            json.dump({"summary": summary, "new": n_new, "gone": n_gone, "results": results}, f,
                      indent=1, default=str)


if __name__ == "__main__":
    main()
