#!/usr/bin/env bash
# Layout time of cards whose texts are at the API limits, per script (TextLayoutBench).
# Usage: bench/text-bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q test-compile -Dquarkus.generate-code.skip=true
[ -f target/cp.txt ] || ./mvnw -q dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
uptime
java -Djava.awt.headless=true -cp "target/classes:target/test-classes:$(cat target/cp.txt)" dev.cardgen.render.TextLayoutBench
