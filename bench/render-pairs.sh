#!/usr/bin/env bash
# Two builds of the renderer, alternated render by render in one JVM pinned to one CPU: CPU per card.
# Usage: bench/render-pairs.sh <build A> <build B> [n] [warm-up] [templates] [sizes] [products] [png]
# A build is a directory with classes/ and test-classes/ (e.g. a worktree of a commit after
# `./mvnw -q -o test-compile -Dquarkus.generate-code.skip=true`, or a copy of its target/).
# Defaults: 21 pairs after 12 warm-up rounds, every template, 1200x1600 and 2400x3200, the drawn
# bottle and the coffee photograph cut to an ellipse; `png` adds the export's encode (the CPU of
# every Java thread: the deflate runs on the pool).
# JAVA=<java> runs another JDK.
set -euo pipefail
cd "$(dirname "$0")/.."
A=$(realpath "$1"); B=$(realpath "$2")
./mvnw -q -o dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
OUT=target/render-pairs; mkdir -p "$OUT/case" "$OUT/driver"
javac -d "$OUT/case" -cp "$A/classes:$A/test-classes:$(cat target/cp.txt)" bench/render-pairs/RenderPair.java
javac -d "$OUT/driver" bench/render-pairs/RenderPairs.java
PIN=""; command -v taskset >/dev/null && PIN="taskset -c 0"
$PIN "${JAVA:-java}" -Djava.awt.headless=true -XX:ActiveProcessorCount=1 -cp "$OUT/driver:$(cat target/cp.txt)" RenderPairs \
  "$(realpath "$OUT/case")" "$A" "$B" "${3:-21}" "${4:-12}" "${5:-studio,bold,gradient,infographic,white}" \
  "${6:-1200x1600,2400x3200}" "${7:-bottle,coffee}" "${8:-}"
