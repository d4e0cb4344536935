#!/usr/bin/env bash
# Issue 31's batch targets on one packaged instance (2 workers on this 2-core machine): POST /batches with
# 1,000 items (answer time), a 200-item x 3-variant batch (variants per minute, every item completed once)
# and, meanwhile, another account's single 3-variant generations (POST -> done). BENCH_BATCH_ITEMS changes
# the 200. Builds the jar unless BENCH_SKIP_BUILD=1; prints the load average before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
"$(dirname "$0")/service-bench.sh" batch
uptime
