#!/usr/bin/env python3
"""Where an export's wall time goes, POST to downloaded file, from the peers bench's client steps and the service's.

  BENCH_PEERS_TRACE=1 BENCH_APP_JVM='-Dquarkus.log.category."dev.cardgen.trace".level=DEBUG
      -Dquarkus.log.category."dev.cardgen.export.ExportJob".level=DEBUG' bench/service-bench.sh peers > peers.txt
  bench/export-timeline.py peers.txt <the bench's app.log> [skip]

Both write `TRACE <µs of the monotonic clock> <step> <export id>` (CLOCK_MONOTONIC, shared by the
processes of one machine). Per export size (ExportJob's DEBUG line names it; without it every export is
under "?"): the median milliseconds from each step to the next
(the step's name is where the interval ends), and their sum. `skip` (2): warm-up exports left out per size.
"""
import collections
import re
import statistics
import sys

ORDER = ["client-post-sent", "post-enter", "enqueued", "after-commit-wake", "post-committed", "claimed", "execute", "run",
         "find", "design", "get", "decode", "asset", "render", "encode", "checks", "put", "ready", "client-poll-ready",
         "file-enter", "file-written", "client-downloaded"]
NOTE = {"post-enter": "request parsed, key checked", "enqueued": "generation and variant read, export and job inserted",
        "after-commit-wake": "commit", "post-committed": "", "claimed": "dispatcher claims (from the commit)",
        "execute": "handed to a worker", "run": "request context", "find": "export read", "design": "variant's design read",
        "get": "cut-out blob read", "decode": "cut-out decoded", "asset": "generation read, original looked up",
        "render": "card rendered", "encode": "PNG encoded", "checks": "marketplace checks", "put": "file stored (fsync)",
        "ready": "status, checks, webhook, batch: one transaction", "client-poll-ready": "client's next read sees ready",
        "file-enter": "download request reaches the resource", "file-written": "file streamed",
        "client-downloaded": "client has the bytes"}

events = collections.defaultdict(dict)
anon = []
sizes = {}
for path in sys.argv[1:3]:
    for line in open(path, encoding="utf-8", errors="replace"):
        m = re.search(r"TRACE (\d+) (\S+) (\S+)", line)
        if m:
            t, step, ref = int(m.group(1)), m.group(2), m.group(3)
            if ref == "-":
                anon.append((t, step))
            else:
                events[ref].setdefault(step, t)
        m = re.search(r"Export (exp_\S+) (\d+)×(\d+)", line)
        if m:
            sizes[m.group(1)] = m.group(2) + "x" + m.group(3)
skip = int(sys.argv[3]) if len(sys.argv) > 3 else 2
by_size = collections.defaultdict(list)
for ref, ev in events.items():
    if "client-post-sent" not in ev or "post-committed" not in ev:
        continue
    enters = [t for t, s in anon if s == "post-enter" and t <= ev["post-committed"]]
    if enters:
        ev["post-enter"] = max(enters)
    by_size[sizes.get(ref, "?")].append(ev)
for size, runs in by_size.items():
    runs.sort(key=lambda e: e["client-post-sent"])
    runs = runs[skip:] or runs
    print(f"{size}: {len(runs)} exports")
    total = 0.0
    for a, b in zip(ORDER, ORDER[1:]):
        d = [(e[b] - e[a]) / 1000 for e in runs if a in e and b in e]
        if d:
            med = statistics.median(d)
            total += med
            print(f"  {b:20} {med:7.1f} ms  {NOTE.get(b, '')}")
    whole = statistics.median((e["client-downloaded"] - e["client-post-sent"]) / 1000 for e in runs if "client-downloaded" in e)
    print(f"  {'sum of medians':20} {total:7.1f} ms; median of the whole {whole:.1f} ms")
