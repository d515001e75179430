#!/usr/bin/env python3
"""Print the benchmark figures as Markdown: medians, ratios, slope, peak memory."""
import json
import os
import re
import sys

out = sys.argv[1]
# `ONLY=cost bench/run.sh` runs section 5 alone.
only_cost = not os.path.exists(os.path.join(out, "planted.json")) or os.environ.get("ONLY") == "cost"

def load(name):
    """The machine's load average (1 minute) before and after a section, as uptime said."""
    path = os.path.join(out, f"load-{name}.txt")
    if not os.path.exists(path):
        return ""
    loads = re.findall(r"load average: ([\d.]+)", open(path).read())
    return " → ".join(loads)

def medians(name):
    with open(os.path.join(out, f"{name}.json")) as f:
        return {r["command"]: r["median"] for r in json.load(f)["results"]}

def table(name, baseline=None):
    m = medians(name)
    print(f"\n### {name}\n\n| command | median (s) | ratio |\n|---|---:|---:|")
    ref = m[baseline] if baseline else None
    for cmd, t in m.items():
        ratio = f"{t / ref:.2f}x" if ref else ""
        print(f"| {cmd} | {t:.3f} | {ratio} |")
    return m

def sections_1_to_4():
    p = table("planted", "rg")
    print(f"\ncontractlint vs rg: {p['contractlint'] / p['rg']:.2f}x (target <= 3x); "
          f"parse-all vs contractlint: {p['parse-all'] / p['contractlint']:.1f}x faster (target >= 10x)")
    w = table("worst", "parse-all")
    print(f"\nworst case (real crates, every file parsed) contractlint / parse-all: "
          f"{w['contractlint-parse-all'] / w['parse-all']:.2f}x (target <= 1.2x); "
          f"with every function body read: {w['contractlint-parse-all-whole'] / w['parse-all']:.2f}x")
    w = table("worst-synth", "parse-all")
    print(f"\nsynthetic tools, every file relevant, contractlint / parse-all: {w['contractlint'] / w['parse-all']:.2f}x")
    for name in ("json-scaling", "full-scaling"):
        m = table(name)
        xs = [int(re.sub(r"\D", "", k)) for k in m]
        ys = list(m.values())
        slope = (ys[-1] - ys[0]) / (xs[-1] - xs[0])
        print(f"\n{name}: slope {slope * 1e6:.1f} µs per tool")

if not only_cost:
    sections_1_to_4()
print("\n### what a tool costs (issue 45)\n")
p = medians("planted-500") if os.path.exists(os.path.join(out, "planted-500.json")) else None
if p:
    print(f"500 tools planted in the real crates: contractlint {p['contractlint']:.3f} s, "
          f"rg {p['rg']:.3f} s: {p['contractlint'] / p['rg']:.2f}x rg (target <= 3x)"
          + (f"; before {p['before']:.3f} s, {p['before'] / p['rg']:.2f}x rg" if "before" in p else "")
          + f" (load {load('planted-500')})\n")

def peak(name):
    mem = os.path.join(out, f"mem-{name}.txt")
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", open(mem).read()) if os.path.exists(mem) else None
    return f"{int(rss.group(1)) / 1024:.0f}" if rss else ""

# Wall time on a shared machine waits for the other processes; user time does not.
print("| tools | contractlint (s) | --preview (s) | rg (s) | bare parse (s) | / rg | / bare parse | user / bare parse's | µs per tool | peak MB check | peak MB report | before (s) | after / before | before peak MB | load |")
print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
# The sizes this run measured (run.sh's CURVE; every curve-N.json left in the directory when
# the script runs on its own). A size left out, or a row from an older run without one of
# today's commands, leaves its cells blank instead of stopping the summary.
found = sorted(int(f[6:-5]) for f in os.listdir(out) if re.fullmatch(r"curve-\d+\.json", f))
wanted = [int(n) for n in os.environ.get("CURVE", "").split()] or found
curve = [n for n in wanted if n in found]

def cell(t):
    return f"{t:.3f}" if t is not None else ""

def ratio(a, b, fmt):
    return format(a / b, fmt) + "x" if a is not None and b else ""

for n in curve:
    m = medians(f"curve-{n}")
    c = m.get("contractlint")
    with open(os.path.join(out, f"curve-{n}.json")) as f:
        user = {r["command"]: r["user"] for r in json.load(f)["results"]}
    b = m.get("before")
    before = f"{b:.3f} | {ratio(c, b, '.2f')}" if b else " | "
    per_tool = f"{c / n * 1e6:.0f}" if c is not None else ""
    print(f"| {n:,} | {cell(c)} | {cell(m.get('contractlint-preview'))} | {cell(m.get('rg'))} | "
          f"{cell(m.get('bare-parse'))} | {ratio(c, m.get('rg'), '.0f')} | "
          f"{ratio(c, m.get('bare-parse'), '.2f')} | "
          f"{ratio(user.get('contractlint'), user.get('bare-parse'), '.2f')} | "
          f"{per_tool} | {peak(f'curve-{n}')} | {peak(f'report-curve-{n}')} | {before} | "
          f"{peak(f'before-curve-{n}')} | {load(f'curve-{n}')} |")
print("\n### peak memory\n")
for f in sorted(os.listdir(out)):
    if f.startswith("mem-") and not f.startswith(("mem-curve-", "mem-report-curve-", "mem-before-curve-")):
        text = open(os.path.join(out, f)).read()
        rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", text)
        if rss:
            print(f"- {f[4:-4]}: {int(rss.group(1)) / 1024:.0f} MB")
print("\n### files parsed and findings\n")
for t in ("planted", "synth-10000"):
    parsed = os.path.join(out, f"parsed-{t}.txt")
    report = os.path.join(out, f"report-{t}.json")
    if os.path.exists(parsed) and os.path.exists(report):
        with open(report) as f:
            r = json.load(f)
        codes = {}
        for d in r["diagnostics"]:
            codes[d["code"]] = codes.get(d["code"], 0) + 1
        # One line per linking group (Cargo package): add them up.
        n = total = size = 0
        for m in re.finditer(r"parsed (\d+) of (\d+) files \((\d+) bytes", open(parsed).read()):
            n, total, size = n + int(m[1]), total + int(m[2]), size + int(m[3])
        print(f"- {t}: Rust files parsed {n} of {total} ({size / 1e6:.2f} MB); "
              f"{r['summary']['tools']} tools; findings {dict(sorted(codes.items()))}")
