#!/usr/bin/env bash
# Regenerates the models in Tests/GeneratedModelTests/Generated, one file for each of the eight
# payloads of the shared benchmark data (and a struct variant of github_events), with reflectmap-gen.
# The payloads are in Tests/ReflectMapTests/Fixtures and Tests/GeneratedModelTests/Payloads.
# GeneratedModelTests compiles the models, maps each payload with them, and checks byte for byte that
# they are still what the generator writes (its table of options must match the lines below).
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product reflectmap-gen
gen="$(swift build --product reflectmap-gen --show-bin-path)/reflectmap-gen"
fixtures=Tests/ReflectMapTests/Fixtures
payloads=Tests/GeneratedModelTests/Payloads
models=Tests/GeneratedModelTests/Generated

"$gen" "$fixtures/twitter.json" --root SearchResponse --namespace Twitter --output "$models/TwitterModels.swift"
"$gen" "$fixtures/citm_catalog.json" --root Catalog --namespace CITM --output "$models/CITMModels.swift"
"$gen" "$fixtures/github_events.json" --root Event --namespace GitHub --output "$models/GitHubModels.swift"
"$gen" "$fixtures/github_events.json" --root Event --namespace GitHubStructs --struct --output "$models/GitHubStructModels.swift"
"$gen" "$fixtures/canada.json" --root FeatureCollection --namespace Canada --output "$models/CanadaModels.swift"
"$gen" "$payloads/apache_builds.json" --root Server --namespace ApacheBuilds --enums --output "$models/ApacheBuildsModels.swift"
"$gen" "$payloads/google_maps_api_response.json" --root DistanceMatrix --namespace GoogleMaps --output "$models/GoogleMapsModels.swift"
"$gen" "$payloads/mesh.json" --root Mesh --namespace Mesh3D --output "$models/MeshModels.swift"
"$gen" "$payloads/update-center.json" --root UpdateCenter --namespace Jenkins --output "$models/UpdateCenterModels.swift"
echo "Regenerated the models in $models"
