#!/usr/bin/env bash
# The benchmark's two goal ratios with both sides in one process: the class models read ÷ simdjson
# On-Demand filling its structs, and the class models written ÷ the hand-written writer. Each round
# times a batch of each side (about 20 ms) back to back, in alternating order; the table gives the
# median of the per-round ratios and their quartiles. A burst of load on a shared machine then weighs
# on both sides of a round, where Benchmarks/run.sh times the two sides in separate processes, minutes
# apart.
#
#   Benchmarks/Profile/ratios.sh [rounds]      (default 21)
#
# Needs g++ and libsimdjson-dev for the read ratios (simdjson/run.sh --library builds the library).
set -euo pipefail
cd "$(dirname "$0")"
rounds="${1:-21}"
library=$(../simdjson/run.sh --library)
case "$library" in skipped:*) echo "$library"; exit 0 ;; esac
bin=$(./build.sh)
data=$(cd ../Payloads && pwd)
echo "| payload | read ÷ simdjson On-Demand | write ÷ hand-written | µs: read, simdjson, write, hand-written |"
echo "|---|---:|---:|---|"
for payload in twitter citm_catalog github_events canada; do
    # ratio <payload> read <median> <q1> <q3> write <median> <q1> <q3> µs <read> <simdjson> <write> <hand>
    SIMDJSON_ONDEMAND_LIBRARY="$library" "$bin" "$data" "$payload" ratio "$rounds" | awk '{
        printf "| %s | **%.2f×** (%.2f–%.2f) | **%.2f×** (%.2f–%.2f) | %.0f, %.0f, %.0f, %.0f |\n",
            $2, $4, $5, $6, $8, $9, $10, $12, $13, $14, $15 }'
done
echo
processor=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
echo "Medians of $rounds per-round ratios, quartiles in brackets, class models; ${processor:-$(uname -m)},"
echo "$(nproc) cores, $(swift --version 2>&1 | head -1 | sed 's/ (.*//'); simdjson's kernel as in Benchmarks/simdjson/run.sh."
