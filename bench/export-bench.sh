#!/usr/bin/env bash
# Export benchmark: POST -> ready median for 1200 px and 2400 px PNG, render/encode split, and
# download throughput of a ready 2400 px PNG over loopback. Writes bench/results-export.md.
# Usage: bench/export-bench.sh [runs] [downloads]
#        bench/export-bench.sh sharp [runs]   a 16 Mpx photo with fine print exported at 2400×3200 from the original
#        and from the working copy: POST -> ready of both, the label's PSNR, a side-by-side crop (target/sharp-crop.png).
#        The test JVM runs with C2 there, as the service does (the test suite's C1-only setting slows the
#        original's Java loops nearly twice as much as the working copy's Java2D ones); BENCH_SHARP_JVM=
#        (empty) keeps the suite's C1.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = sharp ]; then
  uptime
  jvm="${BENCH_SHARP_JVM--XX:TieredStopAtLevel=4}"
  echo "sharp: test JVM options appended: '${jvm}'"
  ./mvnw -q test -Dtest=dev.cardgen.bench.SharpBench -Dsurefire.failIfNoSpecifiedTests=false -Dbench.runs="${2:-7}" \
    -Dbench.crop="$PWD/target/sharp-crop.png" "-Dtest.jvm.extra=${jvm}" | grep '^sharp:'
  uptime
  exit 0
fi
./mvnw -q test -Dtest=dev.cardgen.bench.ExportBench -Dsurefire.failIfNoSpecifiedTests=false \
  -Dbench.runs="${1:-15}" -Dbench.downloads="${2:-200}" -Dbench.out="$PWD/bench/results-export.md"
cat bench/results-export.md
