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
# The backdrop families (29 families, 11 photos each; split tuning / frozen by product, see docs/subject.md):
#   bench/subject-bench.sh families [tuning|frozen|all] [width] [height] [out-dir]
#   prints IoU per photo, then per family and per kind: detected, median IoU, wrong (IoU < 0.8),
#   cast shadow kept in the mask, bare backdrops detected. SUBJECT_BENCH_ONLY=REGEX: only matching photos.
# The box hint on the backdrop families (box = the product's bounds + 3 %, bare backdrops a box in the middle):
#   bench/subject-bench.sh families-hint [tuning|frozen|all] [width] [height] [out-dir]
# Two variants of the stage on the families, side by side and leave-one-family-out (B chosen for a
# family left out when B beats A on the mean IoU of all the others):
#   bench/subject-bench.sh families-compare "A_OPTS" "B_OPTS" [tuning|frozen|all] [width] [height]
#   e.g. families-compare "" "-Dcardgen.subject.model=off" tuning 800 600
# A candidate model beside the shipped u2netp (weights given by path, never committed; NORM u2net|isnet;
# SIDES e.g. 224,320 or native), see ModelCandidatesBench and docs/decisions/0016:
#   taskset -c 1 bench/subject-bench.sh model-candidates time MODEL.onnx NORM SIDES [photos] [rounds]
#   bench/subject-bench.sh model-candidates memory MODEL.onnx|shipped NORM SIDE
#   bench/subject-bench.sh model-candidates quality MODEL.onnx NORM SIDES [tuning|frozen|all] [width] [height]
#   bench/subject-bench.sh model-candidates look MODEL.onnx NORM SIDES FAMILY/PRODUCT/N OUT.png   (maps side by side)
# The CPU of an upload's image stages in process (header, working copy, subject stage, mask PNG) on the
# service bench's 12 Mpx photo, with a hash of the mask:
#   bench/subject-bench.sh upload-stages [warmup] [runs] [width height]
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
  exec java -Djava.awt.headless=true ${SUBJECT_BENCH_JAVA_OPTS:-} -cp "$CP" dev.cardgen.render.subject.hint.HintLofo "$@"
fi
if [ "${1:-}" = families ] || [ "${1:-}" = families-hint ]; then
  exec java -Djava.awt.headless=true -Dfamilies.hint=$([ "$1" = families-hint ] && echo true || echo false) -Dfamilies.only="${SUBJECT_BENCH_ONLY:-}" ${SUBJECT_BENCH_JAVA_OPTS:-} -cp "$CP" \
    dev.cardgen.bench.SubjectFamilyBench "${2:-tuning}" "${3:-1600}" "${4:-1200}" ${5:+"$5"}
fi
if [ "${1:-}" = model-candidates ]; then
  shift
  exec java -Djava.awt.headless=true ${SUBJECT_BENCH_JAVA_OPTS:-} -cp "$CP" dev.cardgen.bench.ModelCandidatesBench "$@"
fi
if [ "${1:-}" = families-compare ]; then
  A_OPTS="${2:-}"; B_OPTS="${3:-}"; PART="${4:-tuning}"; W="${5:-1600}"; H="${6:-1200}"
  for V in A B; do
    if [ $V = A ]; then OPTS="$A_OPTS"; else OPTS="$B_OPTS"; fi
    echo "== variant $V: ${OPTS:-(no options)}"
    java -Djava.awt.headless=true -Dfamilies.only="${SUBJECT_BENCH_ONLY:-}" -Dfamilies.tsv="target/families-$V.tsv" \
      ${SUBJECT_BENCH_JAVA_OPTS:-} $OPTS -cp "$CP" dev.cardgen.bench.SubjectFamilyBench "$PART" "$W" "$H"
  done
  exec java -cp "$CP" dev.cardgen.bench.SubjectFamilyCompare target/families-A.tsv target/families-B.tsv \
    "${A_OPTS:-(no options)}" "${B_OPTS:-(no options)}"
fi
if [ "${1:-}" = hint ]; then
  exec java -Djava.awt.headless=true -Dhint.only="${SUBJECT_BENCH_ONLY:-}" ${SUBJECT_BENCH_JAVA_OPTS:-} -cp "$CP" \
    dev.cardgen.bench.SubjectHintBench "${2:-tuning}" "${3:-1600}" "${4:-1200}" ${5:+"$5"}
fi
if [ "${1:-}" = upload-stages ]; then
  shift
  exec java -Djava.awt.headless=true ${SUBJECT_BENCH_JAVA_OPTS:-} -cp "$CP" dev.cardgen.bench.UploadStagesBench "$@"
fi
if [ "${1:-}" = hint-timing ]; then
  exec java -Djava.awt.headless=true ${SUBJECT_BENCH_JAVA_OPTS:-} -cp "$CP" dev.cardgen.bench.SubjectHintBench timing "${2:-10}" "${3:-30}"
fi
if [ "${SUBJECT_BENCH_TIMING:-0}" = 1 ]; then
  exec java -Djava.awt.headless=true ${SUBJECT_BENCH_JAVA_OPTS:-} -cp "$CP" dev.cardgen.bench.SubjectBench "$@"
fi
java -Djava.awt.headless=true -Dsubject.only="${SUBJECT_BENCH_ONLY:-}" ${SUBJECT_BENCH_JAVA_OPTS:-} -cp "$CP" dev.cardgen.bench.SubjectQualityBench "${1:-held-out}" "${2:-1600}" "${3:-1200}" ${4:+"$4"}
