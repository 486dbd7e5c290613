#!/usr/bin/env bash
# Prints every public symbol of the three library products, one per line, sorted: the module, the
# symbol's kind and its full declaration path with its signature (`ReflectMap func JSONMapper.map(_:from:)`).
# The changelog's release entries are written from this list, and a diff of two runs shows what a
# change did to the public surface.
#
#   Scripts/public-symbols.sh > /tmp/symbols.txt
#
# It builds the package (debug, in .build; the symbol-graph flags rebuild every module, several minutes on
# 2 cores) to extract the symbol graphs. Members that a type only
# inherits through a protocol's default implementation are left out.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package dump-symbol-graph --skip-synthesized-members --minimum-access-level public > /dev/null
graphs=$(find .build -path '*symbolgraph*' -name 'ReflectMap*.symbols.json' -newer Package.swift | sort)
python3 - $graphs <<'PY'
import json, sys
wanted = {"ReflectMap", "ReflectMapClient", "ReflectMapHandyJSON"}
lines = set()
for path in sys.argv[1:]:
    graph = json.load(open(path))
    module = graph["module"]["name"]
    if module not in wanted:
        continue
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        kind = symbol["kind"]["displayName"].lower()
        name = ".".join(symbol["pathComponents"])
        declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
        lines.add(f"{module}\t{kind}\t{name}\t{' '.join(declaration.split())}")
for line in sorted(lines):
    print(line)
PY
