#!/usr/bin/env bash
# Client benchmark: loopback GETs of twitter.json (Payloads/) through APIService, against a raw
# URLSession fetch of the same body and the mapper's own map of it, as one markdown table of medians:
# plain, inside a {code, message, data} envelope, five pages of a cursor-paged list, and plain over
# AsyncHTTPClientTransport. A second run
# preloads a counting malloc (alloccount.c) for the allocations per call. The bodies are generated here
# into .build-client/ and served by Python's http.server on 127.0.0.1.
#
#   Benchmarks/Client/run.sh          30 rounds
#   Benchmarks/Client/run.sh 5        the rounds given
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-30}"
# Built with the AsyncHTTPClient trait, for the rows over AsyncHTTPClientTransport (as Streaming/run.sh).
swift build -c release --product client-benchmark --traits AsyncHTTPClient --scratch-path .build-ahc > /dev/null
bin=.build-ahc/release/client-benchmark
data=.build-client
mkdir -p "$data"
cc -shared -fPIC -O2 -o "$data/alloccount.so" Client/alloccount.c
python3 - Payloads/twitter.json "$data" <<'PY'
import json, sys
feed = json.load(open(sys.argv[1], encoding="utf-8"))
out = sys.argv[2]
json.dump(feed, open(f"{out}/twitter.json", "w"), ensure_ascii=False)
json.dump({"code": 0, "message": "ok", "data": feed}, open(f"{out}/enveloped.json", "w"), ensure_ascii=False)
# Every page names a next cursor: the list ends at the benchmark's page limit.
json.dump({"statuses": feed["statuses"], "next": "more"}, open(f"{out}/paged.json", "w"), ensure_ascii=False)
PY
trap 'kill "$server" 2> /dev/null || true' EXIT
# shellcheck source=../loopback-server.sh
source loopback-server.sh
start_loopback_server "$data"
times=$("$bin" "http://127.0.0.1:$port/" "$rounds")
counted=$(LD_PRELOAD="$PWD/$data/alloccount.so" "$bin" "http://127.0.0.1:$port/" "$(( rounds < 10 ? rounds : 10 ))")
python3 - "$times" "$counted" <<'PY'
import sys
def rows(text):
    return [(line.split()[0].replace("_", " "), float(line.split()[1]), int(line.split()[2])) for line in text.splitlines()]
times, counted = rows(sys.argv[1]), rows(sys.argv[2])
print("| call | client ms | ÷ raw fetch + map | allocations per call: raw → client |")
print("|---|---:|---:|---|")
for i in range(0, len(times), 2):
    (_, raw, _), (name, client, _) = times[i], times[i + 1]
    raw_allocations, client_allocations = counted[i][2], counted[i + 1][2]
    print(f"| {name} | {client:.2f} | {client / raw:.2f} | {raw_allocations:,} → {client_allocations:,} "
          f"({client_allocations / raw_allocations:.2f}×) |")
PY
