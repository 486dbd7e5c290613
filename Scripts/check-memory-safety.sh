#!/usr/bin/env bash
# Type-checks the ReflectMap module with Swift's strict memory safety checking (SE-0458), as the
# package builds it, and fails on any diagnostic: every unsafe construct is marked `unsafe` and lives
# in Sources/ReflectMap/Unsafe/. Prints the count of unmarked uses per file when there are any.
set -euo pipefail
cd "$(dirname "$0")/.."
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
swiftc -typecheck -strict-memory-safety -swift-version 6 -package-name reflectmap -module-name ReflectMap \
    $(find Sources/ReflectMap -name '*.swift' | sort) > "$log" 2>&1 || true
count=$(grep -c '^Sources/.*: \(warning\|error\):' "$log" || true)
if [ "$count" != "0" ]; then
    grep '^Sources/.*: \(warning\|error\):' "$log" | sed 's/:[0-9]*:[0-9]*: .*//' | sort | uniq -c | sort -rn
    echo "strict memory safety: $count diagnostics (above, per file)"
    exit 1
fi
# With no diagnostic, every unsafe construct carries an `unsafe` marker (or sits in a `@safe` type), so
# these markers, outside comments, show where unsafe code is.
outside=$(grep -rnE '(^|[^a-zA-Z_.])(unsafe [^ ]|@unsafe|@safe|nonisolated\(unsafe\))' Sources/ReflectMap --include='*.swift' \
    | grep -v '^Sources/ReflectMap/Unsafe/' | grep -vE '^[^:]+:[0-9]+: *//' || true)
if [ -n "$outside" ]; then
    echo "unsafe code outside Sources/ReflectMap/Unsafe/:"; echo "$outside"; exit 1
fi
echo "strict memory safety: no diagnostics"
