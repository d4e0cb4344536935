#!/usr/bin/env bash
# Times SubjectExtractor on 1600 px fixtures. Usage: bench/subject-bench.sh [warmup] [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
# generate-code is skipped: the subject stage needs no Quarkus code generation.
./mvnw -q test-compile -Dquarkus.generate-code.skip=true -Dquarkus.generate-code-tests.skip=true
./mvnw -q dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
java -Djava.awt.headless=true -cp "target/classes:target/test-classes:$(cat target/cp.txt)" \
  dev.cardgen.bench.SubjectBench "$@"
