#!/usr/bin/env bash
# Renders every template x ratio x 3 variants into a folder plus sheet.png.
# Usage: bench/contact-sheet.sh [out-dir] [photo.jpg|png|webp, "" for a synthetic one] [title] [subtitle] [facts;separated] [badge]
set -euo pipefail
cd "$(dirname "$0")/.."
OUT="${1:-target/contact-sheet}"; shift || true
# generate-code is skipped: the render engine needs no Quarkus build step.
./mvnw -q test-compile -Dquarkus.generate-code.skip=true
[ -f target/cp.txt ] || ./mvnw -q dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
java -Djava.awt.headless=true -cp "target/classes:target/test-classes:$(cat target/cp.txt)" \
  dev.cardgen.bench.ContactSheetFromPhoto "$OUT" "$@"
