#!/usr/bin/env bash
# Streaming benchmark: peak memory above the process baseline, and throughput against mapping
# the same data held in memory, for an orders series of 10 MB, 100 MB and 1 GB, as one JSON document
# ({"orders": [ … ]}, streamed with .array(at: "orders")) and as JSON Lines, from a file and from a
# loopback HTTP server. The data is generated here (generate.py), into .build-streaming/, and deleted.
# The loopback rows are measured over both transports, URLSessionTransport and AsyncHTTPClientTransport
# (the benchmark is built with the AsyncHTTPClient trait, in .build-ahc).
#
#   Benchmarks/Streaming/run.sh            10, 100 and 1000 MB
#   Benchmarks/Streaming/run.sh 10 100     the sizes given, in MB
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("${@:-10 100 1000}")
# shellcheck disable=SC2206
sizes=(${sizes[*]})
swift build -c release --product streaming-benchmark --traits AsyncHTTPClient --scratch-path .build-ahc > /dev/null
bin=.build-ahc/release/streaming-benchmark
data=.build-streaming
mkdir -p "$data"
trap 'kill "$server" 2> /dev/null || true; rm -rf "$data"' EXIT
# shellcheck source=../loopback-server.sh
source loopback-server.sh
start_loopback_server "$data"

echo "| size | layout | elements | in memory: s, peak MiB | streamed file: s, peak MiB above baseline | streamed file, every element reporting: peak MiB above baseline | throughput vs in memory | URLSession client: s, MB/s, peak MiB above baseline | AsyncHTTPClient client: s, MB/s, peak MiB above baseline | AsyncHTTPClient throughput vs URLSession |"
echo "|---:|---|---:|---|---|---:|---:|---|---|---:|"
for mb in "${sizes[@]}"; do
    python3 Streaming/generate.py "$mb" "$data/orders-$mb" > /dev/null
    read -r _ n memory_s memory_base memory_peak _ < <("$bin" memory "$data/orders-$mb.json")
    for layout in array lines; do
        file="$data/orders-$mb.json"; [ "$layout" = lines ] && file="$data/orders-$mb.jsonl"
        bytes=$(stat -c %s "$file")
        read -r _ count stream_s base peak _ < <("$bin" stream "$file" "$layout")
        read -r _ _ drift_s dbase dpeak dentries < <("$bin" drift "$file" "$layout")
        url="http://127.0.0.1:$port/$(basename "$file")"
        read -r _ ccount client_s cbase cpeak _ < <("$bin" client "$url" "$layout" urlsession)
        read -r _ acount ahc_s abase apeak _ < <("$bin" client "$url" "$layout" asynchttpclient)
        [ "$count" = "$n" ] && [ "$ccount" = "$n" ] && [ "$acount" = "$n" ] \
            || { echo "element counts differ: $n $count $ccount $acount"; exit 1; }
        python3 - "$mb" "$layout" "$n" "$memory_s" "$memory_base" "$memory_peak" "$stream_s" "$base" "$peak" \
            "$client_s" "$cbase" "$cpeak" "$ahc_s" "$abase" "$apeak" "$bytes" "$dbase" "$dpeak" <<'PY'
import sys
mb, layout, n, ms, mbase, mpeak, ss, sbase, speak, cs, cbase, cpeak, hs, hbase, hpeak, size, dbase, dpeak = sys.argv[1:]
mib = lambda kib: int(kib) / 1024
rate = lambda seconds: int(size) / 1e6 / float(seconds)
print(f"| {mb} MB | {layout} | {n} | {float(ms):.2f} s, {mib(mpeak):.0f} MiB | {float(ss):.2f} s, {mib(int(speak) - int(sbase)):.1f} MiB "
      f"| {mib(int(dpeak) - int(dbase)):.1f} MiB "
      f"| {float(ms) / float(ss):.2f} "
      f"| {float(cs):.2f} s, {rate(cs):.0f} MB/s, {mib(int(cpeak) - int(cbase)):.1f} MiB "
      f"| {float(hs):.2f} s, {rate(hs):.0f} MB/s, {mib(int(hpeak) - int(hbase)):.1f} MiB "
      f"| {float(cs) / float(hs):.2f} |")
PY
    done
    rm -f "$data/orders-$mb.json" "$data/orders-$mb.jsonl"
done
