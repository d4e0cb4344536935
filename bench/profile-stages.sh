#!/usr/bin/env bash
# Where the service's CPU goes, per stage: async-profiler (Apache-2.0, its jar from Maven Central holds
# the agent) samples the packaged service's CPU, Java and native frames alike (the JPEG codec, zlib,
# the ONNX engine), and its jfr-converter writes a flame graph of each recording.
#
#   bench/profile-stages.sh [modes...]            (default: upload generation peers)
#
# Runs bench/service-bench.sh with those modes and the profiler on every start (event cpu: perf events
# where the kernel allows them, a CPU timer otherwise; every 5 ms), then writes bench/profiles/<mode>.html.gz
# (flame graphs) and target/profiles/<mode>.collapsed, and prints per recording the share of the CPU
# samples in each stage (bench/profile-stages.py says how a sample's stage is decided). The recording
# covers the whole run of a mode, its start and warm-up included. BENCH_SKIP_BUILD=1, JAVA_HOME and
# service-bench.sh's other knobs are passed on.
set -euo pipefail
cd "$(dirname "$0")/.."
modes=("$@")
if [ ${#modes[@]} -eq 0 ]; then modes=(upload generation peers); fi
rec=$(mktemp -d)
./mvnw -q -B dependency:copy -Dartifact=tools.profiler:jfr-converter:4.1 -DoutputDirectory="$rec" -Dmdep.stripVersion=true
./mvnw -q -B dependency:copy -Dartifact=tools.profiler:async-profiler:4.1 -DoutputDirectory="$rec" -Dmdep.stripVersion=true
(cd "$rec" && unzip -q async-profiler.jar 'linux-x64/*')
mkdir -p bench/profiles target/profiles
for mode in "${modes[@]}"; do
  rm -f "$rec"/*.jfr
  BENCH_APP_JVM="-agentpath:$rec/linux-x64/libasyncProfiler.so=start,event=cpu,interval=5ms,file=$rec/%p.jfr" bench/service-bench.sh "$mode" | grep -a "^$mode\|^machine"
  export BENCH_SKIP_BUILD=1 # one build is enough
  for f in "$rec"/*.jfr; do
    java -jar "$rec/jfr-converter.jar" -o collapsed "$f" "target/profiles/$mode.collapsed" > /dev/null
    java -jar "$rec/jfr-converter.jar" -o html --title "cardgen: $mode" "$f" "bench/profiles/$mode.html" > /dev/null
    gzip -9 -n -f "bench/profiles/$mode.html" # kept small, and out of the way of the duplicates tool
    python3 bench/profile-stages.py "target/profiles/$mode.collapsed" "$mode"
  done
done
rm -rf "$rec"
