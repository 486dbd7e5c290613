#!/usr/bin/env bash
# Builds the DocC catalogs of ReflectMap, ReflectMapClient and ReflectMapHandyJSON with the toolchain's own `docc`, and
# fails on any warning (a broken symbol link, a missing article, a malformed topic group).
#
#   Scripts/build-docs.sh [SCRATCH_PATH]     # default: .build, the debug build's own scratch path
#
# The symbol graphs come from the modules of the debug build (`swift build`, which this runs first;
# a no-op when CI has just built), extracted with `swift-symbolgraph-extract`, so no package
# dependency (swift-docc-plugin) is needed and nothing is compiled twice. The archives land in
# SCRATCH_PATH/docs/<Module>.doccarchive. Then the Swift code blocks of the articles and the README
# are checked against the snippet tests (Scripts/check-snippets.py).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${1:-.build}"

bin="$(dirname "$(realpath "$(command -v swift)")")"
docc="${DOCC:-$bin/docc}"
extract="$bin/swift-symbolgraph-extract"
[ -x "$docc" ] || docc="$(command -v docc)"

echo "== swift build (scratch path $scratch)"
swift build --scratch-path "$scratch" --target ReflectMapClient > /dev/null
swift build --scratch-path "$scratch" --target ReflectMapHandyJSON > /dev/null

build="$(swift build --scratch-path "$scratch" --show-bin-path)"
triple="$(basename "$(dirname "$build")")"
out="$scratch/docs"
rm -rf "$out"
status=0
for module in ReflectMap ReflectMapClient ReflectMapHandyJSON; do
    graphs="$out/symbol-graphs/$module"
    mkdir -p "$graphs"
    "$extract" -module-name "$module" -target "$triple" -I "$build/Modules" \
        -sdk / -minimum-access-level public -skip-inherited-docs -output-dir "$graphs"
    echo "== docc convert $module.docc"
    log="$out/$module.log"
    if ! "$docc" convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$graphs" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.reflectmap.$module" \
        --output-path "$out/$module.doccarchive" \
        --warnings-as-errors > "$log" 2>&1; then
        status=1
    fi
    # docc prints problems as "warning:" or "error:"; either fails the build.
    if grep -Eq "(warning|error):" "$log"; then
        grep -E -A3 "(warning|error):" "$log"
        status=1
    fi
done
[ "$status" = 0 ] || { echo "documentation has warnings"; exit 1; }

echo "== snippets: every Swift block of the articles and README is in Tests/DocumentationSnippetTests"
python3 Scripts/check-snippets.py
echo "== documentation built: $out/ReflectMap.doccarchive, $out/ReflectMapClient.doccarchive, $out/ReflectMapHandyJSON.doccarchive"
