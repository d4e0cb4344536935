#!/usr/bin/env bash
# End-to-end numbers of the packaged service (start-up, upload, generation, GET throughput, memory).
# Usage: bench/service-bench.sh [startup|upload|generation|get|download|memory|small|scale|peers|batch|batch-scale|sharp ...]
# (default: all but small, scale, peers, batch, batch-scale and sharp). sharp: peak RSS of four concurrent 2400 px exports from
# 50 Mpx originals in the smallest container.
# Environment knobs (JVM option sets to compare, extra service JVM options, wrk connections): see ServiceBench
# and StartupBench. Needs wrk for 'get' (Debian package 'wrk'); 'peers' (the service beside a libvips and an
# ImageMagick script, bench/peers/) needs Debian's libvips-tools and imagemagick. Starts its own embedded PostgreSQL; loopback only.
# The JDK is the one on PATH / JAVA_HOME. On JDK 17 the jar gets an AppCDS archive; on JDK 25 (e.g.
# JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64) the AOT cache, trained by the packaged-jar integration test, which every
# mode starts the service from, as the image does (BENCH_AOT=no: without it)
# (set BENCH_SKIP_BUILD=1 to reuse target/quarkus-app as it is).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${JAVA_HOME:-}" ]; then export PATH="$JAVA_HOME/bin:$PATH"; fi
feature=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
if [ -z "${BENCH_SKIP_BUILD:-}" ]; then
  if [ "$feature" -ge 25 ]; then
    ./mvnw -q -B verify -Paot -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=ApiIT
    # The cache is written by a JVM that can still be running when Maven returns (seen under load).
    while pgrep -f "AOTMode=create.*$PWD/target/quarkus-app" > /dev/null; do sleep 1; done
  else
    ./mvnw -q -B package -DskipTests -Dquarkus.package.jar.appcds.enabled=true
  fi
fi
./mvnw -q -B dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
uptime
java -Xmx2g -Djava.awt.headless=true -cp "target/classes:target/test-classes:$(cat target/cp.txt)" \
  dev.cardgen.bench.ServiceBench "$@"
