#!/usr/bin/env bash
# Render/encode benchmark pinned to one CPU. Usage: bench/render-bench.sh [iterations]
# BENCH_MAIN=<class> runs another one-core benchmark of the render engine the same way.
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -o test-compile -Dquarkus.generate-code.skip=true
./mvnw -q -o dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
PIN=""; command -v taskset >/dev/null && PIN="taskset -c 0"
$PIN java -Djava.awt.headless=true -XX:ActiveProcessorCount=1 \
  -cp "target/classes:target/test-classes:$(cat target/cp.txt)" "${BENCH_MAIN:-dev.cardgen.bench.RenderBench}" "$@"
