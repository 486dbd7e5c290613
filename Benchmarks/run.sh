#!/usr/bin/env bash
# Runs every mapping benchmark in release mode and prints one markdown table with the median wall time,
# the ratios measured in this same run, and the median allocation counts.
#
#   Benchmarks/run.sh            full run (a few minutes), then the goal ratios with both sides in one
#                                process (Profile/ratios.sh)
#   Benchmarks/run.sh --smoke    a few iterations only, to check that everything builds and runs (CI);
#                                no allocation counts
#
# With g++ and libsimdjson-dev present it also builds and times simdjson/ondemand.cpp (see simdjson/run.sh).
set -euo pipefail
cd "$(dirname "$0")"

simdjson_iterations=300
# Every benchmark runs twice, each time in a process of its own, and keeps its faster median: on a
# shared machine a burst of load can slow one process by half, and it hits one row, not its ratio's
# other side. Every row is treated the same way.
passes=2
if [ "${1:-}" = "--smoke" ]; then export BENCHMARK_SMOKE=1; simdjson_iterations=3; passes=1; fi

raw=$(mktemp)
allocations=$(mktemp)
anchor=$(mktemp)
anchor_before=$(mktemp)
trap 'rm -f "$raw" "$allocations" "$anchor" "$anchor_before"' EXIT
# The speed anchor: simdjson's On-Demand API filling equivalent C++ structs (skipped without g++ or
# libsimdjson-dev), timed just before and just after the Swift benchmarks; each payload keeps the
# faster of the two medians, so that a burst of load on the shared machine does not flatter the ratios.
simdjson/run.sh "$simdjson_iterations" > "$anchor_before"
# Only MappingBenchmarks: the plugin would otherwise also start streaming-benchmark and client-benchmark (their run.sh
# runs each), which are not benchmarks of the harness.
for pass in $(seq "$passes"); do
    swift package --allow-writing-to-package-directory benchmark --target MappingBenchmarks --no-progress \
        --format markdown --time-units microseconds >> "$raw"
done
simdjson/run.sh "$simdjson_iterations" > "$anchor"
# The allocation counts come from a build of their own, with package-benchmark's malloc interposer
# (see Package.swift): the interposer slows every allocation, so the times above are taken without it.
# A smoke pass leaves them out ("–" in the table): it checks that the benchmarks build, run and agree,
# and the counting build is a second release build of everything.
if [ -z "${BENCHMARK_SMOKE:-}" ]; then
    REFLECTMAP_BENCHMARK_ALLOCATIONS=1 swift package --scratch-path .build-allocations \
        --allow-writing-to-package-directory benchmark --target MappingBenchmarks --no-progress \
        --format markdown --time-units microseconds > "$allocations"
fi

python3 - "$raw" "$anchor" "$anchor_before" "$allocations" <<'PY'
import re, sys, platform, os, subprocess, datetime

text = open(sys.argv[1], encoding="utf-8", errors="replace").read()
simdjson, simdjson_note = {}, None
for line in open(sys.argv[2], encoding="utf-8").read().splitlines():
    parts = line.split()
    if line.startswith("skipped:"):
        simdjson_note = "simdjson rows " + line
    elif parts and parts[0] == "implementation":
        simdjson_note = (f"simdjson 3.0.1 (g++ -O3 -march=native): stage 1 dispatched at run time to {parts[1]}, "
                         f"On-Demand stage 2 compiled in as {parts[3].rstrip(')')}; its time runs until its structs "
                         f"are freed, as each Swift row's runs until its models are released")
    elif parts and parts[0] == "simdjson":
        simdjson[parts[1]] = {"time": float(parts[2]), "bytes": int(parts[3]), "filled": float(parts[5])}
