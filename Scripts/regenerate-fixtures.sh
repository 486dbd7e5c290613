#!/usr/bin/env bash
# Regenerates the models in Tests/GeneratedModelTests/Generated from the payloads in
# Tests/ReflectMapTests/Fixtures with reflectmap-gen. GeneratedModelTests compiles them, maps each
# payload with them, and checks byte for byte that they are still what the generator writes (its
# table of options must match the lines below).
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product reflectmap-gen
gen="$(swift build --product reflectmap-gen --show-bin-path)/reflectmap-gen"
payloads=Tests/ReflectMapTests/Fixtures
models=Tests/GeneratedModelTests/Generated

"$gen" "$payloads/twitter.json" --root SearchResponse --namespace Twitter --output "$models/TwitterModels.swift"
"$gen" "$payloads/citm_catalog.json" --root Catalog --namespace CITM --output "$models/CITMModels.swift"
"$gen" "$payloads/github_events.json" --root Event --namespace GitHub --output "$models/GitHubModels.swift"
"$gen" "$payloads/github_events.json" --root Event --namespace GitHubStructs --struct --output "$models/GitHubStructModels.swift"
"$gen" "$payloads/canada.json" --root FeatureCollection --namespace Canada --output "$models/CanadaModels.swift"
echo "Regenerated the models in $models"
