#!/usr/bin/env bash
# Issue 31's batch targets. Usage: bench/batch-bench.sh [batch|batch-scale ...] (default: batch).
# batch: on one packaged instance (2 workers on this 2-core machine), POST /batches with 1,000 items (answer
# time), a 200-item x 3-variant batch (variants per minute, every item completed once) and, meanwhile, another
# account's single 3-variant generations (POST -> done).
# batch-scale: the 200-item x 3-variant batch on one instance, then on two sharing one PostgreSQL and one blob
# folder, each the smallest container (one worker) pinned to a core of its own (BENCH_SCALE_CPUS, "0,1"), as
# service-bench.sh scale runs them; variants per minute of each and the ratio.
# BENCH_BATCH_ITEMS changes the 200. Builds the jar unless BENCH_SKIP_BUILD=1; prints the load average before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$#" -eq 0 ]; then set -- batch; fi
"$(dirname "$0")/service-bench.sh" "$@"
uptime
