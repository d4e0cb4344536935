#!/usr/bin/env bash
# Export benchmark: POST -> ready median for 1200 px and 2400 px PNG, render/encode split, and
# download throughput of a ready 2400 px PNG over loopback. Writes bench/results-export.md.
# Usage: bench/export-bench.sh [runs] [downloads]
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q test -Dtest=dev.cardgen.bench.ExportBench -Dsurefire.failIfNoSpecifiedTests=false \
  -Dbench.runs="${1:-15}" -Dbench.downloads="${2:-200}" -Dbench.out="$PWD/bench/results-export.md"
cat bench/results-export.md
