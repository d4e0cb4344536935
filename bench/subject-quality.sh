#!/usr/bin/env bash
# Quality table of the subject stage. Usage: bench/subject-quality.sh [held-out|tuning] [width] [height] [out-dir]
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -o test-compile -Dquarkus.generate-code.skip=true -Dquarkus.generate-code-tests.skip=true
[ -f target/cp.txt ] || ./mvnw -q -o dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
java -Djava.awt.headless=true -cp "target/classes:target/test-classes:$(cat target/cp.txt)" \
  dev.cardgen.bench.SubjectQualityBench "$@"
