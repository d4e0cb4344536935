#!/usr/bin/env bash
# Mixed load on the packaged service for SOAK_SECONDS (default 600): uploads (some intended 422s),
# generations with 50 open stream followers, polling GETs, exports and downloads. Prints statuses and
# p50/p99 per endpoint, every unexpected answer, and heap/RSS/open files/DB connections at start and end,
# RSS against the container limit (SOAK_LIMIT_MB, default 512).
# SOAK_CONTAINER=small: the service with the smallest container's JVM options and environment (Dockerfile.aot's,
# plus -XX:MaxRAM=512m -XX:ActiveProcessorCount=1); else SOAK_APP_JVM: its JVM options (default -Xmx384m).
# SOAK_HISTOGRAM=n: print the n largest classes of the heap at the end (what the heap holds).
# Starts its own embedded PostgreSQL; loopback only.
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -B package -DskipTests
./mvnw -q -B dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
java -Xmx1g -Djava.awt.headless=true -cp "target/classes:target/test-classes:$(cat target/cp.txt)" dev.cardgen.bench.SoakBench
