#!/usr/bin/env bash
# The cold-path benchmark: what an app pays the first time it maps each of its model types.
#
# - Many types: N model types in chains of four, declared twice (ReflectMap final classes, and Codable
#   structs with the same fields, decoded by JSONDecoder with .convertFromSnakeCase and .iso8601), one
#   document per chain. Each process maps every document once (first pass) and again (second pass).
# - The same models alone in their executable (no Codable twins), with and without `prepare`.
# - The four benchmark payloads: the first and second call in a fresh process, file already in memory,
#   and the first call after `prepare` of the payload's model types.
#
# One measurement per process (a loop in one process would measure only its first iteration cold); each
# figure is the median of several processes. The models are generated (generate.py) into .build-cold/.
#
#   Benchmarks/Cold/run.sh            N = 100, 400 and 1,600, seven processes per figure
#   Benchmarks/Cold/run.sh --smoke    N = 20, one process per figure (CI: builds, runs, checks results)
set -euo pipefail
cd "$(dirname "$0")"
sizes=(100 400 1600)
runs=7
if [ "${1:-}" = "--smoke" ]; then sizes=(20); runs=1; fi
work=../../.build-cold
python3 generate.py "$work" ../.. "${sizes[@]}"
swift build -c release --package-path "$work" > "$work/build.log" 2>&1 || { tail -40 "$work/build.log"; exit 1; }
bin=$(swift build -c release --package-path "$work" --show-bin-path)
results=$(mktemp)
trap 'rm -f "$results"' EXIT
for n in "${sizes[@]}"; do
    for mode in reflectmap decoder prepared prepared-all; do
        for _ in $(seq "$runs"); do echo "set $n $mode $("$bin/cold-$n" "$mode")" >> "$results"; done
    done
    for mode in reflectmap prepared-all; do
        for _ in $(seq "$runs"); do echo "alone $n $mode $("$bin/cold-$n-alone" "$mode")" >> "$results"; done
    done
done
for payload in twitter citm_catalog canada github_events; do
    for mode in reflectmap prepared decoder; do
        for _ in $(seq "$runs"); do
            echo "payload $payload $mode $("$bin/cold-payloads" "$payload" "$mode" ../Payloads)" >> "$results"
        done
    done
done
python3 - "$results" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    kind, name, mode, *figures = line.split()
    rows.setdefault((kind, name, mode), []).append([float(f) for f in figures])
def median(kind, name, mode, column):
    return statistics.median(r[column] for r in rows[(kind, name, mode)])
def passes(kind, name, mode="reflectmap"):
    """The first and second pass; with prepare, the time it took, then the first pass after it."""
    if mode == "reflectmap" or mode == "decoder":
        return median(kind, name, mode, 0), median(kind, name, mode, 1)
    return median(kind, name, mode, 2), median(kind, name, mode, 0)
def per_type(kind, name):
    f, s = passes(kind, name)
    return (f - s) / int(name)
def sizes(kind):
    return sorted({n for k, n, _ in rows if k == kind}, key=int)
print("Many model types, each document mapped once per pass; median ms of separate processes.\n")
print("| types | ReflectMap first | ReflectMap second | first ÷ second | first use per type | JSONDecoder first | JSONDecoder second | ReflectMap first ÷ JSONDecoder first | prepare(roots) | first after it | prepare(all) | first after it | prepare(all) + first ÷ JSONDecoder first |")
print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for name in sizes("set"):
    (f, s), (df, ds) = passes("set", name), passes("set", name, "decoder")
    (p, pf), (a, af) = passes("set", name, "prepared"), passes("set", name, "prepared-all")
    print(f"| {int(name):,} | {f / 1000:,.2f} | {s / 1000:,.2f} | {f / s:.2f} | {per_type('set', name):,.1f} µs | {df / 1000:,.2f} | {ds / 1000:,.2f} | **{f / df:.2f}×** | {p / 1000:,.2f} | {pf / 1000:,.2f} | {a / 1000:,.2f} | {af / 1000:,.2f} | **{(a + af) / df:.2f}×** |")
print("\nThe same ReflectMap models alone in their executable, without the Codable twins, as in an app whose")
print("models are all ReflectMap models; median ms of separate processes.\n")
print("| types | ReflectMap first | ReflectMap second | first use per type | the same, beside the twins | prepare(all) | first after it |")
print("|---:|---:|---:|---:|---:|---:|---:|")
for name in sizes("alone"):
    (f, s), (a, af) = passes("alone", name), passes("alone", name, "prepared-all")
    print(f"| {int(name):,} | {f / 1000:,.2f} | {s / 1000:,.2f} | {per_type('alone', name):,.1f} µs | {per_type('set', name):,.1f} µs | {a / 1000:,.2f} | {af / 1000:,.2f} |")
if len(sizes("set")) > 1:
    first, last = sizes("set")[0], sizes("set")[-1]
    print(f"\nFirst use per type, {int(first):,} → {int(last):,} types: {per_type('set', last) / per_type('set', first):.2f}× beside the twins, {per_type('alone', last) / per_type('alone', first):.2f}× alone.")
print("\nThe benchmark payloads in a fresh process; median µs of separate processes. `prepare` hands every model")
print("type of the payload to `prepare(_:)` before the first call.\n")
print("| payload | ReflectMap first | JSONDecoder first | ReflectMap first ÷ JSONDecoder first | ReflectMap second | JSONDecoder second | prepare | first after it | prepare + first ÷ JSONDecoder first |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for name in ["twitter", "citm_catalog", "canada", "github_events"]:
    (f, s), (df, ds) = passes("payload", name), passes("payload", name, "decoder")
    # A payload's process prints the count of what it mapped before the time `prepare` took.
    p, pf = median("payload", name, "prepared", 3), median("payload", name, "prepared", 0)
    print(f"| {name} | {f:,.0f} | {df:,.0f} | **{f / df:.2f}×** | {s:,.0f} | {ds:,.0f} | {p:,.0f} | {pf:,.0f} | **{(p + pf) / df:.2f}×** |")
PY
