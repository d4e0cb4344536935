#!/usr/bin/env bash
# What the marketplace checks add to a 2400x3200 PNG export, pinned to one CPU.
# Usage: bench/checks-bench.sh [iterations]
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -o test-compile -Dquarkus.generate-code.skip=true
./mvnw -q -o dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
PIN=""; command -v taskset >/dev/null && PIN="taskset -c 0"
$PIN java -Djava.awt.headless=true -XX:ActiveProcessorCount=1 \
  -cp "target/classes:target/test-classes:$(cat target/cp.txt)" dev.cardgen.bench.ExportChecksBench "$@"
