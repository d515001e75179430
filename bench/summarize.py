#!/usr/bin/env python3
"""Print the benchmark figures as Markdown: medians, ratios, slope, peak memory."""
import json
import os
import re
import sys

out = sys.argv[1]

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

p = table("planted", "rg")
print(f"\ncontractlint vs rg: {p['contractlint'] / p['rg']:.2f}x (target <= 3x); "
      f"parse-all vs contractlint: {p['parse-all'] / p['contractlint']:.1f}x faster (target >= 10x)")
w = table("worst", "parse-all")
print(f"\nworst case contractlint / parse-all: {w['contractlint'] / w['parse-all']:.2f}x (target <= 1.2x)")
for name in ("json-scaling", "full-scaling"):
    m = table(name)
    xs = [int(re.sub(r"\D", "", k)) for k in m]
    ys = list(m.values())
    slope = (ys[-1] - ys[0]) / (xs[-1] - xs[0])
    print(f"\n{name}: slope {slope * 1e6:.1f} µs per tool")
print("\n### peak memory\n")
for f in sorted(os.listdir(out)):
    if f.startswith("mem-"):
        text = open(os.path.join(out, f)).read()
        rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", text)
        if rss:
            print(f"- {f[4:-4]}: {int(rss.group(1)) / 1024:.0f} MB")
