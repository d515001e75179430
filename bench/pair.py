#!/usr/bin/env python3
"""Alternate commands N times (the order reversed every other round) and print each one's
median wall time, median CPU time (user + sys) and largest peak RSS, then the median over the
rounds of each command's ratio to the last one: pairs run back to back see the same load, so
on a shared machine the ratios hold where hyperfine's one-command-after-another means drift.

usage: bench/pair.py N "CMD A ..." "CMD B ..."   (B, the last, is the reference)
"""
import os, sys, time, statistics, subprocess, shlex
n = int(sys.argv[1]); cmds = sys.argv[2:]
res = {c: [] for c in cmds}
for i in range(n):
    order = cmds if i % 2 == 0 else cmds[::-1]
    for c in order:
        t = time.monotonic()
        p = subprocess.Popen(shlex.split(c), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0)
        res[c].append((time.monotonic() - t, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024))
for c in cmds:
    w = [r[0] for r in res[c]]; u = [r[1] for r in res[c]]; m = [r[2] for r in res[c]]
    print(f"{statistics.median(w):8.3f} s wall  {statistics.median(u):8.3f} s cpu  {max(m):7.0f} MB  {c}")
base = cmds[-1]
for c in cmds[:-1]:
    rw = [a[0] / b[0] for a, b in zip(res[c], res[base])]
    ru = [a[1] / b[1] for a, b in zip(res[c], res[base])]
    print(f"  {c.split()[0]} / {base.split()[0]}: wall {statistics.median(rw):.2f}x, cpu {statistics.median(ru):.2f}x (medians of {n} pairs)")
