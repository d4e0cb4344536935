#!/usr/bin/env bash
# What the marketplace checks add to a 2400x3200 PNG export, pinned to one CPU like render-bench.sh.
# Usage: bench/checks-bench.sh [iterations]
set -euo pipefail
BENCH_MAIN=dev.cardgen.bench.ExportChecksBench exec "$(dirname "$0")/render-bench.sh" "$@"
