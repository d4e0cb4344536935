#!/usr/bin/env bash
# End-to-end numbers of the packaged service (start-up, upload, generation, GET throughput, memory).
# Usage: bench/service-bench.sh [startup|upload|generation|get|memory ...]   (default: all)
# Environment knobs (JVM option sets to compare, extra service JVM options, wrk connections): see ServiceBench.
# Needs wrk for 'get' (Debian package 'wrk'). Starts its own embedded PostgreSQL; loopback only.
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -B package -DskipTests -Dquarkus.package.jar.appcds.enabled=true
./mvnw -q -B dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
java -Xmx2g -Djava.awt.headless=true -cp "target/classes:target/test-classes:$(cat target/cp.txt)" \
  dev.cardgen.bench.ServiceBench "$@"
