#!/usr/bin/env bash
# Subject stage: quality table on the composite photo set, then timing on 1600 px photos.
# Usage: bench/subject-bench.sh [held-out|tuning|procedural] [width] [height] [out-dir]
#   procedural: the tuning products on drawn wood, fabric and stone (a stress check, not photographs).
#   out-dir (optional) receives every photo and its mask as PNG for looking at.
# Timing only: SUBJECT_BENCH_TIMING=1 bench/subject-bench.sh [warmup] [runs]
# The box hint (SubjectExtractor.fromHint): each product gets its true bounds + 3 % as the box, each
# bare surface an empty box; tables per part, per kind and per backdrop (median IoU, share at
# IoU >= 0.90, wall ms):
#   bench/subject-bench.sh hint [tuning|held-out|procedural|all] [width] [height] [out-dir]
#   out-dir (optional) receives a sheet per photo: the photo and its box, the cut-out on green, the mask.
#   SUBJECT_BENCH_ONLY=REGEX runs only the scenes whose names match.
# The box hint's wall time on 1600x1200 photos, on one core:
#   taskset -c 1 bench/subject-bench.sh hint-timing [warmup] [runs]
# The box hint leave-one-family-out (each backdrop family measured with the weights best on the others):
#   bench/subject-bench.sh hint-lofo [width] [height] [threads]
# The cues alone, without the model's second opinion (the baseline in docs/subject.md):
#   SUBJECT_BENCH_JAVA_OPTS=-Dcardgen.subject.model=off bench/subject-bench.sh ...
set -euo pipefail
cd "$(dirname "$0")/.."
# generate-code is skipped: the subject stage needs no Quarkus code generation.
./mvnw -q test-compile -Dquarkus.generate-code.skip=true -Dquarkus.generate-code-tests.skip=true
./mvnw -q dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
CP="target/classes:target/test-classes:$(cat target/cp.txt)"
if [ "${1:-}" = hint-lofo ]; then
  shift
  exec java -Djava.awt.headless=true ${SUBJECT_BENCH_JAVA_OPTS:-} -cp "$CP" dev.cardgen.render.subject.SubjectHintLofo "$@"
fi
if [ "${1:-}" = hint ]; then
  exec java -Djava.awt.headless=true -Dhint.only="${SUBJECT_BENCH_ONLY:-}" ${SUBJECT_BENCH_JAVA_OPTS:-} -cp "$CP" \
    dev.cardgen.bench.SubjectHintBench "${2:-tuning}" "${3:-1600}" "${4:-1200}" ${5:+"$5"}
fi
if [ "${1:-}" = hint-timing ]; then
  exec java -Djava.awt.headless=true ${SUBJECT_BENCH_JAVA_OPTS:-} -cp "$CP" dev.cardgen.bench.SubjectHintBench timing "${2:-10}" "${3:-30}"
fi
if [ "${SUBJECT_BENCH_TIMING:-0}" = 1 ]; then
  exec java -Djava.awt.headless=true ${SUBJECT_BENCH_JAVA_OPTS:-} -cp "$CP" dev.cardgen.bench.SubjectBench "$@"
fi
java -Djava.awt.headless=true ${SUBJECT_BENCH_JAVA_OPTS:-} -cp "$CP" dev.cardgen.bench.SubjectQualityBench "${1:-held-out}" "${2:-1600}" "${3:-1200}" ${4:+"$4"}
