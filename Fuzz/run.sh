#!/usr/bin/env bash
# Builds the libFuzzer target (Fuzz/FuzzTarget.swift and Fuzz/FuzzTypes.swift plus the ReflectMap
# sources, with -sanitize=fuzzer,address) and runs it for the given number of seconds (default 60).
# The build takes /tmp/swift-build.lock itself (one Swift build on the machine at a time), unless a
# process it runs under already holds it (`flock /tmp/swift-build.lock .ci/run`); the fuzzing run
# does not hold the lock.
#
#   Fuzz/run.sh 600            fuzz for ten minutes
#   Fuzz/run.sh 600 -jobs=2    extra arguments go to libFuzzer
#
# The corpus starts from JSONTestSuite and Fuzz/corpus (seeds for the adapter and polymorphism models in
# FuzzTypes.swift) and grows in .build-fuzz/corpus; Fuzz/fuzz.dict gives libFuzzer their keys. A crash leaves its input in
# .build-fuzz/ (crash-*); turn each into a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true

out=.build-fuzz
mkdir -p "$out/corpus"
cp -n Tests/ReflectMapTests/Fixtures/JSONTestSuite/*.json "$out/corpus/" 2>/dev/null || true
cp -n Fuzz/corpus/*.json "$out/corpus/" 2>/dev/null || true

# Whether this process or one it runs under holds the flock on $1 (from /proc/locks): taking it again
# would wait for ever.
held_by_ancestor() {
    local inode holders pid holder
    inode=$(stat -c %i "$1" 2>/dev/null) || return 1
    holders=$(awk -v inode="$inode" '$2 == "FLOCK" { n = split($6, part, ":"); if (part[n] == inode) print $5 }' /proc/locks 2>/dev/null)
    pid=$$
    while [ "${pid:-1}" -gt 1 ]; do
        for holder in $holders; do [ "$holder" = "$pid" ] && return 0; done
        pid=$(awk '/^PPid:/ { print $2 }' "/proc/$pid/status" 2>/dev/null)
    done
    return 1
}
lock=(flock -o /tmp/swift-build.lock)
if held_by_ancestor /tmp/swift-build.lock; then lock=(); fi

echo "== building the fuzz target"
# shellcheck disable=SC2046
"${lock[@]}" \
    swiftc -swift-version 6 -sanitize=fuzzer,address -parse-as-library -O -module-name ReflectMap -package-name reflectmap \
    $(find Sources/ReflectMap -name '*.swift' | sort) Fuzz/FuzzTarget.swift Fuzz/FuzzTypes.swift Fuzz/FuzzStreaming.swift -o "$out/fuzz-json"

echo "== fuzzing for $seconds s"
cd "$out"
# Swift's backtracer and ASan fight over a fatalError (an ASan report inside the crash handler);
# the fatalError's message is all that is needed.
SWIFT_BACKTRACE=enable=no ./fuzz-json -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
    -dict=../Fuzz/fuzz.dict "$@" corpus