for line in open(sys.argv[3], encoding="utf-8").read().splitlines():
    parts = line.split()
    if parts and parts[0] == "simdjson" and parts[1] in simdjson:
        simdjson[parts[1]]["time"] = min(simdjson[parts[1]]["time"], float(parts[2]))
        simdjson[parts[1]]["filled"] = min(simdjson[parts[1]]["filled"], float(parts[5]))
def parse(text):
    """name -> one {"time": p50 µs, "malloc": p50} per pass."""
    passes, current = {}, None
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("### "):
            current = stripped[4:].strip()
            # A new section: this benchmark's result in this pass.
            passes.setdefault(current, []).append({})
            continue
        if current and stripped.startswith("|"):
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if len(cells) < 4:
                continue
            label, p50 = cells[0], cells[3]
            try:
                value = float(p50.replace(",", ""))
            except ValueError:
                continue
            # The tool scales large counts and times: "(K)" thousands, "(M)" millions; times to µs.
            scale = {"(K)": 1e3, "(M)": 1e6, "(G)": 1e9}
            for unit, factor in scale.items():
                if unit in label:
                    value *= factor
            if "(ms)" in label:
                value *= 1e3
            elif "(s)" in label:
                value *= 1e6
            elif "(ns)" in label:
                value /= 1e3
            if label.startswith("Time (wall clock)"):
                passes[current][-1]["time"] = value
            elif label.startswith("Malloc (total)"):
                passes[current][-1]["malloc"] = value
    return passes

# Each benchmark keeps its faster timed pass; its allocations come from the counting build.
counting = open(sys.argv[4], encoding="utf-8", errors="replace").read()
results = {
    name: min(timed, key=lambda r: r["time"])
    for name, passes in parse(text).items()
    if (timed := [r for r in passes if "time" in r])
}
for name, passes in parse(counting).items():
    counted = [r["malloc"] for r in passes if "malloc" in r]
    if name in results and counted:
        results[name]["malloc"] = counted[-1]

if not results:
    sys.exit("no benchmark results found in the output:\n" + text[-3000:])
for output in (text, counting):
    if "benchmark job(s) failed" in output or "Fatal error" in output:
        sys.exit("a benchmark failed:\n" + output[-3000:])

def get(payload, case, impl):
    return results.get(f"{payload}/{case}/{impl}")

payloads = []
for name in results:
    payload = name.split("/")[0]
    if payload not in payloads and not payload.startswith("plan"):
        payloads.append(payload)

def fmt_time(r):
    if not r or "time" not in r:
        return "–"
    return f"{r['time']:,.2f}" if r["time"] < 10 else f"{r['time']:,.0f}"

def fmt_malloc(r):
    return f"{r['malloc']:,.0f}" if r and "malloc" in r else "–"

def ratio(a, b):
    if a and b and "time" in a and "time" in b and b["time"] > 0:
        return f"**{a['time'] / b['time']:.2f}×**"
    return "–"

cpu = os.cpu_count()
swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()
swift = swift[0] if swift else "swift"
print(f"Measured {datetime.date.today().isoformat()} on Linux {platform.release()} ({platform.machine()}, {cpu} cores), {swift.strip()}.")
print("Median wall time in µs (the faster of two passes, each benchmark in a process of its own, built without an "
      "allocation counter) and median allocations per operation (counted in a separate build); ratios are "
      "ReflectMap ÷ the other, from the same run.\n")
