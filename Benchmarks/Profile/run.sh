#!/usr/bin/env bash
# Where reading and writing spend their instructions, per payload: the benchmark's class models read
# from bytes, written back, and written by the hand-written writer, each counted by callgrind as one warm
# operation (a process doing ten, less one doing none). With `perf`, it also samples 300 reads of each
# payload and groups the samples by the stage of the pipeline their function belongs to.
#
#   Benchmarks/Profile/run.sh                 every payload
#   Benchmarks/Profile/run.sh twitter         one payload
#
# Needs valgrind; perf is optional. The harness (main.swift, with the benchmark's class models and
# hand-written writers copied beside it) is built in .build-profile (build.sh).
set -euo pipefail
cd "$(dirname "$0")"
payloads=("${@:-twitter citm_catalog canada github_events}")
read -r -a payloads <<< "${payloads[*]}"
bin=$(./build.sh)
data=$(cd ../Payloads && pwd)

instructions() {
    local out
    out=$(mktemp)
    valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" "$data" "$1" "$2" "$3" > /dev/null 2>&1
    callgrind_annotate "$out" 2> /dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
    rm -f "$out"
}

echo "| payload | read | write | hand-written write | write ÷ hand-written |"
echo "|---|---:|---:|---:|---:|"
for payload in "${payloads[@]}"; do
    row=()
    for mode in read write hand; do
        ten=$(instructions "$payload" "$mode" 10)
        none=$(instructions "$payload" "$mode" 0)
        row+=("$(( (ten - none) / 10 ))")
    done
    python3 -c "import sys; r, w, h = map(int, sys.argv[2:]); print(f'| {sys.argv[1]} | {r/1e6:.2f}M | {w/1e6:.2f}M | {h/1e6:.2f}M | {w/h:.2f}× |')" \
        "$payload" "${row[@]}"
done

command -v perf > /dev/null || { echo "perf not found: no per-stage profile"; exit 0; }
for payload in "${payloads[@]}"; do
    samples=$(mktemp)
    perf record -q -F 4000 -o "$samples.data" "$bin" "$data" "$payload" read 300 > /dev/null 2>&1
    perf report -i "$samples.data" --no-children --sort symbol --stdio 2> /dev/null | grep '%' > "$samples" || true
    python3 stages.py "$payload" "$samples"
    rm -f "$samples" "$samples.data"
done
