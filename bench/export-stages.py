#!/usr/bin/env python3
"""Per-stage medians of exports from a service log with dev.cardgen.export.ExportJob at DEBUG.

  bench/export-stages.py APP_LOG [skip]

One row per export size: the median wall and CPU milliseconds of each stage of the export job
(ExportJob's debug line: find, design, get, decode, asset, render, encode, checks, put, ready), and
how long after its creation the job started. `skip` (default 2): the first exports of each size left
out as warm-up, as the peers bench does. With the peers bench, the log is the bench's app.log:
  BENCH_APP_JVM='-Dquarkus.log.category."dev.cardgen.export.ExportJob".level=DEBUG' bench/service-bench.sh peers
"""
import re
import statistics
import sys

LINE = re.compile(r"Export exp_\S+ (\d+)×(\d+) (\w+), (\d+) bytes, started (\d+) ms after its creation; wall/CPU: (.*)$")
STAGE = re.compile(r"(\w+) ([\d.]+)/([\d.]+) ms")

skip = int(sys.argv[2]) if len(sys.argv) > 2 else 2
runs = {}
with open(sys.argv[1], encoding="utf-8", errors="replace") as log:
    for line in log:
        m = LINE.search(line)
        if m:
            stages = [(s, float(w), float(c)) for s, w, c in STAGE.findall(m.group(6))]
            runs.setdefault((int(m.group(1)), int(m.group(2)), m.group(3)), []).append((int(m.group(4)), int(m.group(5)), stages))
for (w, h, fmt), all_runs in runs.items():
    kept = all_runs[skip:] or all_runs
    print(f"{w}x{h} {fmt}, {len(kept)} exports (first {len(all_runs) - len(kept)} left out), "
          f"{statistics.median(r[0] for r in kept):.0f} bytes; started after creation: median "
          f"{statistics.median(r[1] for r in kept):.0f} ms")
    print(f"  {'stage':8} {'wall ms':>8} {'CPU ms':>8}")
    for i, (name, _, _) in enumerate(kept[0][2]):
        wall = statistics.median(r[2][i][1] for r in kept)
        cpu = statistics.median(r[2][i][2] for r in kept)
        print(f"  {name:8} {wall:8.1f} {cpu:8.1f}")
