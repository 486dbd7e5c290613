#!/usr/bin/env bash
# Builds ondemand.cpp against Debian's libsimdjson-dev and times it on Benchmarks/Payloads.
#
#   Benchmarks/simdjson/run.sh [iterations]     (default 200)
#   Benchmarks/simdjson/run.sh --library        builds ondemand.cpp as a shared library for
#                                               Benchmarks/Profile/ratios.sh and prints its path
#
# Prints "simdjson <payload> <median µs> <bytes> <checksum> <median µs before freeing>" per payload
# (see ondemand.cpp: the first median includes freeing the structs) after checking each checksum
# against the same sums computed by Python's json module, or one line "skipped: <reason>" (exit 0)
# when g++ or the simdjson headers are missing. Built with -O3 -march=native, as a user who wants
# simdjson's speed builds it: its On-Demand stage is then compiled for this CPU's kernel (haswell on
# AVX2), not the portable fallback. SIMDJSON_MARCH=none builds without -march.
set -euo pipefail
cd "$(dirname "$0")"
iterations="${1:-200}"

if ! command -v g++ > /dev/null; then
    echo "skipped: g++ not found"; exit 0
fi
if ! echo '#include <simdjson.h>' | g++ -std=c++17 -x c++ -E - > /dev/null 2>&1; then
    echo "skipped: simdjson headers not found (apt-get install -y libsimdjson-dev)"; exit 0
fi

binary=../.build/simdjson-ondemand
mkdir -p ../.build
march="-march=native"
if [ "${SIMDJSON_MARCH:-}" = "none" ]; then march=""; fi
flags="-std=c++17 -O3 $march -DNDEBUG -Wall -Wextra"
if [ "${1:-}" = "--library" ]; then
    # The same flags, for the same code: only the entry point differs (ONDEMAND_LIBRARY).
    library=../.build/libsimdjson-ondemand.so
    if [ ! -f "$library" ] || [ ondemand.cpp -nt "$library" ] || [ "$(cat "$library.flags" 2>/dev/null)" != "$flags" ]; then
        g++ $flags -fPIC -shared -DONDEMAND_LIBRARY -o "$library" ondemand.cpp -lsimdjson
        echo "$flags" > "$library.flags"
    fi
    echo "$(cd "$(dirname "$library")" && pwd)/$(basename "$library")"
    exit 0
fi
# Rebuilt when the source or the flags change.
if [ ! -x "$binary" ] || [ ondemand.cpp -nt "$binary" ] || [ "$(cat "$binary.flags" 2>/dev/null)" != "$flags" ]; then
    g++ $flags -o "$binary" ondemand.cpp -lsimdjson
    echo "$flags" > "$binary.flags"
fi

out=$("$binary" ../Payloads "$iterations")
python3 - ../Payloads "$out" <<'PY'
import json, math, sys

directory, output = sys.argv[1], sys.argv[2]
def load(name):
    with open(f"{directory}/{name}.json", encoding="utf-8") as f:
        return json.load(f)
def utf8(s):
    return len(s.encode("utf-8"))

def twitter(d):
    total = len(d["statuses"]) + d["search_metadata"]["count"]
    for s in d["statuses"]:
        e, u = s["entities"], s["user"]
        total += (s["retweet_count"] + u["followers_count"] + len(e["hashtags"]) + len(e["urls"])
                  + len(e["user_mentions"]) + utf8(s["text"]) + utf8(u["screen_name"]) + (u.get("url") is not None))
    return total

def citm(d):
    total = len(d["events"]) + len(d["performances"]) + len(d["areaNames"]) + len(d["topicSubTopics"])
    for p in d["performances"]:
        total += sum(price["amount"] for price in p["prices"])
        total += sum(len(c["areas"]) for c in p["seatCategories"])
        total += p.get("name") is not None
    for e in d["events"].values():
        total += len(e["topicIds"]) + utf8(e["name"])
    return total

def github(d):
    return len(d) + sum(e["actor"]["id"] + e["repo"]["id"] + len(e["type"]) + (e.get("org") is not None)
                        + bool(e["public"]) for e in d)

def canada(d):
    values = [v for f in d["features"] for ring in f["geometry"]["coordinates"] for point in ring for v in point]
    return len(d["features"]) + math.fsum(values)

expected = {"twitter": twitter, "citm_catalog": citm, "github_events": github, "canada": canada}
for line in output.splitlines():
    print(line)
    parts = line.split()
    if parts[0] != "simdjson":
        continue
    name, checksum = parts[1], float(parts[4])
    want = expected.pop(name)(load(name))
    if not math.isclose(checksum, want, rel_tol=1e-12, abs_tol=1e-6):
        sys.exit(f"simdjson {name}: checksum {checksum} but the JSON gives {want}: the C++ structs are not filled like the Swift models")
if expected:
    sys.exit(f"simdjson: no result for {sorted(expected)}")
PY
