#!/usr/bin/env bash
# Builds the profile harness (main.swift, with the benchmark's class models and hand-written writers
# copied beside it) in .build-profile, in release mode, and prints the executable's path. run.sh and
# ratios.sh use it.
set -euo pipefail
cd "$(dirname "$0")"
work=../../.build-profile
models=../Benchmarks/MappingBenchmarks
mkdir -p "$work/Sources/Profile"
cp main.swift "$work/Sources/Profile/"
for file in TwitterModels TwitterClassModels CitmModels CitmClassModels CanadaModels GitHubModels \
    CanadaGitHubClassModels HandWrittenWriter HandWrittenClassWriter; do
    cp "$models/$file.swift" "$work/Sources/Profile/"
done
root=$(cd ../.. && pwd)
cat > "$work/Package.swift" <<SWIFT
// swift-tools-version: 6.2
import PackageDescription
let package = Package(
    name: "Profile", platforms: [.macOS(.v13)], dependencies: [.package(path: "$root")],
    targets: [.executableTarget(name: "Profile", dependencies: [.product(name: "ReflectMap", package: "$(basename "$root")")])])
SWIFT
swift build -c release --package-path "$work" > "$work/build.log" 2>&1 || { tail -40 "$work/build.log" >&2; exit 1; }
echo "$(swift build -c release --package-path "$work" --show-bin-path)/Profile"