print("| payload | case | ReflectMap µs | other | other µs | ratio | ReflectMap mallocs | other mallocs |")
print("|---|---|---:|---|---:|---:|---:|---:|")
for p in payloads:
    parse = get(p, "parse", "JSONSerialization")
    print(f"| {p} | JSONSerialization alone | – | – | {fmt_time(parse)} | – | – | {fmt_malloc(parse)} |")
    rows = [
        ("dictionary → models", "dictionary→models", "hand-written"),
        ("Data → models", "Data→models", "JSONDecoder"),
        ("Data → models", "Data→models", "JSONDecoder (convertFromSnakeCase)"),
        ("Data → models", "Data→models", "ReflectMap, adapters registered (none used)"),
        ("Data → models", "Data→models", "ReflectMap, a report handler set"),
        ("Data → models", "Data→models", "ReflectMap, a DateFormat transform per order"),
        ("models → Data", "models→Data", "JSONEncoder"),
        ("models → Data", "models→Data", "hand-written"),
    ]
    for label, case, other in rows:
        mine, theirs = get(p, case, "ReflectMap"), get(p, case, other)
        if theirs is None:
            continue
        print(f"| {p} | {label} | {fmt_time(mine)} | {other} | {fmt_time(theirs)} | {ratio(mine, theirs)} | {fmt_malloc(mine)} | {fmt_malloc(theirs)} |")
    def simdjson_row(label, case):
        mine, theirs = get(p, case, "ReflectMap"), simdjson[p]
        speed = f" ({theirs['bytes'] / theirs['time']:,.0f} MB/s)"
        print(f"| {p} | {label} | {fmt_time(mine)} | simdjson On-Demand{speed} | {fmt_time(theirs)} | {ratio(mine, theirs)} | {fmt_malloc(mine)} | – |")
        if case == "Data→class models":
            # For comparison: the same parses' clock stopped before their structs are freed.
            print(f"| {p} | {label} | {fmt_time(mine)} | simdjson On-Demand, clock stopped before freeing | {fmt_time({'time': theirs['filled']})} | {ratio(mine, {'time': theirs['filled']})} | {fmt_malloc(mine)} | – |")
    enveloped = get(p, "Data at a key path→models", "ReflectMap")
    if enveloped is not None:
        plain = get(p, "Data→models", "ReflectMap")
        print(f"| {p} | Data at a key path (`data` of an envelope) → models | {fmt_time(enveloped)} | ReflectMap, the same models from the bare payload | {fmt_time(plain)} | {ratio(enveloped, plain)} | {fmt_malloc(enveloped)} | {fmt_malloc(plain)} |")
    if p in simdjson:
        simdjson_row("Data → models", "Data→models")
    # The same payload with its models as final classes: against the same anchors as the structs,
    # and against ReflectMap on the structs.
    if get(p, "Data→class models", "ReflectMap") is not None:
        if p in simdjson:
            simdjson_row("Data → class models", "Data→class models")
        class_rows = [
            ("Data → class models", "Data→class models", "Data→models", "ReflectMap"),
            ("class models → Data", "class models→Data", "class models→Data", "hand-written"),
            ("class models → Data", "class models→Data", "models→Data", "ReflectMap"),
        ]
        for label, case, other_case, other in class_rows:
            mine, theirs = get(p, case, "ReflectMap"), get(p, other_case, other)
            if theirs is None:
                continue
            other_label = "ReflectMap, struct models" if other_case != case else other
            print(f"| {p} | {label} | {fmt_time(mine)} | {other_label} | {fmt_time(theirs)} | {ratio(mine, theirs)} | {fmt_malloc(mine)} | {fmt_malloc(theirs)} |")
first, cached = get("plan (twitter models)", "first use", "ReflectMap"), get("plan (twitter models)", "cached", "ReflectMap")
if first:
    print(f"| twitter models | first use: build the plans (8 types) | {fmt_time(first)} | cached plan | {fmt_time(cached)} | {ratio(first, cached)} | {fmt_malloc(first)} | {fmt_malloc(cached)} |")
if simdjson_note:
    print(f"\n{simdjson_note}.")
PY

# The goal ratios again, with both sides in one process, round by round (Profile/ratios.sh): the rows
# above time simdjson and the mapper in separate processes, minutes apart, and on a shared machine a
# burst of load can move one side alone. A smoke pass leaves this out: it needs a second release build.
if [ -z "${BENCHMARK_SMOKE:-}" ]; then
    echo
    echo "Both sides in one process, class models:"
    echo
    Profile/ratios.sh
fi
