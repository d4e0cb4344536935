#!/usr/bin/env bash
# Runs the hostile-input tests (raw bytes over sockets against the real service) and counts what came
# back: every request the tests send is tallied by testing/RawHttp in target/hostile-tally.txt.
# Usage: bench/hostile.sh   (from the repository root; needs the Maven dependencies, -o works offline)
set -euo pipefail
cd "$(dirname "$0")/.."
rm -f target/hostile-tally.txt
./mvnw -B -ntp -o -q test -Dtest='*HostileTest' -Dsurefire.failIfNoSpecifiedTests=false >/dev/null
t=target/hostile-tally.txt
total=$(wc -l < "$t")
hangs=$(grep -c '^hang' "$t" || true)
fivexx=$(grep -c '^5[0-9][0-9] ' "$t" | tr -d ' ' || true)
five05=$(grep -c '^505 ' "$t" || true)
json=$(grep -c ' json$' "$t" || true)
bare=$(grep -c ' bare$' "$t" || true)
closed=$(grep -c ' closed$' "$t" || true)
ok=$(grep -c '^2[0-9][0-9] ' "$t" || true)
echo "hostile requests: $total"
echo "5xx: $fivexx (of which 505 for HTTP/9.9, as specified: $five05)"
echo "hangs: $hangs"
echo "answered 2xx (the controls that must still work): $ok"
echo "errors in the JSON shape: $json; bare status (connection closed, see docs/http-edge.md): $bare; closed without answer: $closed"
